// `hookwire log`: the decisions hookwire made for connected agents (the JSONL log in the state folder), filtered.
import { statSync } from "node:fs";
import { defineCommand } from "citty";
import { CliUsageError } from "../errors.js";
import { type Decision, decisionLogFile, parseLines, readDecisions, readText } from "../log/decision-log.js";
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

interface Filter {
  agent?: string;
  event?: string;
  decision?: string;
  since?: number;
}

const matches = (d: Decision, f: Filter) =>
  (!f.agent || d.agent === f.agent) &&
  (!f.event || d.event.toLowerCase() === f.event.toLowerCase() || d.native === f.event) &&
  (!f.decision || d.decision === f.decision) &&
  (f.since === undefined || Date.parse(d.time) >= f.since);

function show(out: Output, d: Decision): void {
  const { colors } = out;
  const paint =
    d.decision === "block" || d.decision === "error"
      ? colors.red
      : d.decision === "ask" || d.decision === "untrusted" || d.decision === "unapplied"
        ? colors.yellow
        : colors.dim;
  const what = [d.tool, d.hook ? `by ${d.hook}` : undefined, d.reason].filter(Boolean).join("  ");
  out.line(
    `${d.time}  ${d.agent.padEnd(7)} ${d.event.padEnd(18)} ${paint(d.decision.padEnd(9))} ${formatMs(d.durationMs).padStart(9)}  ${what}`,
  );
}

export const logCommand = defineCommand({
  args: {
    agent: { type: "string", description: "Only this agent's events (claude, codex, …)", valueHint: "AGENT" },
    event: {
      type: "string",
      description: "Only this event (the agent's name or hookwire's)",
      valueHint: "EVENT",
    },
    decision: {
      type: "string",
      description:
        "Only this decision: block, ask, allow, rewrite, continue, untrusted, unapplied, error, none",
      valueHint: "DECISION",
    },
    since: { type: "string", description: "Only since then: 10m, 2h, 7d, or a date", valueHint: "WHEN" },
    follow: { type: "boolean", description: "Keep printing decisions as they are made", default: false },
    ...jsonArg,
  },
  async run({ args }) {
    const out = createOutput();
    const filter: Filter = {
      ...(args.agent ? { agent: args.agent } : {}),
      ...(args.event ? { event: args.event } : {}),
      ...(args.decision ? { decision: args.decision } : {}),
      ...(args.since ? { since: sinceArg(args.since) } : {}),
    };
    const found = readDecisions().filter((d) => matches(d, filter));
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
