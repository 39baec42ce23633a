import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AgentMessage } from "@hookwire/core";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  bridgedEvents,
  eventNames,
  eventsByNative,
  eventsFor,
  findEvent,
} from "../src/dialect-kit/catalogue.js";
import { dialectTables } from "../src/dialect-kit/doc-tables.js";
import { claude } from "../src/dialects/claude/dialect.js";
import { loadDialects } from "../src/dialects/registry.js";
import { command, group, harness, script } from "./bridge-harness.js";

const DIALECTS = await loadDialects();

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../../..");

const failed = (errorMessage: string): AgentMessage[] => [
  { role: "user", content: [{ type: "text", text: "hi" }] } as AgentMessage,
  { role: "assistant", content: [], stopReason: "error", errorMessage } as AgentMessage,
];

describe("Claude Code's catalogue", () => {
  it("holds every event file of its folder, once, in the reference's order", () => {
    const files = readdirSync(path.join(here, "../src/dialects/claude/events"));
    const kebab = (name: string) => name.replace(/(?<!^)(?=[A-Z])/g, "-").toLowerCase();
    expect(
      eventNames(claude)
        .map((name) => `${kebab(name)}.ts`)
        .sort(),
    ).toEqual(files.sort());
    expect(new Set(eventNames(claude)).size).toBe(claude.events.length);
    expect(eventNames(claude).slice(0, 5)).toEqual([
      "SessionStart",
      "Setup",
      "UserPromptSubmit",
      "UserPromptExpansion",
      "PreToolUse",
    ]);
  });

  it("bridges ten events onto eight native events", () => {
    expect(
      Object.fromEntries(
        [...eventsByNative(claude)].map(([native, specs]) => [native, specs.map((s) => s.name)]),
      ),
    ).toMatchInlineSnapshot(`
      {
        "agent_end": [
          "Stop",
          "StopFailure",
        ],
        "before_agent_start": [
          "UserPromptSubmit",
        ],
        "session_before_compact": [
          "PreCompact",
        ],
        "session_compact": [
          "PostCompact",
        ],
        "session_shutdown": [
          "SessionEnd",
        ],
        "session_start": [
          "SessionStart",
        ],
        "tool_call": [
          "PreToolUse",
        ],
        "tool_result": [
          "PostToolUse",
          "PostToolUseFailure",
        ],
      }
    `);
    expect(bridgedEvents(claude)).toHaveLength(10);
  });

  it("says why each event it does not run is not run", () => {
    for (const spec of claude.events) {
      if ("unbridged" in spec) expect(spec.unbridged, spec.name).toMatch(/\.$/);
    }
  });

  it("has a dialect id, label and at least one source for every registered dialect", () => {
    for (const dialect of DIALECTS) {
      expect(dialect.label).not.toBe("");
      expect(dialect.sources.length).toBeGreaterThan(0);
      expect(new Set(eventNames(dialect)).size).toBe(dialect.events.length);
    }
  });

  it("types input by the native event named and apply's result by that event's result", () => {
    const { bridged } = eventsFor<{ count: number }>();
    bridged({
      name: "Example",
      description: "An example.",
      native: "tool_call",
      matcher: "none",
      canBlock: true,
      canStop: false,
      tool: false,
      defaultTimeout: 1,
      session: [],
      input: (event, ctx) => {
        expectTypeOf(event.toolCallId).toEqualTypeOf<string>();
        expectTypeOf(ctx.state.count).toEqualTypeOf<number>();
        return { id: event.toolCallId };
      },
      apply: (_outcome, ctx) => {
        expectTypeOf(ctx.fields.id).toEqualTypeOf<string>();
        return { block: true, reason: "no" };
      },
    });
    bridged({
      name: "Wrong",
      description: "A result of another native event.",
      native: "session_before_compact",
      matcher: "none",
      canBlock: true,
      canStop: false,
      tool: false,
      defaultTimeout: 1,
      session: [],
      input: () => ({}),
      // @ts-expect-error session_before_compact answers {cancel}, not a tool_call result
      apply: () => ({ block: "yes" }),
    });
  });
});

describe("StopFailure", () => {
  it("runs instead of Stop when the turn ended with an API error, with the error's kind as matcher value", async () => {
    const h = await harness({});
    const input = script(h.cwd, "record.sh", `cat > "${h.cwd}/input.json"`);
    const hooks = await harness(
      {
        StopFailure: group([command(input)], "rate_limit"),
        Stop: group([command("echo stop >&2; exit 2")]),
      },
      { cwd: h.cwd },
    );
    await hooks.runner.emit({ type: "agent_end", messages: failed("429 Too Many Requests") });
    const seen = JSON.parse(readFileSync(path.join(h.cwd, "input.json"), "utf8"));
    expect(seen).toMatchObject({
      hook_event_name: "StopFailure",
      error: "rate_limit",
      error_details: "429 Too Many Requests",
    });
    // Stop did not run: it would have re-prompted the agent.
    expect(hooks.messages).toEqual([]);
  });

  it("does not run on a turn that ended well, and its matcher filters by error kind", async () => {
    const h = await harness({});
    const marker = path.join(h.cwd, "ran");
    const hooks = await harness(
      { StopFailure: group([command(`touch "${marker}"`)], "server_error") },
      { cwd: h.cwd },
    );
    await hooks.runner.emit({ type: "agent_end", messages: [] });
    await hooks.runner.emit({
      type: "agent_end",
      messages: failed("invalid_request: prompt is too long (400)"),
    });
    expect(() => readFileSync(marker)).toThrow();
    await hooks.runner.emit({ type: "agent_end", messages: failed("529 overloaded") });
    expect(readFileSync(marker, "utf8")).toBe("");
  });

  it("cannot block: exit 2 is reported as an error, the agent is not re-prompted", async () => {
    const hooks = await harness({ StopFailure: group([command("echo no >&2; exit 2")]) });
    await hooks.runner.emit({ type: "agent_end", messages: failed("boom") });
    expect(hooks.messages).toEqual([]);
    expect(hooks.errors).toEqual([expect.stringContaining("no")]);
    expect(findEvent(claude, "StopFailure")?.canBlock).toBe(false);
  });
});

describe("docs/dialects.md", () => {
  it("holds the tables generated from every dialect's catalogue", () => {
    const doc = readFileSync(path.join(repo, "docs/dialects.md"), "utf8");
    for (const dialect of DIALECTS) {
      const tables = dialectTables(dialect);
      expect(doc, `run \`pnpm docs:dialects\` to regenerate ${dialect.label}'s tables`).toContain(tables);
    }
  });
});
