// Where hooks come from and what turns them off: user vs project settings, hooksConfig, trust, unknown names.
import type { GeminiCase } from "../src/case.js";
import { hook, shellRan } from "./helpers.js";

const tool = "run_shell_command";
const block = (name: string) => ({ exit: 2, stderr: `BLOCK_${name}` });

export const settingsCases: GeminiCase[] = [
  {
    id: "settings-user",
    about: "a hook in the user settings runs",
    user: { hooks: hook("BeforeTool", "u", { matcher: tool }) },
    scripts: { u: block("U") },
    calls: [shellRan],
    observe: { files: ["ran.txt"], markers: ["BLOCK_U"] },
  },
  {
    id: "settings-user-and-project",
    about: "user and project hooks both run (project first)",
    user: { hooks: hook("BeforeTool", "u", { matcher: tool }) },
    project: { hooks: hook("BeforeTool", "p", { matcher: tool }) },
    scripts: { u: {}, p: {} },
    calls: [shellRan],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "settings-disabled-user",
    about: "hooksConfig.enabled false in the user settings turns every hook off",
    user: { hooksConfig: { enabled: false } },
    project: { hooks: hook("BeforeTool", "p", { matcher: tool }) },
    scripts: { p: block("P") },
    calls: [shellRan],
    observe: { files: ["ran.txt"], markers: ["BLOCK_P"] },
  },
  {
    id: "settings-disabled-project",
    about: "hooksConfig.enabled false in the project settings",
    project: { hooksConfig: { enabled: false }, hooks: hook("BeforeTool", "p", { matcher: tool }) },
    scripts: { p: block("P") },
    calls: [shellRan],
    observe: { files: ["ran.txt"], markers: ["BLOCK_P"] },
  },
  {
    id: "settings-disabled-list-name",
    about: "hooksConfig.disabled names a hook by its name: that hook does not run, the other does",
    user: { hooksConfig: { disabled: ["guard"] } },
    project: {
      hooks: {
        BeforeTool: [
          {
            matcher: tool,
            hooks: [
              { run: "a", name: "guard" },
              { run: "b", name: "audit" },
            ],
          },
        ],
      },
    },
    scripts: { a: block("A"), b: {} },
    calls: [shellRan],
    observe: { files: ["ran.txt"], markers: ["BLOCK_A"] },
  },
  {
    id: "settings-disabled-list-project",
    about: "hooksConfig.disabled in the project settings",
    project: {
      hooksConfig: { disabled: ["guard"] },
      hooks: { BeforeTool: [{ matcher: tool, hooks: [{ run: "a", name: "guard" }] }] },
    },
    scripts: { a: block("A") },
    calls: [shellRan],
    observe: { files: ["ran.txt"], markers: ["BLOCK_A"] },
  },
  {
    id: "settings-untrusted",
    about: "an untrusted folder (--skip-trust): project hooks do not run, user hooks do",
    trusted: false,
    user: { hooks: hook("BeforeTool", "u", { matcher: tool }) },
    project: { hooks: hook("BeforeTool", "p", { matcher: tool }) },
    scripts: { u: {}, p: block("P") },
    calls: [shellRan],
    observe: { files: ["ran.txt"], markers: ["BLOCK_P"] },
  },
  {
    id: "settings-claude-event-name",
    about: "a Claude Code event name (PreToolUse) in Gemini settings is not an event: nothing runs",
    project: { hooks: hook("PreToolUse", "p", { matcher: tool }) },
    scripts: { p: block("P") },
    calls: [shellRan],
    observe: { files: ["ran.txt"], markers: ["BLOCK_P"] },
  },
  {
    id: "settings-no-type",
    about: "a handler without type is discarded, its neighbour runs",
    project: {
      hooks: {
        BeforeTool: [{ matcher: tool, hooks: [{ run: "a", type: undefined } as never, { run: "b" }] }],
      },
    },
    scripts: { a: block("A"), b: {} },
    calls: [shellRan],
    observe: { files: ["ran.txt"], markers: ["BLOCK_A"] },
  },
];
