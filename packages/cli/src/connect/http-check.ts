// `hookwire doctor` on an agent file with http entries (`connect --http`): green only when a session started now would
// be answered — the token the agent sends is the server's, the file holding it is private, something starts the
// server, and its port is free or the server's.
import net from "node:net";
import type { DialectId } from "@hookwire/settings-hooks";
import { hookAgent } from "@hookwire/settings-hooks/agents";
import type { Finding } from "../finding.js";
import { spellCommand } from "../invocation.js";
import { askServer } from "../serve/control.js";
import { readHttpToken, tokenFingerprint } from "../serve/http-token.js";
import { privateMode, tokenIn } from "./connect.js";

/** Whether anything accepts a connection on 127.0.0.1:`port` (within a second). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(port, "127.0.0.1");
    const done = (answer: boolean) => {
      probe.destroy();
      resolve(answer);
    };
    probe.setTimeout(1000, () => done(false));
    probe.once("connect", () => done(true));
    probe.once("error", () => done(false));
  });
}

/** hookwire's entries in one file, as discovery lists them. */
interface Connection {
  agent: DialectId;
  event: string;
  invocation: readonly string[];
  httpPort?: number;
}

/** The findings for one agent file whose `connections` hold http entries; `where` names the file for the user. */
export async function httpFindings(
  file: { path: string; where: string; text: string },
  connections: readonly Connection[],
): Promise<Omit<Finding, "where">[]> {
  const first = connections.find((connection) => connection.invocation.length === 0);
  if (!first) return [];
  const agent = hookAgent(first.agent);
  if (!agent.http?.tokenSetting) return [];
  const port = first.httpPort as number;
  const again = spellCommand(`hookwire connect ${agent.id} --http${port === 8977 ? "" : ` --port ${port}`}`);
  const findings: Omit<Finding, "where">[] = [];
  const refused = `${agent.label} refuses every tool call`;
  const token = readHttpToken();
  const sent = tokenIn(file.text, agent);
  if (!token.ok)
    findings.push({ severity: "error", message: `${token.why}: ${refused} (HTTP 401).`, fix: again });
  else if (sent !== token.token)
    findings.push({
      severity: "error",
      message: `it does not give ${agent.label} your hookwire token (its "${agent.http.tokenSetting}".HOOKWIRE_TOKEN is ${sent === undefined ? "missing" : "another"}): ${refused} (HTTP 401).`,
      fix: again,
    });
  if (sent !== undefined && !privateMode(file.path))
    findings.push({
      severity: "error",
      message:
        "it holds your hookwire token and other users may read it: they could call your hookwire server.",
      fix: `chmod 600 ${file.path}`,
    });
  const ensuring = (event: string) =>
    connections.some(
      (connection) =>
        connection.event === event && connection.invocation.length > 0 && connection.httpPort === port,
    );
  const [starts, ...checks] = agent.http.ensuresServer ?? [];
  if (starts !== undefined && !ensuring(starts))
    findings.push({
      severity: "error",
      message: `no ${starts} entry starts the server the http entries post to (127.0.0.1:${port}): ${refused} unless you start it.`,
      fix: again,
    });
  for (const event of checks.filter((name) => !ensuring(name)))
    findings.push({
      severity: "error",
      message: `no ${event} entry checks that what listens on 127.0.0.1:${port} is your server: a session would send its calls and token to whatever holds the port.`,
      fix: again,
    });
  const asked = await askServer("status", undefined, 2000);
  const ours =
    asked.ok &&
    asked.status.url === `http://127.0.0.1:${port}` &&
    token.ok &&
    asked.status.token === tokenFingerprint(token.token);
  if (!ours && (await listening(port)))
    findings.push({
      severity: "error",
      message: `something other than your hookwire server listens on 127.0.0.1:${port}: the server cannot start there, and ${agent.label} sends its calls and token to whatever it is.`,
      fix: `free port ${port}, or ${spellCommand(`hookwire connect ${agent.id} --http --port <a free port>`)}`,
    });
  else if (!ours)
    findings.push({
      severity: "warning",
      message: `no hookwire server listens on 127.0.0.1:${port} now: a new ${agent.label} session starts it, one already running refuses its tool calls.`,
      fix: spellCommand(`hookwire serve --ensure --port ${port}`),
    });
  return findings;
}
