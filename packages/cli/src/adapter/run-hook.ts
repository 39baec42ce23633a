// `hookwire hook` over stdin and stdout: the agent's JSON read, one answer written in time, whatever happens.
import { errorMessage } from "@hookwire/core";
import { nowMs, RunScope } from "@hookwire/core/internal";
import { type DialectId, findEvent, isBridged, loadDialect } from "@hookwire/settings-hooks";
import { callContext } from "../log/call-context.js";
import { flushRecords, recordDecision } from "../log/recorder.js";
import { forwardedVariables } from "../serve/forwarded-variables.js";
import { checkedInput, readAgentInput, streamInput } from "./agent-input.js";
import { writeAnswer } from "./answer-out.js";
import {
  ANSWER_WITHIN_MS,
  type CallRecord,
  failureResponse,
  type HookResponse,
  handleHookEvent,
} from "./handle.js";
import type { ProjectPool } from "./project-hooks.js";

/** What the command line (or the forwarded call) says beside the agent and event. */
export interface HookFlags {
  failOpen: boolean;
  /** `--fail-closed-hooks`: any hook that fails on a tool event refuses the call. */
  failClosedHooks?: boolean;
  /** The developer a team server authenticated (their token's name): logged with each decision. */
  user?: string;
}

/** Why the call had no answer in time: the hooks still running, named, and killed with their process trees. */
function lateReason(withinMs: number, killed: readonly string[]): string {
  const seconds = `no answer within ${withinMs / 1000} s`;
  if (killed.length === 0) return `${seconds} (a hook that never finishes?)`;
  const named = killed.map((hookPath) => `\`${hookPath}\``).join(", ");
  return `${seconds}: ${named} ${killed.length === 1 ? "was" : "were"} still running and ${killed.length === 1 ? "was" : "were"} killed`;
}

/**
 * The deadline's line in the decision log: the handler never got to write one. It starts from the call's record as
 * the handler filled it (session, project root, tool, target), else from the raw input.
 */
function recordLate(
  call: {
    agent: DialectId;
    event: string;
    env: Record<string, string>;
    time: string;
    startedMs: number;
    /** The developer a team server authenticated. */
    user: string | undefined;
  },
  known: Readonly<CallRecord> | undefined,
  text: string | undefined,
  reason: string,
  killed: string[],
) {
  const { agent, event, env } = call;
  let stdin: { session_id?: unknown; cwd?: unknown } = {};
  try {
    const read: unknown = JSON.parse(text ?? "{}");
    if (typeof read === "object" && read !== null) stdin = read;
  } catch {}
  const { otel, ...who } = callContext(agent, stdin, env, call.user);
  recordDecision({
    agent,
    ...who,
    session: typeof stdin.session_id === "string" ? stdin.session_id : "",
    event,
    native: "",
    project: typeof stdin.cwd === "string" ? stdin.cwd : "",
    ...known,
    time: call.time,
    decision: "error",
    reason,
    ...(killed[0] ? { hook: killed[0] } : {}),
    durationMs: Math.round((nowMs() - call.startedMs) * 1000) / 1000,
    ...(otel ? { otel } : {}),
  });
}

/**
 * One call answered within `withinMs` (`ANSWER_WITHIN_MS`), whatever happens (an answer, an error, a hook
 * that never settles): what `hookwire hook` writes and what `hookwire serve` sends back. `input` may still be
 * arriving; one over `MAX_INPUT_BYTES` is refused here, however it came. At the deadline the processes the call's hooks started are killed (their whole trees) and named.
 */
export async function answerInTime(
  agent: DialectId,
  event: string,
  flags: HookFlags,
  input: Promise<string>,
  projects?: ProjectPool,
  /** The agent's variables hookwire reads (the server gets them with the call; a call run here has its own). */
  env: Record<string, string> = forwardedVariables(),
  withinMs = ANSWER_WITHIN_MS,
): Promise<HookResponse> {
  const { failOpen } = flags;
  const fail = async (why: string): Promise<HookResponse> => {
    const dialect = await loadDialect(agent);
    const spec = findEvent(dialect, event);
    if (!spec || !isBridged(spec)) return { stdout: "", stderr: `hookwire: ${why}\n`, code: 1 };
    return failureResponse(dialect, spec, why, failOpen);
  };
  const scope = new RunScope();
  // The deadline's record, as any other, is timed from the call's arrival.
  const time = new Date().toISOString();
  const startedMs = nowMs();
  let text: string | undefined;
  let known: Readonly<CallRecord> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<HookResponse>((resolve) => {
    timer = setTimeout(() => {
      const killed = scope.kill();
      const reason = lateReason(withinMs, killed);
      recordLate({ agent, event, env, time, startedMs, user: flags.user }, known, text, reason, killed);
      resolve(fail(reason));
    }, withinMs);
  });
  const answered = input
    .then((read) => {
      text = read;
      const request = {
        agent,
        event,
        failOpen,
        failClosedHooks: flags.failClosedHooks === true,
        env,
        input: checkedInput(read),
        ...(flags.user === undefined ? {} : { user: flags.user }),
      };
      return scope.run(() =>
        handleHookEvent(request, projects, (record) => {
          known = record;
        }),
      );
    })
    .catch((error: unknown) => fail(errorMessage(error)));
  const response = await Promise.race([answered, late]);
  clearTimeout(timer);
  return response;
}

/** `readAgentInput`, a failure to read as a rejection (the call's answer says why). */
function fromStdin(): Promise<string> {
  try {
    return Promise.resolve(readAgentInput());
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * How a call reads stdin and writes its answer: its file descriptors (the hook path an agent starts: no stream is
 * created, ~5 ms of a fresh process for the pipes) or the process's streams (the CLI's `hookwire hook`, and tests that
 * run it in their own process, where the streams are swapped for the run's).
 */
export type HookIo = "descriptors" | "streams";

/**
 * Reads the agent's JSON from stdin (or takes `input`, already read by the forwarding client), answers on
 * stdout (and stderr), resolves with the exit code (with `descriptors`, once the answer is written).
 */
export async function runHook(
  agent: DialectId,
  event: string,
  flags: HookFlags,
  input?: string,
  io: HookIo = "streams",
): Promise<number> {
  const read = () => (io === "descriptors" ? fromStdin() : streamInput());
  const response = await answerInTime(
    agent,
    event,
    flags,
    input === undefined ? read() : Promise.resolve(input),
  );
  if (io === "descriptors") await new Promise<void>((resolve) => writeAnswer(response, resolve));
  else {
    if (response.stderr) process.stderr.write(response.stderr);
    process.stdout.write(response.stdout);
  }
  // Spans go out before the process ends (only when OpenTelemetry is on).
  await flushRecords();
  return response.code;
}
