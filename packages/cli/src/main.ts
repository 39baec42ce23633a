// The `hookwire` command tree and its entry point: help, exit codes, error reporting.
import { stripVTControlCharacters } from "node:util";
import { escapeForTerminal, isHookwireError } from "@hookwire/core";
import { type CommandDef, defineCommand, renderUsage, runCommand } from "citty";
import { demoCommand } from "./commands/demo.js";
import { doctorCommand } from "./commands/doctor.js";
import { emitCommand } from "./commands/emit.js";
import { listCommand } from "./commands/list.js";
import { runCommand as runSlashCommand } from "./commands/run.js";
import { toolCommand } from "./commands/tool.js";
import { trustCommand } from "./commands/trust.js";
import { EXIT } from "./errors.js";

export const VERSION = "0.1.0";

const subCommands = {
  list: listCommand,
  emit: emitCommand,
  tool: toolCommand,
  run: runSlashCommand,
  doctor: doctorCommand,
  trust: trustCommand,
  demo: demoCommand,
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

function findSubCommand(argv: readonly string[]): CommandDef | undefined {
  const name = argv.find((arg) => !arg.startsWith("-"));
  return name ? subCommands[name] : undefined;
}

/** Error messages name project files and hooks: each of their lines is shown with controls escaped. */
function escapeLines(text: string): string {
  return text.split("\n").map(escapeForTerminal).join("\n");
}

/** Run the CLI with `argv` (without node and script); resolves with the exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const sub = findSubCommand(argv);
  if (argv.includes("--help") || argv.includes("-h") || argv.length === 0) {
    process.stdout.write(`${await usage(sub, process.stdout.isTTY)}\n`);
    return EXIT.ok;
  }
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v")) {
    process.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  try {
    process.exitCode = undefined;
    await runCommand(mainCommand, { rawArgs: [...argv] });
    return typeof process.exitCode === "number" ? process.exitCode : EXIT.ok;
  } catch (error) {
    if ((error as Error)?.name === "CLIError") {
      // citty's own argument errors (unknown command, missing positional).
      process.stderr.write(`${await usage(sub, process.stderr.isTTY)}\n`);
      const message = (error as Error).message;
      const colour = process.stderr.isTTY && !("NO_COLOR" in process.env);
      process.stderr.write(`hookwire: ${colour ? message : stripVTControlCharacters(message)}\n`);
    } else if (isHookwireError(error)) {
      process.stderr.write(`hookwire: ${escapeLines(error.message)}\n`);
    } else {
      process.stderr.write(
        `hookwire: unexpected error: ${escapeLines((error as Error)?.stack ?? String(error))}\n`,
      );
    }
    return EXIT.usage;
  }
}
