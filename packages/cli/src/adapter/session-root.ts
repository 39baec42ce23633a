// The project of an agent session: fixed by the agent's own project variable or the session's first event, and
// never moved by a later event's `cwd` (after `cd sub`, where the model may have made a `.git` or `.claude/`).
import { statSync } from "node:fs";
import path from "node:path";
import { findProjectRoot } from "@hookwire/loader/project-root";
import { readPrivateText, writePrivateJson } from "../private-file.js";
import { type SessionFiles, sessionsDir } from "./session-store.js";

/** `<XDG cache>/hookwire/session-roots`: beside the sessions' own files, pruned as they are. */
export const sessionRootsDir = (): string => path.join(path.dirname(sessionsDir()), "session-roots");

/** What a session's root file holds. */
interface RootRecord {
  agent: string;
  sessionId: string;
  transcriptPath: string;
  root: string;
}

const isFolder = (dir: string) => statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true;

/**
 * Each session's root, remembered in memory (a server: at most `max`) and in a private file (`hookwire hook`: one
 * process per event), named by a hash of the agent, the session id and the transcript path: an automation that
 * reuses one session id in two projects (`claude --session-id`) still has a transcript per project.
 */
export class SessionRoots {
  readonly #held = new Map<string, string>();
  readonly #byCwd = new Map<string, string>();

  constructor(
    readonly max: number,
    readonly files: SessionFiles,
  ) {}

  /**
   * The session's project root. `projectDir`, the agent's own variable, wins: it is the agent's word for every
   * event of the session. Without it, the root the session's first event had; an event without a session id
   * (nothing to remember it by) has its own `cwd`'s.
   */
  rootOf(
    agent: string,
    session: { sessionId: string; transcriptPath?: string | undefined },
    cwd: string,
    projectDir?: string,
  ): string {
    const { sessionId } = session;
    const transcriptPath = session.transcriptPath ?? "";
    if (projectDir !== undefined && path.isAbsolute(projectDir) && isFolder(projectDir))
      return this.#search(projectDir);
    if (sessionId === "") return this.#search(cwd);
    const key = `${agent}\0${sessionId}\0${transcriptPath}`;
    const held = this.#held.get(key);
    if (held !== undefined) return held;
    const file = this.files.nameOf(sessionRootsDir(), key);
    const recorded = readRecord(file);
    const ours =
      recorded?.agent === agent &&
      recorded.sessionId === sessionId &&
      recorded.transcriptPath === transcriptPath;
    const root = ours ? recorded.root : this.#search(cwd);
    if (!ours) writePrivateJson(file, { agent, sessionId, transcriptPath, root } satisfies RootRecord);
    if (this.max > 0) {
      if (this.#held.size >= this.max) this.#held.delete(this.#held.keys().next().value as string);
      this.#held.set(key, root);
    }
    return root;
  }

  /**
   * A trusted project a `cd` went into below the session's root: the nearest marked folder at or above `cwd`, when it
   * is inside `root` and not `root` itself. Its hooks run beside the session's, never instead.
   */
  nestedIn(root: string, cwd: string): string | undefined {
    const inner = this.#search(cwd);
    const relative = path.relative(root, inner);
    if (
      relative === "" ||
      relative === ".." ||
      relative.startsWith(`..${path.sep}`) ||
      path.isAbsolute(relative)
    )
      return undefined;
    return inner;
  }

  /** The project root of a folder (the nearest with .git or a hook folder), remembered per folder by a server. */
  #search(cwd: string): string {
    let root = this.#byCwd.get(cwd);
    if (root === undefined) {
      root = findProjectRoot(cwd).root;
      if (this.max > 0) {
        if (this.#byCwd.size >= this.max) this.#byCwd.clear();
        this.#byCwd.set(cwd, root);
      }
    }
    return root;
  }
}

function readRecord(file: string): RootRecord | undefined {
  try {
    const text = readPrivateText(file, 64 * 1024);
    const value = text === undefined ? undefined : (JSON.parse(text) as Partial<RootRecord>);
    const fields = [value?.root, value?.agent, value?.sessionId, value?.transcriptPath];
    return fields.every((field) => typeof field === "string") ? (value as RootRecord) : undefined;
  } catch {
    return undefined;
  }
}
