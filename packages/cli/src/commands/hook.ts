// `hookwire hook <agent> <event>`: what an agent runs at each event once connected (stdin in, its answer out).
import { defineCommand } from "citty";
import { runHook } from "../adapter/run-hook.js";
import { agentArg } from "../connect/agent-args.js";

export const hookCommand = defineCommand({
  args: {
    agent: { type: "positional", description: "The agent that runs it", required: true },
    event: { type: "positional", description: "The agent's event name", required: true },
    "fail-open": {
      type: "boolean",
      description: "Let tool calls through when hookwire itself fails",
      default: false,
    },
    "fail-closed-hooks": {
      type: "boolean",
      description: "Refuse a tool call when any hook fails on it (an error, a timeout, unreadable output)",
      default: false,
    },
    "http-port": {
      type: "string",
      description:
        "First make sure this user's server listens on this port for the session's http hooks (connect --http writes it on SessionStart)",
      valueHint: "PORT",
    },
  },
  async run({ args }) {
    process.exitCode = await runHook(agentArg(args.agent), args.event, {
      failOpen: args["fail-open"] === true,
      failClosedHooks: args["fail-closed-hooks"] === true,
    });
  },
});
