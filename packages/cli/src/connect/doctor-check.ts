// `hookwire doctor` on connected agents: an entry whose hookwire no longer starts, and hooks an agent cannot run.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { DiscoverAndLoadResult } from "@hookwire/loader";
import {
  type DialectId,
  dialectById,
  findEvent,
  isBridged,
  loadDialect,
  tooling,
} from "@hookwire/settings-hooks";
import { AGENTS, hookAgent, PACKAGE_AGENTS, silencingSwitches } from "@hookwire/settings-hooks/agents";
import type { Finding } from "../finding.js";
import { spellCommand } from "../invocation.js";
import { shortPath } from "../project.js";
import { servedEvents } from "./agents.js";
import { tokenProblem } from "./connect.js";
import { httpFindings } from "./http-check.js";
import { invocationProblem, pathEntryProblem } from "./locate.js";
import { managedConnections } from "./managed.js";

/**
 * For each agent a settings file connects (its `hookwire hook` entries, project or user): an error when
 * the hookwire it starts is gone (the agent refuses every gated call, or runs without hookwire), and a
 * warning per hook — module event or other agent's settings handler — that the agent gives hookwire no
 * event for.
 */
export async function connectionFindings(result: DiscoverAndLoadResult, cwd: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  const agents = new Set<DialectId>();
  const tokenSaid = new Set<string>();
  let pathChecked = false;
  for (const file of result.settings.files) {
    for (const connection of file.connections ?? []) {
      agents.add(connection.agent);
      await loadDialect(connection.agent);
      // An http entry starts no hookwire: `hookwire serve` answers it, given the agent's $HOOKWIRE_TOKEN. Where connect
      // puts the token in the agent's settings, the file and the server are checked; else the environment.
      const http = connection.invocation.length === 0;
      if (http && hookAgent(connection.agent).http?.tokenSetting) {
        if (tokenSaid.has(file.source.file)) continue;
        tokenSaid.add(file.source.file);
        const where = shortPath(file.source.file, cwd);
        const text = readFileSync(file.source.file, "utf8");
        const connections = file.connections ?? [];
        for (const finding of await httpFindings({ path: file.source.file, where, text }, connections))
          findings.push({ ...finding, where });
        continue;
      }
      const token = http ? tokenProblem(process.env.HOOKWIRE_TOKEN) : undefined;
      if (token && !tokenSaid.has(file.source.file)) {
        tokenSaid.add(file.source.file);
        findings.push({
          severity: "warning",
          where: `${shortPath(file.source.file, cwd)}#${connection.jsonPath}`,
          message: `${dialectById(connection.agent).label} posts to hookwire serve with $HOOKWIRE_TOKEN, and ${token} here: an agent started from this environment is refused at every call (HTTP 401).`,
          fix: "export HOOKWIRE_TOKEN=<the server's token, 32+ characters> in the shell that starts the agent",
        });
      }
      // A committed file's entry finds hookwire-hook on PATH: said once, for the first such entry.
      if (connection.invocation.join(" ") === tooling.PATH_ENTRY && !pathChecked) {
        pathChecked = true;
        const onPath = pathEntryProblem();
        if (onPath)
          findings.push({
            severity: onPath.missing ? "error" : "warning",
            where: `${shortPath(file.source.file, cwd)}#${connection.jsonPath}`,
            message: onPath.missing
              ? `${dialectById(connection.agent).label} runs hookwire-hook from PATH (a file the project commits), and ${onPath.says} here: an agent started from this environment refuses every tool call, saying to install hookwire.`
              : `${dialectById(connection.agent).label} runs hookwire-hook from PATH (a file the project commits), and ${onPath.says}.`,
            fix: onPath.fix,
          });
      }
      const problem = connection.invocation.length > 0 ? invocationProblem(connection.invocation) : undefined;
      if (!problem) continue;
      const label = dialectById(connection.agent).label;
      findings.push({
        severity: "error",
        where: `${shortPath(file.source.file, cwd)}#${connection.jsonPath}`,
        message: `${label} runs hookwire as \`${connection.invocation.join(" ")}\`, but ${problem}: its ${connection.event} calls fail (tool calls are refused, or go through with --fail-open).`,
        fix: `${spellCommand(`hookwire connect ${connection.agent}`)} (from where hookwire is installed now)`,
      });
    }
  }
  // The machine's managed files (connect --managed): the hookwire they start must still be there.
  for (const managed of await managedConnections()) {
    if (!agents.has(managed.agent.id)) await managedSilenced(managed.agent.id, cwd, findings);
    const problem = managed.invocations.map((words) => invocationProblem(words)).find(Boolean);
    if (!problem) continue;
    findings.push({
      severity: "error",
      where: managed.file,
      message: `${managed.agent.label}'s managed settings start hookwire for every user, but ${problem}: their tool calls fail (refused, or let through with --fail-open).`,
      fix: `sudo "$(command -v hookwire)" connect ${managed.agent.id} --managed (from where hookwire is installed now)`,
    });
  }
  // One warning per hook and event, naming every connected agent that cannot run it.
  const missing = new Map<string, { where: string; what: string; agents: string[] }>();
  const miss = (where: string, what: string, label: string) => {
    const key = `${where}\0${what}`;
    const entry = missing.get(key) ?? { where, what, agents: [] };
    entry.agents.push(label);
    missing.set(key, entry);
  };
  // The in-process agents say themselves whether the project lists hookwire's package (pi's project trust).
  for (const id of [...agents, ...PACKAGE_AGENTS.map((agent) => agent.id)]) {
    for (const hit of await silencingSwitches(id, { root: cwd })) {
      findings.push({
        severity: "error",
        where: shortPath(hit.file, cwd),
        message: `${hit.says}: hookwire is connected to ${AGENTS[id].label} but never runs there.`,
        fix: hit.fix,
      });
    }
  }
  for (const id of agents) {
    const agent = hookAgent(id);
    const dialect = dialectById(id);
    const served = new Set<string>(servedEvents(dialect).map((spec) => spec.native));
    for (const hook of result.hooks) {
      // The settings bridge is listed handler by handler below.
      if (hook.source.kind === "settings") continue;
      for (const event of hook.handlers.keys())
        if (!served.has(event)) miss(shortPath(hook.path, cwd), `its ${event} handler`, dialect.label);
    }
    for (const handler of result.settings.handlers) {
      const source = result.settings.files.find((file) => file.source.file === handler.file)?.source;
      if (source && agent.runsItself(source)) continue;
      const spec = findEvent(dialectById(handler.dialect), handler.event);
      if (!spec || !isBridged(spec) || served.has(spec.native)) continue;
      miss(
        `${shortPath(handler.file, cwd)}#${handler.jsonPath}`,
        `${handler.event} (${spec.native})`,
        dialect.label,
      );
    }
  }
  for (const { where, what, agents: labels } of missing.values()) {
    findings.push({
      severity: "warning",
      where,
      message: `${what} does not run in ${labels.join(", ")}: no event of theirs carries it to hookwire (docs/hosts.md lists what each serves).`,
    });
  }
  return findings.map((finding) => ({ ...finding, where: finding.where.split(path.sep).join("/") }));
}

/**
 * What still silences a managed entry: a managed file outranks an agent's off switches (measured in each agent),
 * but a list naming hookwire's command does not (Gemini CLI unions `hooksConfig.disabled` across files).
 */
async function managedSilenced(id: DialectId, cwd: string, findings: Finding[]): Promise<void> {
  const lists = new Set(
    hookAgent(id)
      .silencers.filter((silencer) => silencer.kind === "names")
      .map((silencer) => silencer.key),
  );
  for (const hit of await silencingSwitches(id, { root: cwd }))
    if (lists.has(hit.key))
      findings.push({
        severity: "error",
        where: shortPath(hit.file, cwd),
        message: `${hit.says}: ${AGENTS[id].label}'s managed settings start hookwire, and it never runs there.`,
        fix: hit.fix,
      });
}
