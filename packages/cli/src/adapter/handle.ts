// The adapter: one agent hook call (its JSON in) through hookwire's hooks, answered in the agent's terms.
import { errorMessage, type HookEvent, type NativeEventName } from "@hookwire/core";
import { displayPath, nowMs } from "@hookwire/core/internal";
import {
  type Decided,
  type Decision,
  decisionOf,
  failureDecision,
  toolTarget,
} from "@hookwire/project/records";
import {
  type AnyBridgedEvent,
  type Dialect,
  type DialectId,
  findEvent,
  type HookOutput,
  loadDialect,
} from "@hookwire/settings-hooks";
import { hookAgent } from "@hookwire/settings-hooks/agents";
import { gatesTools, HOOK_TIMEOUT_SECONDS } from "../connect/agents.js";
import { agentVersion } from "../log/agent-version.js";
import { callContext } from "../log/call-context.js";
import { recordDecision } from "../log/recorder.js";
import { closeOnFailure, failureSink, thrownOutcome } from "./hook-failures.js";
import { decidedByNested, nestedHooks, runWithNested } from "./nested-project.js";
import { type CallSinks, ProjectPool } from "./project-hooks.js";
import { projectVariable } from "./project-variable.js";
import { sessionRootsDir } from "./session-root.js";
import { SessionStore } from "./session-store.js";
import { ASK_REFUSED, STATUS_UNAPPLIED, unappliedDecision } from "./unapplied.js";

/** One call, as any transport hands it over: the command line's `hookwire hook`, or a server. */
export interface HookRequest {
  agent: DialectId;
  event: string;
  /** The agent's JSON, as it sent it. */
  input: string;
  /** The agent's variables hookwire reads (`FORWARDED_VARIABLES`: the session's project), as it set them for the hook. */
  env?: Record<string, string>;
  failOpen: boolean;
  /** Any hook that fails on a tool event refuses the call (`connect --fail-closed-hooks`). */
  failClosedHooks?: boolean;
  /** Who made the call, when a team server knows (its token's name); otherwise the record names this OS user. */
  user?: string;
}

/** What the agent reads back: stdout (its answer), stderr, the exit code. */
export interface HookResponse {
  stdout: string;
  stderr: string;
  code: number;
}

/** Consecutive follow-ups hookwire asks an agent for before it lets the agent stop (as the bridge's Stop cap). */
export const FOLLOW_UP_CAP = 8;

/** hookwire answers a few seconds before the agent would give up on it, so a slow hook fails closed, not open. */
export const ANSWER_WITHIN_MS = (HOOK_TIMEOUT_SECONDS - 5) * 1000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The event's answer, spelled by the dialect's protocol; what it cannot carry is said on stderr. */
function encode(dialect: Dialect, spec: AnyBridgedEvent, output: HookOutput, notes: string[]): HookResponse {
  const withNotes = notes.length > 0 ? { ...output, systemMessage: notes.join("\n") } : output;
  const encoded = dialect.protocol.encode?.(withNotes, spec) ?? {
    stdout: JSON.stringify(withNotes),
    unapplied: [],
  };
  // An agent that shows a hook's message nowhere (Copilot CLI) still gets it on stderr, for its logs.
  const lost = encoded.unapplied.length > 0 && notes.length > 0;
  return { stdout: encoded.stdout, stderr: lost ? `${notes.join("\n")}\n` : "", code: 0 };
}

/**
 * A failure inside hookwire (a crash, a timeout, input it cannot read): a tool-gating event refuses the
 * call and says why and how to fix it, unless the user connected with `--fail-open`; any other event
 * goes on, with the same words shown.
 */
export function failureResponse(
  dialect: Dialect,
  spec: AnyBridgedEvent,
  why: string,
  failOpen: boolean,
): HookResponse {
  const refuse = gatesTools(spec) && !failOpen;
  const fix = refuse
    ? "Run `hookwire doctor` to see why; connect with --fail-open to let calls through when hookwire fails."
    : "Run `hookwire doctor` to see why.";
  const reason = `hookwire failed (${why}); ${refuse ? "the call is refused" : "its hooks did not run"}. ${fix}`;
  if (!refuse) return { ...encode(dialect, spec, {}, [reason]), stderr: `${reason}\n` };
  const outcome = { block: true, reason, input: {}, inputModified: false, additionalContext: [] };
  const answer = spec.asAgentHook?.answer(
    { outcome, messages: [] } as never,
    { type: "tool_call" } as never,
    {},
  );
  return { ...encode(dialect, spec, answer?.output ?? {}, []), stderr: `${reason}\n` };
}

/**
 * A switch that turns some of hookwire's entries off in this agent (a hook's own state, a disabled list) lets the rest
 * through: said at the session's start, where the agent still calls hookwire.
 */
async function noteSilencers(agent: DialectId, root: string, note: (text: string) => void): Promise<void> {
  const { silencingSwitches } = await import("@hookwire/settings-hooks/agents");
  for (const off of await silencingSwitches(agent, { root }).catch(() => []))
    note(`hookwire: ${off.says} (${displayPath(off.file, root)}). Fix: ${off.fix}.`);
}

/**
 * The call's project root and its session's store. The session's project, not the folder this event came from: a
 * `cd` does not move the guards. A team server's policy is the root of every call: nothing in the event picks it.
 */
function projectOf(
  agent: DialectId,
  request: HookRequest,
  session: { sessionId: string; cwd: string },
  cwd: string,
  projects: ProjectPool,
): { root: string; store: SessionStore } {
  const root =
    projects.policy ?? projects.roots.rootOf(agent, session, cwd, projectVariable(agent, request.env ?? {}));
  // One developer cannot read or steer another's session state by sending their session id.
  const id = request.user === undefined ? session.sessionId : `${request.user}\0${session.sessionId}`;
  return { root, store: new SessionStore(agent, id, root, projects.sessions) };
}

/** Where `handleHookEvent` keeps projects' hooks between calls: `hookwire hook` keeps none. */
const ONE_SHOT = new ProjectPool(0);

/** A call's decision record before its decision. */
export type CallRecord = Omit<Decision, "decision" | "durationMs">;

/** The call's decision record as far as it is known before the input is read, and `done` to record it. */
function callRecord(request: HookRequest, spec: AnyBridgedEvent) {
  const started = nowMs();
  const { otel, ...who } = callContext(request.agent, {}, request.env ?? {}, request.user);
  const record: CallRecord = {
    time: new Date().toISOString(),
    agent: request.agent,
    ...who,
    session: "",
    event: spec.name,
    native: spec.native,
    project: "",
  };
  const done = (decision: Decided) =>
    recordDecision({
      ...record,
      ...decision,
      durationMs: Math.round((nowMs() - started) * 1000) / 1000,
      ...(otel ? { otel } : {}),
    });
  return { record, done };
}

/** What the input adds to the record: the version an agent says there (Cursor), the tool and what it is about. */
function describeCall(
  record: CallRecord,
  stdin: Record<string, unknown>,
  event: unknown,
  env: Record<string, string>,
): void {
  const version = record.agentVersion ?? agentVersion(record.agent, stdin, env);
  if (version !== undefined) record.agentVersion = version;
  const { toolName, input } = event as { toolName?: unknown; input?: unknown };
  if (typeof toolName !== "string") return;
  record.tool = toolName;
  const target = toolTarget(input);
  if (target !== undefined) record.target = target;
}

/**
 * Runs the call: the project's hooks (minus what the agent runs itself) on the native event it stands for.
 * `hookwire hook` and `hookwire serve` both answer through here; the server passes its pool of projects.
 */
export async function handleHookEvent(
  request: HookRequest,
  projects: ProjectPool = ONE_SHOT,
  /** Given the call's record as it fills (session, project, tool, target): a deadline's record starts from it. */
  known?: (record: Readonly<CallRecord>) => void,
): Promise<HookResponse> {
  const agent = hookAgent(request.agent);
  const dialect = await loadDialect(agent.id);
  const found = findEvent(dialect, request.event);
  const spec = found && "asAgentHook" in found && found.asAgentHook ? (found as AnyBridgedEvent) : undefined;
  if (!spec?.asAgentHook) {
    return {
      stdout: "",
      stderr: `hookwire: ${dialect.label} has no event ${JSON.stringify(request.event)} hookwire serves; run \`hookwire connect ${agent.id}\` again.\n`,
      code: 1,
    };
  }
  const asHook = spec.asAgentHook;
  const env = request.env ?? {};
  const { record, done } = callRecord(request, spec);
  known?.(record);
  try {
    const stdin: unknown = JSON.parse(request.input);
    if (!isRecord(stdin))
      throw new Error(
        `${dialect.label} sent ${request.input.trim() === "" ? "nothing" : "JSON that is not an object"}`,
      );
    const session = dialect.protocol.session?.(stdin) ?? { sessionId: "", cwd: "" };
    const cwd = session.cwd || process.cwd();
    const { root, store } = projectOf(agent.id, request, session, cwd, projects);
    record.session = session.sessionId;
    record.project = root;
    if (spec.native === "session_start") {
      SessionStore.prune();
      SessionStore.prune(sessionRootsDir());
    }
    const event = asHook.event(stdin, cwd) as HookEvent<NativeEventName>;
    describeCall(record, stdin, event, env);
    const callSession = {
      sessionId: session.sessionId,
      transcriptPath: session.transcriptPath ?? "",
      states: store.data.states,
      ...(session.permissionMode ? { permissionMode: session.permissionMode } : {}),
      ...(session.effort ? { effort: session.effort } : {}),
    };
    const project = await projects.get(agent.id, root, callSession);
    const loaded = project.loaded;

    const notes: string[] = [];
    const note = (text: string) => {
      if (store.once(text)) notes.push(text);
      return notes.includes(text);
    };
    const { failures, failed, notLoaded } = failureSink(notes, note);
    let statusSet = false;
    const sinks: CallSinks = {
      messages: [],
      asked: undefined,
      note,
      failed,
      append: (customType, data) => store.append(customType, data),
      setStatus: (key, text) => {
        statusSet = true;
        store.setStatus(key, text);
      },
      sessionManager: store.sessionManager(session.transcriptPath),
      model: typeof stdin.model === "string" ? stdin.model : undefined,
    };
    const messages = sinks.messages;
    const trust = project.trust;
    if (trust.state !== "trusted") {
      // The model is told too: its guards are off, and some agents show a hook's line to no one.
      const { applies } = await import("../connect/capabilities.js");
      if (note(trust.notice) && applies(dialect, spec, "context"))
        messages.push({ text: trust.notice, hookPath: "hookwire", followUp: false });
    }
    for (const { path: file, error } of loaded.errors) notLoaded(displayPath(file, root), error.message);
    if (spec.native === "session_start") await noteSilencers(agent.id, root, note);
    // After a `cd` into a trusted project below the session's: its hooks too, after the session's.
    const nested = await nestedHooks(projects, agent.id, root, cwd, callSession, { note, notLoaded });

    let outcome: unknown;
    const ran: { nested?: unknown } = {};
    try {
      // A tool call's hooks run behind the project's gate (a hook that fails blocks it; a changed project refuses it).
      const call = { session: callSession, sinks, asks: asHook.asks === true };
      outcome = await runWithNested(project, nested, call, event, ran);
    } catch (error) {
      outcome = thrownOutcome(error, failures);
    }
    // The gate's deny for a hook that threw is that hook's failure too: named in the answer, logged as error.
    const verdict = outcome as { denied?: string; error?: unknown } | undefined;
    if (verdict?.denied === "error") thrownOutcome(verdict.error, failures);
    if (gatesTools(spec)) outcome = closeOnFailure(outcome, failures, request.failClosedHooks === true, note);
    const asked = sinks.asked;
    // A hook that asks for one more turn every time must not keep the agent going forever.
    const followUps = messages.filter((m) => m.followUp);
    if (spec.native === "agent_end") {
      if (followUps.length === 0) store.data.followUps = 0;
      else if (store.data.followUps >= FOLLOW_UP_CAP) {
        for (const m of followUps) m.followUp = false;
        store.data.followUps = 0;
        note(
          `hookwire: hooks asked ${dialect.label} to go on ${FOLLOW_UP_CAP} times in a row; it stops here.`,
        );
      } else store.data.followUps++;
    }
    const answer = asHook.answer({ outcome, messages, asked } as never, event as never, stdin);
    // A status line is pi's: kept in the session for the hooks, shown by no connected agent.
    const unapplied = statusSet ? [...answer.unapplied, STATUS_UNAPPLIED] : answer.unapplied;
    for (const what of unapplied) {
      note(
        `hookwire: ${dialect.label} cannot apply ${what} on ${spec.name}; a hook's ${what} was dropped there.`,
      );
    }
    store.save();
    const decided = decisionOf(outcome, { asked, messages, untrusted: loaded.skipped.length });
    // A decision the nested project's hooks took is that project's, in the log.
    if (
      nested &&
      decidedByNested(decided, decisionOf(ran.nested, { asked: undefined, messages: [], untrusted: 0 }))
    )
      record.project = nested.root;
    done(failureDecision(decided, failures));
    // A question where the agent has none was refused (its reason says so there): logged as unapplied too.
    const refused = decided.decision === "ask" && asHook.asks !== true ? [ASK_REFUSED] : [];
    const answered = { outcome, messages, asked };
    const dropped = unappliedDecision(dialect.label, spec.name, [...unapplied, ...refused], answered);
    if (dropped) done(dropped);
    return encode(dialect, spec, answer.output, notes);
  } catch (error) {
    done({ decision: "error", reason: errorMessage(error) });
    return failureResponse(dialect, spec, errorMessage(error), request.failOpen);
  }
}
