// @hookwire/pi's event table against the events each installed pi declares (its `ExtensionAPI.on` overloads).
import { readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isHookEventName } from "@hookwire/core";
import { describe, expect, it } from "vitest";
import { PI_EVENTS, PI_OWN_EVENTS } from "../src/events.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The event names of pi's `on(event: "…", …)` overloads, read from the installed package's declarations. */
function declaredEvents(scope: string): { version: string; events: string[] } {
  const root = realpathSync(path.join(here, "../node_modules", scope, "pi-coding-agent"));
  const types = readFileSync(path.join(root, "dist/core/extensions/types.d.ts"), "utf8");
  const version = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version as string;
  return { version, events: [...new Set([...types.matchAll(/\bon\(event: "([^"]+)"/g)].map((m) => m[1]!))] };
}

describe.each(["@earendil-works", "@mariozechner"])("the events %s/pi-coding-agent declares", (scope) => {
  const { version, events } = declaredEvents(scope);

  it(`are each forwarded to hookwire's hooks or left to pi with a reason (pi ${version})`, () => {
    expect(events.length).toBeGreaterThan(25);
    const own: readonly string[] = Object.keys(PI_OWN_EVENTS);
    const handled: readonly string[] = PI_EVENTS;
    expect(events.filter((event) => !handled.includes(event) && !own.includes(event))).toEqual([]);
  });
});

it("forwards only events hookwire's hooks know, typed and with a policy (no did-you-mean warning)", () => {
  expect(PI_EVENTS.filter((event) => !isHookEventName(event))).toEqual([]);
});

it("leaves pi's project trust to pi: no hookwire hook is asked, and one that subscribes is told", () => {
  expect(isHookEventName("project_trust")).toBe(false);
  expect(PI_OWN_EVENTS.project_trust).toMatchInlineSnapshot(
    `"pi's own trust of a project (its packages, extensions, skills and settings); hookwire's trust covers hooks only, and a project's hooks run after both"`,
  );
});

it("has pi 1.6's new events in pi's own spelling, so the 0.73 list is a subset", () => {
  expect(PI_EVENTS).toEqual(
    expect.arrayContaining(["agent_settled", "agent_before_settle", "input", "user_bash"]),
  );
  expect(declaredEvents("@earendil-works").events).toEqual(expect.arrayContaining([...PI_EVENTS]));
});
