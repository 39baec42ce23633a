import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatIssues, MAX_SETTINGS_BYTES, readSettingsFile, type SettingsSource } from "../src/index.js";

let cwd: string;

beforeEach(async () => {
  cwd = await mkdtemp(join(tmpdir(), "hookwire-settings-"));
});

afterEach(async () => {
  await rm(cwd, { recursive: true, force: true });
});

async function read(content: unknown, extra?: Partial<SettingsSource>) {
  const file = join(cwd, "settings.json");
  await writeFile(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return readSettingsFile({ file, scope: "project", dialect: "claude", ...extra });
}

const text = (result: Awaited<ReturnType<typeof read>>) => formatIssues(result.issues, { cwd });

describe("readSettingsFile", () => {
  it("reads handlers with their event, matcher, scope and JSON path", async () => {
    const result = await read({
      permissions: { allow: ["Bash(ls)"] },
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [{ type: "command", command: "check.sh", if: "Bash(rm *)", timeout: 30 }],
          },
        ],
        Stop: [{ hooks: [{ type: "http", url: "http://127.0.0.1:9/stop", headers: { A: "$TOKEN" } }] }],
      },
    });
    expect(result.exists).toBe(true);
    expect(result.issues).toEqual([]);
    expect(result.disableAllHooks).toBe(false);
    expect(result.handlers).toEqual([
      {
        dialect: "claude",
        event: "PreToolUse",
        matcher: "Bash",
        config: { type: "command", command: "check.sh", if: "Bash(rm *)", timeout: 30 },
        file: join(cwd, "settings.json"),
        scope: "project",
        jsonPath: "hooks.PreToolUse[0].hooks[0]",
      },
      {
        dialect: "claude",
        event: "Stop",
        matcher: undefined,
        config: { type: "http", url: "http://127.0.0.1:9/stop", headers: { A: "$TOKEN" } },
        file: join(cwd, "settings.json"),
        scope: "project",
        jsonPath: "hooks.Stop[0].hooks[0]",
      },
    ]);
  });

  it("reports a file that does not exist as exists: false without issues", async () => {
    const result = await readSettingsFile({
      file: join(cwd, "missing.json"),
      scope: "user",
      dialect: "claude",
    });
    expect(result).toEqual({
      source: { file: join(cwd, "missing.json"), scope: "user", dialect: "claude" },
      exists: false,
      disableAllHooks: false,
      handlers: [],
      issues: [],
    });
  });

  it("names the file, JSON path and expected types for a misspelled handler type", async () => {
    const result = await read({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "command", command: "ok.sh" },
              { type: "comand", command: "typo.sh" },
            ],
          },
        ],
      },
    });
    expect(text(result)).toMatchInlineSnapshot(`
      "✖ Invalid handler type: expected one of "command" | "http" | "mcp_tool" | "prompt" | "agent", got "comand"; did you mean "command"? This handler is skipped.
        → at hooks.PreToolUse[0].hooks[1].type (settings.json)"
    `);
  });

  it("keeps the valid handlers of a file when one is bad", async () => {
    const result = await read({
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "command", command: 42 },
              { type: "command", command: "good.sh" },
            ],
          },
        ],
        PostToolUse: [
          { hooks: [{ type: "http", url: "not a url" }] },
          { hooks: [{ type: "agent", prompt: "x" }] },
        ],
      },
    });
    expect(result.handlers.map((handler) => handler.jsonPath)).toEqual([
      "hooks.PreToolUse[0].hooks[1]",
      "hooks.PostToolUse[1].hooks[0]",
    ]);
    expect(result.handlers[1]!.config).toEqual({ type: "agent", prompt: "x" });
    expect(text(result)).toMatchInlineSnapshot(`
      "✖ Invalid command: expected a string, got 42. This handler is skipped.
        → at hooks.PreToolUse[0].hooks[0].command (settings.json)
      ✖ Invalid url: expected an http:// or https:// URL, got "not a url". This handler is skipped.
        → at hooks.PostToolUse[0].hooks[0].url (settings.json)"
    `);
  });

  it("suggests the closest event name for an unknown event", async () => {
    const result = await read({
      hooks: {
        PreToolUs: [{ hooks: [{ type: "command", command: "x" }] }],
        sessionstart: [{ hooks: [{ type: "command", command: "x" }] }],
        Banana: [],
      },
    });
    expect(result.handlers).toEqual([]);
    expect(text(result)).toMatchInlineSnapshot(`
      "✖ Unknown event "PreToolUs"; did you mean "PreToolUse"? Its hooks are skipped.
        → at hooks.PreToolUs (settings.json)
      ✖ Unknown event "sessionstart"; did you mean "SessionStart"? Its hooks are skipped.
        → at hooks.sessionstart (settings.json)
      ✖ Unknown event "Banana". Its hooks are skipped.
        → at hooks.Banana (settings.json)"
    `);
  });

  it("warns that a timeout above 3600 is probably milliseconds and keeps the handler", async () => {
    const result = await read({
      hooks: { Stop: [{ hooks: [{ type: "command", command: "x", timeout: 30000 }] }] },
    });
    expect(result.handlers).toHaveLength(1);
    expect(result.issues.map((issue) => issue.severity)).toEqual(["warning"]);
    expect(text(result)).toMatchInlineSnapshot(`
      "⚠ timeout is in seconds, not milliseconds: 30000 is 8.3 hours; for 30 seconds write 30.
        → at hooks.Stop[0].hooks[0].timeout (settings.json)"
    `);
  });

  it("points at a trailing comma, on one line with its line and column", async () => {
    const result = await read('{\n  "hooks": {\n    "Stop": [],\n  }\n}');
    expect(result.exists).toBe(true);
    expect(result.issues[0]).toMatchObject({ code: "INVALID_JSON", line: 3, column: 15 });
    expect(text(result)).toMatchInlineSnapshot(`
      "✖ Invalid JSON at line 3, column 15: trailing comma before "}". No hooks are read from this file.
        → in settings.json:3:15"
    `);
  });

  it.each([
    ['{"hooks": {} "x": 1}', 'Invalid JSON at line 1, column 14: expected ",".'],
    ['// note\n{"hooks": {}}', "Invalid JSON at line 1, column 1: comments are not allowed in JSON."],
    ['{"hooks": {"a": tru}}', "Invalid JSON at line 1, column 17: unexpected character."],
    ['{"hooks": {}} trailing', "Invalid JSON at line 1, column 15: unexpected character."],
    [
      '{"hooks": "a\tb"}',
      "Invalid JSON at line 1, column 11: invalid character in a string (a raw newline or tab?).",
    ],
  ])("says where and what for %j", async (json, message) => {
    const result = await read(json);
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]?.message).toBe(`${message} No hooks are read from this file.`);
  });

  it("warns about an unknown top-level key with a did-you-mean, and knows Claude Code's own keys", async () => {
    const result = await read({
      hook: { PreToolUse: [] },
      permissions: { allow: [] },
      env: {},
      disableAllHook: true,
    });
    expect(text(result)).toMatchInlineSnapshot(`
      "⚠ Unknown top-level key "hook" is ignored; did you mean "hooks"?
        → at hook (settings.json)
      ⚠ Unknown top-level key "disableAllHook" is ignored; did you mean "disableAllHooks"?
        → at disableAllHook (settings.json)"
    `);
  });

  it("points at the end of a truncated file", async () => {
    const result = await read('{\n  "hooks": {\n    "Stop": [');
    expect(result.issues[0]).toMatchObject({ code: "INVALID_JSON", line: 3, column: 14 });
  });

  it("drops a group whose regex matcher does not compile and a handler whose if rule does not parse", async () => {
    const result = await read({
      hooks: {
        PreToolUse: [
          { matcher: "Bash(", hooks: [{ type: "command", command: "a" }] },
          {
            matcher: "Edit|Write",
            hooks: [
              { type: "command", command: "b", if: "Edit(*.ts" },
              { type: "command", command: "c", if: "Edit(*.ts)" },
            ],
          },
        ],
      },
    });
    expect(result.handlers.map((handler) => handler.config)).toEqual([
      { type: "command", command: "c", if: "Edit(*.ts)" },
    ]);
    expect(text(result)).toMatchInlineSnapshot(`
      "✖ Matcher "Bash(" is not a valid JavaScript regular expression: Invalid regular expression: /Bash(/: Unterminated group. Use exact names like "Edit|Write", or escape special characters (e.g. "\\\\("). This group is skipped.
        → at hooks.PreToolUse[0].matcher (settings.json)
      ✖ Invalid permission rule "Edit(*.ts": expected "Tool" or "Tool(pattern)", e.g. "Bash", "Bash(git push *)", "Edit(*.ts)"; the pattern must end with ")". This handler is skipped.
        → at hooks.PreToolUse[1].hooks[0].if (settings.json)"
    `);
  });

  it("refuses a matcher that backtracks exponentially, naming the file and JSON path", async () => {
    const result = await read({
      hooks: {
        PreToolUse: [
          { matcher: "(a+)+$", hooks: [{ type: "command", command: "a" }] },
          { matcher: "mcp__.*__write.*", hooks: [{ type: "command", command: "b" }] },
        ],
      },
    });
    expect(result.handlers.map((handler) => (handler.config as { command?: string }).command)).toEqual(["b"]);
    expect(result.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ["UNSAFE_MATCHER", "hooks.PreToolUse[0].matcher"],
    ]);
    expect(text(result)).toMatch(
      /^✖ Matcher "\(a\+\)\+\$" can backtrack exponentially: ".*" makes it run for seconds/,
    );
    expect(text(result)).toMatch(/→ at hooks\.PreToolUse\[0\]\.matcher \(settings\.json\)$/);
  });

  it("warns about unknown handler fields, ignored matchers and if on events without tools", async () => {
    const result = await read({
      hooks: {
        Stop: [
          { matcher: "Bash", hooks: [{ type: "command", command: "x", comand: "y", if: "Bash(rm *)" }] },
        ],
      },
    });
    expect(result.handlers).toHaveLength(1);
    expect(result.handlers[0]!.config).toEqual({ type: "command", command: "x", if: "Bash(rm *)" });
    expect(text(result)).toMatchInlineSnapshot(`
      "⚠ Stop does not support matchers; "Bash" is ignored and the group runs on every Stop.
        → at hooks.Stop[0].matcher (settings.json)
      ⚠ Unknown field "comand" is ignored; did you mean "command"?
        → at hooks.Stop[0].hooks[0].comand (settings.json)
      ⚠ "if" is evaluated only on tool events (PreToolUse, PermissionRequest, PermissionDenied, PostToolUse, PostToolUseFailure); on Stop this handler never runs.
        → at hooks.Stop[0].hooks[0].if (settings.json)"
    `);
  });

  it("reports disableAllHooks and ignores other top-level keys", async () => {
    const result = await read({
      disableAllHooks: true,
      model: "x",
      env: { A: "1" },
      hooks: { Stop: [{ hooks: [{ type: "command", command: "x" }] }] },
    });
    expect(result.disableAllHooks).toBe(true);
    expect(result.issues).toEqual([]);
    expect(result.handlers).toHaveLength(1);
  });

  it("tolerates a byte-order mark and carries plugin folders onto handlers", async () => {
    const handler = { type: "command", command: "$CLAUDE_PLUGIN_ROOT/f.sh", args: [] };
    const hooks = { PostToolUse: [{ matcher: "Write|Edit", hooks: [handler] }] };
    const result = await read(`\uFEFF${JSON.stringify({ description: "fmt", hooks })}`, {
      scope: "plugin",
      pluginRoot: "/plugins/fmt",
      pluginData: "/plugins/data/fmt",
    });
    expect(result.issues).toEqual([]);
    expect(result.handlers[0]).toMatchObject({
      scope: "plugin",
      pluginRoot: "/plugins/fmt",
      pluginData: "/plugins/data/fmt",
    });
  });

  it("reports structural errors at the level they occur", async () => {
    const result = await read({ hooks: { PreToolUse: { matcher: "Bash" }, Stop: ["x", { hooks: "nope" }] } });
    expect(result.handlers).toEqual([]);
    expect(text(result)).toMatchInlineSnapshot(`
      "✖ Invalid PreToolUse: expected an array of matcher groups like [{"matcher": "Bash", "hooks": [...]}], got an object.
        → at hooks.PreToolUse (settings.json)
      ✖ Invalid matcher group: expected an object like {"matcher": "Bash", "hooks": [...]}, got "x".
        → at hooks.Stop[0] (settings.json)
      ✖ Invalid hooks: expected an array of handlers like [{"type": "command", "command": "..."}], got "nope".
        → at hooks.Stop[1].hooks (settings.json)"
    `);
  });

  it("rejects a top level that is not an object", async () => {
    expect(text(await read("[1, 2]"))).toMatchInlineSnapshot(`
      "✖ Expected a JSON object at the top level, got an array.
        → in settings.json"
    `);
  });
});

describe("readSettingsFile on untrusted files", () => {
  it("refuses a settings file linked to /dev/zero without reading it", async () => {
    const { symlink } = await import("node:fs/promises");
    const file = join(cwd, "settings.json");
    await symlink("/dev/zero", file);
    const result = await readSettingsFile({ file, scope: "project", dialect: "claude" });
    expect(result.handlers).toEqual([]);
    expect(formatIssues(result.issues, { cwd })).toMatchInlineSnapshot(`
      "✖ The settings file is a character device; only regular files of at most 1048576 bytes are read, so it was not.
        → in settings.json"
    `);
  });

  it("refuses a FIFO without waiting for a writer", async () => {
    const { execFileSync } = await import("node:child_process");
    const file = join(cwd, "settings.json");
    execFileSync("mkfifo", [file]);
    const result = await readSettingsFile({ file, scope: "project", dialect: "claude" });
    expect(result.issues.map((issue) => [issue.code, issue.message])).toEqual([
      [
        "SETTINGS_REFUSED",
        "The settings file is a FIFO; only regular files of at most 1048576 bytes are read, so it was not.",
      ],
    ]);
  });

  it("refuses a settings file over the size cap", async () => {
    const result = await read(`{"hooks": {}, "pad": "${"x".repeat(MAX_SETTINGS_BYTES)}"}`);
    expect(result.issues[0]?.code).toBe("SETTINGS_REFUSED");
    expect(result.issues[0]?.message).toMatch(/^The settings file is \d+ bytes, over the limit of 1048576;/);
  });
});
