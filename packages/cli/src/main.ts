// The `hookwire` command tree and its entry point: help, argument checks, exit codes, error reporting.
import { stripVTControlCharacters } from "node:util";
import { didYouMean, escapeForTerminal, isHookwireError } from "@hookwire/core";
import { type CommandDef, defineCommand, renderUsage, runCommand } from "citty";
import { checkArgs } from "./argv.js";
import { demoCommand } from "./commands/demo.js";
import { doctorCommand } from "./commands/doctor.js";
import { emitCommand } from "./commands/emit.js";
import { initCommand } from "./commands/init.js";
import { listCommand } from "./commands/list.js";
import { runCommand as runSlashCommand } from "./commands/run.js";
import { toolCommand } from "./commands/tool.js";
import { trustCommand } from "./commands/trust.js";
import { CliUsageError, EXIT } from "./errors.js";

export const VERSION = "0.1.0";

const helpCommand = defineCommand({
  meta: { name: "help", description: "Show the help of hookwire or of one command" },
  args: { command: { type: "positional", description: "The command", required: false } },
}) as CommandDef;

const subCommands = {
  list: listCommand,
  emit: emitCommand,
  tool: toolCommand,
  run: runSlashCommand,
  doctor: doctorCommand,
  trust: trustCommand,
  init: initCommand,
  demo: demoCommand,
  help: helpCommand,
} as Record<string, CommandDef>;

export const mainCommand = defineCommand({
  meta: {
    name: "hookwire",
    version: VERSION,
    description:
      "Inspect, test and run agent hooks (hook modules and Claude-style settings hooks).\n" +
      "Exit codes: 0 ok, 1 a hook blocked or denied (emit, tool) or the command failed (run), 2 usage or configuration error.",
  },
  subCommands,
});

// citty colours usage text whatever the stream; colour belongs on a terminal only.
async function usage(sub: CommandDef | undefined, tty: boolean | undefined): Promise<string> {
  const text = await renderUsage(sub ?? mainCommand, sub ? mainCommand : undefined);
  return tty && !("NO_COLOR" in process.env) ? text : stripVTControlCharacters(text);
}

function subCommandName(name: string): CommandDef {
  const sub = subCommands[name];
  if (sub) return sub;
  const hint = didYouMean(name, Object.keys(subCommands));
  throw new CliUsageError(`Unknown command "${name}".${hint ? ` Did you mean "${hint}"?` : ""}`, {
    details: `Commands: ${Object.keys(subCommands).join(", ")}. See \`hookwire help\`.`,
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
    process.stderr.write(`hookwire: unexpected error: ${escapeLines((error as Error)?.stack ?? String(error))}\n`);
  }
}

/** Run the CLI with `argv` (without node and script); resolves with the exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const json = wantsJson(argv);
  try {
    const [first, ...rest] = argv;
    if (first === undefined || first === "--help" || first === "-h") {
      process.stdout.write(`${await usage(undefined, process.stdout.isTTY)}\n`);
      return EXIT.ok;
    }
    if (first === "--version" || first === "-v") {
      process.stdout.write(`${VERSION}\n`);
      return EXIT.ok;
    }
    if (first.startsWith("-")) {
      throw new CliUsageError(`${first} goes after a command: hookwire <command> ${first}.`, {
        details: "See `hookwire help`.",
      });
    }
    const sub = subCommandName(first);
    if (sub === helpCommand) {
      checkArgs("help", helpCommand, rest);
      const target = rest[0] === undefined ? undefined : subCommandName(rest[0]);
      process.stdout.write(`${await usage(target, process.stdout.isTTY)}\n`);
      return EXIT.ok;
    }
    if (rest.includes("--help") || rest.includes("-h")) {
      process.stdout.write(`${await usage(sub, process.stdout.isTTY)}\n`);
      return EXIT.ok;
    }
    checkArgs(first, sub, rest, { rest: sub === (runSlashCommand as CommandDef) });
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
