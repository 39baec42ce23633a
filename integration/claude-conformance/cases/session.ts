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

/** Shell: `$tp` is the transcript path from the hook's input. */
const tp = `tp=$(printf '%s' "$input" | sed -n 's/.*"transcript_path":"\\([^"]*\\)".*/\\1/p')`;
/** Shell: how many transcript lines match `pattern` (0 when the file does not exist yet). */
const count = (pattern: string, file: string) =>
  `${tp}; c=$(grep -c '${pattern}' "$tp" 2>/dev/null); printf '%s\\n' "\${c:-0}" >> "$CLAUDE_PROJECT_DIR/${file}"`;

export const transcriptCases: ConformanceCase[] = [
  {
    id: "transcript-current-before-each-hook",
    about: "what the transcript holds when each hook runs: prompt, tool_use, tool_result, the reply",
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
      start: {
        shell: `${tp}; if [ -e "$tp" ]; then echo yes; else echo no; fi > "$CLAUDE_PROJECT_DIR/start.txt"`,
      },
      prompt: { shell: count('"role":"user","content":"go"', "prompt.txt") },
      // Not the tool_use line: Claude Code writes it asynchronously, so at PreToolUse it is there or not.
      pre: { shell: count('"role":"user","content":"go"', "pre.txt") },
      post: {
        shell: `${count('"type":"tool_use"', "post.txt")}; ${count('"type":"tool_result"', "post.txt")}`,
      },
      stop: {
        shell: `${count('"type":"tool_result"', "stop.txt")}; ${count('"type":"text","text":"done"', "stop.txt")}`,
      },
    },
    calls: [bashRan],
    observe: { files: ["start.txt", "prompt.txt", "pre.txt", "post.txt", "stop.txt"] },
  },
  ...[
    {
      id: "transcript-stop-gate-tests-ran",
      about: "a Stop gate that finds the test run in the transcript lets it stop",
      command: "echo pytest-ran",
    },
    {
      id: "transcript-stop-gate-no-tests",
      about: "a Stop gate that finds no test run in the transcript re-prompts once",
      command: "echo other",
    },
  ].map(
    (c): ConformanceCase => ({
      id: c.id,
      about: c.about,
      settings: { hooks: hook("Stop", "gate") },
      scripts: {
        gate: {
          shell: `${tp}; case "$input" in *'"stop_hook_active":true'*) exit 0;; esac; grep -q '"name":"Bash"' "$tp" && grep -q 'pytest' "$tp" && exit 0`,
          stdout: { decision: "block", reason: "REASON_MARK run the tests first" },
        },
      },
      calls: [{ tool: "Bash", input: { command: c.command } }],
      observe: { markers: ["REASON_MARK"] },
    }),
  ),
  {
    id: "transcript-chat-logger",
    about: "a chat logger at Stop copies the prompt and the replies out of the transcript",
    settings: { hooks: hook("Stop", "log") },
    scripts: {
      log: {
        // The conversation lines only: Claude Code also writes attachment, request and queue lines.
        shell: `${tp}; grep -E '"type":"(user|assistant)"' "$tp" | grep -o '"role":"user","content":"[^"]*"\\|"type":"text","text":"[^"]*"' > "$CLAUDE_PROJECT_DIR/chat.txt"`,
      },
    },
    calls: [bashRan],
    observe: { files: ["chat.txt"] },
  },
  {
    id: "transcript-large-tool-result",
    about:
      "a Bash output over 30,000 characters: the transcript line previews it, the whole output is in the file it names",
    settings: { hooks: hook("Stop", "big") },
    scripts: {
      big: {
        // seq 1 8000 prints 38,893 characters: past Claude Code's Bash limit. Its saved file keeps the final
        // newline the model's text drops; a host's tool gives hookwire the text only, so the last line is read
        // without it.
        shell: `${tp}; f=$(grep -o '"persistedOutputPath":"[^"]*"' "$tp" | head -n1 | cut -d'"' -f4); { grep -c '"content":"<persisted-output>' "$tp"; head -n1 "$f"; echo "$(tail -n1 "$f")"; case "$f" in */tool-results/*.txt) echo in-tool-results;; esac; } > "$CLAUDE_PROJECT_DIR/big.txt" 2>&1`,
      },
    },
    calls: [{ tool: "Bash", input: { command: "seq 1 8000" } }],
    observe: { files: ["big.txt"] },
  },
  {
    id: "transcript-loop-plugin",
    about: "a loop plugin with a state file re-prompts until it has seen two replies in the transcript",
    settings: { hooks: hook("Stop", "loop") },
    scripts: {
      loop: {
        shell: `${tp}; replies=$(grep -c '"type":"text","text":"done"' "$tp"); [ "$replies" -ge 2 ] && exit 0; echo "$replies" >> "$CLAUDE_PROJECT_DIR/loop-state.txt"`,
        stdout: { decision: "block", reason: "REASON_MARK keep going" },
      },
    },
    calls: [],
    observe: { files: ["loop-state.txt"], markers: ["REASON_MARK"] },
  },
];
