// `hookwire hook` over stdin and stdout: the agent's JSON read, one answer written in time, whatever happens.
import { errorMessage } from "@hookwire/core";
import { type DialectId, findEvent, isBridged, loadDialect } from "@hookwire/settings-hooks";
import { ANSWER_WITHIN_MS, failureResponse, type HookResponse, handleHookEvent } from "./handle.js";

/** An agent's hook input past this is refused (fail-closed on tool events): none comes near it. */
const MAX_INPUT_BYTES = 16 * 1024 * 1024;

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
 * Reads the agent's JSON from stdin, answers on stdout (and stderr), resolves with the exit code. However the
 * call ends — an answer, an error, a hook that never settles — the agent gets one answer, within
 * `ANSWER_WITHIN_MS`.
 */
export async function runHook(agent: DialectId, event: string, failOpen: boolean): Promise<number> {
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
  const answered = readStdin()
    .then((input) => handleHookEvent({ agent, event, failOpen, input }))
    .catch((error: unknown) => fail(errorMessage(error)));
  const response = await Promise.race([answered, late]);
  clearTimeout(timer);
  if (response.stderr) process.stderr.write(response.stderr);
  process.stdout.write(response.stdout);
  return response.code;
}
