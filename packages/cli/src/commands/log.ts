// `hookwire log`: the decisions hookwire made for connected agents (the JSONL log in the state folder), filtered by
// any field of the record, or counted per hook (`--summary`).
import { statSync } from "node:fs";
import path from "node:path";
import {
  DECISION_KINDS,
  type Decision,
  decisionLogFile,
  parseLines,
  readDecisions,
  readText,
} from "@hookwire/project/records";
import { defineCommand } from "citty";
import { CliUsageError } from "../errors.js";
import { summariseByHook, summaryTable } from "../log/summary.js";
import { createOutput, formatMs, type Output } from "../output.js";
import { jsonArg } from "../shared-args.js";

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--since`: a duration back from now (`90s`, `10m`, `2h`, `7d`) or a date (`2026-12-01`, ISO). */
export function sinceArg(value: string, now = Date.now()): number {
  const duration = /^(\d+(?:\.\d+)?)([smhd])$/.exec(value.trim());
  if (duration) return now - Number(duration[1]) * (UNITS[duration[2] as string] as number);
  const date = Date.parse(value);
  if (Number.isNaN(date))
    throw new CliUsageError(
      `--since expects a duration (90s, 10m, 2h, 7d) or a date (2026-12-01T10:00Z), got ${JSON.stringify(value)}.`,
    );
  return date;
}

/** What `hookwire log` keeps: each flag given narrows to the records that match it (all of them). */
interface Filter {
  agent?: string;
  user?: string;
  /** An absolute folder: the project itself or one under it. */
  project?: string;
  session?: string;
  event?: string;
  tool?: string;
  decision?: string;
  hook?: string;
  since?: number;
}

/** `--hook` names a hook as the log does: its file alone takes every settings hook in it (`file#…`). */
const byHook = (d: Decision, wanted: string) =>
  (d.hook ?? "").split(", ").some((id) => id === wanted || id.startsWith(`${wanted}#`));

const underProject = (d: Decision, folder: string) =>
  d.project === folder || d.project.startsWith(folder.endsWith(path.sep) ? folder : `${folder}${path.sep}`);

const matches = (d: Decision, f: Filter) =>
  (!f.agent || d.agent === f.agent) &&
  (!f.user || d.user === f.user) &&
  (!f.project || underProject(d, f.project)) &&
  (!f.session || d.session === f.session) &&
  (!f.event || d.event.toLowerCase() === f.event.toLowerCase() || d.native === f.event) &&
  (!f.tool || d.tool?.toLowerCase() === f.tool.toLowerCase()) &&
  (!f.decision || d.decision === f.decision) &&
  (!f.hook || byHook(d, f.hook)) &&
  (f.since === undefined || Date.parse(d.time) >= f.since);

function show(out: Output, d: Decision): void {
  const { colors } = out;
  const paint =
    d.decision === "block" || d.decision === "error"
      ? colors.red
      : d.decision === "ask" || d.decision === "untrusted" || d.decision === "unapplied"
        ? colors.yellow
        : colors.dim;
  const what = [d.tool, d.target, d.hook ? `by ${d.hook}` : undefined, d.reason].filter(Boolean).join("  ");
  out.line(
    `${d.time}  ${d.agent.padEnd(7)} ${d.event.padEnd(18)} ${paint(d.decision.padEnd(9))} ${formatMs(d.durationMs).padStart(9)}  ${what}`,
  );
}

/** The flags' values, checked: a decision kind hookwire does not log is a typo, said as one. */
function filterOf(args: Record<string, unknown>): Filter {
  const text = (name: string) =>
    typeof args[name] === "string" && args[name] !== "" ? args[name] : undefined;
  const decision = text("decision");
  if (decision !== undefined && !(DECISION_KINDS as readonly string[]).includes(decision))
    throw new CliUsageError(
      `--decision expects one of ${DECISION_KINDS.join(", ")}, got ${JSON.stringify(decision)}.`,
    );
  const filter: Filter = {};
  for (const name of ["agent", "user", "session", "event", "tool", "hook"] as const) {
    const value = text(name);
    if (value !== undefined) filter[name] = value;
  }
  const project = text("project");
  const since = text("since");
  return {
    ...filter,
    ...(decision !== undefined ? { decision } : {}),
    ...(project !== undefined ? { project: path.resolve(project) } : {}),
    ...(since !== undefined ? { since: sinceArg(since) } : {}),
  };
}

const only = (description: string, valueHint: string) =>
  ({ type: "string", description, valueHint }) as const;

export const logCommand = defineCommand({
  args: {
    agent: only("Only this agent's events (claude, codex, …)", "AGENT"),
    user: only("Only this user's (the OS user, or a team server's token name)", "USER"),
    project: only("Only this project's, or those of projects under this folder", "DIR"),
    session: only("Only this session's", "SESSION"),
    event: only("Only this event (the agent's name or hookwire's)", "EVENT"),
    tool: only("Only calls of this tool (bash, read, …; any case)", "TOOL"),
    decision: only(`Only this decision: ${DECISION_KINDS.join(", ")}`, "DECISION"),
    hook: only("Only what this hook decided (a file, or file#json.path)", "HOOK"),
    since: only("Only since then: 10m, 2h, 7d, or a date", "WHEN"),
    summary: {
      type: "boolean",
      description: "Count decisions per hook (rule), by decision kind, instead of listing them",
      default: false,
    },
    follow: { type: "boolean", description: "Keep printing decisions as they are made", default: false },
    ...jsonArg,
  },
  async run({ args }) {
    const out = createOutput();
    const filter = filterOf(args);
    const found = readDecisions().filter((d) => matches(d, filter));
    if (args.summary) {
      if (args.follow)
        throw new CliUsageError("--summary counts what is logged; it does not go with --follow.");
      const rows = summariseByHook(found);
      if (args.json) out.json(rows);
      else if (rows.length === 0)
        out.line(`No decisions${Object.keys(filter).length ? " match" : " yet"} (${decisionLogFile()}).`);
      else {
        out.line(`${found.length} decision(s) by the hook that made them:`);
        for (const line of summaryTable(rows)) out.line(line);
      }
      return;
    }
    const print = (d: Decision) =>
      args.json ? process.stdout.write(`${JSON.stringify(d)}\n`) : show(out, d);
    if (!args.follow) {
      if (args.json) out.json(found);
      else if (found.length === 0)
        out.line(`No decisions${Object.keys(filter).length ? " match" : " yet"} (${decisionLogFile()}).`);
      else for (const d of found) show(out, d);
      return;
    }
    // Following prints one JSON object per line with --json, as it comes.
    for (const d of found) print(d);
    const file = decisionLogFile();
    const sizeOf = () => statSync(file, { throwIfNoEntry: false })?.size ?? 0;
    let offset = sizeOf();
    let partial = "";
    await new Promise<never>(() => {
      setInterval(() => {
        // Rotated: the file is new, read it from its start.
        if (sizeOf() < offset) offset = 0;
        const text = readText(file, offset);
        if (text === "") return;
        offset += Buffer.byteLength(text);
        const lines = (partial + text).split("\n");
        partial = lines.pop() ?? "";
        for (const d of parseLines(lines.join("\n"))) if (matches(d, filter)) print(d);
      }, 250);
    });
  },
});
