// What post-tool hooks receive when a tool's output is large: Bash's cut stdout and the file that holds all of it.
import type { ConformanceCase } from "../src/case.js";

/** Shell: lines `line 000001`… (12 bytes each, 2.4 MB in all), cut to `bytes` by `head -c`. */
const lines = (bytes: number) =>
  `awk 'BEGIN{for(i=1;i<=200000;i++) printf "line %06d\\n", i}' | head -c ${bytes}`;

/** Shell: `text` (awk escapes) printed `times` times. */
const repeat = (text: string, times: number) => `awk 'BEGIN{for(i=0;i<${times};i++) printf "${text}"}'`;

/**
 * Shell: what the hook found at `persistedOutputPath` when it ran, into `saved.txt`: whether the file is
 * there, its size and `persistedOutputSize`, its first and last line. The last line is read without its
 * newline: Claude Code's file keeps a final newline a host's tool text has lost (hookwire gets the text).
 */
const inspect = [
  `p=$(printf '%s' "$input" | sed -n 's/.*"persistedOutputPath":"\\([^"]*\\)".*/\\1/p')`,
  `s=$(printf '%s' "$input" | sed -n 's/.*"persistedOutputSize":\\([0-9]*\\).*/\\1/p')`,
  `{ if [ -f "$p" ]; then echo exists; wc -c < "$p" | tr -d ' '; echo "size $s"; head -n1 "$p" | cut -c1-40; echo "$(tail -n1 "$p" | cut -c1-40)"; case "$p" in */tool-results/*.txt) echo in-tool-results;; esac; else echo "no file ($p) size $s"; fi; } > "$CLAUDE_PROJECT_DIR/saved.txt" 2>&1`,
].join("; ");

const postBash = (id: string, about: string, command: string): ConformanceCase => ({
  id,
  about,
  settings: { hooks: { PostToolUse: [{ matcher: "Bash", hooks: [{ run: "h" }] }] } },
  scripts: { h: { shell: inspect } },
  calls: [{ tool: "Bash", input: { command } }],
  observe: { files: ["saved.txt"] },
});

/** A file of `n` lines `read line 00000`… (16 bytes each). */
const readLines = (n: number) =>
  Array.from({ length: n }, (_, i) => `read line ${String(i).padStart(5, "0")}\n`).join("");

export const largeOutputCases: ConformanceCase[] = [
  postBash(
    "large-post-bash-31k",
    "PostToolUse for a 31,000-byte Bash output: stdout cut to 30,000 bytes, the whole output in the file it names",
    lines(31_000),
  ),
  postBash(
    "large-post-bash-1m",
    "PostToolUse for a 1 MB Bash output: stdout cut to 30,000 bytes, the whole megabyte in the file it names",
    lines(1_000_000),
  ),
  postBash(
    "large-post-bash-at-limit",
    "PostToolUse for a Bash output of exactly 30,000 bytes: whole, no file",
    lines(30_000),
  ),
  postBash(
    "large-post-bash-limit-plus-one",
    "PostToolUse for a Bash output of 30,001 bytes: cut, and saved",
    lines(30_001),
  ),
  postBash(
    "large-post-bash-two-byte",
    "PostToolUse for 20,000 'é' (40,000 bytes, 20,000 characters): the limit counts bytes",
    repeat("\\303\\251", 20_000),
  ),
  postBash(
    "large-post-bash-torn-character",
    "PostToolUse for 'é€😀' repeated: the 30,000-byte cut falls inside '€'",
    repeat("é€😀", 12_000),
  ),
  postBash(
    "large-post-bash-blank-lines",
    "PostToolUse for a large output starting with blank lines and cut inside spaces: the cut part is trimmed",
    `printf '\\n\\n  \\n'; ${repeat("a", 29_985)}; ${repeat(" ", 20)}; ${repeat("b", 100)}`,
  ),
  {
    id: "large-post-bash-transcript-same-file",
    about:
      "a 100,000-byte Bash output: the transcript's line names the file PostToolUse was handed, and the folder holds that one",
    settings: {
      hooks: {
        PostToolUse: [{ matcher: "Bash", hooks: [{ run: "post" }] }],
        Stop: [{ hooks: [{ run: "stop" }] }],
      },
    },
    scripts: {
      post: {
        shell: `printf '%s' "$input" | sed -n 's/.*"persistedOutputPath":"\\([^"]*\\)".*/\\1/p' > "$CLAUDE_PROJECT_DIR/post-path.txt"`,
      },
      stop: {
        shell: `tp=$(printf '%s' "$input" | sed -n 's/.*"transcript_path":"\\([^"]*\\)".*/\\1/p'); f=$(grep -o '"persistedOutputPath":"[^"]*"' "$tp" | head -n1 | cut -d'"' -f4); { if [ "$f" = "$(cat "$CLAUDE_PROJECT_DIR/post-path.txt")" ]; then echo same; else echo "different: $f"; fi; ls "$(dirname "$f")" | wc -l | tr -d ' '; } > "$CLAUDE_PROJECT_DIR/same.txt"`,
      },
    },
    calls: [{ tool: "Bash", input: { command: lines(100_000) } }],
    observe: { files: ["same.txt"] },
  },
  {
    id: "large-post-failure-bash",
    about: "PostToolUseFailure for a 1 MB output of a failing Bash: error keeps 5,000 characters at each end",
    settings: { hooks: { PostToolUseFailure: [{ matcher: "Bash", hooks: [{ run: "h" }] }] } },
    scripts: {
      h: {
        // The error's length (JSON-escaped) and its cut mark without the count: Claude Code counts the
        // characters cut from `Exit code 3\n` plus 30,000 bytes of output, hookwire from the host's 30,000 bytes.
        shell: `e=$(printf '%s' "$input" | sed -n 's/.*"error":"\\([^"]*\\)".*/\\1/p'); { printf '%s' "$e" | wc -c | tr -d ' '; printf '%s' "$e" | grep -o '\\.\\.\\. \\[[0-9]* characters truncated\\] \\.\\.\\.' | sed 's/[0-9][0-9]*/N/'; printf '%s' "$e" | cut -c1-20; } > "$CLAUDE_PROJECT_DIR/error.txt"`,
      },
    },
    calls: [{ tool: "Bash", input: { command: `${repeat("c", 1_000_000)}; exit 3` } }],
    observe: { files: ["error.txt"] },
  },
  {
    id: "large-post-failure-bash-11k",
    about: "PostToolUseFailure for a failing Bash with 11,012 characters of output: error whole up to 11,024",
    settings: { hooks: { PostToolUseFailure: [{ matcher: "Bash", hooks: [{ run: "h" }] }] } },
    scripts: {
      h: {
        shell: `e=$(printf '%s' "$input" | sed -n 's/.*"error":"\\([^"]*\\)".*/\\1/p'); printf '%s' "$e" | wc -c | tr -d ' ' > "$CLAUDE_PROJECT_DIR/error.txt"`,
      },
    },
    calls: [{ tool: "Bash", input: { command: `${repeat("c", 11_012)}; exit 3` } }],
    observe: { files: ["error.txt"] },
  },
  {
    id: "large-post-read-60k",
    about: "PostToolUse for a Read of 60,000 characters: tool_response whole, no file",
    settings: { hooks: { PostToolUse: [{ matcher: "Read", hooks: [{ run: "h" }] }] } },
    scripts: { h: { shell: inspect } },
    files: { "big.txt": readLines(3_750) },
    calls: [{ tool: "Read", input: { file_path: "@P@/big.txt" } }],
    observe: { files: ["saved.txt"] },
  },
];
