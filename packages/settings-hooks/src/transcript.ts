// The session as a Claude Code transcript (JSONL), kept current before each hook runs, so hooks can read `transcript_path`.
import { randomUUID } from "node:crypto";
import { appendFileSync, closeSync, fstatSync, mkdirSync, openSync, readSync } from "node:fs";
import path from "node:path";
import { defaultOutputDir } from "./protocol/output.js";

/**
 * `<XDG cache>/hookwire/transcripts/<project>`: per user, one folder per project named as Claude Code names
 * its `~/.claude/projects/<project>` folders (every character but letters and digits becomes `-`).
 */
export function defaultTranscriptDir(
  cwd: string,
  env: Record<string, string | undefined> = process.env,
): string {
  return path.join(path.dirname(defaultOutputDir(env)), "transcripts", projectFolderName(cwd));
}

/** A project folder's name in per-user folders, as Claude Code names `~/.claude/projects/<project>`. */
export function projectFolderName(cwd: string): string {
  return cwd.replace(/[^A-Za-z0-9]/g, "-");
}

/** Deferred lines kept before they are written anyway, so a session whose hooks rarely run holds little in memory. */
export const MAX_DEFERRED_LINES = 64;

export interface TranscriptOptions {
  file: string;
  sessionId: string;
  cwd: string;
}

/**
 * Appends the lines of Claude Code's transcript format that hooks read: `user` (a prompt, or `tool_result`
 * blocks with `toolUseResult`) and `assistant` (`tool_use` or `text` blocks), each with `uuid`,
 * `parentUuid`, `sessionId`, `cwd`, `timestamp`. Writes are synchronous: a hook that starts next sees them.
 */
export class TranscriptWriter {
  readonly path: string;
  readonly #sessionId: string;
  readonly #cwd: string;
  #parent: string | null = null;
  #promptId: string | undefined;
  #ready = false;
  #queue: Array<(writer: TranscriptWriter) => void> = [];
  #flushScheduled = false;

  constructor(options: TranscriptOptions) {
    this.path = options.file;
    this.#sessionId = options.sessionId;
    this.#cwd = options.cwd;
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
    this.#append({
      type: "user",
      promptId: this.#promptId,
      message: {
        role: "user",
        content: [{ tool_use_id: id, type: "tool_result", content: text, is_error: isError }],
      },
      toolUseResult: isError ? `Error: ${text}` : response,
    });
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
        // A resumed session (the file is there) goes on from its last line, as Claude Code's resume does;
        // after a torn last line (a crash mid-write) the new line starts on a line of its own.
        const tail = tailOf(this.path);
        if (tail.uuid && entry.parentUuid === null) entry.parentUuid = tail.uuid;
        if (tail.torn) appendFileSync(this.path, "\n");
      }
      appendFileSync(this.path, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
    } catch {
      // Dropped: see above.
    }
  }
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
