// pi 1.6's events as a pi extension sees them and as a hookwire hook sees them through @hookwire/pi: one recorder
// module, run once as pi's own extension and once as a project hook with `hookwire connect pi --user`, each in a real
// pi 1.6 print-mode session on the same calls; the two records are compared event by event.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { agentVersion, runAgent, shellCalls } from "../src/agents.js";
import { node22 } from "../src/node22.js";
import { world } from "../src/world.js";

const piPackage = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../packages/pi/dist/index.js",
);

/** The module both sides run: each event of `events`, its name and its fields' names, a line of `events.jsonl`. */
const recorder = (events: readonly string[]) => `import { appendFileSync } from "node:fs";

const EVENTS = ${JSON.stringify(events)};

export default function recorder(pi: { on(event: string, handler: (event: object) => void): void }): void {
  for (const name of EVENTS)
    pi.on(name, (event) => {
      appendFileSync("events.jsonl", JSON.stringify({ event: name, fields: Object.keys(event).sort() }) + "\\n");
    });
}
`;

interface Seen {
  event: string;
  fields: string[];
}

const CALLS = ["echo one > one.txt", "echo two > two.txt"];

describe.skipIf(node22() === undefined)(
  `pi ${agentVersion("pi16")}'s events, to its extensions and to hookwire's hooks`,
  () => {
    let forwarded: readonly string[];
    let native: Seen[];
    let hooked: Seen[];
    beforeAll(async () => {
      ensureBuilt();
      forwarded = (await import(pathToFileURL(piPackage).href)).PI_EVENTS;
      const read = (file: string) =>
        readFileSync(file, "utf8")
          .split("\n")
          .filter((line) => line !== "")
          .map((line) => JSON.parse(line) as Seen);

      // pi's own extension, at user level (no project trust needed), nothing of hookwire's connected.
      const a = world();
      try {
        const file = path.join(a.home, ".pi", "agent", "extensions", "recorder.ts");
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, recorder(forwarded));
        const run = await runAgent("pi16", {
          project: a.project,
          home: a.home,
          env: a.env,
          calls: shellCalls("pi16", CALLS),
        });
        if (run.code !== 0) throw new Error(`pi failed: ${run.stderr}`);
        native = read(path.join(a.project, "events.jsonl"));
      } finally {
        a.remove();
      }

      // The same module as the project's hook, run by @hookwire/pi.
      const b = world();
      try {
        b.write(".hookwire/hooks/recorder.ts", recorder(forwarded));
        if (b.hookwire("trust", "--yes").code !== 0) throw new Error("hookwire trust failed");
        const connect = b.hookwire("connect", "pi", "--user");
        if (connect.code !== 0) throw new Error(`hookwire connect failed: ${connect.stderr}`);
        const run = await runAgent("pi16", {
          project: b.project,
          home: b.home,
          env: b.env,
          calls: shellCalls("pi16", CALLS),
        });
        if (run.code !== 0) throw new Error(`pi failed: ${run.stderr}`);
        hooked = read(path.join(b.project, "events.jsonl"));
      } finally {
        b.remove();
      }
    }, 600_000);

    it("hands a hook the events pi hands its extensions, in the same order", () => {
      expect(hooked.map((seen) => seen.event)).toEqual(native.map((seen) => seen.event));
    });

    it("hands a hook each event with the fields pi gives it", () => {
      expect(hooked).toEqual(native);
    });

    it("covers pi 1.6's run events in a print-mode session", () => {
      expect([...new Set(native.map((seen) => seen.event))].sort()).toMatchInlineSnapshot(`
        [
          "after_provider_response",
          "agent_before_settle",
          "agent_end",
          "agent_settled",
          "agent_start",
          "before_agent_start",
          "before_provider_headers",
          "before_provider_request",
          "context",
          "input",
          "message_end",
          "message_start",
          "message_update",
          "provider_stream_event",
          "resources_discover",
          "session_shutdown",
          "session_start",
          "tool_call",
          "tool_execution_end",
          "tool_execution_start",
          "tool_execution_update",
          "tool_result",
          "turn_end",
          "turn_start",
        ]
      `);
    });
  },
);
