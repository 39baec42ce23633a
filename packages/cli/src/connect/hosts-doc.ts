// docs/hosts.md's tables, generated from the connect table and each dialect's reverse direction.
import { dialectSources, loadDialects, type SourceSpec } from "@hookwire/settings-hooks";
import {
  HOOK_AGENT_IDS,
  HOOK_AGENTS,
  type HookAgentSpec,
  PACKAGE_AGENTS,
  type PackageAgentSpec,
} from "@hookwire/settings-hooks/agents";
import { agentDialect, gatesTools, servedEvents } from "./agents.js";
import { applies, EFFECTS, type Effect } from "./capabilities.js";

export const START =
  "<!-- generated from the dialect data and the agent registry (packages/settings-hooks/src/dialects/<agent>/agent.ts): do not edit by hand (pnpm docs:hosts) -->";
export const END = "<!-- end of generated tables -->";

const code = (text: string) => `\`${text}\``;
const where = (spec: SourceSpec) =>
  spec.root === "home" ? `~/${spec.path}` : spec.root === "system" ? `/${spec.path}` : spec.path;

/** The other agents' files an agent runs itself: hookwire leaves them to it. */
function runsItself(agent: HookAgentSpec): string[] {
  return HOOK_AGENT_IDS.flatMap((dialect) =>
    dialectSources(dialect)
      .filter((spec) => agent.runsItself({ scope: spec.scope, dialect, spec }))
      .map(where),
  );
}

function failClosed(agent: HookAgentSpec): string {
  const closed = agent.failClosed;
  if (closed === undefined)
    return "the entry's own guard (exit 2 when hookwire cannot start): the agent has no switch";
  const fields = Object.entries(closed);
  return fields.length === 0
    ? "the agent itself (a failing pre-tool hook denies the call)"
    : fields.map(([key, value]) => code(`${key}: ${JSON.stringify(value)}`)).join(", ");
}

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
  for (const agent of HOOK_AGENTS) {
    const project = `${code(agent.project.file)}${agent.project.local ? " (local, uncommitted)" : ""}`;
    lines.push(
      `| ${agent.label} | ${project} | ${code(`~/${agent.user.file}`)} | ${failClosed(agent)} | ${runsItself(agent).map(code).join(", ")} |`,
    );
  }
  lines.push("", "### The in-process agents: hookwire's package in their settings", "");
  lines.push("| agent | project file | `--user` file | connect adds | runs itself |");
  lines.push("| --- | --- | --- | --- | --- |");
  for (const agent of PACKAGE_AGENTS) {
    const adds = `${code(agent.list)} += the folder of the ${code(agent.package)} installed with hookwire (${code(JSON.stringify(agent.item))} with \`--from-npm\`)`;
    lines.push(
      `| ${agent.label} | ${files(agent.project.files)} | ${files(agent.user.files, true)} | ${adds} | ${agent.runsItself} |`,
    );
  }
  lines.push("", "### Each agent's own gate (connect prints it)", "");
  for (const agent of [...HOOK_AGENTS, ...PACKAGE_AGENTS]) lines.push(`- **${agent.label}**: ${agent.gate}`);
  return lines;
}

/** One cell of the matrix for an in-process agent: its events where the effect applies. */
function packageCell(agent: PackageAgentSpec, effect: Effect): string {
  if (effect === "userMessage") return agent.showsLines ? "✔" : "— (stderr)";
  const events = agent.events.filter((event) => event.applies.includes(effect));
  return events.length > 0 ? events.map((event) => event.event).join(", ") : "—";
}

function matrix(): string[] {
  const labels = [...HOOK_AGENTS, ...PACKAGE_AGENTS].map((agent) => agent.label);
  const lines = ["### What a hook can do in each agent", ""];
  lines.push(`| a hook … | ${labels.join(" | ")} |`);
  lines.push(`| --- | ${labels.map(() => "---").join(" | ")} |`);
  for (const [effect, { label }] of Object.entries(EFFECTS) as [Effect, (typeof EFFECTS)[Effect]][]) {
    const cells = HOOK_AGENTS.map((agent) => {
      const dialect = agentDialect(agent);
      const events = servedEvents(dialect).filter((spec) => applies(dialect, spec, effect) === true);
      if (effect === "userMessage") return events.length > 0 ? "✔" : "— (stderr)";
      return events.length > 0 ? events.map((spec) => spec.name).join(", ") : "—";
    });
    cells.push(...PACKAGE_AGENTS.map((agent) => packageCell(agent, effect)));
    lines.push(`| ${label} | ${cells.join(" | ")} |`);
  }
  return lines;
}

function eventTables(): string[] {
  const lines: string[] = [];
  const header = (first: string, diagnosed = true) => [
    `| ${first} | native event | the agent applies | the agent cannot apply${diagnosed ? " (one diagnostic per session)" : ""} |`,
    "| --- | --- | --- | --- |",
  ];
  for (const agent of HOOK_AGENTS) {
    const dialect = agentDialect(agent);
    lines.push(
      "",
      `### ${agent.label}: the events \`hookwire hook ${agent.id}\` serves`,
      "",
      ...header("event"),
    );
    for (const spec of servedEvents(dialect)) {
      const name = gatesTools(spec) ? `${spec.name} (fails closed)` : spec.name;
      lines.push(
        `| ${name} | ${code(spec.native)} | ${split(spec.native, (e) => applies(dialect, spec, e))} |`,
      );
    }
  }
  for (const agent of PACKAGE_AGENTS) {
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
export async function hostsTables(): Promise<string> {
  await loadDialects();
  return [START, "", ...whereTables(), "", ...matrix(), ...eventTables(), "", END].join("\n");
}

/** `doc` with its generated part replaced by the current tables. */
export async function withHostsTables(doc: string): Promise<string> {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`docs/hosts.md has no generated part (${START} … ${END}).`);
  return doc.slice(0, start) + (await hostsTables()) + doc.slice(end + END.length);
}
