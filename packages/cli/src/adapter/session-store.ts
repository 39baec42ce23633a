// What hooks keep between `hookwire hook` calls of one agent session: entries, status, loop counters, notices.
import { lstatSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { ReadonlySessionManager, SessionEntry } from "@hookwire/core";
import { sha256 } from "@hookwire/core/internal";
import { defaultCacheRoot } from "@hookwire/loader";
import { readPrivateText, writePrivateJson } from "../private-file.js";

/** Everything one session keeps, as written to its file. */
interface SessionData {
  version: 1;
  agent: string;
  sessionId: string;
  root: string;
  /** `pi.appendEntry` entries, oldest first. */
  entries: SessionEntry[];
  status: Record<string, string>;
  /** Each settings dialect's state (Stop-loop counts, …), as the bridge keeps it. */
  states: Record<string, unknown>;
  /** Follow-ups in a row hookwire asked the agent for (the loop cap). */
  followUps: number;
  /** Diagnostics already shown in this session: each is said once. */
  said: string[];
}

/** Bounds: a session keeps at most this much, and the folder at most this many sessions for this long. */
export const SESSION_LIMITS = {
  entries: 1000,
  statusKeys: 64,
  statusChars: 500,
  said: 200,
  fileBytes: 4 * 1024 * 1024,
  sessions: 500,
  maxAgeMs: 30 * 24 * 3600 * 1000,
} as const;

/** `sessionsDir()` as last resolved, and the variables it came from. */
let sessions: { env: string; dir: string } | undefined;

/** `<XDG cache>/hookwire/sessions`: per user, private (resolved again only when its variables change). */
export function sessionsDir(): string {
  const env = `${process.env.XDG_CACHE_HOME}\0${process.env.HOME}`;
  if (sessions?.env !== env) sessions = { env, dir: path.join(defaultCacheRoot(), "sessions") };
  return sessions.dir;
}

// Maps (Cursor's per-hook follow-up counts) survive the JSON round trip as tagged entry lists.
const replacer = (_key: string, value: unknown) =>
  value instanceof Map ? { $map: [...value.entries()] } : value;
function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (typeof value !== "object" || value === null) return value;
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.$map) && Object.keys(record).length === 1) return new Map(record.$map as never);
  return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, revive(inner)]));
}

/** A session file's JSON, its Maps revived; a text that cannot spell the tag (`$map`, escaped or not) is only parsed. */
const parseSession = (text: string): unknown =>
  text.includes("$map") || text.includes("\\u") ? revive(JSON.parse(text)) : JSON.parse(text);

/** A session file's text as read; `saved`: the session it holds as `SessionStore` serialises it, once known. */
interface SessionText {
  readonly text: string;
  saved?: string;
}

/** What `lstat` says of a file's identity and contents (device, inode, size, mtime, ctime in ns); not a file: none. */
function stampOf(file: string): string | undefined {
  try {
    const s = lstatSync(file, { bigint: true, throwIfNoEntry: false });
    return s?.isFile() ? `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The session files a resident server read, kept by the `lstat` taken before each was read: an unchanged file
 * costs one `lstat` instead of an open, a read and the privacy checks it passed when read. Anything that could
 * change what it says or whether it may be read (a write, which renames a new file in; a chmod, a chown, a link
 * put in its place) changes its inode or ctime, and it is read again. `max: 0` keeps none (`hookwire hook`).
 */
export class SessionFiles {
  readonly #texts = new Map<string, { stamp: string; read: SessionText }>();
  readonly #names = new Map<string, string>();

  constructor(readonly max: number) {}

  /** The file of `key` in `dir`: a hash of the key, remembered. */
  nameOf(dir: string, key: string): string {
    const id = `${dir}\0${key}`;
    let file = this.#names.get(id);
    if (file === undefined) {
      file = path.join(dir, `${sha256(key)}.json`);
      if (this.max > 0) {
        if (this.#names.size >= this.max) this.#names.clear();
        this.#names.set(id, file);
      }
    }
    return file;
  }

  /** A private session file's text (`readPrivateText`'s checks), `undefined` when there is none. */
  read(file: string): SessionText | undefined {
    const stamp = this.max === 0 ? undefined : stampOf(file);
    const held = this.#texts.get(file);
    if (held !== undefined && held.stamp === stamp) {
      // Most recently used last: Map keeps insertion order.
      this.#texts.delete(file);
      this.#texts.set(file, held);
      return held.read;
    }
    this.#texts.delete(file);
    const text = readPrivateText(file, SESSION_LIMITS.fileBytes);
    if (text === undefined) return undefined;
    const read: SessionText = { text };
    // Large files are read each time: what is kept stays within max × KEPT_BYTES.
    if (stamp !== undefined && text.length <= KEPT_BYTES) {
      this.#texts.set(file, { stamp, read });
      if (this.#texts.size > this.max) this.#texts.delete(this.#texts.keys().next().value as string);
    }
    return read;
  }
}

/** The largest session file a `SessionFiles` keeps the text of. */
const KEPT_BYTES = 64 * 1024;

const NO_FILES = new SessionFiles(0);

export class SessionStore {
  readonly file: string;
  readonly data: SessionData;
  /** The file's text as read (or `undefined`): a call that changed nothing writes nothing. */
  #saved: string | undefined;

  /**
   * The session of `agent` and `sessionId` in the project `root`. Its file is named by a hash of all
   * three, so no session id (chosen by the agent, hence by whatever drives it) can name a path, and two
   * projects or agents never share one; a file that is not this user's private one is not read.
   */
  constructor(agent: string, sessionId: string, root: string, files = NO_FILES, dir = sessionsDir()) {
    this.file = files.nameOf(dir, `${agent}\0${sessionId}\0${root}`);
    const fresh: SessionData = {
      version: 1,
      agent,
      sessionId,
      root,
      entries: [],
      status: {},
      states: {},
      followUps: 0,
      said: [],
    };
    let file: SessionText | undefined;
    let read: Partial<SessionData> | undefined;
    try {
      file = files.read(this.file);
      read = file === undefined ? undefined : (parseSession(file.text) as Partial<SessionData>);
    } catch {
      read = undefined;
    }
    const ours = read?.agent === agent && read.sessionId === sessionId && read.root === root;
    this.data = ours
      ? {
          ...fresh,
          entries: Array.isArray(read?.entries) ? read.entries : [],
          status: typeof read?.status === "object" && read.status !== null ? read.status : {},
          states: typeof read?.states === "object" && read.states !== null ? read.states : {},
          followUps: typeof read?.followUps === "number" ? read.followUps : 0,
          said: Array.isArray(read?.said) ? read.said.filter((s) => typeof s === "string") : [],
        }
      : fresh;
    // The same text (and the same agent, session and root: they name the file) is the same session.
    if (ours && file) this.#saved = file.saved ??= JSON.stringify(this.data, replacer);
  }

  append(customType: string, data: unknown): void {
    const entries = this.data.entries;
    entries.push({
      id: `entry-${Date.now().toString(36)}-${entries.length}`,
      type: "custom",
      customType,
      data,
    });
    if (entries.length > SESSION_LIMITS.entries) entries.splice(0, entries.length - SESSION_LIMITS.entries);
  }

  setStatus(key: string, text: string | undefined): void {
    if (text === undefined) delete this.data.status[key];
    else if (key in this.data.status || Object.keys(this.data.status).length < SESSION_LIMITS.statusKeys)
      this.data.status[key] = text.slice(0, SESSION_LIMITS.statusChars);
  }

  /** Whether `text` is new in this session (and from now on, said). */
  once(text: string): boolean {
    if (this.data.said.includes(text)) return false;
    this.data.said.push(text);
    if (this.data.said.length > SESSION_LIMITS.said) this.data.said.shift();
    return true;
  }

  /** The read-only session hooks see: their own entries, the agent's transcript as the session file. */
  sessionManager(transcriptPath: string | undefined): ReadonlySessionManager {
    const entries = () => [...this.data.entries];
    return {
      getEntries: entries,
      getBranch: entries,
      getLeafEntry: () => this.data.entries.at(-1),
      getSessionFile: () => transcriptPath,
    };
  }

  /** Written whole; past the size bound the oldest entries go first, so what a hook appends never grows it. */
  save(): void {
    let text = JSON.stringify(this.data, replacer);
    while (text.length > SESSION_LIMITS.fileBytes && this.data.entries.length > 0) {
      this.data.entries.splice(0, Math.ceil(this.data.entries.length / 10));
      text = JSON.stringify(this.data, replacer);
    }
    if (text.length > SESSION_LIMITS.fileBytes || text === this.#saved) return;
    writePrivateJson(this.file, JSON.parse(text));
    this.#saved = text;
  }

  /** Removes sessions past the age limit, then the oldest past the count limit. */
  static prune(dir = sessionsDir(), now = Date.now()): void {
    let names: string[];
    try {
      names = readdirSync(dir).filter((name) => name.endsWith(".json"));
    } catch {
      return;
    }
    const files = names
      .map((name) => {
        const file = path.join(dir, name);
        try {
          return { file, mtime: statSync(file).mtimeMs };
        } catch {
          return undefined;
        }
      })
      .filter((entry) => entry !== undefined)
      .sort((a, b) => b.mtime - a.mtime);
    files.forEach(({ file, mtime }, index) => {
      if (index >= SESSION_LIMITS.sessions || now - mtime > SESSION_LIMITS.maxAgeMs)
        rmSync(file, { force: true });
    });
  }
}
