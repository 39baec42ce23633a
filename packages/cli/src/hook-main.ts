// `hookwire hook <agent> <event> [--fail-open] [--fail-closed-hooks]` in this process, without the command parser the rest of the CLI
// loads (it costs every tool call a little): what `hook-forward` runs when no server answers for it.
import { HOOK_AGENT_IDS } from "@hookwire/settings-hooks/agents";
import { takeHttpPort } from "./http-port-flag.js";
import { takeEntry } from "./serve/entry-starter.js";

/** The flags connect writes, in its order (`--fail-open`, then `--fail-closed-hooks`); anything else goes to citty. */
export function isPlainFlags(flags: readonly string[]): boolean {
  const known = ["--fail-open", "--fail-closed-hooks"];
  let at = 0;
  for (const flag of flags) {
    const index = known.indexOf(flag, at);
    if (index === -1) return false;
    at = index + 1;
  }
  return true;
}

/** Runs the call here and exits; `input` is the agent's JSON when the forwarding client already read it. */
export async function hookMain(input?: string): Promise<void> {
  // Run by the shell entry, which starts the server after this process (serve/entry-starter.ts); out of the
  // environment before anything this call runs could inherit it.
  const entry = takeEntry();
  const [agent = "", event = "", ...given] = process.argv.slice(3);
  // The forwarding client already made sure of the server `--http-port` asks for.
  const { port, rest: flags } = takeHttpPort(given);
  const plain = port !== null && isPlainFlags(flags);
  if (!plain || !(HOOK_AGENT_IDS as readonly string[]).includes(agent) || !/^[A-Za-z]+$/.test(event)) {
    // An agent that stops reading early is its choice, not a failure (bin/hookwire.js guards the other commands; a
    // call run here writes its answer to the descriptors, adapter/answer-out.ts, and creates no stream).
    for (const stream of [process.stdout, process.stderr]) {
      stream.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
        throw error;
      });
    }
    // The whole CLI says what is wrong with the command line, as for any other command.
    await import("./cli.js");
    return;
  }
  const { runHook } = await import("./adapter/run-hook.js");
  // A hook's stray async error is reported as that hook's by the runner's guard; anything else is said, not fatal.
  process.on("uncaughtException", (error) => process.stderr.write(`hookwire: ${error?.stack ?? error}\n`));
  const code = await runHook(
    agent as (typeof HOOK_AGENT_IDS)[number],
    event,
    { failOpen: flags.includes("--fail-open"), failClosedHooks: flags.includes("--fail-closed-hooks") },
    input,
    "descriptors",
  );
  // No server answered this call: this user's is started for the next ones (unless turned off), once the answer is
  // out (runHook resolves then). Started before, its start (a Node process loading the CLI) ran beside this call and
  // spawning waited for its exec: the first call cost ~60 ms more than one with the server turned off. Under the shell
  // entry, the entry starts it after this process has exited: spawning from here still held the call ~40 ms.
  void import("./serve/autostart.js")
    .then(({ startServerAfterCall }) => startServerAfterCall(entry))
    .catch(() => undefined)
    .finally(() => process.exit(code));
}
