// A session stored as a JSONL file: one entry per line, each pointing at its parent; the read-only view hooks get.
import { randomUUID } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AgentMessage, ReadonlySessionManager, SessionEntry } from "@hookwire/core";
import { SessionTranscript } from "./session-transcript.js";

interface SessionHeader {
  type: "session";
  id: string;
  cwd: string;
  parentSession?: string;
  timestamp: number;
}

export interface JsonlSessionOptions {
  /**
   * Also write each session as a Claude Code transcript, `<transcriptDir>/<session id>.jsonl`, for settings
   * hooks' `transcript_path` (pass `hookSession` to the bridge as `hostSession`). Default: no transcript.
   */
  transcriptDir?: string;
}

/** A session id that can name a file: what `randomUUID` gives, and ids like it. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** Owns one session file at a time; `newSession` moves on to a fresh file in the same folder. */
export class JsonlSessionManager implements ReadonlySessionManager {
  readonly #dir: string;
  readonly #cwd: string;
  readonly #transcriptDir: string | undefined;
  #file = "";
  #sessionId = "";
  #entries: SessionEntry[] = [];
  #leafId: string | null = null;
  #transcript: SessionTranscript | undefined;

  private constructor(dir: string, cwd: string, options: JsonlSessionOptions) {
    this.#dir = dir;
    this.#cwd = cwd;
    this.#transcriptDir = options.transcriptDir;
  }

  /** Start a new session file in `dir` (created if missing). */
  static create(
    dir: string,
    cwd: string,
    parentSession?: string,
    options: JsonlSessionOptions = {},
  ): JsonlSessionManager {
    const manager = new JsonlSessionManager(dir, cwd, options);
    manager.newSession(parentSession);
    return manager;
  }

  /**
   * Reopen an existing session file; the last entry becomes the leaf. With `transcriptDir`, later entries
   * are appended to the session's transcript (the lines already there stay as they are).
   */
  static open(file: string, cwd: string, options: JsonlSessionOptions = {}): JsonlSessionManager {
    const manager = new JsonlSessionManager(path.dirname(file), cwd, options);
    manager.#file = file;
    const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
    const parsed = lines.map((line) => JSON.parse(line) as SessionEntry);
    manager.#entries = parsed.filter((e) => e.type !== "session");
    manager.#leafId = manager.#entries.at(-1)?.id ?? null;
    const header = parsed.find((e) => e.type === "session");
    // The id names the transcript file: one that could leave transcriptDir (`../x`) gets a fresh one.
    manager.#begin(typeof header?.id === "string" && SAFE_ID.test(header.id) ? header.id : randomUUID());
    return manager;
  }

  /** Switch to a fresh file named `session-<n>.jsonl`; returns its path. */
  newSession(parentSession?: string): string {
    mkdirSync(this.#dir, { recursive: true });
    const taken = new Set(existsSync(this.#dir) ? readdirSync(this.#dir) : []);
    let n = 1;
    while (taken.has(`session-${n}.jsonl`)) n++;
    this.#file = path.join(this.#dir, `session-${n}.jsonl`);
    this.#entries = [];
    this.#leafId = null;
    const header: SessionHeader = {
      type: "session",
      id: randomUUID(),
      cwd: this.#cwd,
      timestamp: Date.now(),
      ...(parentSession ? { parentSession } : {}),
    };
    appendFileSync(this.#file, `${JSON.stringify(header)}\n`);
    this.#begin(header.id);
    return this.#file;
  }

  #begin(sessionId: string): void {
    this.#sessionId = sessionId;
    this.#transcript = this.#transcriptDir
      ? new SessionTranscript({
          file: path.join(this.#transcriptDir, `${sessionId}.jsonl`),
          sessionId,
          cwd: this.#cwd,
        })
      : undefined;
  }

  /** The current session's id (its header's `id`): settings hooks' `session_id`. */
  getSessionId(): string {
    return this.#sessionId;
  }

  /** The current session's Claude Code transcript; `undefined` without `transcriptDir`. */
  getTranscriptPath(): string | undefined {
    return this.#transcript?.path;
  }

  /**
   * What settings hooks get as `session_id` and `transcript_path`, for the bridge's `hostSession` option:
   * it follows `newSession`. Bound, so it can be passed as it is.
   */
  readonly hookSession = (): { sessionId: string; transcriptPath: string } => ({
    sessionId: this.#sessionId,
    transcriptPath: this.#transcript?.path ?? "",
  });

  appendMessage(message: AgentMessage): SessionEntry {
    return this.#append({ type: "message", message });
  }

  appendCustomMessage(message: Omit<Extract<AgentMessage, { role: "custom" }>, "role">): SessionEntry {
    return this.#append({ type: "custom_message", ...message });
  }

  appendCustomEntry(customType: string, data: unknown): SessionEntry {
    return this.#append({ type: "custom", customType, data });
  }

  /** The messages on the current branch, as the model would see them. */
  getMessages(): AgentMessage[] {
    return this.getBranch().flatMap((entry): AgentMessage[] => {
      if (entry.type === "message") return [entry.message as AgentMessage];
      if (entry.type === "custom_message") {
        const { customType, content, display, details, timestamp } = entry as SessionEntry & {
          customType: string;
          content: string;
          display: boolean;
          details?: unknown;
          timestamp?: number;
        };
        return [{ role: "custom", customType, content, display, details, timestamp }];
      }
      return [];
    });
  }

  getEntries(): SessionEntry[] {
    return [...this.#entries];
  }

  /** The path from the root to `fromId` (default: the leaf), root first. */
  getBranch(fromId?: string): SessionEntry[] {
    const byId = new Map(this.#entries.map((entry) => [entry.id, entry]));
    const branch: SessionEntry[] = [];
    let current = byId.get(fromId ?? this.#leafId ?? "");
    while (current) {
      branch.push(current);
      current = current.parentId ? byId.get(current.parentId) : undefined;
    }
    return branch.reverse();
  }

  getLeafEntry(): SessionEntry | undefined {
    return this.#entries.find((entry) => entry.id === this.#leafId);
  }

  getSessionFile(): string | undefined {
    return this.#file || undefined;
  }

  #append(fields: { type: string; [key: string]: unknown }): SessionEntry {
    const entry: SessionEntry = {
      ...fields,
      id: randomUUID().slice(0, 8),
      parentId: this.#leafId,
      timestamp: Date.now(),
    };
    appendFileSync(this.#file, `${JSON.stringify(entry)}\n`);
    this.#entries.push(entry);
    this.#leafId = entry.id;
    this.#transcript?.add(entry);
    return entry;
  }
}
