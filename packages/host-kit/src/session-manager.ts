// A session stored as a JSONL file: one entry per line, each pointing at its parent; the read-only view hooks get.
import { randomUUID } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AgentMessage, ReadonlySessionManager, SessionEntry } from "@hookwire/core";

interface SessionHeader {
  type: "session";
  id: string;
  cwd: string;
  parentSession?: string;
  timestamp: number;
}

/** Owns one session file at a time; `newSession` moves on to a fresh file in the same folder. */
export class JsonlSessionManager implements ReadonlySessionManager {
  readonly #dir: string;
  readonly #cwd: string;
  #file = "";
  #entries: SessionEntry[] = [];
  #leafId: string | null = null;

  private constructor(dir: string, cwd: string) {
    this.#dir = dir;
    this.#cwd = cwd;
  }

  /** Start a new session file in `dir` (created if missing). */
  static create(dir: string, cwd: string, parentSession?: string): JsonlSessionManager {
    const manager = new JsonlSessionManager(dir, cwd);
    manager.newSession(parentSession);
    return manager;
  }

  /** Reopen an existing session file; the last entry becomes the leaf. */
  static open(file: string, cwd: string): JsonlSessionManager {
    const manager = new JsonlSessionManager(path.dirname(file), cwd);
    manager.#file = file;
    const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
    manager.#entries = lines
      .map((line) => JSON.parse(line) as SessionEntry)
      .filter((e) => e.type !== "session");
    manager.#leafId = manager.#entries.at(-1)?.id ?? null;
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
    return this.#file;
  }

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
    return entry;
  }
}
