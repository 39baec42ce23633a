// `hookwire --help` and `--version`: answered from the command table alone, without the runtime packages.
import { stripVTControlCharacters } from "node:util";
import { type CommandDef, defineCommand, renderUsage } from "citty";
import { COMMANDS, MAIN_META, VERSION } from "./command-table.js";

/** The top-level command as `--help` shows it: each command by its name and description only. */
const listing = defineCommand({
  meta: MAIN_META,
  subCommands: Object.fromEntries(
    Object.entries(COMMANDS).map(([name, entry]) => [
      name,
      { meta: { name, description: entry.description } },
    ]),
  ),
}) as CommandDef;

// citty colours usage text whatever the stream; colour belongs on a terminal only.
export async function usage(
  sub: CommandDef | undefined,
  parent: CommandDef | undefined,
  tty: boolean | undefined,
): Promise<string> {
  const text = await renderUsage(sub ?? listing, sub ? parent : undefined);
  return tty && !("NO_COLOR" in process.env) ? text : stripVTControlCharacters(text);
}

/** The answer to argv that needs no command (no arguments, --help, --version), else undefined. */
export async function quickAnswer(argv: readonly string[]): Promise<string | undefined> {
  const first = argv[0];
  if (first === undefined || first === "--help" || first === "-h") {
    return `${await usage(undefined, undefined, process.stdout.isTTY)}\n`;
  }
  if (first === "--version" || first === "-v") return `${VERSION}\n`;
  return undefined;
}
