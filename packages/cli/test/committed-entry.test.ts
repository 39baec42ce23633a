// A file the project commits (`.gemini/settings.json`, `.codex/hooks.json`, …): no path of this machine in it, hookwire
// started from PATH, and a refusal that says how to install hookwire on a machine without it.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { bin } from "./cli-harness.js";
import { type InProcessSandbox as Sandbox, sandboxInProcess as sandbox } from "./cli-in-process.js";

// connect, disconnect and doctor run in this process. The commands they write run as the agent runs them (`sh -c`
// from PATH): the shell entry starting the built binary is the point there.
beforeAll(() => ensureBuilt(), 300_000);

/** This checkout's shell entry. */
const entry = realpathSync(path.join(path.dirname(bin), "hookwire-hook"));
/** The words an absolute entry starts with: the bash on PATH, then the entry. */
const absolute = `${spawnSync("sh", ["-c", "command -v bash"], { encoding: "utf8" }).stdout.trim()} ${entry}`;
/** A PATH with node and the system's tools, and no hookwire-hook (a teammate who has not installed hookwire). */
const bare = [path.dirname(process.execPath), "/usr/bin", "/bin"].join(path.delimiter);

const read = (box: Sandbox, file: string) => readFileSync(path.join(box.cwd, file), "utf8");

/** A folder holding a link to this checkout's hookwire-hook, as `npm install -g hookwire` makes one. */
function installed(box: Sandbox): string {
  const folder = path.join(box.home, "global-bin");
  mkdirSync(folder, { recursive: true });
  symlinkSync(entry, path.join(folder, "hookwire-hook"));
  return folder;
}

/** The command of `event`'s first hookwire entry in a flat or grouped hooks file. */
function commandOf(box: Sandbox, file: string, event: string): string {
  const first = JSON.parse(read(box, file)).hooks[event][0];
  const handler = first.hooks ? first.hooks[0] : first;
  return handler.command ?? handler.bash;
}

/** The command as the agent runs it: `sh -c`, the agent's JSON on stdin, in the project. */
function runCommand(box: Sandbox, command: string, input: unknown, pathValue: string) {
  const out = spawnSync("/bin/sh", ["-c", command], {
    cwd: box.cwd,
    input: JSON.stringify(input),
    encoding: "utf8",
    env: {
      PATH: pathValue,
      HOME: box.home,
      XDG_CONFIG_HOME: path.join(box.home, ".config"),
      HOOKWIRE_SERVER: "off",
    },
    timeout: 60_000,
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

const GUARD = `export default (pi: any) => {
  pi.on("tool_call", (event: any) => {
    if (String(event.input.command ?? "").includes("rm -rf")) return { block: true, reason: "no rm -rf" };
  });
};
`;

describe("connect into a file the project commits", () => {
  it.each([
    ["codex", ".codex/hooks.json"],
    ["gemini", ".gemini/settings.json"],
    ["copilot", ".github/hooks/hookwire.json"],
    ["cursor", ".cursor/hooks.json"],
  ])("%s: %s names no path of this machine, and starts hookwire-hook from PATH", async (agent, file) => {
    const box = sandbox("connect");
    expect((await box.run(["connect", agent])).code).toBe(0);
    const text = read(box, file);
    for (const local of [path.dirname(entry), path.dirname(process.execPath), box.cwd, box.home])
      expect(text).not.toContain(local);
    expect(text).toContain(`hookwire-hook hook ${agent} `);
    // Recognised as hookwire's own entry: disconnect takes it out again.
    expect((await box.run(["disconnect", agent])).stdout).toContain(`removed ${file}`);
  });

  it("claude --shared: .claude/settings.json, the file a team commits, gets the PATH entry; the local file is left alone", async () => {
    const box = sandbox("connect");
    const out = await box.run(["connect", "claude", "--shared"]);
    expect(out.stdout).toContain("created .claude/settings.json");
    const pre = JSON.parse(read(box, ".claude/settings.json")).hooks.PreToolUse[0].hooks[0];
    expect(pre).toEqual({
      type: "command",
      command:
        "command -v hookwire-hook >/dev/null || { echo 'hookwire is not installed: npm install -g hookwire. The action is refused.' >&2; exit 2; }; hookwire-hook hook claude PreToolUse",
      timeout: 60,
      onFailure: "block",
    });
    expect(existsSync(path.join(box.cwd, ".claude/settings.local.json"))).toBe(false);
    expect((await box.run(["disconnect", "claude", "--shared"])).stdout).toContain(
      "removed .claude/settings.json",
    );
    const both = await box.run(["connect", "claude", "--shared", "--user"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain(
      "--shared is the project's committed file; --user is your own: choose one.",
    );
  });

  it("pi --shared: the published package, not this machine's folder", async () => {
    const box = sandbox("connect");
    await box.run(["connect", "pi", "--shared"]);
    expect(JSON.parse(read(box, ".pi/settings.json")).packages).toEqual(["npm:@hookwire/pi"]);
  });

  it("keeps the absolute entry in a local file and in the user's own (no PATH lookup there)", async () => {
    const box = sandbox("connect");
    await box.run(["connect", "claude"]);
    expect(read(box, ".claude/settings.local.json")).toContain(`"${absolute} hook claude PreToolUse"`);
    await box.run(["connect", "gemini", "--user"]);
    const user = readFileSync(path.join(box.home, ".gemini/settings.json"), "utf8");
    expect(user).toContain(`${absolute} hook gemini BeforeTool`);
    expect(user).not.toContain("command -v");
  });

  it("refuses a tool call where hookwire is not installed, saying how to install it; other events only warn", async () => {
    const box = sandbox("connect");
    await box.run(["connect", "gemini"]);
    const call = {
      hook_event_name: "BeforeTool",
      tool_name: "run_shell_command",
      tool_input: { command: "ls" },
    };
    const refused = runCommand(box, commandOf(box, ".gemini/settings.json", "BeforeTool"), call, bare);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatchInlineSnapshot(`
      "hookwire is not installed: npm install -g hookwire. The action is refused.
      "
    `);
    const after = runCommand(box, commandOf(box, ".gemini/settings.json", "AfterTool"), call, bare);
    expect(after.code).toBe(1);
    expect(after.stderr).toMatchInlineSnapshot(`
      "hookwire is not installed: npm install -g hookwire. The hooks of this project did not run.
      "
    `);
    // --fail-open: a missing hookwire lets the call through too, with the warning.
    await box.run(["connect", "codex", "--fail-open"]);
    const open = runCommand(box, commandOf(box, ".codex/hooks.json", "PreToolUse"), call, bare);
    expect(open.code).toBe(1);
  });

  it("runs this hookwire where hookwire-hook is on PATH: the project's guard blocks", async () => {
    const box = sandbox("connect");
    mkdirSync(path.join(box.cwd, ".hookwire/hooks"), { recursive: true });
    writeFileSync(path.join(box.cwd, ".hookwire/hooks/guard.ts"), GUARD);
    await box.run(["connect", "codex"]);
    expect((await box.run(["trust", "--yes"])).code).toBe(0);
    const call = {
      session_id: `${path.basename(path.dirname(box.cwd))}-committed`,
      transcript_path: null,
      cwd: box.cwd,
      hook_event_name: "PreToolUse",
      model: "m",
      permission_mode: "default",
      tool_name: "Bash",
      tool_input: { command: "rm -rf victim" },
      tool_use_id: "call_1",
      turn_id: "t",
    };
    const withHookwire = `${installed(box)}${path.delimiter}${bare}`;
    const out = runCommand(box, commandOf(box, ".codex/hooks.json", "PreToolUse"), call, withHookwire);
    expect(`${out.stdout}${out.stderr}`).toContain("no rm -rf");
    expect(out.stderr).not.toContain("not installed");
  });
});

describe("doctor on a committed file", () => {
  it("says when hookwire-hook is not on PATH, or is another hookwire's, and nothing when it is this one", async () => {
    const box = sandbox("connect");
    await box.run(["connect", "gemini"]);
    const finding = async (pathValue: string) =>
      (await box.run(["doctor"], { env: { PATH: pathValue } })).stdout
        .split("\n")
        .filter(
          (line) => line.includes("hookwire-hook") || line.includes("fix: npm") || line.includes("fix: put"),
        )
        .join("\n")
        .replaceAll(path.dirname(entry), "<bin>")
        .replaceAll(box.home, "<home>");
    expect(await finding(bare)).toMatchInlineSnapshot(`
      "✖ .gemini/settings.json#hooks.BeforeTool[0].hooks[0]: Gemini CLI runs hookwire-hook from PATH (a file the project commits), and hookwire-hook is not on PATH here: an agent started from this environment refuses every tool call, saying to install hookwire.
          fix: npm install -g hookwire, or put <bin> on the agent's PATH"
    `);
    const other = path.join(box.home, "other");
    mkdirSync(other);
    writeFileSync(path.join(other, "hookwire-hook"), "#!/bin/sh\necho /elsewhere/bin/hookwire.js\n", {
      mode: 0o755,
    });
    expect(await finding(`${other}${path.delimiter}${bare}`)).toMatchInlineSnapshot(`
      "⚠ .gemini/settings.json#hooks.BeforeTool[0].hooks[0]: Gemini CLI runs hookwire-hook from PATH (a file the project commits), and hookwire-hook on PATH is <home>/other/hookwire-hook, which runs /elsewhere/bin/hookwire.js, not this hookwire (<bin>/hookwire.js).
          fix: put <bin> before <home>/other on PATH, or run doctor with the hookwire the agent finds"
    `);
    expect(await finding(`${installed(box)}${path.delimiter}${bare}`)).toBe("");
  });
});
