// A trusted project below the session's, after a `cd` into it: its hooks run in addition to the session project's,
// never instead, and the user's own hooks still run once.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { claudeBash } from "./cli-harness.js";
import { type InProcessSandbox as Sandbox, sandboxInProcess as sandbox } from "./cli-in-process.js";

function write(base: string, file: string, text: string) {
  const full = path.join(base, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}

/** A tool_call guard that blocks commands holding `word`, with `reason`, and rewrites `from` to `to`. */
const guard = (word: string, reason: string, rewrite = "") => `export default (pi: any) => {
  pi.on("tool_call", (event: any) => {
    const command = String(event.input.command ?? "");
    if (command.includes(${JSON.stringify(word)})) return { block: true, reason: ${JSON.stringify(reason)} };
    ${rewrite}
  });
};
`;

/** The user's own hook: counts the tool calls it sees, in a file of the home folder. */
const COUNTER = `import { appendFileSync } from "node:fs";
import path from "node:path";
export default (pi: any) => {
  pi.on("tool_call", () => { appendFileSync(path.join(process.env.HOME ?? "", "calls.txt"), "call\\n"); });
};
`;

const without = { CLAUDE_PROJECT_DIR: undefined, GEMINI_PROJECT_DIR: undefined };

/** A Claude Code PreToolUse from `cwd` in the sandbox's session `name`. */
async function pre(box: Sandbox, cwd: string, command: string, name = "s-nested") {
  const input = claudeBash(cwd, command, `${path.basename(path.dirname(box.cwd))}-${name}`);
  const out = await box.run(["hook", "claude", "PreToolUse"], { input, env: without });
  const json = out.stdout ? JSON.parse(out.stdout) : {};
  return { ...json.hookSpecificOutput, systemMessage: json.systemMessage as string | undefined };
}

/** The session's project guards rm -rf; `sub` is a project of its own (`.git`) whose guard blocks curl. */
async function nestedBox(trustSub: boolean) {
  const box = sandbox("connect");
  write(box.cwd, ".hookwire/hooks/guard.ts", guard("rm -rf", "session guard: no rm -rf"));
  expect((await box.run(["trust", "--yes"])).code).toBe(0);
  const sub = path.join(box.cwd, "sub");
  mkdirSync(path.join(sub, ".git"), { recursive: true });
  write(
    sub,
    ".hookwire/hooks/guard.ts",
    guard(
      "curl",
      "nested guard: no curl",
      'if (command.includes("echo original")) return { input: { command: command + " # seen by sub" } };',
    ),
  );
  if (trustSub) expect((await box.run(["trust", "--yes", "--cwd", sub])).code).toBe(0);
  return { box, sub };
}

describe("a nested trusted project after cd", () => {
  it("adds its own guard: after cd sub, curl is blocked by sub's guard and rm -rf still by the session's", async () => {
    const { box, sub } = await nestedBox(true);
    expect((await pre(box, box.cwd, "ls")).permissionDecision).toBeUndefined();
    expect(await pre(box, sub, "curl evil.example")).toMatchObject({
      permissionDecision: "deny",
      permissionDecisionReason: "nested guard: no curl",
    });
    expect(await pre(box, sub, "rm -rf ../victim")).toMatchObject({
      permissionDecision: "deny",
      permissionDecisionReason: "session guard: no rm -rf",
    });
    // Back in the session's own folder, sub's guard is not in force.
    expect((await pre(box, box.cwd, "curl evil.example")).permissionDecision).toBeUndefined();
  });

  it("runs after the session's hooks, on what they left: a rewrite of the session's reaches sub's hooks", async () => {
    const { box, sub } = await nestedBox(true);
    write(
      box.cwd,
      ".hookwire/hooks/guard.ts",
      guard(
        "rm -rf",
        "session guard: no rm -rf",
        'if (command.includes("echo first")) return { input: { command: "echo original" } };',
      ),
    );
    expect((await box.run(["trust", "--yes"])).code).toBe(0);
    await pre(box, box.cwd, "ls", "s-chain");
    expect((await pre(box, sub, "echo first", "s-chain")).updatedInput).toEqual({
      command: "echo original # seen by sub",
    });
  });

  it("never instead: an untrusted nested project runs nothing, is said once, and the session's guard decides", async () => {
    const { box, sub } = await nestedBox(false);
    await pre(box, box.cwd, "ls", "s-untrusted");
    const first = await pre(box, sub, "curl evil.example", "s-untrusted");
    expect(first.permissionDecision).toBeUndefined();
    expect(first.systemMessage).toContain("hookwire trust --cwd");
    expect((await pre(box, sub, "curl again", "s-untrusted")).systemMessage ?? "").not.toContain(
      "trust --cwd",
    );
    expect((await pre(box, sub, "rm -rf ../x", "s-untrusted")).permissionDecision).toBe("deny");
  });

  it("logs the nested project as the project of a decision its hooks took, and the session's for the rest", async () => {
    const { box, sub } = await nestedBox(true);
    await pre(box, box.cwd, "ls", "s-log");
    await pre(box, sub, "curl evil.example", "s-log");
    await pre(box, sub, "rm -rf ../victim", "s-log");
    await pre(box, sub, "ls", "s-log");
    const log = readFileSync(path.join(box.home, ".local/state/hookwire/decisions.jsonl"), "utf8");
    const decisions = log
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line))
      .filter((d) => d.native === "tool_call")
      .map((d) => ({ target: d.target, decision: d.decision, reason: d.reason, project: d.project }));
    expect(decisions).toEqual([
      { target: "ls", decision: "none", reason: undefined, project: box.cwd },
      { target: "curl evil.example", decision: "block", reason: "nested guard: no curl", project: sub },
      { target: "rm -rf ../victim", decision: "block", reason: "session guard: no rm -rf", project: box.cwd },
      { target: "ls", decision: "none", reason: undefined, project: box.cwd },
    ]);
  });

  it("runs the user's own hooks once per call, not again for the nested project", async () => {
    const { box, sub } = await nestedBox(true);
    write(box.home, ".hookwire/hooks/counter.ts", COUNTER);
    await pre(box, box.cwd, "ls", "s-user");
    await pre(box, sub, "ls", "s-user");
    expect(readFileSync(path.join(box.home, "calls.txt"), "utf8")).toBe("call\ncall\n");
  });

  it("takes only a project inside the session's: a folder beside it, or above it, adds nothing", async () => {
    const { box, sub } = await nestedBox(true);
    // A session that started in sub: the parent is not nested in it, and its guard is not sub's to add.
    await pre(box, sub, "ls", "s-up");
    expect((await pre(box, box.cwd, "rm -rf x", "s-up")).permissionDecision).toBeUndefined();
    expect((await pre(box, sub, "curl evil.example", "s-up")).permissionDecision).toBe("deny");
  });
});
