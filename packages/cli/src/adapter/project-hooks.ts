// One project's hooks as an agent runs them: loaded once, kept while nothing they depend on changed, trust
// re-checked before every event. `hookwire hook` loads one and drops it; `hookwire serve` keeps a few (LRU).
import { statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type CallContext,
  type CallHost,
  createNoOpUIContext,
  type HookError,
  type HookEvent,
  type HookRunner,
  type LoadedHook,
  type NativeEventName,
  type ReadonlySessionManager,
  type ToolCallEvent,
} from "@hookwire/core";
import { type DiscoverAndLoadResult, HOOK_FORMATS } from "@hookwire/loader";
import { policyPaths } from "@hookwire/loader/policy";
import { defaultHooksConfigPath, defaultTrustStorePath } from "@hookwire/loader/user-config";
import { type OpenedProject, openProject, type ProjectTrust } from "@hookwire/project";
import { type DialectId, type HostOutcome, isProjectSource } from "@hookwire/settings-hooks";
import { hookAgent, WATCHED_FOLDERS } from "@hookwire/settings-hooks/agents";
import type { ToolGate } from "@hookwire/tool-wrapper";
import { HOOK_TIMEOUT_SECONDS } from "../connect/agents.js";
import { SessionRoots } from "./session-root.js";
import { SessionFiles } from "./session-store.js";

/** Sessions a server keeps the file of, per project it keeps (agents run a few sessions per project at once). */
const SESSION_FILES_PER_PROJECT = 8;
/**
 * Sessions a team server keeps the file of: all its calls are one project's, from many developers' agents at once
 * (a file is a few hundred bytes; without this, 1,000 agents re-read their file on every call).
 */
const TEAM_SESSION_FILES = 4096;

/** What one event's hooks send back while they run: collected for its answer. */
export interface CallSinks {
  messages: HostOutcome["messages"][number][];
  asked: HostOutcome["asked"];
  note(text: string): void;
  /** A hook's error (reported by the runner): said, and kept for the answer and the log. */
  failed(error: HookError): void;
  append(customType: string, data: unknown): void;
  setStatus(key: string, text: string | undefined): void;
  sessionManager: ReadonlySessionManager;
  model: string | undefined;
}

/** The agent's session as it arrives with each event. */
export interface CallSession {
  sessionId: string;
  transcriptPath: string;
  /** Each settings dialect's state for this session: this call's emit carries it, changed in place, saved by the caller. */
  states: Record<string, unknown>;
  /** Settings hooks' `permission_mode` and `effort`: as the event that loaded the project said. */
  permissionMode?: string;
  effort?: string;
}

/**
 * How often, at most, the folders and files discovery read are looked at again for a new, removed or edited
 * hook (a trusted project file edited is caught on the very next event, by the trust check).
 */
export const RESCAN_MS = 250;

function statKey(file: string): string {
  try {
    const s = statSync(file, { throwIfNoEntry: false });
    return s ? `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}` : "-";
  } catch {
    return "?";
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * Each call's agent session, by the call (`run` makes one per event): what the settings hooks' `hostSession` answers
 * while that call runs (`runner.activeCall()`).
 */
const CALL_SESSIONS = new WeakMap<CallContext, CallSession>();

/** The hooks of one agent in one project root, with the runner they run in. */
export class ProjectHooks {
  readonly #watched: string[];
  /** The watched files as they were at load; none for hooks loaded for one event (nobody asks `current()`). */
  #stamp: string[] | undefined;
  #scanned = Date.now();
  #queue: Promise<unknown> = Promise.resolve();

  readonly root: string;
  readonly loaded: DiscoverAndLoadResult;
  readonly runner: HookRunner;
  readonly trust: ProjectTrust;
  readonly #gate: ToolGate;

  private constructor(
    readonly agent: DialectId,
    opened: OpenedProject,
    watch: boolean,
  ) {
    const { root, loaded } = opened;
    this.root = root;
    this.loaded = loaded;
    this.runner = opened.runner;
    this.trust = opened.trust;
    this.#gate = opened.gate;
    const home = os.homedir();
    // The trust store and the user's hooks.json (`hookwire hooks disable|enable`, "onFailure"): both change what runs.
    const files = new Set<string>([defaultTrustStorePath(), defaultHooksConfigPath()]);
    for (const base of [root, home]) for (const dir of WATCHED_FOLDERS) files.add(path.join(base, dir));
    // The policies' list and pins, and each policy's files as its own discovery read them.
    const policies = policyPaths();
    files.add(policies.sources);
    files.add(policies.pins);
    for (const found of [loaded, ...loaded.policies.flatMap((policy) => policy.loaded ?? [])]) {
      for (const entry of found.discovered) {
        files.add(entry.item.path);
        files.add(path.dirname(entry.item.path));
      }
      for (const { source } of found.settings.files) {
        files.add(source.file);
        files.add(path.dirname(source.file));
      }
    }
    for (const policy of loaded.policies)
      for (const dir of WATCHED_FOLDERS) files.add(path.join(policy.dir, dir));
    this.#watched = [...files];
    // Stat'ing ~70 paths costs a one-event process a millisecond or two for nothing: only a held project rescans.
    this.#stamp = watch ? this.#watched.map(statKey) : undefined;
  }

  /**
   * Discovers, checks trust and loads the project's hooks for `agent`, minus what the agent runs itself.
   * `watch`: the hooks are kept for later events, so `current()` must see what changes from now on. `nested`: a
   * project below the session's, run beside it: only its project-level hooks (the user's ran with the session's).
   * `policy`: a team server's policy, whose settings files all run (the developer's agent has none of them).
   */
  static async load(
    agent: DialectId,
    root: string,
    session: CallSession,
    watch = true,
    { policy = false, nested = false }: { policy?: boolean; nested?: boolean } = {},
  ): Promise<ProjectHooks> {
    let runner: HookRunner | undefined;
    const opened = await openProject({
      cwd: root,
      root,
      discover: {
        // Every format is read and fingerprinted as the CLI does (one trust); the agent's own files do not run.
        formats: HOOK_FORMATS,
        runSettings: (source) =>
          policy || ((!nested || isProjectSource(source)) && !hookAgent(agent).runsItself(source)),
        settings: {
          // The session of the event being run; the agent keeps the transcript, hookwire writes none.
          hostSession: () => {
            const call = runner?.activeCall();
            const now = (call && CALL_SESSIONS.get(call)) ?? session;
            return { sessionId: now.sessionId || "hookwire-hook", transcriptPath: now.transcriptPath };
          },
          transcriptPath: session.transcriptPath,
          ...(session.permissionMode ? { permissionMode: session.permissionMode } : {}),
          ...(session.effort ? { effort: session.effort } : {}),
        },
      },
      runner: { handlerTimeout: HANDLER_TIMEOUT_MS },
      ...(nested ? { keep: (hook: LoadedHook) => hook.source.level !== "user" } : {}),
      // Only a project that did not run needs the command spelled: a trusted call never loads this.
      wording: {
        spell: async (command) => (await import("../invocation.js")).spellCommand(command),
        // A team server's developers cannot trust its policy: its operator does, on the server.
        ...(policy
          ? { after: " — on the team server, by its operator (or the server is started again)." }
          : {}),
      },
    });
    runner = opened.runner;
    // Outside any call (a hook's timer started at load) there is no agent call to answer: what a hook sends is
    // dropped, its confirm is told yes as in a call, and it has no model. Each call's own are `callHost`'s.
    runner.initialize({
      sendMessageHandler: () => {},
      appendEntryHandler: () => {},
      hasUI: true,
      uiContext: { ...createNoOpUIContext(), confirm: async () => true },
    });
    runner.guardProcess();
    return new ProjectHooks(agent, opened, watch);
  }

  /**
   * Whether these hooks are still the project's: no trusted or pinned file changed (checked on every call: a file
   * edited after trust must not run), and, looked at every RESCAN_MS, no hook file, folder, settings file
   * or the trust store changed.
   */
  current(now = Date.now()): boolean {
    // The project's trusted files and each policy's pinned ones: an edit reloads, and the reload refuses.
    const guards = [this.loaded, ...this.loaded.policies.flatMap((policy) => policy.loaded ?? [])].flatMap(
      (found) => found.trust.guard ?? [],
    );
    for (const guard of guards) {
      if (guard.revoked) return false;
      try {
        guard.verify([...guard.init.trusted.keys()]);
      } catch {
        return false;
      }
    }
    if (now - this.#scanned < RESCAN_MS) return true;
    this.#scanned = now;
    const stamp = this.#watched.map(statKey);
    if (this.#stamp !== undefined && sameSet(stamp, this.#stamp)) return true;
    this.#stamp = stamp;
    return false;
  }

  /**
   * Runs `event` as one call: its session and sinks are carried by the emit (`CallContext`), so what the hooks send,
   * ask, note or fail on reaches this call's answer, from their handlers and from what those start. Calls of one
   * project still run one after the other, as they did when the hooks' host was a shared object: hooks written for
   * one event at a time keep seeing one. The settings dialects' state is the session's, carried by this emit's
   * context (`state`), changed in place there for the caller to save.
   */
  run<T>(
    session: CallSession,
    sinks: CallSinks,
    event: HookEvent<NativeEventName>,
    hasUI: boolean,
  ): Promise<T> {
    // Whether hooks may ask is the event's (the agent's "ask" where it has one); the session, the dialects' state
    // and the host are the call's.
    const call: CallContext = {
      hasUI,
      sessionManager: sinks.sessionManager,
      state: session.states,
      host: callHost(this.agent, sinks),
    };
    CALL_SESSIONS.set(call, session);
    const task = this.#queue.then(async () => {
      // A tool call goes through the gate: a failing hook blocks it, a changed project refuses it.
      if (event.type === "tool_call") return (await this.#gate.check(event as ToolCallEvent, call)) as T;
      return (await this.runner.emit(event as never, call)) as T;
    });
    this.#queue = task.catch(() => undefined);
    return task;
  }

  dispose(): void {
    this.runner.dispose();
  }
}

/** One agent call's host: what its hooks send, ask, note, set and fail on goes to its sinks, for its answer. */
function callHost(agent: DialectId, sinks: CallSinks): CallHost {
  return {
    sendMessageHandler: (message, options, hookPath) =>
      sinks.messages.push({
        text: textOf(message.content),
        hookPath,
        followUp: options?.triggerTurn === true,
      }),
    appendEntryHandler: (customType, data) => sinks.append(customType, data),
    uiContext: {
      ...createNoOpUIContext(),
      // The agent asks instead: the hook is told yes, and the agent's own question decides.
      confirm: async (title, message) => {
        sinks.asked ??= { question: [title, message].filter(Boolean).join(": "), hookPath: "" };
        return true;
      },
      notify: (message) => sinks.note(message),
      setStatus: (key, text) => sinks.setStatus(key, text),
    },
    getModel: () => (sinks.model ? { provider: agent, id: sinks.model } : undefined),
    onError: (error) => sinks.failed(error),
  };
}

/** A team server's policy loaded again (a file or the trust store changed): said on the server's stderr. */
function tellOperator(project: ProjectHooks, reloaded: boolean): void {
  const { trust, root } = project;
  if (trust.state !== "trusted")
    process.stderr.write(
      `hookwire serve: the policy in ${root} is ${trust.state === "changed" ? "changed since it was trusted" : "not trusted"}${trust.changed?.length ? ` (${trust.changed.join(", ")})` : ""}: its hooks do not run and tool calls are refused. Review and trust it as this user (hookwire trust --cwd ${root} shows the diff), or start the server again.\n`,
    );
  else if (reloaded)
    process.stderr.write(`hookwire serve: the policy in ${root} is loaded again, trusted.\n`);
}

/** hookwire answers a few seconds before the agent gives up on it; its handlers get a few seconds less. */
export const HANDLER_TIMEOUT_MS = (HOOK_TIMEOUT_SECONDS - 10) * 1000;

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return JSON.stringify(content ?? "");
  return content.map((part) => (part?.type === "text" ? String(part.text) : "")).join("\n");
}

/**
 * The projects' hooks by agent and root: at most `max`, the least recently used dropped first; and the session
 * files their calls read (`SESSION_FILES_PER_PROJECT` each). `max: 0` keeps none (`hookwire hook`: one
 * process, one event).
 */
export class ProjectPool {
  readonly #projects = new Map<string, Promise<ProjectHooks>>();
  readonly sessions: SessionFiles;
  /** Each agent session's project root, fixed at its first event. */
  readonly roots: SessionRoots;

  /**
   * `policy`: a team server's policy folder, the root of every call (`handleHookEvent`), whose settings files all
   * run here (the agent runs its own project's, on its own machine).
   */
  constructor(
    readonly max: number,
    readonly policy?: string,
  ) {
    this.sessions = new SessionFiles(policy ? TEAM_SESSION_FILES : max * SESSION_FILES_PER_PROJECT);
    this.roots = new SessionRoots(max * SESSION_FILES_PER_PROJECT, this.sessions);
  }

  /** The hooks of `agent` in `root`; `nested`: a project below the session's, its project-level hooks only. */
  async get(agent: DialectId, root: string, session: CallSession, nested = false): Promise<ProjectHooks> {
    const key = `${agent}\0${root}\0${nested ? "nested" : "session"}`;
    const held = this.#projects.get(key);
    if (held) {
      const project = await held.catch(() => undefined);
      if (project?.current()) {
        // Most recently used last: Map keeps insertion order.
        this.#projects.delete(key);
        this.#projects.set(key, held);
        return project;
      }
      if (this.#projects.get(key) === held) this.#projects.delete(key);
      project?.dispose();
    }
    if (this.max === 0) return ProjectHooks.load(agent, root, session, false, { nested });
    const policy = root === this.policy;
    const loading = ProjectHooks.load(agent, root, session, true, { policy, nested });
    if (policy)
      void loading.then(
        (project) => tellOperator(project, held !== undefined),
        () => {},
      );
    this.#projects.set(key, loading);
    loading.catch(() => {
      if (this.#projects.get(key) === loading) this.#projects.delete(key);
    });
    while (this.#projects.size > this.max) {
      const [oldest, value] = this.#projects.entries().next().value as [string, Promise<ProjectHooks>];
      this.#projects.delete(oldest);
      value.then(
        (project) => project.dispose(),
        () => undefined,
      );
    }
    return loading;
  }

  get size(): number {
    return this.#projects.size;
  }

  clear(): void {
    for (const value of this.#projects.values())
      value.then(
        (project) => project.dispose(),
        () => undefined,
      );
    this.#projects.clear();
  }
}
