import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { HOOK_FORMATS, trustProject } from "@hookwire/loader";
import { openProject } from "@hookwire/project";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const saved = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
let root: string;

beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "hw-project-")));
  process.env.HOME = path.join(root, "home");
  process.env.XDG_CONFIG_HOME = path.join(root, "home/.config");
});
afterAll(() => {
  for (const key of ["HOME", "XDG_CONFIG_HOME"] as const) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  rmSync(root, { recursive: true, force: true });
});

const guard = (body: string) => `export default function guard(pi) {
  pi.on("tool_call", (event) => { ${body} });
}
`;
const BLOCK_RM = guard(
  `if (String(event.input.command).includes("rm ")) return { block: true, reason: "no rm" };`,
);

/** A project with `.git` and one hook module; trusted when asked. */
async function project(name: string, hook: string, trusted: boolean): Promise<string> {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, ".hookwire/hooks"), { recursive: true });
  mkdirSync(path.join(dir, ".git"), { recursive: true });
  writeFileSync(path.join(dir, ".hookwire/hooks/guard.js"), hook);
  if (trusted) await trustProject(dir, { formats: HOOK_FORMATS });
  return dir;
}

const rm = { toolName: "bash", toolCallId: "c1", input: { command: "rm -rf ../victim" } };
const open = (cwd: string) => openProject({ cwd, discover: { formats: HOOK_FORMATS } });

describe("openProject", () => {
  it("finds the root above the folder it is given, and its trusted guard decides the call", async () => {
    const dir = await project("trusted", BLOCK_RM, true);
    mkdirSync(path.join(dir, "src/deep"), { recursive: true });
    const opened = await open(path.join(dir, "src/deep"));
    expect(opened.root).toBe(dir);
    expect(opened.trust).toEqual({ state: "trusted" });
    expect(opened.notices).toEqual([]);
    const verdict = await opened.gate.check(rm);
    expect(verdict).toMatchObject({ action: "deny", denied: "block", reason: "no rm" });
    expect((await opened.gate.check({ ...rm, input: { command: "ls" } })).action).toBe("none");
  });

  it("runs the project's OpenCode plugins: the runtime comes with openProject", async () => {
    const dir = path.join(root, "opencode-plugin");
    mkdirSync(path.join(dir, ".opencode/plugin"), { recursive: true });
    mkdirSync(path.join(dir, ".git"), { recursive: true });
    writeFileSync(
      path.join(dir, ".opencode/plugin/guard.ts"),
      `export const Guard = async () => ({
  "tool.execute.before": async (input: { tool: string }, output: { args: { command?: string } }) => {
    if (input.tool === "bash" && output.args.command?.includes("rm ")) throw new Error("no rm (opencode)");
  },
});
`,
    );
    await trustProject(dir, { formats: HOOK_FORMATS });
    const opened = await open(dir);
    expect(opened.notices).toEqual([]);
    expect(await opened.gate.check(rm)).toMatchObject({ action: "deny", reason: "no rm (opencode)" });
  });

  it("keeps the root it is given: a folder with its own markers below it does not become the project", async () => {
    const dir = await project("fixed", BLOCK_RM, true);
    const nested = path.join(dir, "sub");
    mkdirSync(path.join(nested, ".git"), { recursive: true });
    const opened = await openProject({ cwd: nested, root: dir, discover: { formats: HOOK_FORMATS } });
    expect(opened.root).toBe(dir);
    expect((await opened.gate.check(rm)).action).toBe("deny");
  });

  it("runs none of a never-trusted project's hooks, lets calls through and says so once, in the one wording", async () => {
    const dir = await project("never", BLOCK_RM, false);
    const opened = await openProject({
      cwd: dir,
      discover: { formats: HOOK_FORMATS },
      wording: { spell: async (command) => `npx ${command}`, after: " — then /reload pi." },
    });
    expect(opened.trust.state).toBe("untrusted");
    expect((await opened.gate.check(rm)).action).toBe("none");
    expect(opened.notices.map((line) => line.replaceAll(dir, "<project>"))).toMatchInlineSnapshot(`
      [
        "hookwire: 1 project hook did not run: the project is not trusted. Review and trust them: npx hookwire trust --cwd <project> — then /reload pi.",
      ]
    `);
  });

  it("refuses every tool call of a trusted project whose guard changed, naming the file and the trust command", async () => {
    const dir = await project("changed", BLOCK_RM, true);
    writeFileSync(path.join(dir, ".hookwire/hooks/guard.js"), guard("return undefined;"));
    const opened = await open(dir);
    expect(opened.trust.state).toBe("changed");
    // Not the edited hook (it never runs), and not a pass: the gate refuses before any hook.
    const verdict = await opened.gate.check({ ...rm, input: { command: "ls" } });
    expect(verdict).toMatchObject({ action: "deny", denied: "refused" });
    expect(verdict.reason?.replaceAll(dir, "<project>")).toMatchInlineSnapshot(
      `"hookwire: the project's hooks changed since it was trusted: hook .hookwire/hooks/guard.js edited. Its tool calls are refused until you review and trust them: hookwire trust --cwd <project>"`,
    );
    expect(opened.notices).toEqual([verdict.reason]);
    expect(opened.gate.wants("anything")).toBe(true);
  });

  it("names at most five changed files, then how many more", async () => {
    const dir = await project("many", BLOCK_RM, true);
    for (let i = 0; i < 7; i++) writeFileSync(path.join(dir, `.hookwire/hooks/added-${i}.js`), BLOCK_RM);
    const opened = await open(dir);
    const reason = opened.trust.state === "changed" ? opened.trust.notice : "";
    expect(reason.replaceAll(dir, "<project>")).toMatchInlineSnapshot(
      `"hookwire: the project's hooks changed since it was trusted: hook .hookwire/hooks/added-0.js added, hook .hookwire/hooks/added-1.js added, hook .hookwire/hooks/added-2.js added, hook .hookwire/hooks/added-3.js added, hook .hookwire/hooks/added-4.js added, and 2 more. Its tool calls are refused until you review and trust them: hookwire trust --cwd <project>"`,
    );
  });

  it("denies a call whose guard throws, naming the hook, instead of letting it through", async () => {
    const dir = await project("throws", guard(`throw new Error("guard broke");`), true);
    const opened = await open(dir);
    const verdict = await opened.gate.check(rm);
    expect(verdict.action).toBe("deny");
    expect(verdict.denied).toBe("error");
    expect(verdict.reason).toContain("guard broke");
    expect(verdict.blockedBy).toContain("guard.js");
  });
});
