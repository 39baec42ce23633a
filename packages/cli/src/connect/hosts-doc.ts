// docs/hosts.md's tables, generated from the connect table and each dialect's reverse direction.
import {
  type DialectId,
  dialectSources,
  loadDialects,
  type SettingsSource,
  type SourceSpec,
} from "@hookwire/settings-hooks";
import { AGENT_IDS, AGENTS, agentDialect, gatesTools, servedEvents } from "./agents.js";
import { applies, EFFECTS, type Effect } from "./capabilities.js";
import { PACKAGE_AGENTS, type PackageAgent } from "./package-agents.js";

export const START =
  "<!-- generated from the dialect data and packages/cli/src/connect/agents.ts, package-agents.ts: do not edit by hand (pnpm docs:hosts) -->";

/** One cell measured in a real agent (integration/hosts/capabilities.json): `applied: null` when a run cannot show it. */
export interface MeasuredCase {
  effect: string;
  event?: string;
  applied: boolean | null;
  seen: string;
}

/** What integration/hosts measured: the date, and per agent its version, how it ran and each case. */
export interface Measured {
  date: string;
  agents: Readonly<Record<string, { version: string; run: string; cases: readonly MeasuredCase[] }>>;
}
export const END = "<!-- end of generated tables -->";

const code = (text: string) => `\`${text}\``;
const where = (spec: SourceSpec) =>
  spec.root === "home" ? `~/${spec.path}` : spec.root === "system" ? `/${spec.path}` : spec.path;

/** The other agents' files an agent runs itself: hookwire leaves them to it. */
function runsItself(id: DialectId): string[] {
  const agent = AGENTS[id];
  return AGENT_IDS.flatMap((dialect) =>
    dialectSources(dialect)
      .filter((spec) =>
        agent.runsItself({ file: "", scope: spec.scope, dialect, spec } satisfies SettingsSource),
      )
      .map(where),
  );
}

function failClosed(id: DialectId): string {
  const closed = AGENTS[id].failClosed;
  if (closed === undefined)
    return "the entry's own guard (exit 2 when hookwire cannot start): the agent has no switch";
  const fields = Object.entries(closed);
  return fields.length === 0
    ? "the agent itself (a failing pre-tool hook denies the call)"
    : fields.map(([key, value]) => code(`${key}: ${JSON.stringify(value)}`)).join(", ");
}

const PACKAGES = Object.values(PACKAGE_AGENTS);

/** `opencode.jsonc` or `opencode.json`: the candidates, the first that exists taken. */
const files = (list: readonly string[], home = false) =>
  list.map((file) => code(home ? `~/${file}` : file)).join(" or ");

/** The effects of one native event kind: what the agent takes of them, and what it does not. */
function split(native: string, takes: (effect: Effect) => boolean | undefined) {
  const kinds = (Object.keys(EFFECTS) as Effect[]).filter((e) =>
    (EFFECTS[e].native as string[]).includes(native),
  );
  const yes = kinds.filter((e) => takes(e) === true).map((e) => EFFECTS[e].label);
  const no = kinds.filter((e) => takes(e) === false).map((e) => EFFECTS[e].label);
  return `${yes.join("; ") || "—"} | ${no.join("; ") || "—"}`;
}

function whereTables(): string[] {
  const lines = ["### Where connect writes, and what each agent keeps to itself", ""];
  lines.push(
    "| agent | project file | `--user` file | fails closed through | runs itself (hookwire does not run them again) |",
  );
  lines.push("| --- | --- | --- | --- | --- |");
  for (const id of AGENT_IDS) {
    const agent = AGENTS[id];
    const project = `${code(agent.project.file)}${agent.project.local ? " (local, uncommitted)" : ""}`;
    lines.push(
      `| ${agentDialect(agent).label} | ${project} | ${code(`~/${agent.user.file}`)} | ${failClosed(id)} | ${runsItself(id).map(code).join(", ")} |`,
    );
  }
  lines.push("", "### The in-process agents: hookwire's package in their settings", "");
  lines.push("| agent | project file | `--user` file | connect adds | runs itself |");
  lines.push("| --- | --- | --- | --- | --- |");
  for (const agent of PACKAGES) {
    const adds = `${code(agent.list)} += ${code(JSON.stringify(agent.item))}`;
    lines.push(
      `| ${agent.label} | ${files(agent.project.files)} | ${files(agent.user.files, true)} | ${adds} | ${agent.runsItself} |`,
    );
  }
  lines.push("", "### Each agent's own gate (connect prints it)", "");
  for (const id of AGENT_IDS) lines.push(`- **${agentDialect(AGENTS[id]).label}**: ${AGENTS[id].gate}`);
  for (const agent of PACKAGES) lines.push(`- **${agent.label}**: ${agent.gate}`);
  return lines;
}

/**
 * What an agent's hookwire declares for `effect` (the dialect's reverse, asked through `applies`, or the
 * package's list): the agent's events where it applies, or for an effect of no event (a line for the user,
 * a status) whether it shows at all. The test holds this to what the real agents did.
 */
export function declared(agent: string, effect: Effect): { events: string[] } | { shown: boolean } {
  const pkg = PACKAGE_AGENTS[agent as PackageAgent["id"]];
  if (pkg) {
    if (effect === "userMessage") return { shown: pkg.showsLines };
    if (effect === "setStatus") return { shown: pkg.showsStatus === true };
    return { events: pkg.events.filter((event) => event.applies.includes(effect)).map((e) => e.event) };
  }
  const dialect = agentDialect(AGENTS[agent as DialectId]);
  const events = servedEvents(dialect).filter((spec) => applies(dialect, spec, effect) === true);
  if ((EFFECTS[effect].native as readonly string[]).length === 0) return { shown: events.length > 0 };
  return { events: events.map((spec) => spec.name) };
}

/**
 * One cell of the matrix: what the agent did in the real runs; `*` marks what only the declaration says (a
 * case the run cannot show, an event no case reaches, an agent not run here).
 */
function cell(agent: string, effect: Effect, measured: Measured): string {
  const cases = (measured.agents[agent]?.cases ?? []).filter((c) => c.effect === effect);
  const said = declared(agent, effect);
  const star = (text: string, known: boolean) => (known ? text : `${text}*`);
  if ("shown" in said) {
    const seen = cases.find((c) => c.applied !== null);
    const shown = seen ? seen.applied === true : said.shown;
    const none = effect === "userMessage" ? "— (stderr)" : "—";
    return star(shown ? "✔" : none, seen !== undefined);
  }
  const known = new Map(cases.filter((c) => c.applied !== null).map((c) => [c.event, c.applied]));
  const events = [
    ...cases.filter((c) => c.applied === true).map((c) => c.event as string),
    ...said.events.filter((event) => !known.has(event)).map((event) => `${event}*`),
  ];
  return events.length > 0 ? events.join(", ") : star("—", cases.length > 0 || agent in measured.agents);
}

function matrix(measured: Measured): string[] {
  const ids = [...AGENT_IDS, ...PACKAGES.map((a) => a.id)];
  const labelOf = (id: string) =>
    PACKAGE_AGENTS[id as PackageAgent["id"]]?.label ?? agentDialect(AGENTS[id as DialectId]).label;
  const lines = ["### What a hook can do in each agent", ""];
  lines.push(`| a hook … | ${ids.map(labelOf).join(" | ")} |`);
  lines.push(`| --- | ${ids.map(() => "---").join(" | ")} |`);
  for (const [effect, { label }] of Object.entries(EFFECTS) as [Effect, (typeof EFFECTS)[Effect]][])
    lines.push(`| ${label} | ${ids.map((id) => cell(id, effect, measured)).join(" | ")} |`);
  const versions = Object.entries(measured.agents).map(
    ([id, run]) => `${labelOf(id)} ${run.version} (\`${run.run}\`)`,
  );
  const unrun = ids.filter((id) => !(id in measured.agents)).map(labelOf);
  lines.push(
    "",
    `Measured on ${measured.date} in the real agents, offline against a fake model, each connected by \`hookwire connect\` ` +
      `(integration/hosts/test/capabilities.test.ts): ${versions.join(", ")}. ` +
      `A mark \`*\` is declared by the dialect data, not seen: an event no case reaches` +
      `${unrun.length > 0 ? `, or an agent not run here (${unrun.join(", ")})` : ""}; what each case saw is in integration/hosts/capabilities.json.`,
  );
  return lines;
}

function eventTables(): string[] {
  const lines: string[] = [];
  const header = (first: string, diagnosed = true) => [
    `| ${first} | native event | the agent applies | the agent cannot apply${diagnosed ? " (one diagnostic per session)" : ""} |`,
    "| --- | --- | --- | --- |",
  ];
  for (const id of AGENT_IDS) {
    const dialect = agentDialect(AGENTS[id]);
    lines.push("", `### ${dialect.label}: the events \`hookwire hook ${id}\` serves`, "", ...header("event"));
    for (const spec of servedEvents(dialect)) {
      const name = gatesTools(spec) ? `${spec.name} (fails closed)` : spec.name;
      lines.push(
        `| ${name} | ${code(spec.native)} | ${split(spec.native, (e) => applies(dialect, spec, e))} |`,
      );
    }
  }
  for (const agent of PACKAGES) {
    lines.push("", `### ${agent.label}: the hooks \`${agent.item.replace(/^npm:/, "")}\` runs on`, "");
    lines.push(...header(`${agent.label} hook`, false));
    for (const event of agent.events) {
      const takes = (effect: Effect) => event.applies.includes(effect);
      lines.push(`| ${code(event.event)} | ${code(event.native)} | ${split(event.native, takes)} |`);
    }
    lines.push("", agent.notes);
  }
  return lines;
}

/** The tables between the markers, as `pnpm docs:hosts` writes them. */
export async function hostsTables(measured: Measured): Promise<string> {
  await loadDialects();
  return [START, "", ...whereTables(), "", ...matrix(measured), ...eventTables(), "", END].join("\n");
}

/** `doc` with its generated part replaced by the current tables. */
export async function withHostsTables(doc: string, measured: Measured): Promise<string> {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`docs/hosts.md has no generated part (${START} … ${END}).`);
  return doc.slice(0, start) + (await hostsTables(measured)) + doc.slice(end + END.length);
}
