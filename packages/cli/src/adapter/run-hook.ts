// `hookwire hook` over stdin and stdout: the agent's JSON read, one answer written in time, whatever happens.
import { errorMessage } from "@hookwire/core";
import { type DialectId, findEvent, isBridged, loadDialect } from "@hookwire/settings-hooks";
import { flushRecords } from "../log/record.js";
import { forwardedVariables } from "../serve/forwarded-variables.js";
import { ANSWER_WITHIN_MS, failureResponse, type HookResponse, handleHookEvent } from "./handle.js";
import type { ProjectPool } from "./project-hooks.js";

/** An agent's hook input past this is refused (fail-closed on tool events): none comes near it. */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    process.stdin.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_INPUT_BYTES) {
        process.stdin.destroy();
        reject(new Error(`the agent's input is over ${MAX_INPUT_BYTES} bytes`));
      } else chunks.push(chunk);
    });
    process.stdin.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    process.stdin.on("error", reject);
  });
}

/**
 * One call answered within `ANSWER_WITHIN_MS`, whatever happens (an answer, an error, a hook that never
 * settles): what `hookwire hook` writes and what `hookwire serve` sends back. `input` may still be arriving.
 */
export async function answerInTime(
  agent: DialectId,
  event: string,
  failOpen: boolean,
  input: Promise<string>,
  projects?: ProjectPool,
  /** The agent's variables hookwire reads (the server gets them with the call; a call run here has its own). */
  env: Record<string, string> = forwardedVariables(),
): Promise<HookResponse> {
  const fail = async (why: string): Promise<HookResponse> => {
    const dialect = await loadDialect(agent);
    const spec = findEvent(dialect, event);
    if (!spec || !isBridged(spec)) return { stdout: "", stderr: `hookwire: ${why}\n`, code: 1 };
    return failureResponse(dialect, spec, why, failOpen);
  };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<HookResponse>((resolve) => {
    timer = setTimeout(
      () => resolve(fail(`no answer within ${ANSWER_WITHIN_MS / 1000} s (a hook that never finishes?)`)),
      ANSWER_WITHIN_MS,
    );
  });
  const answered = input
    .then((text) => handleHookEvent({ agent, event, failOpen, env, input: text }, projects))
    .catch((error: unknown) => fail(errorMessage(error)));
  const response = await Promise.race([answered, late]);
  clearTimeout(timer);
  return response;
}

/**
 * Reads the agent's JSON from stdin (or takes `input`, already read by the forwarding client), answers on
 * stdout (and stderr), resolves with the exit code.
 */
export async function runHook(
  agent: DialectId,
  event: string,
  failOpen: boolean,
  input?: string,
): Promise<number> {
  const response = await answerInTime(
    agent,
    event,
    failOpen,
    input === undefined ? readStdin() : Promise.resolve(input),
  );
  if (response.stderr) process.stderr.write(response.stderr);
  process.stdout.write(response.stdout);
  // Spans go out before the process ends (only when OpenTelemetry is on).
  await flushRecords();
  return response.code;
}
