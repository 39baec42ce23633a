// What Claude Code gives hooks beyond stdin: CLAUDE_ENV_FILE (SessionStart only), whose exports reach later Bash calls.
import type { ConformanceCase } from "../src/case.js";
import { bashRan, hook, hooks, specific } from "./helpers.js";

const envProbe = (name: string) =>
  `printf '%s\\n' "\${CLAUDE_ENV_FILE:+set}" > "$CLAUDE_PROJECT_DIR/${name}.env"`;

export const sessionCases: ConformanceCase[] = [
  {
    id: "env-file-events",
    about: "which events get CLAUDE_ENV_FILE",
    settings: {
      hooks: hooks(
        hook("SessionStart", "start"),
        hook("UserPromptSubmit", "prompt"),
        hook("PreToolUse", "pre", { matcher: "*" }),
        hook("PostToolUse", "post", { matcher: "*" }),
        hook("Stop", "stop"),
      ),
    },
    scripts: {
      start: { shell: envProbe("start") },
      prompt: { shell: envProbe("prompt") },
      pre: { shell: envProbe("pre") },
      post: { shell: envProbe("post") },
      stop: { shell: envProbe("stop") },
    },
    calls: [bashRan],
    observe: { files: ["start.env", "prompt.env", "pre.env", "post.env", "stop.env"] },
  },
  {
    id: "env-file-export-reaches-bash",
    about: "a SessionStart hook's export in CLAUDE_ENV_FILE reaches a later Bash call",
    settings: { hooks: hook("SessionStart", "start") },
    scripts: { start: { shell: `echo 'export GREETING="hello there"' >> "$CLAUDE_ENV_FILE"` } },
    calls: [{ tool: "Bash", input: { command: 'echo "$GREETING" > ran.txt' } }],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "env-file-two-hooks",
    about: "two SessionStart hooks each get their own file; both apply",
    settings: { hooks: { SessionStart: [{ hooks: [{ run: "a" }, { run: "b" }] }] } },
    scripts: {
      a: { shell: `echo 'export ONE=1' >> "$CLAUDE_ENV_FILE"` },
      b: { shell: `echo 'export TWO=2' >> "$CLAUDE_ENV_FILE"` },
    },
    calls: [{ tool: "Bash", input: { command: 'echo "$ONE$TWO" > ran.txt' } }],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "env-file-set-u",
    about: "a SessionStart script under set -u that writes CLAUDE_ENV_FILE still delivers its context",
    settings: { hooks: hook("SessionStart", "start") },
    scripts: {
      start: {
        shell: `set -u; echo "export STARTED=yes" >> "$CLAUDE_ENV_FILE"`,
        stdout: specific("SessionStart", { additionalContext: "CTX_MARK" }),
      },
    },
    calls: [{ tool: "Bash", input: { command: 'echo "$STARTED" > ran.txt' } }],
    observe: { files: ["ran.txt"], markers: ["CTX_MARK"] },
  },
];
