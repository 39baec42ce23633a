// `hookwire hook <agent> <event>`: what an agent runs at each event once connected (stdin in, its answer out).
import { errorMessage } from "@hookwire/core";
import { findEvent, isBridged, loadDialect } from "@hookwire/settings-hooks";
import { defineCommand } from "citty";
import { ANSWER_WITHIN_MS, failureResponse, type HookResponse, handleHookEvent } from "../adapter/handle.js";
import { agentArg } from "./connect.js";

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

export const hookCommand = defineCommand({
  meta: {
    name: "hook",
    description: "What a connected agent runs at each event (hookwire connect writes it)",
  },
  args: {
    agent: { type: "positional", description: "The agent that runs it", required: true },
    event: { type: "positional", description: "The agent's event name", required: true },
    "fail-open": {
      type: "boolean",
      description: "Let tool calls through when hookwire itself fails",
      default: false,
    },
  },
  async run({ args }) {
    const agent = agentArg(args.agent);
    const failOpen = args["fail-open"] === true;
    const request = { agent, event: args.event, failOpen };
    // However the call ends — an answer, a crash, a hook that never settles — the agent gets one answer, in time.
    const fail = async (why: string): Promise<HookResponse> => {
      const dialect = await loadDialect(agent);
      const spec = findEvent(dialect, args.event);
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
      .then((input) => handleHookEvent({ ...request, input }))
      .catch((error: unknown) => fail(errorMessage(error)));
    const response = await Promise.race([answered, late]);
    clearTimeout(timer);
    if (response.stderr) process.stderr.write(response.stderr);
    process.stdout.write(response.stdout);
    process.exitCode = response.code;
  },
});
