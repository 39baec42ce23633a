// docs/hosts.md's tables, generated from the connect table and each dialect's `asAgentHook`.
import { type DialectId, dialectSources, loadDialects, type SourceSpec } from "@hookwire/settings-hooks";
import {
  AGENTS,
  type AgentId,
  HOOK_AGENT_IDS,
  hookAgent,
  isPackageAgentId,
  type ManagedChannel,
  PACKAGE_AGENTS,
  type PackageEvent,
  packageAgent,
} from "@hookwire/settings-hooks/agents";
import { agentDialect, gatesTools, servedEvents } from "./agents.js";
import { applies, EFFECTS, type Effect } from "./capabilities.js";

export const START =
  "<!-- generated from the dialect data and the agent registry (packages/settings-hooks/src/dialects/<agent>/agent.ts): do not edit by hand (pnpm docs:hosts) -->";

/** One cell measured in a real agent (integration/hosts/capabilities.json): `applied: null` when a run cannot show it. */
export interface MeasuredCase {
  effect: string;
  event?: string;
  applied: boolean | null;
  seen: string;
}

/**
 * What integration/hosts measured: the date, and per run its version, how it ran and each case. A run's key is the
 * agent's id, or for a second version of one agent (pi 1.6 beside pi 0.73) its own key with `agent` naming it.
 */
export interface Measured {
  date: string;
  agents: Readonly<
    Record<string, { agent?: string; version: string; run: string; cases: readonly MeasuredCase[] }>
  >;
}
export const END = "<!-- end of generated tables -->";

const code = (text: string) => `\`${text}\``;
const where = (spec: SourceSpec) =>
  spec.root === "home" ? `~/${spec.path}` : spec.root === "system" ? `/${spec.path}` : spec.path;

/** The other agents' files an agent runs itself: hookwire leaves them to it. */
function runsItself(id: DialectId): string[] {
  const agent = hookAgent(id);
  return HOOK_AGENT_IDS.flatMap((dialect) =>
    dialectSources(dialect)
      .filter((spec) => agent.runsItself({ scope: spec.scope, dialect, spec }))
      .map(where),
  );
}

function failClosed(id: DialectId): string {
  const closed = hookAgent(id).failClosed;
  if (closed === undefined)
    return "the entry's own guard (exit 2 when hookwire cannot start): the agent has no switch";
  const fields = Object.entries(closed);
  return fields.length === 0
    ? "the agent itself (a failing pre-tool hook denies the call)"
    : fields.map(([key, value]) => code(`${key}: ${JSON.stringify(value)}`)).join(", ");
}

const PACKAGES = PACKAGE_AGENTS;

/** `opencode.jsonc` or `opencode.json`: the candidates, the first that exists taken. */
const files = (list: readonly string[], home = false) =>
  list.map((file) => code(home ? `~/${file}` : file)).join(" or ");

/**
 * The effects of one native event kind: what the agent takes of them, and what it does not; `from` names the
 * version an effect is taken from, for one a later version added (listed on both sides: from, and before it).
 */
function split(
  native: string,
  takes: (effect: Effect) => boolean | undefined,
  from: (effect: Effect) => string | undefined = () => undefined,
) {
  const kinds = (Object.keys(EFFECTS) as Effect[]).filter((e) =>
    (EFFECTS[e].native as string[]).includes(native),
  );
  const label = (e: Effect, when: string) =>
    from(e) ? `${EFFECTS[e].label} (${when} ${from(e)})` : EFFECTS[e].label;
  const yes = kinds.filter((e) => takes(e) === true).map((e) => label(e, "from"));
  const no = kinds.filter((e) => takes(e) === false || from(e) !== undefined).map((e) => label(e, "before"));
  return `${yes.join("; ") || "—"} | ${no.join("; ") || "—"}`;
}

function whereTables(): string[] {
  const lines = ["### Where connect writes, and what each agent keeps to itself", ""];
  lines.push(
    "| agent | project file | `--user` file | fails closed through | runs itself (hookwire does not run them again) |",
  );
  lines.push("| --- | --- | --- | --- | --- |");
  for (const id of HOOK_AGENT_IDS) {
    const agent = hookAgent(id);
    const shared = agent.project.shared ? `; \`--shared\`: ${code(agent.project.shared)}` : "";
    const project = `${code(agent.project.file)}${agent.project.local ? ` (local, uncommitted${shared})` : ""}`;
    lines.push(
      `| ${agentDialect(agent).label} | ${project} | ${code(`~/${agent.user.file}`)} | ${failClosed(id)} | ${runsItself(id).map(code).join(", ")} |`,
    );
  }
  lines.push("", "### The in-process agents: hookwire's package in their settings", "");
  lines.push("| agent | project file | `--user` file | connect adds | runs itself |");
  lines.push("| --- | --- | --- | --- | --- |");
  for (const agent of PACKAGES) {
    const adds = `${code(agent.list)} += the folder of the ${code(agent.package)} installed with hookwire (${code(JSON.stringify(agent.item))} with \`--from-npm\`)`;
    lines.push(
      `| ${agent.label} | ${files(agent.project.files)} | ${files(agent.user.files, true)} | ${adds} | ${agent.runsItself} |`,
    );
  }
  lines.push("", "### Each agent's own gate (connect prints it)", "");
  for (const id of HOOK_AGENT_IDS)
    lines.push(`- **${agentDialect(hookAgent(id)).label}**: ${hookAgent(id).gate}`);
  for (const agent of PACKAGES) lines.push(`- **${agent.label}**: ${agent.gate}`);
  return lines;
}

/** A managed channel's switches as its file spells them (TOML's `[features] hooks = true`, JSON's dotted key). */
function managedSwitches(managed: ManagedChannel): string {
  const entries = Object.entries(managed.settings);
  if (entries.length === 0) return "none";
  const spelled = entries.map(([key, value]) => {
    if (managed.format === "json") return code(`${key}: ${JSON.stringify(value)}`);
    const dot = key.lastIndexOf(".");
    const line = `${key.slice(dot + 1)} = ${JSON.stringify(value)}`;
    return code(dot === -1 ? line : `[${key.slice(0, dot)}] ${line}`);
  });
  return `${spelled.join(", ")}${managed.settingsFile ? ` in ${code(managed.settingsFile)}` : ""}`;
}

/** `connect --managed`, per agent: from each agent's `AgentSpec.managed`. */
function managedTable(): string[] {
  const lines = ["### Each agent's managed settings", ""];
  lines.push(
    "Where `hookwire connect <agent> --managed` writes (as root), and what it leaves open (docs/managed.md).",
    "",
  );
  lines.push("| agent | file connect writes | switches connect sets | what stays open | how we know |");
  lines.push("| --- | --- | --- | --- | --- |");
  for (const id of HOOK_AGENT_IDS) {
    const agent = hookAgent(id);
    const managed = agent.managed;
    const label = agentDialect(agent).label;
    if (!managed) {
      lines.push(`| ${label} | none | — | — | — |`);
      continue;
    }
    const file = `${code(managed.file)}${managed.variable ? ` (or ${code(`$${managed.variable}`)})` : ""}${managed.rootOwned ? "; the agent reads it only when root owns it and every folder above it" : ""}`;
    const known =
      managed.verified === "run"
        ? "run here as root (integration/hosts/test/managed.test.ts)"
        : "its documentation only";
    lines.push(`| ${label} | ${file} | ${managedSwitches(managed)} | ${managed.limits} | ${known} |`);
  }
  const none = PACKAGES.map((agent) => agent.label).join(" and ");
  lines.push(
    "",
    `${none} have no managed channel: \`connect --managed\` refuses them, naming the agents that have one.`,
  );
  return lines;
}

/** Whether release `version` (`1.6.0`) is `from` or later, compared number by number. */
function atLeast(version: string, from: string): boolean {
  const a = version.split(".").map(Number);
  const b = from.split(".").map(Number);
  for (let at = 0; at < Math.max(a.length, b.length); at++) {
    const diff = (a[at] ?? 0) - (b[at] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return true;
}

/** What a package agent takes of a hook's answers on `event` in release `version` (the oldest one without it). */
function takenIn(event: PackageEvent, version: string | undefined): readonly Effect[] {
  const since = event.since;
  return since && version !== undefined && atLeast(version, since.version)
    ? [...event.applies, ...since.applies]
    : event.applies;
}

/**
 * What an agent's hookwire declares for `effect` (the dialect's `asAgentHook`, asked through `applies`, or the
 * package's list): the agent's events where it applies, or for an effect of no event (a line for the user,
 * a status) whether it shows at all. The test holds this to what the real agents did.
 */
export function declared(
  agent: string,
  effect: Effect,
  version?: string,
): { events: string[] } | { shown: boolean } {
  const pkg = isPackageAgentId(agent) ? packageAgent(agent) : undefined;
  if (pkg) {
    if (effect === "userMessage") return { shown: pkg.showsLines };
    if (effect === "setStatus") return { shown: pkg.showsStatus === true };
    return {
      events: pkg.events.filter((event) => takenIn(event, version).includes(effect)).map((e) => e.event),
    };
  }
  const dialect = agentDialect(hookAgent(agent as DialectId));
  const events = servedEvents(dialect).filter((spec) => applies(dialect, spec, effect) === true);
  if ((EFFECTS[effect].native as readonly string[]).length === 0) return { shown: events.length > 0 };
  return { events: events.map((spec) => spec.name) };
}

/**
 * One cell of the matrix: what the agent did in the real runs; `*` marks what only the declaration says (a
 * case the run cannot show, an event no case reaches, an agent not run here).
 */
function cell(column: Column, effect: Effect, measured: Measured): string {
  const run = measured.agents[column.key];
  const agent = column.agent;
  const cases = (run?.cases ?? []).filter((c) => c.effect === effect);
  const said = declared(agent, effect, run?.version);
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
  return events.length > 0 ? events.join(", ") : star("—", cases.length > 0 || run !== undefined);
}

/** One column of the matrix: an agent, or one measured version of it where two were run (pi 0.73 and pi 1.6). */
interface Column {
  key: string;
  agent: string;
  label: string;
}

function columns(measured: Measured): Column[] {
  const ids = [...HOOK_AGENT_IDS, ...PACKAGES.map((a) => a.id)];
  return ids.flatMap((id) => {
    const label = AGENTS[id as AgentId].label;
    const runs = Object.entries(measured.agents).filter(([key, run]) => (run.agent ?? key) === id);
    if (runs.length <= 1) return [{ key: runs[0]?.[0] ?? id, agent: id, label }];
    // Two versions measured: each its own column, named by its minor release.
    return runs.map(([key, run]) => ({
      key,
      agent: id,
      label: `${label} ${run.version.split(".").slice(0, 2).join(".")}`,
    }));
  });
}

function matrix(measured: Measured): string[] {
  const cols = columns(measured);
  const lines = ["### What a hook can do in each agent", ""];
  lines.push(`| a hook … | ${cols.map((c) => c.label).join(" | ")} |`);
  lines.push(`| --- | ${cols.map(() => "---").join(" | ")} |`);
  for (const [effect, { label }] of Object.entries(EFFECTS) as [Effect, (typeof EFFECTS)[Effect]][])
    lines.push(`| ${label} | ${cols.map((c) => cell(c, effect, measured)).join(" | ")} |`);
  const labelOf = (key: string, run: { agent?: string }) => AGENTS[(run.agent ?? key) as AgentId].label;
  const versions = Object.entries(measured.agents).map(
    ([key, run]) => `${labelOf(key, run)} ${run.version} (\`${run.run}\`)`,
  );
  const unrun = cols.filter((c) => measured.agents[c.key] === undefined).map((c) => c.label);
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
  for (const id of HOOK_AGENT_IDS) {
    const dialect = agentDialect(hookAgent(id));
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
      const later = event.since;
      const takes = (effect: Effect) =>
        event.applies.includes(effect) || later?.applies.includes(effect) === true;
      const from = (effect: Effect) =>
        later?.applies.includes(effect) ? `${agent.label} ${later.version}` : undefined;
      lines.push(`| ${code(event.event)} | ${code(event.native)} | ${split(event.native, takes, from)} |`);
    }
    lines.push("", agent.notes);
  }
  return lines;
}

/** The tables between the markers, as `pnpm docs:hosts` writes them. */
export async function hostsTables(measured: Measured): Promise<string> {
  await loadDialects();
  return [
    START,
    "",
    ...whereTables(),
    "",
    ...managedTable(),
    "",
    ...matrix(measured),
    ...eventTables(),
    "",
    END,
  ].join("\n");
}

/** `doc` with its generated part replaced by the current tables. */
export async function withHostsTables(doc: string, measured: Measured): Promise<string> {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`docs/hosts.md has no generated part (${START} … ${END}).`);
  return doc.slice(0, start) + (await hostsTables(measured)) + doc.slice(end + END.length);
}
