// What each event's hook receives on stdin (compared by shape and the values hooks branch on).
import type { ConformanceCase } from "../src/case.js";
import { bashRan, hook, hooks, ranFile } from "./helpers.js";

const EVENTS = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"];
const names = Object.fromEntries(EVENTS.map((event) => [event, event.toLowerCase()]));
const all = hooks(...EVENTS.map((event) => hook(event, names[event] as string)));
const logging = Object.fromEntries(EVENTS.map((event) => [names[event] as string, {}]));

export const stdinCases: ConformanceCase[] = [
  {
    id: "stdin-every-event",
    about: "one hook per event: the input of each",
    hooks: { project: all },
    scripts: logging,
    calls: [bashRan],
    observe: { files: ranFile },
  },
  {
    id: "stdin-no-tool",
    about: "a turn without tool calls: no tool hooks",
    hooks: { project: all },
    scripts: logging,
    calls: [],
    prompt: "just answer",
  },
  {
    id: "stdin-output",
    about: "PostToolUse gets the command's output as tool_response",
    hooks: { project: hook("PostToolUse", "h") },
    scripts: { h: {} },
    calls: [{ tool: "exec_command", input: { cmd: "echo OUT_MARK" } }],
  },
  {
    id: "stdin-failed-command",
    about: "a command that fails still runs PostToolUse",
    hooks: { project: hooks(hook("PreToolUse", "pre"), hook("PostToolUse", "post")) },
    scripts: { pre: {}, post: {} },
    calls: [{ tool: "exec_command", input: { cmd: "echo FAIL_MARK; exit 4" } }],
  },
  {
    id: "stdin-workdir",
    about: "a call with workdir: the tool input hooks see",
    hooks: { project: hook("PreToolUse", "h") },
    scripts: { h: {} },
    files: { "sub/.keep": "" },
    calls: [{ tool: "exec_command", input: { cmd: "echo ran > ran.txt", workdir: "@P@/sub" } }],
    observe: { files: ["ran.txt", "sub/ran.txt"] },
  },
  {
    id: "stdin-prompt-text",
    about: "UserPromptSubmit gets the prompt as typed",
    hooks: { project: hook("UserPromptSubmit", "h") },
    scripts: { h: {} },
    calls: [],
    prompt: "please list the files, then stop",
  },
  {
    id: "stdin-stop-active",
    about: "Stop after a block: stop_hook_active is true the second time",
    hooks: { project: hook("Stop", "h") },
    scripts: { h: { shell: '[ "$n" -gt 1 ] && exit 0', stdout: { decision: "block", reason: "again" } } },
    calls: [],
  },
];
