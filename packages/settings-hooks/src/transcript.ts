// The session as a Claude Code transcript (JSONL), kept current before each hook runs, so hooks can read `transcript_path`.
import { randomUUID } from "node:crypto";
import {
  appendFileSync,
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { sha256 } from "@hookwire/core/internal";
import type { ToolTable } from "./dialect-kit/types.js";
import { claudeTools } from "./dialects/claude/tools.js";
import {
  cutBashOutput,
  cutErrorText,
  isBashResponse,
  overByteLimit,
  saveToolResult,
  TRANSCRIPT_LIMITS,
  type TranscriptLimits,
  toolResultsDir,
} from "./large-output.js";
import { defaultOutputDir } from "./protocol/output.js";

/**
 * `<XDG cache>/hookwire/transcripts/<project>`: per user, one folder per project (`projectFolderName`).
 */
export function defaultTranscriptDir(
  cwd: string,
  env: Record<string, string | undefined> = process.env,
): string {
  return path.join(path.dirname(defaultOutputDir(env)), "transcripts", projectFolderName(cwd));
}

/**
 * A project folder's name in per-user folders: readable as Claude Code names `~/.claude/projects/<project>` (every
 * character but letters and digits becomes `-`, cut to 48), then a hash of the folder's real path, so `/x/a-b`,
 * `/x/a/b` and `/x/a.b` never share a transcript or an env-file folder, and a link to a project is that project.
 */
export function projectFolderName(cwd: string): string {
  let real = path.resolve(cwd);
  try {
    real = realpathSync.native(real);
  } catch {
    // A folder that is gone keeps its own path's name.
  }
  const readable = real.replace(/[^A-Za-z0-9]/g, "-").slice(-48);
  return `${readable}-${sha256(real).slice(0, 16)}`;
}

/** Deferred lines kept before they are written anyway, so a session whose hooks rarely run holds little in memory. */
export const MAX_DEFERRED_LINES = 64;

export interface TranscriptOptions {
  file: string;
  sessionId: string;
  cwd: string;
  /** Default `TRANSCRIPT_LIMITS`. */
  limits?: Partial<TranscriptLimits>;
  /** The tool names, inputs and `tool_response` shapes its lines use. Default: Claude Code's, whose format this is. */
  tools?: ToolTable;
}

/** A size as Claude Code prints it: `512 bytes`, `30.3KB`, `1MB`, `1.9MB`. */
export function formatSize(bytes: number): string {
  const units = ["KB", "MB", "GB"];
  if (bytes < 1024) return `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1).replace(/\.0$/, "")}${units[unit]}`;
}

/** The first `chars` characters, cut back to the last line break when it is past half of them. */
function preview(text: string, chars: number): { preview: string; hasMore: boolean } {
  if (text.length <= chars) return { preview: text, hasMore: false };
  const lineBreak = text.slice(0, chars).lastIndexOf("\n");
  return { preview: text.slice(0, lineBreak > chars * 0.5 ? lineBreak : chars), hasMore: true };
}

/** The tool_result text of a saved result, as Claude Code writes it; the output cannot close the tag early. */
export function persistedOutput(text: string, file: string, previewChars: number): string {
  const cut = preview(text, previewChars);
  const shown = cut.preview.replace(/<(\/?persisted-output)>/g, "&lt;$1>");
  return (
    `<persisted-output>\nOutput too large (${formatSize(Buffer.byteLength(text))}). Full output saved to: ${file}\n\n` +
    `Preview (first ${formatSize(previewChars)}):\n${shown}${cut.hasMore ? "\n...\n" : "\n"}</persisted-output>`
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Appends the lines of Claude Code's transcript format that hooks read: `user` (a prompt, or `tool_result`
 * blocks with `toolUseResult`) and `assistant` (`tool_use` or `text` blocks), each with `uuid`,
 * `parentUuid`, `sessionId`, `cwd`, `timestamp`. Writes are synchronous: a hook that starts next sees them.
 */
export class TranscriptWriter {
  readonly path: string;
  /** The tool table its lines name tools and shape responses by (Claude Code's by default). */
  readonly tools: ToolTable;
  readonly #sessionId: string;
  readonly #cwd: string;
  #parent: string | null = null;
  #promptId: string | undefined;
  #ready = false;
  #queue: Array<(writer: TranscriptWriter) => void> = [];
  #flushScheduled = false;
  readonly #limits: TranscriptLimits;
  /** Bytes in the file as far as this writer knows (read when it first writes). */
  #size = 0;

  constructor(options: TranscriptOptions) {
    this.path = options.file;
    this.tools = options.tools ?? claudeTools;
    this.#sessionId = options.sessionId;
    this.#cwd = options.cwd;
    this.#limits = { ...TRANSCRIPT_LIMITS, ...options.limits };
  }

  /** `<transcript folder>/<session>/tool-results`: where over-long tool results go, as in Claude Code. */
  get toolResultsDir(): string {
    return toolResultsDir(this.path);
  }

  /** The bounds this writer keeps (`TRANSCRIPT_LIMITS` with the caller's overrides); hook input uses the same. */
  get limits(): Readonly<TranscriptLimits> {
    return this.#limits;
  }

  /** The user's prompt; later lines carry its `promptId`. */
  prompt(text: string, promptId: string, permissionMode: string | undefined): void {
    this.#promptId = promptId;
    this.#append({
      type: "user",
      promptId,
      message: { role: "user", content: text },
      ...(permissionMode ? { permissionMode } : {}),
    });
  }

  /** The assistant's tool call, in Claude Code's names (`Bash {command}`). */
  toolUse(id: string, name: string, input: Record<string, unknown>): void {
    this.#append({
      type: "assistant",
      message: {
        type: "message",
        role: "assistant",
        content: [{ type: "tool_use", id, name, input }],
        stop_reason: "tool_use",
      },
    });
  }

  /** The tool's result as the model got it, and Claude Code's `tool_response` shape as `toolUseResult`. */
  toolResult(id: string, text: string, isError: boolean, response: unknown): void {
    const bounded = isError
      ? this.#boundError(text, isBashResponse(response))
      : this.#bound(id, text, response);
    this.#append({
      type: "user",
      promptId: this.#promptId,
      message: {
        role: "user",
        content: [{ tool_use_id: id, type: "tool_result", content: bounded.content, is_error: isError }],
      },
      toolUseResult: bounded.response,
    });
  }

  /**
   * An over-long result as Claude Code keeps it: the whole text saved once to `tool-results/<id>.txt`
   * (written off the hot path by the saved-output folder), a `<persisted-output>` preview as the content,
   * Bash's `stdout` cut to its limit with `persistedOutputPath` and `persistedOutputSize`, other strings cut.
   */
  #bound(id: string, text: string, response: unknown): { content: string; response: unknown } {
    const bash = isBashResponse(response);
    const limit = this.#limits.toolResultChars;
    if (bash ? !overByteLimit(text, this.#limits.bashOutputBytes) : text.length <= limit) {
      return { content: text, response: bash ? response : cutStrings(response, limit) };
    }
    let file: string | undefined;
    let content: string;
    try {
      // The file a PostToolUse hook was handed, when one ran: the output is written once.
      file = saveToolResult(this.toolResultsDir, id, text);
      content = persistedOutput(text, file, this.#limits.previewChars);
    } catch (error) {
      // Not saved (the folder is not this user's own, the text is over the folder's cap): the preview only.
      const why = error instanceof Error ? error.message : String(error);
      const cut = preview(text, this.#limits.previewChars);
      content = `${cut.preview}\n... [Output too large (${formatSize(Buffer.byteLength(text))}); it could not be saved: ${why}]`;
    }
    if (!bash) return { content, response: cutStrings(response, limit) };
    const stdout = cutBashOutput(response.stdout, this.#limits.bashOutputBytes);
    return {
      content,
      response: file
        ? { ...response, stdout, persistedOutputPath: file, persistedOutputSize: Buffer.byteLength(text) }
        : { ...response, stdout },
    };
  }

  /** A failed call as Claude Code keeps it: the error text, cut in the middle when long, in the line and as `Error: …`. */
  #boundError(text: string, bash: boolean): { content: string; response: string } {
    const cut = cutErrorText(text, this.#limits, bash);
    return { content: cut, response: `Error: ${cut}` };
  }

  /**
   * Text the model got that nobody typed (a hook's injected message): a `user` line with `isMeta: true`, as
   * Claude Code records text it adds to the conversation itself.
   */
  meta(text: string): void {
    this.#append({
      type: "user",
      isMeta: true,
      promptId: this.#promptId,
      message: { role: "user", content: text },
    });
  }

  /** The assistant's final text of a turn. */
  assistantText(text: string): void {
    this.#append({
      type: "assistant",
      message: {
        type: "message",
        role: "assistant",
        content: [{ type: "text", text }],
        stop_reason: "end_turn",
      },
    });
  }

  /**
   * Records lines whose content is built only at the next `flush()` (or the next line written directly):
   * the hot path of an unhooked tool call pays a closure, not a JSON line and a file write. Past
   * `MAX_DEFERRED_LINES` the queue is written on the next turn of the event loop (not in the caller's
   * call), so a long session whose hooks rarely fire does not keep every tool output in memory.
   */
  later(write: (writer: TranscriptWriter) => void): void {
    this.#queue.push(write);
    if (this.#queue.length >= MAX_DEFERRED_LINES && !this.#flushScheduled) {
      this.#flushScheduled = true;
      setImmediate(() => {
        this.#flushScheduled = false;
        this.flush();
      });
    }
  }

  /** Writes what `later` queued, in order. The bridge calls it before any hook runs. */
  flush(): void {
    while (this.#queue.length > 0) {
      const queued = this.#queue;
      this.#queue = [];
      for (const write of queued) {
        // Best effort, as every write: a line that cannot be built is dropped, the rest are written.
        try {
          write(this);
        } catch {
          // Dropped.
        }
      }
    }
  }

  #append(line: Record<string, unknown>): void {
    this.flush();
    const uuid = randomUUID();
    const entry: Record<string, unknown> = {
      parentUuid: this.#parent,
      isSidechain: false,
      ...line,
      uuid,
      timestamp: new Date().toISOString(),
      userType: "external",
      entrypoint: "hookwire",
      cwd: this.#cwd,
      sessionId: this.#sessionId,
    };
    this.#parent = uuid;
    // Best effort: a transcript that cannot be written (EMFILE, a full disk) must not fail the tool call or
    // the hook that wanted to read it; the hook sees the file as it was, and the next line tries again.
    try {
      if (!this.#ready) {
        mkdirSync(path.dirname(this.path), { recursive: true, mode: 0o700 });
        this.#ready = true;
        try {
          this.#size = statSync(this.path).size;
        } catch {
          this.#size = 0;
        }
        // A resumed session (the file is there) goes on from its last line, as Claude Code's resume does;
        // after a torn last line (a crash mid-write) the new line starts on a line of its own.
        const tail = tailOf(this.path);
        if (tail.uuid && entry.parentUuid === null) entry.parentUuid = tail.uuid;
        if (tail.torn) appendFileSync(this.path, "\n");
      }
      const text = `${JSON.stringify(entry)}\n`;
      appendFileSync(this.path, text, { mode: 0o600 });
      this.#size += Buffer.byteLength(text);
      if (this.#size > this.#limits.maxFileBytes)
        this.#size = keepNewestHalf(this.path, this.#limits.maxFileBytes);
    } catch {
      // Dropped: see above.
    }
  }
}

/** Strings of a `toolUseResult` cut to `limit` characters (one level deep, as tool responses are flat). */
function cutStrings(response: unknown, limit: number): unknown {
  if (typeof response === "string") return response.length > limit ? response.slice(0, limit) : response;
  if (!isRecord(response)) return response;
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(response)) {
    if (typeof value === "string" && value.length > limit) {
      out ??= { ...response };
      out[key] = value.slice(0, limit);
    }
  }
  return out ?? response;
}

/**
 * Cut the transcript to its newest whole lines within half of `maxBytes` (written to a new file that
 * replaces it at once, so a reader sees the old file or the new one, never half of one). Returns the new size.
 */
function keepNewestHalf(file: string, maxBytes: number): number {
  const fd = openSync(file, "r");
  let kept: Buffer;
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, Math.floor(maxBytes / 2));
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    // From the first line that starts inside the kept part (the one it cuts into is dropped).
    const lineBreak = buffer.indexOf(0x0a);
    kept = length === size ? buffer : lineBreak === -1 ? Buffer.alloc(0) : buffer.subarray(lineBreak + 1);
  } finally {
    closeSync(fd);
  }
  const temp = `${file}.${process.pid}.tmp`;
  // "wx": never through a link planted at the temporary name.
  rmSync(temp, { force: true });
  writeFileSync(temp, kept, { mode: 0o600, flag: "wx" });
  renameSync(temp, file);
  return kept.length;
}

/** How much of an existing transcript's end is read to find its last line. */
const TAIL_BYTES = 64 * 1024;

/** The `uuid` of the last complete line of `file` within its last 64 KiB, and whether it ends mid-line. */
function tailOf(file: string): { uuid?: string; torn: boolean } {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return { torn: false };
  }
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    const text = buffer.toString("utf8");
    const torn = length > 0 && !text.endsWith("\n");
    // Only complete lines: the last piece is torn (or empty after the final newline).
    const lines = text.split("\n").slice(0, -1);
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i] ?? "";
      // The line's own `uuid` is its last one: a tool input's `"uuid"` key comes before it.
      const found = [...line.matchAll(/"uuid":"([0-9a-f-]{36})"/g)].at(-1)?.[1];
      if (found) return { uuid: found, torn };
    }
    return { torn };
  } finally {
    closeSync(fd);
  }
}
