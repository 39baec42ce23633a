// Fault suite for command settings hooks: real scripts that crash, hang, flood, or answer nonsense.
import { chmodSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { LoadedHook } from "@hookwire/core";
import { createSettingsHooks, readSettingsFile } from "@hookwire/settings-hooks";
import { ToolBlockedError } from "@hookwire/tool-wrapper";
import { afterAll, describe, expect, it } from "vitest";
import { createHost, rejectionOf, type TestHost, TOOL_OUTPUT, textOf } from "../support/host.js";
import { leftoversAfterSettle, recordedGroups } from "../support/process-table.js";
import { tempDir } from "../support/temp-dir.js";

const project = tempDir("command-faults");
afterAll(() => project.remove());

/** block: the tool call is refused; error: non-blocking HookError; context: reason shown with the result; ok: nothing fails. */
type Outcome = "block" | "error" | "context" | "ok";

interface CommandFault {
  name: string;
  /** Shell after the prologue; `$EV` holds the settings event name read from stdin. */
  body: string;
  readsStdin?: boolean;
  timeout?: number;
  pre: Outcome;
  post: Outcome;
  session: Outcome;
  /** Text the block reason, the error or the context must contain. */
  text?: string;
  /** Text a HOOK_OUTPUT_IGNORED warning must contain. */
  warning?: string;
  /** Tool input that makes the event JSON large. */
  bigInput?: boolean;
}

const FAULTS: CommandFault[] = [
  {
    name: "exit-1",
    body: 'echo "exit one: the linter crashed" >&2; exit 1',
    pre: "error",
    post: "error",
    session: "error",
    text: "exited with code 1: exit one: the linter crashed",
  },
  {
    name: "exit-2",
    body: 'echo "blocked by exit two" >&2; echo \'{"ignored": "stdout of exit 2"}\'; exit 2',
    pre: "block",
    post: "context",
    session: "error",
    text: "blocked by exit two",
  },
  {
    name: "exit-127",
    body: "definitely-not-a-command-hookwire",
    pre: "error",
    post: "error",
    session: "error",
    text: "exited with code 127",
  },
  {
    name: "sigkill",
    body: "kill -KILL $$",
    pre: "error",
    post: "error",
    session: "error",
    text: "killed by SIGKILL",
  },
  {
    name: "sigsegv",
    // A real segmentation fault (a null read), not a signal sent from outside.
    body: 'ulimit -c 0; exec python3 -c "import ctypes; ctypes.string_at(0)"',
    pre: "error",
    post: "error",
    session: "error",
    text: "killed by SIGSEGV",
  },
  {
    name: "ignores-sigterm",
    body: "trap '' TERM; sleep 1000",
    timeout: 1,
    pre: "error",
    post: "error",
    session: "error",
    text: "timed out after 1 s and was killed",
  },
  { name: "grandchild-holds-stdout", body: "sleep 1000 & echo '{}'", pre: "ok", post: "ok", session: "ok" },
  {
    name: "flood-100mb",
    body: "head -c 104857600 /dev/zero | tr '\\000' x",
    timeout: 10,
    pre: "ok",
    post: "ok",
    session: "ok",
    warning: "output too large (stdout: 103809024 bytes past the 1 MiB limit were discarded)",
  },
  {
    name: "invalid-utf8",
    body: "printf '\\377\\376 not utf-8 \\300\\200\\n'",
    pre: "ok",
    post: "ok",
    session: "ok",
  },
  {
    name: "two-json-objects",
    body: 'echo \'{"decision":"block","reason":"first"}\'; echo \'{"decision":"block","reason":"second"}\'',
    // Output that looks like JSON and does not parse is the hook's failure (issue 36), not a silent plain text.
    pre: "error",
    post: "error",
    session: "error",
    text: "looks like JSON but is not a JSON object",
  },
  {
    name: "wrong-types",
    body: 'echo \'{"continue":"yes","systemMessage":7,"hookSpecificOutput":{"hookEventName":"\'"$EV"\'","permissionDecision":"maybe","additionalContext":42}}\'',
    pre: "ok",
    post: "ok",
    session: "ok",
    warning: 'output field "continue" must be true or false, got "yes"; the field was ignored.',
  },
  {
    name: "profile-noise",
    body: 'echo "Welcome to the shell profile"; echo "motd: be nice"; echo \'{"hookSpecificOutput":{"hookEventName":"\'"$EV"\'","additionalContext":"parsed after the noise"}}\'',
    pre: "context",
    post: "context",
    session: "context",
    text: "parsed after the noise",
    warning: "ignored 2 line(s) of text printed before the JSON output",
  },
  {
    name: "reads-no-stdin",
    body: "exit 0",
    readsStdin: false,
    bigInput: true,
    pre: "ok",
    post: "ok",
    session: "ok",
  },
];

function writeFault(fault: CommandFault): { settings: string; marker: string; pidFile: string } {
  const marker = `hookwire-fault-${fault.name}-${process.pid}`;
  const pidFile = path.join(project.dir, `${marker}.pids`);
  const script = path.join(project.dir, `${fault.name}.sh`);
  const prologue =
    fault.readsStdin === false
      ? ""
      : `input=$(cat)
case "$input" in
  *'"hook_event_name":"PreToolUse"'*) EV=PreToolUse ;;
  *'"hook_event_name":"PostToolUse"'*) EV=PostToolUse ;;
  *) EV=SessionStart ;;
esac
`;
  writeFileSync(script, `#!/bin/sh\necho $$ >> '${pidFile}'\n${prologue}${fault.body}\n`);
  chmodSync(script, 0o755);
  const handler = { type: "command", command: script, args: [marker], timeout: fault.timeout ?? 2 };
  const settings = path.join(project.dir, `settings-${fault.name}.json`);
  writeFileSync(
    settings,
    JSON.stringify({
      hooks: {
        PreToolUse: [{ matcher: "fault_pre", hooks: [handler] }],
        PostToolUse: [{ matcher: "fault_post", hooks: [handler] }],
        SessionStart: [{ hooks: [handler] }],
      },
    }),
  );
  return { settings, marker, pidFile };
}

async function settingsHook(file: string): Promise<LoadedHook> {
  const read = await readSettingsFile({ file, scope: "project", dialect: "claude" });
  expect(read.issues).toEqual([]);
  return createSettingsHooks(read.handlers, {
    cwd: project.dir,
    outputDir: path.join(project.dir, "output"),
  });
}

/** Failures other than "some output was ignored". */
const failures = (host: TestHost) => host.errors.filter((e) => e.code !== "HOOK_OUTPUT_IGNORED");
const warnings = (host: TestHost) => host.errors.filter((e) => e.code === "HOOK_OUTPUT_IGNORED");
const MEMORY_CAP_BYTES = 96 * 1024 * 1024;

describe.each(FAULTS)("a command hook that $name", (fault) => {
  it("gets its documented outcome on tool_call, tool_result and session_start, leaves no process, and the next call works", async () => {
    const { settings, marker, pidFile } = writeFault(fault);
    const hook = await settingsHook(settings);
    const host = createHost([hook], { cwd: project.dir });
    const file = path.basename(settings);
    const handlerPath = (event: string) => `${file}#hooks.${event}[0].hooks[0]`;
    const input = fault.bigInput ? { command: `echo ${"y".repeat(2_000_000)}` } : { command: "ls" };
    const rssBefore = process.memoryUsage().rss;
    const noLeftovers = async () =>
      expect(await leftoversAfterSettle(marker, recordedGroups(pidFile))).toEqual([]);
    const checkFailure = (event: string, expected: Outcome) => {
      const found = failures(host).filter((e) => e.event === event);
      if (expected !== "error") return expect(found).toEqual([]);
      expect(found.map((e) => e.hookPath)).toEqual([handlerPath(event)]);
      expect(found[0]!.message).toContain(fault.text);
    };
    const checkWarning = (event: string) => {
      if (!fault.warning) return;
      const found = warnings(host).filter((e) => e.event === event);
      expect(new Set(found.map((e) => e.hookPath))).toEqual(new Set([handlerPath(event)]));
      expect(found.map((e) => e.message).join("\n")).toContain(fault.warning);
    };

    // tool_call → PreToolUse
    const pre = host.tool("fault_pre").execute("call-pre", input);
    if (fault.pre === "block") {
      const error = await rejectionOf(pre);
      expect(error).toBeInstanceOf(ToolBlockedError);
      expect((error as ToolBlockedError).reason).toContain(fault.text);
      expect((error as ToolBlockedError).hookPath).toBe(handlerPath("PreToolUse"));
      expect(host.runs).toEqual([]);
    } else {
      const result = await pre;
      expect(host.runs.map((r) => r[1])).toEqual(["call-pre"]);
      if (fault.pre === "context") expect(textOf(result)).toContain(fault.text);
    }
    checkFailure("PreToolUse", fault.pre);
    checkWarning("PreToolUse");
    await noLeftovers();

    // tool_result → PostToolUse
    const post = await host.tool("fault_post").execute("call-post", input);
    expect(textOf(post)).toContain(TOOL_OUTPUT);
    if (fault.post === "context") expect(textOf(post)).toContain(fault.text);
    checkFailure("PostToolUse", fault.post);
    checkWarning("PostToolUse");
    await noLeftovers();

    // session_start → SessionStart
    await host.runner.emit({ type: "session_start" });
    checkFailure("SessionStart", fault.session);
    checkWarning("SessionStart");
    if (fault.session === "context") {
      expect(host.messages.map((m) => m.message.content).join("\n")).toContain(fault.text);
    }
    await noLeftovers();
    expect(recordedGroups(pidFile)).toHaveLength(3);

    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(MEMORY_CAP_BYTES);
    const next = await host.tool("next").execute("call-next", { command: "ls" });
    expect(textOf(next)).toContain(TOOL_OUTPUT);
  });
});
