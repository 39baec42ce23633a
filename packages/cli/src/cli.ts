// The `hookwire` CLI, started by bin/hookwire.js (which answers `--help` and `--version` itself and guards
// stdout against a closed pipe).
await main();

async function main(): Promise<void> {
  const { guardedHookOf } = await import("@hookwire/core/internal");
  const { EXIT } = await import("./errors.js");
  const { runCli } = await import("./main.js");

  // A hook's timer that throws, or a rejection it drops, would otherwise end the process with exit 1,
  // which here means "a hook blocked". The runners' process guard reports those it can attribute to a
  // hook as that hook's HOOK_UNCAUGHT error; this catches the rest (no stack, no hook frame).
  // Rejections arrive here too: without an unhandledRejection listener Node raises them as exceptions.
  function reportEscaped(error: unknown): void {
    if (guardedHookOf(error) !== undefined) return;
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(
      `hookwire: ⚠ an error escaped every handler (a hook's timer threw or it dropped a rejected promise); continuing:\n${text}\n`,
    );
  }
  process.on("uncaughtException", reportEscaped);

  let finished = false;
  // Hook modules run in this process. When every handle is gone while a command still awaits, a
  // hook returned a promise that can never settle; Node would exit 13 without a word.
  process.on("beforeExit", () => {
    if (finished) return;
    process.stderr.write(
      "hookwire: a hook never finished: one of its handlers returned a promise that never settles. " +
        "Make every handler resolve (or return nothing).\n",
    );
    process.exit(EXIT.usage);
  });

  const code = await runCli(process.argv.slice(2));
  finished = true;
  // The command is done; a timer or socket a hook left open must not keep the terminal waiting.
  process.stdout.write("", () => process.exit(code));
}
