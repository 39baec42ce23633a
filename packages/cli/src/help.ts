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

/** The top-level usage as citty renders it, colours included. */
export function renderedUsage(): Promise<string> {
  return renderUsage(listing);
}

// citty colours usage text whatever the stream; colour belongs on a terminal only (bin/hookwire.js applies
// the same rule to the usage the build rendered).
export async function usage(
  sub: CommandDef | undefined,
  parent: CommandDef | undefined,
  tty: boolean | undefined,
): Promise<string> {
  const text = await renderUsage(sub ?? listing, sub ? parent : undefined);
  return tty && !("NO_COLOR" in process.env) ? text : stripVTControlCharacters(text);
}

/**
 * The first arguments answered without a command (as is no argument at all: the usage). The launcher answers
 * them from `dist/quick.json`, which the build writes from this table and `renderedUsage`.
 */
export const QUICK_ANSWERS: ReadonlyMap<string, "usage" | "version"> = new Map([
  ["--help", "usage"],
  ["-h", "usage"],
  ["--version", "version"],
  ["-v", "version"],
]);

/** The answer to argv that needs no command (no arguments, --help, --version), else undefined. */
export async function quickAnswer(argv: readonly string[]): Promise<string | undefined> {
  const first = argv[0];
  const kind = first === undefined ? "usage" : QUICK_ANSWERS.get(first);
  if (kind === "usage") return `${await usage(undefined, undefined, process.stdout.isTTY)}\n`;
  if (kind === "version") return `${VERSION}\n`;
  return undefined;
}
