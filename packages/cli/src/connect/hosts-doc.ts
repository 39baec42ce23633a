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

export const START =
  "<!-- generated from the dialect data and packages/cli/src/connect/agents.ts: do not edit by hand (pnpm docs:hosts) -->";
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

/** The tables between the markers, as `pnpm docs:hosts` writes them. */
export async function hostsTables(): Promise<string> {
  await loadDialects();
  const labels = AGENT_IDS.map((id) => agentDialect(AGENTS[id]).label);
  const lines = [START, "", "### Where connect writes, and what each agent keeps to itself", ""];
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
  lines.push("", "### Each agent's own gate (connect prints it)", "");
  for (const id of AGENT_IDS) lines.push(`- **${agentDialect(AGENTS[id]).label}**: ${AGENTS[id].gate}`);
  lines.push("", "### What a hook can do in each agent", "");
  lines.push(`| a hook … | ${labels.join(" | ")} |`);
  lines.push(`| --- | ${labels.map(() => "---").join(" | ")} |`);
  for (const [effect, { label }] of Object.entries(EFFECTS) as [Effect, (typeof EFFECTS)[Effect]][]) {
    const cells = AGENT_IDS.map((id) => {
      const dialect = agentDialect(AGENTS[id]);
      const events = servedEvents(dialect).filter((spec) => applies(dialect, spec, effect) === true);
      if (effect === "userMessage") return events.length > 0 ? "✔" : "— (stderr)";
      return events.length > 0 ? events.map((spec) => spec.name).join(", ") : "—";
    });
    lines.push(`| ${label} | ${cells.join(" | ")} |`);
  }
  for (const id of AGENT_IDS) {
    const dialect = agentDialect(AGENTS[id]);
    lines.push("", `### ${dialect.label}: the events \`hookwire hook ${id}\` serves`, "");
    lines.push(
      "| event | native event | the agent applies | the agent cannot apply (one diagnostic per session) |",
    );
    lines.push("| --- | --- | --- | --- |");
    for (const spec of servedEvents(dialect)) {
      const kinds = (Object.keys(EFFECTS) as Effect[]).filter((e) => EFFECTS[e].native.includes(spec.native));
      const yes = kinds.filter((e) => applies(dialect, spec, e) === true).map((e) => EFFECTS[e].label);
      const no = kinds.filter((e) => applies(dialect, spec, e) === false).map((e) => EFFECTS[e].label);
      const name = gatesTools(spec) ? `${spec.name} (fails closed)` : spec.name;
      lines.push(`| ${name} | ${code(spec.native)} | ${yes.join("; ") || "—"} | ${no.join("; ") || "—"} |`);
    }
  }
  lines.push("", END);
  return lines.join("\n");
}

/** `doc` with its generated part replaced by the current tables. */
export async function withHostsTables(doc: string): Promise<string> {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`docs/hosts.md has no generated part (${START} … ${END}).`);
  return doc.slice(0, start) + (await hostsTables()) + doc.slice(end + END.length);
}
