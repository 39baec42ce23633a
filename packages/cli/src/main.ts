// The `hookwire` command tree and its entry point: help, argument checks, exit codes, error reporting.
import { stripVTControlCharacters } from "node:util";
import { escapeForTerminal, isHookwireError } from "@hookwire/core";
import { didYouMean } from "@hookwire/core/internal";
import { type CommandDef, defineCommand, runCommand } from "citty";
import { checkArgs } from "./argv.js";
import { COMMANDS, MAIN_META } from "./command-table.js";
import { CliUsageError, EXIT } from "./errors.js";
import { quickAnswer, usage } from "./help.js";

/** Every command; citty imports a command's module only when that command runs. */
export const mainCommand = defineCommand({
  meta: MAIN_META,
  subCommands: Object.fromEntries(Object.entries(COMMANDS).map(([name, entry]) => [name, entry.load])),
});

async function subCommandNamed(name: string): Promise<CommandDef> {
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (entry) return entry.load();
  const hint = didYouMean(name, Object.keys(COMMANDS));
  throw new CliUsageError(`Unknown command "${name}".${hint ? ` Did you mean "${hint}"?` : ""}`, {
    details: `Commands: ${Object.keys(COMMANDS).join(", ")}. See \`hookwire help\`.`,
  });
}

function wantsJson(argv: readonly string[]): boolean {
  return argv.some((arg) => arg === "--json" || arg === "--json=true");
}

/** Error messages name project files and hooks: each of their lines is shown with controls escaped. */
function escapeLines(text: string): string {
  return text.split("\n").map(escapeForTerminal).join("\n");
}

function reportError(error: unknown, json: boolean): void {
  const known = isHookwireError(error);
  if (json) {
    const details = known ? error.message.slice(error.shortMessage.length + 1) : "";
    const payload = known
      ? { code: error.code, message: error.shortMessage, ...(details ? { details } : {}) }
      : { code: "CLI_UNEXPECTED", message: (error as Error)?.message ?? String(error) };
    process.stdout.write(`${JSON.stringify({ error: payload }, null, 2)}\n`);
    return;
  }
  if (known) {
    process.stderr.write(`hookwire: ${escapeLines(error.message)}\n`);
  } else {
    process.stderr.write(
      `hookwire: unexpected error: ${escapeLines((error as Error)?.stack ?? String(error))}\n`,
    );
  }
}

/** Run the CLI with `argv` (without node and script); resolves with the exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const json = wantsJson(argv);
  try {
    const quick = await quickAnswer(argv);
    if (quick !== undefined) {
      process.stdout.write(quick);
      return EXIT.ok;
    }
    const [first = "", ...rest] = argv;
    if (first.startsWith("-")) {
      throw new CliUsageError(`${first} goes after a command: hookwire <command> ${first}.`, {
        details: "See `hookwire help`.",
      });
    }
    const sub = await subCommandNamed(first);
    if (first === "help") {
      checkArgs("help", sub, rest);
      const target = rest[0] === undefined ? undefined : await subCommandNamed(rest[0]);
      process.stdout.write(`${await usage(target, mainCommand, process.stdout.isTTY)}\n`);
      return EXIT.ok;
    }
    if (rest.includes("--help") || rest.includes("-h")) {
      process.stdout.write(`${await usage(sub, mainCommand, process.stdout.isTTY)}\n`);
      return EXIT.ok;
    }
    checkArgs(first, sub, rest, { rest: first === "run" });
    process.exitCode = undefined;
    await runCommand(mainCommand, { rawArgs: [...argv] });
    return typeof process.exitCode === "number" ? process.exitCode : EXIT.ok;
  } catch (error) {
    if ((error as Error)?.name === "CLIError") {
      // citty's own argument errors (a missing positional).
      const message = stripVTControlCharacters((error as Error).message);
      reportError(new CliUsageError(message, { details: "See `hookwire help`." }), json);
    } else {
      reportError(error, json);
    }
    return EXIT.usage;
  }
}
