// The rm -rf guard in Copilot CLI's and Cursor's own formats: each file's command run as its agent runs it.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exampleRoot } from "./harness.js";

/** Runs `command` with `sh -c` from the project root, the event JSON on stdin, as both agents do. */
function run(command: string, input: unknown) {
  const result = spawnSync("sh", ["-c", command], {
    cwd: exampleRoot,
    input: JSON.stringify(input),
    encoding: "utf8",
  });
  return { code: result.status, answer: result.stdout.trim() === "" ? undefined : JSON.parse(result.stdout) };
}

const copilotFile = JSON.parse(
  readFileSync(path.join(exampleRoot, ".github/hooks/block-rm-rf.json"), "utf8"),
);
const cursorFile = JSON.parse(readFileSync(path.join(exampleRoot, ".cursor/hooks.json"), "utf8"));
const copilotGuard = (command: string, toolName = "bash") =>
  run(copilotFile.hooks.preToolUse[0].bash, {
    sessionId: "s",
    timestamp: 0,
    cwd: exampleRoot,
    toolName,
    toolArgs: { command, description: "d" },
  });
const cursorGuard = (command: string) =>
  run(cursorFile.hooks.beforeShellExecution[0].command, {
    conversation_id: "c",
    generation_id: "g",
    hook_event_name: "beforeShellExecution",
    workspace_roots: [exampleRoot],
    command,
    cwd: exampleRoot,
  });

const blocked = [
  "rm -rf build",
  "sudo rm -rf build",
  "/bin/rm -rf build",
  "echo build | xargs rm -rf",
  "rm -r -f x",
  "rm --recursive --force x",
  "ls && rm -Rf /tmp/x",
];
const allowed = ["ls -la", "echo rm -rf x", "rm -r x", "rmdir x", "git rm -rf x"];

describe("the Copilot CLI guard (.github/hooks/block-rm-rf.json)", () => {
  it("is a version 1 file with one preToolUse command hook", () => {
    expect(copilotFile).toMatchObject({
      version: 1,
      hooks: { preToolUse: [{ type: "command", timeoutSec: 10 }] },
    });
  });

  it.each(blocked)("denies %s with permissionDecision and exits 0", (command) => {
    expect(copilotGuard(command)).toEqual({
      code: 0,
      answer: {
        permissionDecision: "deny",
        permissionDecisionReason: "rm -rf is not allowed here; delete the files you mean by name.",
      },
    });
  });

  it.each(allowed)("says nothing about %s", (command) => {
    expect(copilotGuard(command)).toEqual({ code: 0, answer: undefined });
  });

  it("leaves other tools alone and never fails on odd input (a failing preToolUse hook would deny)", () => {
    expect(copilotGuard("rm -rf x", "view")).toEqual({ code: 0, answer: undefined });
    const garbage = spawnSync("sh", ["-c", copilotFile.hooks.preToolUse[0].bash], {
      cwd: exampleRoot,
      input: "{not json",
      encoding: "utf8",
    });
    expect(garbage.status).toBe(0);
  });
});

describe("the Cursor guard (.cursor/hooks.json)", () => {
  it("is a version 1 file with one fail-closed beforeShellExecution hook", () => {
    expect(cursorFile).toMatchObject({
      version: 1,
      hooks: { beforeShellExecution: [{ timeout: 10, failClosed: true }] },
    });
  });

  it.each(blocked)("denies %s, telling the agent why", (command) => {
    expect(cursorGuard(command)).toEqual({
      code: 0,
      answer: {
        permission: "deny",
        user_message: "Blocked rm -rf.",
        agent_message: "rm -rf is not allowed here; delete the files you mean by name.",
      },
    });
  });

  it.each(allowed)("allows %s", (command) => {
    expect(cursorGuard(command)).toEqual({ code: 0, answer: { permission: "allow" } });
  });
});
