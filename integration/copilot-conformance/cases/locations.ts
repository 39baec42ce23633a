// Where Copilot CLI finds hooks: several files in .github/hooks, ~/.copilot/hooks, trust, Claude-format files.
import type { CopilotCase } from "../src/case.js";
import { bashRan, claude, native, ranFile } from "./helpers.js";

const log = {};
const deny = { stdout: { permissionDecision: "deny", permissionDecisionReason: "REASON_MARK" } };
const markers = ["REASON_MARK"];

export const locationCases: CopilotCase[] = [
  {
    id: "files-several",
    about: "two files in .github/hooks: both run on preToolUse",
    hookFiles: {
      "project/.github/hooks/b.json": native({ preToolUse: [{ run: "b" }] }),
      "project/.github/hooks/a.json": native({ preToolUse: [{ run: "a" }] }),
    },
    scripts: { a: { shell: `echo a > '@P@/a.txt'` }, b: { shell: `echo b > '@P@/b.txt'` } },
    calls: [bashRan],
    observe: { files: ["ran.txt", "a.txt", "b.txt"] },
  },
  {
    id: "files-two-handlers",
    about: "two handlers of one event in one file: both run, in order; a later allow does not undo a deny",
    hookFiles: { "project/.github/hooks/guard.json": native({ preToolUse: [{ run: "d" }, { run: "a" }] }) },
    scripts: {
      d: { ...deny, shell: `echo d >> '@P@/order.txt'` },
      a: { stdout: { permissionDecision: "allow" }, shell: `echo a >> '@P@/order.txt'` },
    },
    calls: [bashRan],
    observe: { files: ["ran.txt", "order.txt"], markers },
  },
  {
    id: "user-hooks",
    about: "~/.copilot/hooks/*.json runs, before or beside the project's",
    hookFiles: {
      "home/.copilot/hooks/user.json": native({ preToolUse: [{ run: "user" }] }),
      "project/.github/hooks/guard.json": native({ preToolUse: [{ run: "project" }] }),
    },
    scripts: {
      user: { ...deny, shell: `echo user >> '@P@/order.txt'` },
      project: { shell: `echo project >> '@P@/order.txt'` },
    },
    calls: [bashRan],
    observe: { files: ["ran.txt", "order.txt"], markers },
  },
  {
    id: "untrusted-project",
    about: "without folder trust, .github/hooks is ignored silently and the tool runs",
    hookFiles: { "project/.github/hooks/guard.json": native({ preToolUse: [{ run: "h" }] }) },
    scripts: { h: deny },
    calls: [bashRan],
    trusted: false,
    observe: { files: ranFile, markers },
  },
  {
    id: "untrusted-user-hooks",
    about: "without folder trust, user hooks still run",
    hookFiles: { "home/.copilot/hooks/user.json": native({ preToolUse: [{ run: "h" }] }) },
    scripts: { h: deny },
    calls: [bashRan],
    trusted: false,
    observe: { files: ranFile, markers },
  },
  {
    id: "file-bad-json",
    about: "a hook file that is not JSON is skipped; its neighbour still runs",
    hookFiles: {
      "project/.github/hooks/a-broken.json": { format: "raw", text: '{"version":1,"hooks":{' },
      "project/.github/hooks/b-good.json": native({ preToolUse: [{ run: "h" }] }),
    },
    scripts: { h: deny },
    calls: [bashRan],
    observe: { files: ranFile, markers },
  },
  {
    id: "file-no-version",
    about: 'a native file without "version"',
    hookFiles: {
      "project/.github/hooks/guard.json": {
        format: "raw",
        text: JSON.stringify({ hooks: { preToolUse: [{ type: "command", bash: "exit 2" }] } }),
      },
    },
    calls: [bashRan],
    observe: { files: ranFile },
  },
  {
    id: "file-not-json-extension",
    about: "a file in .github/hooks that does not end in .json is not read",
    hookFiles: { "project/.github/hooks/guard.txt": native({ preToolUse: [{ run: "h" }] }) },
    scripts: { h: deny },
    calls: [bashRan],
    observe: { files: ranFile, markers },
  },
  {
    id: "claude-settings",
    about:
      ".claude/settings.json (Claude format) runs: exit 2 on PreToolUse matcher Bash denies; Claude-shaped stdin",
    hookFiles: {
      "project/.claude/settings.json": claude({ PreToolUse: [{ matcher: "Bash", hooks: [{ run: "h" }] }] }),
    },
    scripts: { h: { exit: 2, stderr: "STDERR_MARK" } },
    calls: [bashRan],
    observe: { files: ranFile, markers: ["STDERR_MARK"] },
  },
  {
    id: "claude-format-github-hooks",
    about: "a Claude-format file in .github/hooks runs with Claude-shaped stdin; hookSpecificOutput deny",
    hookFiles: {
      "project/.github/hooks/claude.json": claude({
        PreToolUse: [{ matcher: "Bash", hooks: [{ run: "h" }] }],
        PostToolUse: [{ matcher: "Bash", hooks: [{ run: "post" }] }],
      }),
    },
    scripts: {
      h: {
        stdout: {
          hookSpecificOutput: {
            hookEventName: "PreToolUse",
            permissionDecision: "deny",
            permissionDecisionReason: "REASON_MARK",
          },
        },
      },
      post: log,
    },
    calls: [bashRan],
    observe: { files: ranFile, markers },
  },
  {
    id: "claude-matcher-miss",
    about: "a Claude-format matcher that names another tool does not run",
    hookFiles: {
      "project/.claude/settings.json": claude({ PreToolUse: [{ matcher: "Read", hooks: [{ run: "h" }] }] }),
    },
    scripts: { h: { exit: 2 } },
    calls: [bashRan],
    observe: { files: ranFile },
  },
  {
    id: "claude-exit-1",
    about: "a Claude-format PreToolUse hook that exits 1",
    hookFiles: {
      "project/.claude/settings.json": claude({ PreToolUse: [{ matcher: "Bash", hooks: [{ run: "h" }] }] }),
    },
    scripts: { h: { exit: 1, stderr: "STDERR_MARK" } },
    calls: [bashRan],
    observe: { files: ranFile, markers: ["STDERR_MARK"] },
  },
  {
    id: "claude-untrusted",
    about: "without folder trust, .claude/settings.json hooks do not run",
    hookFiles: {
      "project/.claude/settings.json": claude({ PreToolUse: [{ matcher: "Bash", hooks: [{ run: "h" }] }] }),
    },
    scripts: { h: { exit: 2 } },
    calls: [bashRan],
    trusted: false,
    observe: { files: ranFile },
  },
  {
    id: "claude-and-native",
    about: "a project with both .claude/settings.json and .github/hooks: both run",
    hookFiles: {
      "project/.claude/settings.json": claude({ PreToolUse: [{ matcher: "Bash", hooks: [{ run: "c" }] }] }),
      "project/.github/hooks/guard.json": native({ preToolUse: [{ run: "n" }] }),
    },
    scripts: { c: {}, n: {} },
    calls: [bashRan],
    observe: { files: ["ran.txt"] },
  },
];
