// hookwire's entries and switches in a TOML file the organisation keeps (Codex's requirements.toml): added as lines of
// their own, marked, and taken out by those marks; smol-toml reads every result back before it is written.
import type { DialectId } from "@hookwire/settings-hooks";
import { tooling } from "@hookwire/settings-hooks";
import { parse, stringify, TomlError } from "smol-toml";
import { CliUsageError } from "../errors.js";
import type { Entry } from "./edit.js";

const { parseConnectionEntry } = tooling;

/** The block at the end of the file that holds hookwire's tables, and the mark on a line it adds elsewhere. */
const BEGIN = "# >>> hookwire connect --managed: the lines down to the end mark are hookwire's";
const END = "# <<< hookwire";
const LINE_MARK = " # hookwire connect --managed";

type Table = Record<string, unknown>;

/** The file's data, or a usage error naming where it stops being TOML. */
export function tomlValue(text: string, file: string): Table {
  try {
    return parse(text, { maxDepth: 64 }) as Table;
  } catch (error) {
    if (error instanceof TomlError) {
      const reason = error.message.split("\n")[0]?.replace(/^Invalid TOML document: /, "") ?? "invalid TOML";
      throw new CliUsageError(`${file}:${error.line}:${error.column}: not valid TOML (${reason}).`, {
        details: "The agent ignores a file it cannot parse: fix it, then connect again.",
      });
    }
    throw error;
  }
}

const isTable = (value: unknown): value is Table =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function at(value: Table, key: string): unknown {
  let current: unknown = value;
  for (const part of key.split(".")) current = isTable(current) ? current[part] : undefined;
  return current;
}

/** `agent`'s entries in the file's `[[hooks.<event>]]` groups, in file order. */
export function tomlEntriesIn(value: Table, agent: DialectId): Entry[] {
  const hooks = value.hooks;
  if (!isTable(hooks)) return [];
  const found: Entry[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups) {
      const handlers: unknown[] = isTable(group) && Array.isArray(group.hooks) ? group.hooks : [];
      for (const handler of handlers)
        if (parseConnectionEntry(handler)?.agent === agent)
          found.push({ event, handler: handler as Record<string, unknown> });
    }
  }
  return found;
}

/** A setting the file already decides otherwise: connect adds what is missing and never overrides the organisation. */
export function settingConflict(file: string, key: string, has: unknown, wanted: unknown): CliUsageError {
  return new CliUsageError(
    `${file} already sets ${key} = ${JSON.stringify(has)}; hookwire needs ${JSON.stringify(wanted)} there and does not override what the organisation's file decides.`,
    { details: `Change it to ${JSON.stringify(wanted)} yourself (or remove it), then connect again.` },
  );
}

/**
 * The text with `settings` (dotted keys) and `entries` added: a root key as a marked line at the top, a key of a
 * `[table]` the file has as a marked line under its header, and new tables in hookwire's block at the end.
 */
export function addTomlPart(
  text: string,
  file: string,
  entries: readonly Entry[],
  settings: Readonly<Record<string, unknown>>,
): string {
  const value = tomlValue(text, file);
  const top: string[] = [];
  const tables: Table = {};
  let out = text;
  for (const [key, wanted] of Object.entries(settings)) {
    const has = at(value, key);
    if (has === wanted) continue;
    if (has !== undefined) throw settingConflict(file, key, has, wanted);
    const [table, leaf, ...deeper] = key.split(".") as [string, string?, ...string[]];
    if (leaf === undefined) {
      top.push(`${stringify({ [table]: wanted }).trim()}${LINE_MARK}`);
      continue;
    }
    if (deeper.length > 0) throw new Error(`hookwire writes TOML keys one table deep, not ${key}.`);
    if (value[table] === undefined) {
      tables[table] = { ...(tables[table] as Table | undefined), [leaf]: wanted };
      continue;
    }
    const header = new RegExp(`^[ \\t]*\\[[ \\t]*${table}[ \\t]*\\][ \\t]*(#.*)?$`, "m").exec(out);
    if (!header)
      throw new CliUsageError(
        `${file} writes its ${table} table inline or with dotted keys, where hookwire cannot add ${key} as a line of its own.`,
        {
          details: `Add ${key.slice(table.length + 1)} = ${JSON.stringify(wanted)} to it yourself, then connect again.`,
        },
      );
    const end = header.index + header[0].length;
    out = `${out.slice(0, end)}\n${stringify({ [leaf]: wanted }).trim()}${LINE_MARK}${out.slice(end)}`;
  }
  const hooks: Record<string, Table[]> = {};
  for (const { event, handler } of entries) hooks[event] = [...(hooks[event] ?? []), { hooks: [handler] }];
  if (entries.length > 0) tables.hooks = hooks;
  if (top.length > 0) out = `${top.join("\n")}\n${out}`;
  if (Object.keys(tables).length > 0) {
    const gap = out === "" || out.endsWith("\n\n") ? "" : out.endsWith("\n") ? "\n" : "\n\n";
    out = `${out}${gap}${BEGIN}\n${stringify(tables).trim()}\n${END}\n`;
  }
  return out;
}

/** The text without hookwire's marked lines and block: the exact reverse of `addTomlPart`. */
export function removeTomlPart(text: string, file: string): string {
  const lines = text.split("\n");
  const begin = lines.indexOf(BEGIN);
  const end = begin === -1 ? -1 : lines.indexOf(END, begin);
  if (begin !== -1 && end === -1)
    throw new CliUsageError(`${file} has hookwire's start mark without its end mark ("${END}").`, {
      details:
        "Restore the end mark after hookwire's tables (or remove them by hand), then disconnect again.",
    });
  const kept = lines.filter(
    (line, index) => !line.endsWith(LINE_MARK) && (begin === -1 || index < begin || index > end),
  );
  // A block at the end goes with the blank line addTomlPart put before it: the file ends with one line end.
  const atEnd = begin !== -1 && lines.slice(end + 1).every((line) => line === "");
  if (atEnd) {
    while (kept.length > 0 && kept.at(-1) === "") kept.pop();
    if (kept.length > 0) kept.push("");
  }
  return kept.join("\n");
}
