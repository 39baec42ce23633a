// The user's fail-closed setting, read once for every host, and the failures of each tool call told apart.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { HookRunner } from "@hookwire/core";
import { loadHooks } from "@hookwire/loader";
import { collectFailures, readFailClosedSetting, userFailClosedRefusal } from "@hookwire/project";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let root: string;
beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "hw-fail-closed-")));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("readFailClosedSetting", () => {
  it('reads "block" and "continue", takes anything else for "block" (the safe side) and says so', () => {
    const file = path.join(root, "hooks.json");
    const read = (text: string) => {
      writeFileSync(file, text);
      return readFailClosedSetting(file);
    };
    expect(read('{"onFailure": "block"}').block).toBe(true);
    expect(read('{"onFailure": "continue"}').block).toBe(false);
    expect(read("{}").block).toBe(false);
    expect(read("not json").block).toBe(false);
    const odd = read('{"onFailure": "Block"}');
    expect(odd.block).toBe(true);
    expect(odd.problem).toBe(
      `"onFailure" in ${file} must be "block" or "continue", got "Block"; read as "block".`,
    );
    expect(readFailClosedSetting(path.join(root, "missing.json")).block).toBe(false);
  });
});

describe("collectFailures", () => {
  it("gives each of two calls at once only the failures reported inside it", async () => {
    const file = path.join(root, "reporter.mjs");
    // A hook that reports a failure (as a settings command exiting 127 does) for calls naming "fail", after a wait.
    writeFileSync(
      file,
      `export default (pi) => pi.on("tool_call", async (event) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (event.input.command === "fail") pi.reportError(new Error("exited with code 127"), "tool_call");
      });\n`,
    );
    const { hooks, errors } = await loadHooks([file], root);
    expect(errors).toEqual([]);
    const runner = new HookRunner(hooks, { cwd: root });
    // The call's host keeps an onError of its own: it still hears the failure.
    const heard: string[] = [];
    const call = async (command: string, id: string) => {
      const { call, failures } = collectFailures({
        host: { onError: (e) => heard.push(`${id}: ${e.error}`) },
      });
      await runner.emit({ type: "tool_call", toolName: "bash", toolCallId: id, input: { command } }, call);
      return { failures };
    };
    const [failing, fine] = await Promise.all([call("fail", "1"), call("ls", "2")]);
    expect(heard).toEqual(["1: exited with code 127"]);
    expect(failing.failures).toHaveLength(1);
    expect(failing.failures[0]?.why).toContain("exited with code 127");
    expect(fine.failures).toEqual([]);
    const setting = { block: true, file: "/h/hooks.json" };
    expect(userFailClosedRefusal(fine.failures, setting)).toBeUndefined();
    expect(userFailClosedRefusal(failing.failures, { ...setting, block: false })).toBeUndefined();
    expect(userFailClosedRefusal(failing.failures, setting)?.replace(root, "<root>")).toMatchInlineSnapshot(
      `"hookwire: \`<root>/reporter.mjs\` failed (exited with code 127); the call is refused (fail-closed hooks: "onFailure": "block" in /h/hooks.json)."`,
    );
  });
});
