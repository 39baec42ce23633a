// Where Cursor hooks come from: project and user hooks.json, trust, several hooks per event, Claude Code files.
import type { CursorCase } from "../src/case.js";
import { claude, cursor, DOCS, NOT_RAN, RAN, shellRan } from "./helpers.js";

const deny = { stdout: { permission: "deny", agent_message: "AGENT_MARK" } };

export const locationCases: CursorCase[] = [
  {
    id: "user-hooks",
    about: "~/.cursor/hooks.json runs; its relative command resolves against ~/.cursor",
    source: `${DOCS.hooks}: user hooks in ~/.cursor/hooks.json, commands relative to it (./hooks/x.sh)`,
    hookFiles: { "home/.cursor/hooks.json": cursor({ beforeShellExecution: [{ run: "h" }] }) },
    scripts: { h: { ...deny, shell: `pwd > '@P@/pwd.txt'` } },
    calls: [shellRan],
    observeFiles: ["ran.txt", "pwd.txt"],
    expect: { files: { ...NOT_RAN, "pwd.txt": "<root>/home/.cursor\n" } },
  },
  {
    id: "project-cwd",
    about: "project hooks run from the project root (commands like .cursor/hooks/x.sh)",
    source: `${DOCS.hooks}: project hooks run from the project root`,
    hookFiles: { "project/.cursor/hooks.json": cursor({ beforeShellExecution: [{ run: "h" }] }) },
    scripts: { h: { shell: `pwd > '@P@/pwd.txt'; printf '%s\\n' "$CURSOR_PROJECT_DIR" > '@P@/env.txt'` } },
    calls: [shellRan],
    observeFiles: ["ran.txt", "pwd.txt", "env.txt"],
    expect: { files: { ...RAN, "pwd.txt": "<root>/project\n", "env.txt": "<root>/project\n" } },
  },
  {
    id: "untrusted-project",
    about: "an untrusted workspace runs no project hooks; user hooks still run",
    source: `${DOCS.hooks}: project hooks run only in a trusted workspace`,
    hookFiles: {
      "project/.cursor/hooks.json": cursor({ beforeShellExecution: [{ run: "project" }] }),
      "home/.cursor/hooks.json": cursor({ beforeShellExecution: [{ run: "user" }] }),
    },
    scripts: { project: deny, user: {} },
    calls: [shellRan],
    trusted: false,
    observeFiles: ["ran.txt"],
    expect: { files: RAN, hooks: { project: [], user: [{ hook_event_name: "beforeShellExecution" }] } },
  },
  {
    id: "several-hooks-all-run",
    about: "every hook of an event runs (project and user); a deny from any of them wins",
    source: `${DOCS.hooks}: all hooks from every source run; the most restrictive answer wins`,
    hookFiles: {
      "project/.cursor/hooks.json": cursor({ beforeShellExecution: [{ run: "a" }, { run: "b" }] }),
      "home/.cursor/hooks.json": cursor({ beforeShellExecution: [{ run: "c" }] }),
    },
    scripts: { a: { stdout: { permission: "allow" } }, b: deny, c: { stdout: { permission: "allow" } } },
    calls: [shellRan],
    observeFiles: ["ran.txt"],
    expect: { files: NOT_RAN, hooks: { a: [{}], b: [{}], c: [{}] } },
  },
  {
    id: "bad-version",
    about: "a hooks.json whose version is not 1 is refused (reported), its hooks do not run",
    source: `${DOCS.hooks}: "version": 1 is the schema version; decision: another version is an error, not a guess`,
    hookFiles: {
      "project/.cursor/hooks.json": {
        format: "cursor",
        version: 2,
        hooks: { beforeShellExecution: [{ run: "h" }] },
      },
    },
    scripts: { h: deny },
    calls: [shellRan],
    observeFiles: ["ran.txt"],
    expect: { files: RAN, hooks: { h: [] } },
  },
  {
    id: "claude-and-cursor",
    about: "a project with .cursor/hooks.json and .claude/settings.json: each runs once, in its own protocol",
    source: `${DOCS.thirdParty}: all matching hooks from every source run; decision: each file once, by its own dialect`,
    hookFiles: {
      "project/.cursor/hooks.json": cursor({ beforeShellExecution: [{ run: "cur" }] }),
      "project/.claude/settings.json": claude({ PreToolUse: [{ matcher: "Bash", hooks: [{ run: "cc" }] }] }),
    },
    scripts: {
      cur: { stdout: { permission: "allow" } },
      cc: {
        stdout: { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "CLAUDE_MARK" } },
      },
    },
    calls: [shellRan],
    markers: ["CLAUDE_MARK"],
    observeFiles: ["ran.txt"],
    expect: {
      files: RAN,
      markers: { CLAUDE_MARK: true },
      hooks: {
        cur: [
          {
            hook_event_name: "beforeShellExecution",
            command: "echo ran > ran.txt",
            workspace_roots: ["<root>/project"],
          },
        ],
        cc: [
          {
            hook_event_name: "PreToolUse",
            tool_name: "Bash",
            tool_input: { command: "echo ran > ran.txt" },
            session_id: "<string>",
          },
        ],
      },
    },
  },
  {
    id: "claude-allows-cursor-denies",
    about:
      "a Claude hook's allow does not undo a Cursor hook's deny of the same call (and the other way round)",
    source: `${DOCS.thirdParty}: higher-priority sources win conflicts; decision: the most restrictive answer wins, whatever the file`,
    hookFiles: {
      "project/.cursor/hooks.json": cursor({ beforeShellExecution: [{ run: "cur" }] }),
      "project/.claude/settings.json": claude({ PreToolUse: [{ matcher: "Bash", hooks: [{ run: "cc" }] }] }),
    },
    scripts: {
      cur: { stdout: { permission: "deny", agent_message: "AGENT_MARK" } },
      cc: { stdout: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } } },
    },
    calls: [shellRan],
    markers: ["AGENT_MARK"],
    observeFiles: ["ran.txt"],
    expect: { files: NOT_RAN, markers: { AGENT_MARK: true }, hooks: { cc: [{}], cur: [{}] } },
  },
  {
    id: "claude-only",
    about:
      "a Cursor project with only .claude/settings.json: its hooks run with Claude's input and exit codes",
    source: `${DOCS.thirdParty}: Claude Code hooks are loaded from .claude/settings{,.local}.json and ~/.claude/settings.json`,
    hookFiles: {
      "project/.claude/settings.json": claude({ PreToolUse: [{ matcher: "Bash", hooks: [{ run: "cc" }] }] }),
    },
    scripts: { cc: { exit: 1 } },
    calls: [shellRan],
    observeFiles: ["ran.txt"],
    expect: { files: RAN, hooks: { cc: [{ hook_event_name: "PreToolUse", tool_name: "Bash" }] } },
  },
];
