// `hookwire serve --policy DIR --tokens FILE`: a team server (one policy, a token per developer), and
// `hookwire serve token add|revoke|list`: the token file it reads. docs/scale.md says how it is deployed.
import { realpathSync, statSync } from "node:fs";
import path from "node:path";
import { projectTrustStatus, trustProject } from "@hookwire/loader";
import { CliUsageError } from "../errors.js";
import { exportSpansHere } from "../log/recorder.js";
import { discoverOptions } from "../project.js";
import { parseListen } from "./listen-address.js";
import { type RunningServer, startServer } from "./server.js";
import { addToken, listTokens, revokeToken, TokenFileError, TokenTable } from "./team-tokens.js";

export interface TeamArgs {
  policy: string;
  tokens: string | undefined;
  listen: string | undefined;
  plainHttp: boolean;
  /** The fingerprint the operator reviewed: the server starts only on that policy. */
  fingerprint: string | undefined;
  maxProjects: number;
}

/** The default address: this machine only, the port `connect --http` writes. */
const DEFAULT_LISTEN = "127.0.0.1:8977";

function tokensFile(tokens: string | undefined, command: string): string {
  if (!tokens)
    throw new CliUsageError(
      `${command} needs --tokens FILE: the developers' token hashes (create it with \`hookwire serve token add <name> --tokens FILE\`).`,
    );
  return path.resolve(tokens);
}

/** A `TokenFileError` is the user's to fix: said as a usage error (exit 2), without a stack. */
async function asUsage<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TokenFileError) throw new CliUsageError(error.message);
    throw error;
  }
}

/** The policy as the operator starts it: its fingerprint checked (when given) and trusted for this server's user. */
async function trustPolicy(policy: string, expected: string | undefined) {
  const status = await projectTrustStatus(policy, discoverOptions());
  if (expected !== undefined && expected.replace(/^sha256:/, "") !== status.fingerprint)
    throw new CliUsageError(
      `The policy in ${policy} has fingerprint sha256:${status.fingerprint}, not the ${expected} given with --fingerprint. Review what changed (hookwire trust --cwd ${policy}) and start with the new fingerprint.`,
    );
  // Starting the server on the folder is the operator's act of trust: recorded as `hookwire trust --yes` would.
  const trusted = await trustProject(policy, discoverOptions(), { fingerprint: status.fingerprint });
  if (!trusted.trusted)
    throw new CliUsageError(`The policy in ${policy} changed while it was read; start the server again.`);
  return status;
}

/** Starts the team server; resolves with it once it listens and has said what it serves. */
export async function startTeamServer(args: TeamArgs): Promise<RunningServer> {
  const file = tokensFile(args.tokens, "hookwire serve --policy");
  const stat = statSync(args.policy, { throwIfNoEntry: false });
  if (!stat?.isDirectory())
    throw new CliUsageError(`--policy ${args.policy} is not a folder. Pass the policy's checkout.`);
  const policy = realpathSync(args.policy);
  const address = parseListen(args.listen ?? DEFAULT_LISTEN);
  if (!address.loopback && !args.plainHttp)
    throw new CliUsageError(
      `--listen ${args.listen} can be reached from other machines, and the server speaks plain http: tokens and commands would cross the network readable. Bind 127.0.0.1 behind the team's TLS terminator (docs/scale.md), or pass --plain-http if the network between them is private.`,
    );
  const tokens = await asUsage(() => new TokenTable(file));
  const status = await trustPolicy(policy, args.fingerprint);
  exportSpansHere();
  const server = await startServer({
    port: address.port,
    idleMs: 0,
    maxProjects: args.maxProjects,
    team: { policy, tokens, host: address.host },
  });
  const say = (text: string) => process.stderr.write(`hookwire serve: ${text}\n`);
  if (!address.loopback)
    say(
      `WARNING: plain http on ${server.url}, reachable from other machines (--plain-http). Anyone on the path reads tokens and commands.`,
    );
  say(
    `team server on ${server.url}: POST <url>/<agent>[/<event>] with Authorization: Bearer <a developer's token>.`,
  );
  say(
    `policy ${policy}, fingerprint sha256:${status.fingerprint} (${status.items.length} items; a change to them refuses calls until the server is started again):`,
  );
  for (const item of status.items) say(`  ${item}`);
  say(
    tokens.size === 0
      ? `no developer has a token yet in ${file}: add one with \`hookwire serve token add <name> --tokens ${file}\`.`
      : `${tokens.size} developer token(s) in ${file} (read again when it changes).`,
  );
  process.stdout.write(
    `${JSON.stringify({ url: server.url, policy, fingerprint: `sha256:${status.fingerprint}`, tokens: file })}\n`,
  );
  return server;
}

/** `hookwire serve token add|revoke|list [name] --tokens FILE`. */
export async function tokenCommand(
  action: string | undefined,
  name: string | undefined,
  tokens: string | undefined,
): Promise<void> {
  const file = tokensFile(tokens, `hookwire serve token ${action ?? ""}`.trim());
  if (action === "list") {
    const listed = await asUsage(() => listTokens(file));
    for (const entry of listed) process.stdout.write(`${entry.name}${entry.revoked ? " (revoked)" : ""}\n`);
    if (listed.length === 0) process.stdout.write(`No tokens in ${file}.\n`);
    return;
  }
  if ((action !== "add" && action !== "revoke") || !name)
    throw new CliUsageError(
      "Use: hookwire serve token add <name> --tokens FILE, hookwire serve token revoke <name> --tokens FILE, hookwire serve token list --tokens FILE.",
    );
  if (action === "add") {
    const token = await asUsage(() => addToken(file, name));
    process.stderr.write(
      `Added ${name} to ${file}. Their token, shown this once (only its hash is kept): give it to them for HOOKWIRE_TOKEN.\n`,
    );
    process.stdout.write(`${token}\n`);
    return;
  }
  const revoked = await asUsage(() => revokeToken(file, name));
  if (!revoked) throw new CliUsageError(`${name} has no live token in ${file}.`);
  process.stdout.write(
    `Revoked ${name}'s token in ${file}; a running server refuses it from its next call.\n`,
  );
}
