// pi 1.6 (the `@earendil-works` scope, Node 22) as a host: `hookwire connect pi --user` adds @hookwire/pi to the
// user's pi settings (pi 1.6 loads a project's packages only after its own project trust, which print mode cannot
// ask), pi installs it from npm (a local registry of this checkout's packages) and runs hookwire in its process.
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { agentVersion } from "../src/agents.js";
import { followUpCase, IN_PROCESS_CALLS, IN_PROCESS_FILES, inProcessCases } from "../src/in-process-cases.js";
import { node22 } from "../src/node22.js";
import { runScenario, type Scenario } from "../src/scenario.js";

// The user's own pi settings: connect adds to them, disconnect gives them back.
const PI_SETTINGS = '{\n  "defaultThinkingLevel": "off"\n}\n';

/**
 * A module on pi 1.6's new events: it writes what it saw, so the test knows @hookwire/pi forwarded them. It imports
 * values pi gives its extensions (TypeBox's `Type`, pi-ai's `StringEnum`), which the project does not install.
 */
const SETTLED_MODULE = `import { appendFileSync } from "node:fs";
import type { HookAPI } from "@hookwire/core";
import { StringEnum } from "@earendil-works/pi-ai";
import { Type } from "typebox";

export default function settled(pi: HookAPI): void {
  appendFileSync("settled.txt", \`pi values: \${typeof Type.Object} \${typeof StringEnum}\\n\`);
  pi.on("agent_before_settle", () => void appendFileSync("settled.txt", "before_settle\\n"));
  pi.on("agent_settled", (event) => void appendFileSync("settled.txt", \`settled aborted=\${event.aborted}\\n\`));
  pi.on("tool_execution_end", (event) => void appendFileSync("settled.txt", \`end \${typeof event.durationMs}\\n\`));
}
`;

describe.skipIf(node22() === undefined)(
  `pi ${agentVersion("pi16")} with hookwire connected at user level`,
  () => {
    let s: Scenario;
    beforeAll(async () => {
      ensureBuilt();
      s = await runScenario({
        agent: "pi16",
        files: {
          ...IN_PROCESS_FILES,
          ".hookwire/hooks/settled.ts": SETTLED_MODULE,
          "~/.pi/agent/settings.json": PI_SETTINGS,
        },
        connected: "~/.pi/agent/settings.json",
        connectArgs: ["pi", "--user"],
        inProcess: IN_PROCESS_CALLS,
      });
    }, 600_000);

    it("adds hookwire's package to the user's pi settings, next to the user's own", () => {
      expect(JSON.parse(s.connectedText ?? "{}")).toEqual({
        defaultThinkingLevel: "off",
        packages: ["npm:@hookwire/pi"],
      });
    });

    inProcessCases(() => s, "pi");
    followUpCase(() => s);

    it("gives a project module the values pi gives its extensions, from pi's own install (nothing in the project)", () => {
      expect(s.after.settled).toContain("pi values: function function\n");
    });

    it("forwards pi 1.6's own events to the project's hooks (agent_before_settle, agent_settled, tool_execution_end)", () => {
      expect(s.after.settled).toContain("before_settle\n");
      expect(s.after.settled).toContain("settled aborted=false\n");
      expect(s.after.settled).toContain("end number\n");
    });

    it("leaves no hookwire entry on disconnect: the user's file comes back byte for byte", () => {
      expect(s.restored["~/.pi/agent/settings.json"]).toBe(PI_SETTINGS);
    });
  },
);
