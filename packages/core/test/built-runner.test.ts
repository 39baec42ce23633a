// The runner as hosts import it: the minified build, whose dispatchers copy their driver from its own text.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { OWN_DRIVER_AFTER } from "../src/dispatch.js";
import type * as Core from "../src/index.js";

const CORE = pathToFileURL(path.resolve(import.meta.dirname, "../dist/index.js")).href;

describe("the built runner", () => {
  let core: typeof Core;
  beforeAll(async () => {
    ensureBuilt();
    core = (await import(CORE)) as typeof Core;
  }, 300_000);

  it("keeps blocking and passing calls on after its dispatcher switched to a driver copy", async () => {
    const seen: string[] = [];
    const hooks = [
      await core.instantiateHook(
        (pi) => {
          pi.on("tool_call", (event) => {
            const command = String(event.input.command);
            if (command.startsWith("rm")) return { block: true, reason: `no ${command}` };
            return undefined;
          });
        },
        { path: "guard.ts", cwd: "/project" },
      ),
      await core.instantiateHook(
        (pi) => {
          pi.on("tool_call", async (event) => {
            seen.push(String(event.input.command));
            return undefined;
          });
        },
        { path: "log.ts", cwd: "/project" },
      ),
    ];
    const runner = new core.HookRunner(hooks, { cwd: "/project" });
    const outcomes: string[] = [];
    // Past OWN_DRIVER_AFTER emits, so the last ones run on the copy made from the minified text.
    for (let i = 0; i < OWN_DRIVER_AFTER + 20; i++) {
      const command = i % 3 === 0 ? `rm ${i}` : `ls ${i}`;
      const outcome = await runner.emit({
        type: "tool_call",
        toolName: "bash",
        toolCallId: `c${i}`,
        input: { command },
      });
      outcomes.push(outcome.block ? `blocked: ${outcome.reason}` : "ran");
    }
    const after = outcomes.slice(OWN_DRIVER_AFTER);
    expect(after).toEqual(
      Array.from({ length: 20 }, (_, j) => {
        const i = OWN_DRIVER_AFTER + j;
        return i % 3 === 0 ? `blocked: no rm ${i}` : "ran";
      }),
    );
    expect(seen.at(-1)).toBe(`ls ${OWN_DRIVER_AFTER + 19}`);
    expect(seen).not.toContain(`rm ${OWN_DRIVER_AFTER + 2}`);
  });
});
