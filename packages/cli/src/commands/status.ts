// `hookwire status`: is the guard on? This user's server, every agent file connect wrote (and whether hookwire's
// entries are still in it), and per agent session the last event, the project it guarded, the hooks that decided,
// errors and answers the agent could not apply — from the server, the connection records and the decision log.
import { existsSync, readFileSync } from "node:fs";
import { type Decision, readDecisions } from "@hookwire/project/records";
import { defineCommand } from "citty";
import { readRecords } from "../connect/records.js";
import { createOutput } from "../output.js";
import { askServer, type ServerStatus } from "../serve/control.js";
import { serverSetting } from "../serve/server-setting.js";
import { jsonArg } from "../shared-args.js";
import { plural } from "./trust.js";

/** One agent session as the log tells it. */
export interface SessionSummary {
  agent: string;
  session: string;
  project: string;
  /** The last event's time and name. */
  last: { time: string; event: string; decision: string };
  events: number;
  /** How many events each kind of decision had (block, allow, error, unapplied, …). */
  decisions: Record<string, number>;
  /** The hooks that decided something, with how often. */
  hooks: Record<string, number>;
  /** The reasons of the latest errors and unapplied answers (a few). */
  problems: string[];
}

export interface Connection {
  agent: string;
  scope: "project" | "user" | "managed";
  file: string;
  at: string;
  /** The file still exists and holds what connect last wrote or more (`doctor` says whether each entry still runs). */
  present: boolean;
}

export interface Status {
  server: { setting: "auto" | "off"; running: ServerStatus | undefined; why?: string };
  connections: Connection[];
  sessions: SessionSummary[];
}

/** Sessions shown, most recent first; the log holds more (`hookwire log`). */
const SESSIONS_SHOWN = 20;
const PROBLEMS_KEPT = 3;

export function summarise(decisions: readonly Decision[]): SessionSummary[] {
  const byKey = new Map<string, SessionSummary>();
  for (const d of decisions) {
    const key = `${d.agent}\0${d.session}\0${d.project}`;
    let s = byKey.get(key);
    if (!s) {
      s = {
        agent: d.agent,
        session: d.session,
        project: d.project,
        last: { time: d.time, event: d.event, decision: d.decision },
        events: 0,
        decisions: {},
        hooks: {},
        problems: [],
      };
      byKey.set(key, s);
    }
    s.events++;
    s.decisions[d.decision] = (s.decisions[d.decision] ?? 0) + 1;
    if (d.hook) s.hooks[d.hook] = (s.hooks[d.hook] ?? 0) + 1;
    if (d.time >= s.last.time) s.last = { time: d.time, event: d.event, decision: d.decision };
    if ((d.decision === "error" || d.decision === "unapplied" || d.decision === "untrusted") && d.reason) {
      s.problems.push(`${d.decision}: ${d.reason}`);
      if (s.problems.length > PROBLEMS_KEPT) s.problems.shift();
    }
  }
  return [...byKey.values()].sort((a, b) => (a.last.time < b.last.time ? 1 : -1)).slice(0, SESSIONS_SHOWN);
}

export async function readStatus(): Promise<Status> {
  const setting = serverSetting();
  const asked = await askServer("status", undefined, 2000);
  const connections = Object.entries(readRecords()).map(([file, record]) => ({
    agent: record.agent,
    scope: record.scope,
    file,
    at: record.at,
    present: existsSync(file) && readFileSync(file).length > 0,
  }));
  return {
    server: asked.ok ? { setting, running: asked.status } : { setting, running: undefined, why: asked.why },
    connections,
    sessions: summarise(readDecisions()),
  };
}

const counts = (record: Record<string, number>) =>
  Object.entries(record)
    .sort(([, a], [, b]) => b - a)
    .map(([name, n]) => `${name} ${n}`)
    .join(", ");

export const statusCommand = defineCommand({
  args: { ...jsonArg },
  async run({ args }) {
    const out = createOutput();
    const status = await readStatus();
    if (args.json) return out.json(status);
    const { colors } = out;
    const { server } = status;
    if (server.running?.older)
      out.line(
        `server: ${colors.yellow("an older hookwire's")} (pid ${server.running.pid}, since ${server.running.startedAt}): the shell entry does not speak to it, so each call costs a Node start until it idles out; hookwire serve --stop ends it now`,
      );
    else if (server.running)
      out.line(
        `server: ${colors.green("running")} (pid ${server.running.pid}, since ${server.running.startedAt}, ${plural(server.running.calls, "call")}, ${plural(server.running.projects, "project")} loaded)`,
      );
    else if (server.setting === "off")
      out.line(`server: off (HOOKWIRE_SERVER=off or "server": "off"): every call starts its own process`);
    else out.line(`server: not running; the next hook call starts it (${server.why})`);
    out.line();
    if (status.connections.length === 0) out.line("connected: nothing yet (hookwire connect <agent>)");
    else {
      out.line("connected:");
      for (const c of status.connections)
        out.line(
          `  ${c.agent.padEnd(8)} ${c.scope.padEnd(7)} ${c.file}${c.present ? "" : colors.red("  (the file is gone: hookwire connect again)")}`,
        );
    }
    out.line();
    if (status.sessions.length === 0) {
      out.line("sessions: no event seen yet (hookwire log shows every decision once there are some)");
      return;
    }
    out.line("sessions (most recent first):");
    for (const s of status.sessions) {
      const bad = (s.decisions.error ?? 0) + (s.decisions.unapplied ?? 0) + (s.decisions.untrusted ?? 0);
      out.line(
        `  ${s.agent} ${s.session || "(no session id)"}  ${s.project}  last ${s.last.event} ${s.last.time} (${s.last.decision})`,
      );
      out.line(`    ${s.events} event${s.events === 1 ? "" : "s"}: ${counts(s.decisions)}`);
      if (Object.keys(s.hooks).length > 0) out.line(`    decided by: ${counts(s.hooks)}`);
      for (const problem of s.problems) out.line(`    ${bad > 0 ? colors.red("!") : " "} ${problem}`);
    }
  },
});
