// Checks a command's raw arguments against its definition before citty sees them: citty ignores what it does not know.
import { didYouMean } from "@hookwire/core/internal";
import type { ArgsDef, CommandDef } from "citty";
import { CliUsageError } from "./errors.js";

interface Flag {
  name: string;
  type: "string" | "boolean";
}

function flagsOf(args: ArgsDef): Flag[] {
  const flags: Flag[] = [{ name: "help", type: "boolean" }];
  for (const [name, def] of Object.entries(args)) {
    if (def.type === "string" || def.type === "boolean") flags.push({ name, type: def.type });
  }
  return flags;
}

function positionalsOf(args: ArgsDef): string[] {
  return Object.entries(args)
    .filter(([, def]) => def.type === "positional")
    .map(([name]) => name);
}

/**
 * Unknown flags and string flags without a value are usage errors, with a did-you-mean; so are
 * positional arguments the command does not take. `rest: true` stops checking after the last positional
 * (`hookwire run /cmd --anything` passes everything after the command to it).
 */
export function checkArgs(
  command: string,
  def: CommandDef,
  argv: readonly string[],
  options: { rest?: boolean } = {},
): void {
  const args = (def.args ?? {}) as ArgsDef;
  const flags = flagsOf(args);
  const positionals = positionalsOf(args);
  const names = flags.map((flag) => `--${flag.name}`);
  let seen = 0;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") break;
    if (arg.startsWith("--")) {
      const [raw = "", value] = splitOnce(arg.slice(2));
      const flag = flags.find(
        (candidate) =>
          candidate.name === raw || (candidate.type === "boolean" && raw === `no-${candidate.name}`),
      );
      if (!flag) {
        const hint = didYouMean(`--${raw}`, names);
        throw new CliUsageError(
          `Unknown option --${raw} for \`hookwire ${command}\`.${hint ? ` Did you mean ${hint}?` : ""}`,
          { details: `Options: ${names.join(", ")}. See \`hookwire help ${command}\`.` },
        );
      }
      if (flag.type === "string") {
        const next = value ?? argv[i + 1];
        // An empty value is no value: `--cwd ""` must not quietly mean the current folder.
        if (
          next === undefined ||
          next === "" ||
          (value === undefined && next.startsWith("--") && next.length > 2)
        ) {
          throw new CliUsageError(
            `--${flag.name} needs a value: --${flag.name} ${args[flag.name]?.valueHint ?? "VALUE"}.`,
            { details: `See \`hookwire help ${command}\`.` },
          );
        }
        if (value === undefined) i++;
      }
      continue;
    }
    if (arg === "-h") continue;
    if (arg.startsWith("-") && arg !== "-") {
      throw new CliUsageError(
        `Unknown option ${arg} for \`hookwire ${command}\`. Options are spelled --name.`,
      );
    }
    seen++;
    if (options.rest && seen >= positionals.length) return;
    if (seen > positionals.length) {
      throw new CliUsageError(
        `\`hookwire ${command}\` takes ${positionals.length === 0 ? "no arguments" : `${positionals.length} argument${positionals.length === 1 ? "" : "s"}`}, got an extra ${JSON.stringify(arg)}.`,
        { details: `See \`hookwire help ${command}\`.` },
      );
    }
  }
}

function splitOnce(text: string): [string, string | undefined] {
  const at = text.indexOf("=");
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
