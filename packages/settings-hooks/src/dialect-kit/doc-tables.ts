// docs/dialects.md's tables of one dialect (files, events, tools, unsupported fields), generated from its catalogue.
import { knownHandlerFields } from "../schema.js";
import { handlerHasField } from "./catalogue.js";
import type { Dialect, EventSpec, ToolSpec } from "./types.js";

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");
const code = (text: string) => `\`${text}\``;

function eventRow(spec: EventSpec, readsIf: boolean): string {
  const matcher =
    spec.matcher === "none"
      ? "—"
      : `${spec.matcher === "exact" ? "exact " : ""}${code(spec.matcherField ?? "")}`;
  const flags = [
    spec.canBlock ? "blocks" : "",
    spec.canStop ? "stops" : "",
    spec.tool ? (readsIf ? "tool, `if`" : "tool") : "",
  ]
    .filter(Boolean)
    .join(", ");
  const native = "unbridged" in spec ? `not run: ${spec.unbridged}` : code(spec.native);
  return `| ${spec.name} | ${cell(native)} | ${matcher} | ${flags || "—"} | ${spec.defaultTimeout} s | ${cell(spec.description)} |`;
}

function toolRow(tool: ToolSpec): string {
  const fields = (tool.fields ?? [])
    .filter((field) => field.native !== field.name || field.toNative)
    .map((field) => `${code(field.name)} ↔ ${code(field.native)}${field.toNative ? " (converted)" : ""}`)
    .join(", ");
  return `| ${tool.name} | ${tool.native ? code(tool.native) : "— (the agent's own)"} | ${tool.family} | ${fields || "—"} |`;
}

/** The generated part of a dialect's section, between its markers. */
export function dialectTables(dialect: Dialect): string {
  const start = `<!-- generated from src/dialects/${dialect.id}: do not edit by hand (pnpm docs:dialects) -->`;
  const sources = dialect.sources.map(
    (source) =>
      `| ${code(source.path)} | ${source.root} | ${source.scope} | ${source.format} | ${code(source.hooksKey)} | ${source.trust ? "yes" : "no"} |`,
  );
  const events = dialect.events.map((spec) => eventRow(spec, handlerHasField(dialect, "if")));
  const fields = dialect.settings.handlerFields;
  const aliases = Object.entries(dialect.settings.handlerAliases ?? {})
    .map(([written, name]) => `${code(written)} as ${code(name)}`)
    .join(", ");
  const tools = dialect.tools.tools.map(toolRow);
  const unsupported = dialect.unsupported.map((item) => `| ${cell(item.field)} | ${cell(item.why)} |`);
  return [
    start,
    "",
    "### Files",
    "",
    "`{appDir}` is each of the host's app folders (default `.hookwire`); `{name}` any one folder, in name order.",
    "",
    "| path | under | scope | format | hooks key | needs trust |",
    "|---|---|---|---|---|---|",
    ...sources,
    "",
    "### Events",
    "",
    "| event | native event | matcher tests | can | default timeout | fires |",
    "|---|---|---|---|---|---|",
    ...events,
    "",
    "### Handler fields",
    "",
    fields
      ? `${fields.map(code).join(", ")}${aliases ? ` (read from ${aliases})` : ""}; any other field of a command handler is warned about and ignored.`
      : `The handler schema's own: command ${knownHandlerFields("command").map(code).join(", ")}; http ${knownHandlerFields("http").map(code).join(", ")}.`,
    "",
    "### Tools",
    "",
    "| tool | native tool | rule family | fields (dialect ↔ native) |",
    "|---|---|---|---|",
    ...tools,
    "",
    "### Not supported",
    "",
    "| field | why |",
    "|---|---|",
    ...unsupported,
    "",
    `<!-- end of generated ${dialect.id} tables -->`,
  ].join("\n");
}

/** `doc` with each dialect's generated part replaced (or, when its markers are missing, left as it is). */
export function withDialectTables(doc: string, dialects: readonly Dialect[]): string {
  let out = doc;
  for (const dialect of dialects) {
    const start = out.indexOf(`<!-- generated from src/dialects/${dialect.id}:`);
    const endMarker = `<!-- end of generated ${dialect.id} tables -->`;
    const end = out.indexOf(endMarker);
    if (start === -1 || end === -1) continue;
    out = out.slice(0, start) + dialectTables(dialect) + out.slice(end + endMarker.length);
  }
  return out;
}
