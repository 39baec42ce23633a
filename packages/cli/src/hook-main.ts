// `hookwire hook <agent> <event> [--fail-open]` in this process, without the command parser the rest of the CLI
// loads (it costs every tool call a little): what `hook-forward` runs when no server answers for it.
import { AGENT_IDS } from "./connect/agents.js";

/** Runs the call here and exits; `input` is the agent's JSON when the forwarding client already read it. */
export async function hookMain(input?: string): Promise<void> {
  // An agent that stops reading early is its choice, not a failure (bin/hookwire.js guards the other commands).
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  const [agent = "", event = "", ...flags] = process.argv.slice(3);
  const plain = flags.length === 0 || (flags.length === 1 && flags[0] === "--fail-open");
  if (!plain || !(AGENT_IDS as readonly string[]).includes(agent) || !/^[A-Za-z]+$/.test(event)) {
    // The whole CLI says what is wrong with the command line, as for any other command.
    await import("./cli.js");
    return;
  }
  // No server answered this call: start this user's for the next ones (unless turned off), while this one runs here.
  void import("./serve/autostart.js").then(({ startServerInBackground }) => startServerInBackground());
  const { runHook } = await import("./adapter/run-hook.js");
  // A hook's stray async error is reported as that hook's by the runner's guard; anything else is said, not fatal.
  process.on("uncaughtException", (error) => process.stderr.write(`hookwire: ${error?.stack ?? error}\n`));
  const code = await runHook(agent as (typeof AGENT_IDS)[number], event, flags[0] === "--fail-open", input);
  process.stdout.write("", () => process.exit(code));
}
