// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${NAME}` placeholders are literal settings text here.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type CommandSpec, commandSpec, runCommand } from "../src/handlers/command.js";
import { hookEnvironment, placeholderValues } from "../src/handlers/environment.js";
import { interpretCommandRun } from "../src/protocol/exit-code.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "hookwire-command-"));

function sh(command: string): CommandSpec {
  return { file: "sh", args: ["-c", command], shellForm: true };
}

const base = { cwd: dir, env: hookEnvironment(new Map()), input: '{"a":1}', timeoutMs: 10_000 };

function groupMembers(pgid: number): string[] {
  const out = execFileSync("ps", ["-eo", "pid=,pgid=,stat="], { encoding: "utf8" });
  return out
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([, group, stat]) => group === String(pgid) && !stat?.startsWith("Z"))
    .map(([pid]) => pid ?? "");
}

describe("commandSpec", () => {
  it("uses exec form with args (no shell) and substitutes placeholders in command and args", () => {
    const values = placeholderValues(
      { CLAUDE_PROJECT_DIR: "/proj", CLAUDE_PLUGIN_ROOT: "/plug" },
      { envAliases: { HOOKWIRE_PROJECT_DIR: "CLAUDE_PROJECT_DIR" } },
    );
    expect(
      commandSpec(
        {
          type: "command",
          command: "${CLAUDE_PLUGIN_ROOT}/bin/x",
          args: ["${HOOKWIRE_PROJECT_DIR}/a", "$HOME"],
        },
        values,
      ),
    ).toEqual({ file: "/plug/bin/x", args: ["/proj/a", "$HOME"], shellForm: false });
  });

  it("uses sh -c without args, or the named shell", () => {
    const values = placeholderValues({ CLAUDE_PROJECT_DIR: "/proj" });
    expect(commandSpec({ type: "command", command: "echo ${CLAUDE_PROJECT_DIR}" }, values)).toEqual({
      file: "sh",
      args: ["-c", "echo ${CLAUDE_PROJECT_DIR}"],
      shellForm: true,
    });
    expect(commandSpec({ type: "command", command: "echo hi", shell: "bash" }, values).file).toBe("bash");
  });
});

describe("placeholders in shell form", () => {
  it("are expanded by the shell, so a project folder named with quotes, $(…) or spaces is data, not code", async () => {
    const project = path.join(dir, `it's "odd" $(touch injected) dir`);
    mkdirSync(project);
    writeFileSync(path.join(project, "data.txt"), "payload");
    const values = placeholderValues({ CLAUDE_PROJECT_DIR: project });
    const spec = commandSpec({ type: "command", command: 'cat "${CLAUDE_PROJECT_DIR}/data.txt"' }, values);
    const run = await runCommand(spec, { ...base, env: hookEnvironment(values) });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("payload");
    expect(existsSync(path.join(dir, "injected"))).toBe(false);
  });

  it("become ${env:NAME} for PowerShell, which reads the exported variable", () => {
    const values = placeholderValues({ CLAUDE_PROJECT_DIR: "/proj" });
    expect(
      commandSpec(
        { type: "command", command: '& "${CLAUDE_PROJECT_DIR}/x.ps1"', shell: "powershell" },
        values,
      ).args,
    ).toEqual(["-NoProfile", "-NonInteractive", "-Command", '& "${env:CLAUDE_PROJECT_DIR}/x.ps1"']);
  });
});

describe("runCommand", () => {
  it("passes the event JSON on stdin and exports placeholders, without secret variables", async () => {
    const values = placeholderValues(
      { CLAUDE_PROJECT_DIR: dir },
      { envAliases: { HOOKWIRE_PROJECT_DIR: "CLAUDE_PROJECT_DIR" } },
    );
    const env = hookEnvironment(values, {
      baseEnv: { PATH: process.env.PATH, API_TOKEN: "s3cret", KEEP: "yes" },
      secretEnv: ["API_TOKEN"],
    });
    const run = await runCommand(
      sh('cat; echo "|$CLAUDE_PROJECT_DIR|$HOOKWIRE_PROJECT_DIR|${API_TOKEN:-unset}|$KEEP"'),
      { ...base, env },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`{"a":1}|${dir}|${dir}|unset|yes\n`);
  });

  it("does not crash when the child never reads stdin", async () => {
    const big = "x".repeat(4 * 1024 * 1024);
    const run = await runCommand(sh("exit 0"), { ...base, input: big });
    expect(run.code).toBe(0);
    expect(run.spawnError).toBeUndefined();
  });

  it("keeps 1 MiB per stream and counts the rest", async () => {
    const run = await runCommand(sh("head -c 3000000 /dev/zero | tr '\\0' a"), base);
    expect(run.code).toBe(0);
    expect(run.stdout.length).toBe(1024 * 1024);
    expect(run.stdoutDropped).toBe(3_000_000 - 1024 * 1024);
  });

  it("reports a missing executable as a spawn error", async () => {
    const run = await runCommand({ file: path.join(dir, "nope"), args: [], shellForm: false }, base);
    expect(run.spawnError?.message).toMatch(/ENOENT/);
  });

  it("kills the whole process group at the timeout, even a grandchild that ignores SIGTERM and holds stdout", async () => {
    const pidFile = path.join(dir, "pid");
    const script = path.join(dir, "stubborn.sh");
    writeFileSync(script, `trap '' TERM\necho $$ > ${pidFile}\nsleep 1000 &\nsleep 1000\n`);
    const started = Date.now();
    const run = await runCommand(
      { file: "sh", args: [script], shellForm: false },
      { ...base, timeoutMs: 300 },
    );
    const elapsed = Date.now() - started;
    expect(run.timedOut).toBe(true);
    expect(elapsed).toBeLessThan(5000);
    const pgid = Number(readFileSync(pidFile, "utf8"));
    await new Promise((r) => setTimeout(r, 100));
    expect(groupMembers(pgid)).toEqual([]);
    const result = interpretCommandRun(run, { hookName: "h", event: "PreToolUse", timeoutMs: 300 });
    expect(result).toMatchInlineSnapshot(`
      {
        "message": "timed out after 0.3 s and was killed",
        "status": "error",
        "warnings": [],
      }
    `);
  });

  it("settles shortly after the hook exits and kills a background grandchild that keeps the pipes open", async () => {
    const started = Date.now();
    const run = await runCommand(sh("sleep 57.25 & echo done"), base);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("done\n");
    await new Promise((r) => setTimeout(r, 100));
    expect(execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })).not.toContain("sleep 57.25");
  });

  it("leaves alone a daemon that detached its stdio", async () => {
    // The group's redirections apply before the fork, so the daemon never holds the hook's pipes, however
    // late it is scheduled (`sleep … >/dev/null &` would hold them until it runs, and count as a holder).
    const run = await runCommand(sh("{ sleep 58.25 & } >/dev/null 2>&1 </dev/null; echo started"), base);
    expect(run.stdout).toBe("started\n");
    await new Promise((r) => setTimeout(r, 200));
    const table = execFileSync("ps", ["-eo", "pid,args"], { encoding: "utf8" });
    const line = table.split("\n").find((l) => l.includes("sleep 58.25"));
    expect(line).toBeDefined();
    process.kill(Number(line?.trim().split(/\s+/)[0]), "SIGKILL");
  });

  it("aborting kills the group", async () => {
    const controller = new AbortController();
    const pending = runCommand(sh("sleep 30"), { ...base, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const run = await pending;
    expect(run.aborted).toBe(true);
    expect(run.signal).toBe("SIGTERM");
  });
});

describe("exit codes", () => {
  const opts = {
    hookName: ".claude/settings.json#hooks.PreToolUse[0].hooks[0]",
    event: "PreToolUse",
    timeoutMs: 10_000,
  };

  it("exit 0 parses stdout as JSON", async () => {
    const run = await runCommand(sh(`echo '{"decision":"block","reason":"no"}'`), base);
    expect(interpretCommandRun(run, opts)).toEqual({
      status: "success",
      output: { decision: "block", reason: "no" },
      warnings: [],
    });
  });

  it("exit 2 is a blocking error with stderr as the reason; JSON on stdout rides along, as in Claude Code", async () => {
    const run = await runCommand(sh(`echo '{"continue":true}'; echo 'rm is not allowed' >&2; exit 2`), base);
    expect(interpretCommandRun(run, opts)).toEqual({
      status: "blocking",
      reason: "rm is not allowed",
      output: { continue: true },
      warnings: [],
    });
  });

  it("other exit codes are non-blocking errors with the first stderr line", async () => {
    const run = await runCommand(sh("echo '\nfirst line\nsecond' >&2; exit 1"), base);
    expect(interpretCommandRun(run, opts)).toMatchInlineSnapshot(`
      {
        "message": "exited with code 1: first line",
        "status": "error",
        "warnings": [],
      }
    `);
  });

  it("a hook killed by a signal is a non-blocking error", async () => {
    const run = await runCommand(sh("kill -9 $$"), base);
    expect(interpretCommandRun(run, opts)).toMatchObject({ status: "error", message: "killed by SIGKILL" });
  });
});
