// `hookwire policy [add|update|remove]`: a team's hooks installed for every project on this machine, pinned.

import { randomUUID } from "node:crypto";
import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import {
  type PolicyPaths,
  type PolicySource,
  pinPolicy,
  pinRecord,
  policyDir,
  policyPaths,
  policyStatus,
  readPolicySources,
  unpinPolicy,
} from "@hookwire/loader/policy";
import { privateDirProblem } from "@hookwire/trust/private-files";
import { defineCommand } from "citty";
import { CliUsageError } from "../errors.js";
import { createOutput, type Output } from "../output.js";
import { PolicyContentError } from "../policy/copy-tree.js";
import { fetchPolicy } from "../policy/fetch.js";
import { checkPolicyName, defaultPolicyName, policyKind } from "../policy/source-spec.js";
import { writePrivateJson } from "../private-file.js";
import { jsonArg } from "../shared-args.js";
import { confirm, plural, showReview } from "./trust.js";

const ACTIONS = ["list", "add", "update", "remove"] as const;
type Action = (typeof ACTIONS)[number];

function savedSources(paths: PolicyPaths, policies: Record<string, PolicySource>): void {
  writePrivateJson(paths.sources, { version: 1, policies });
}

function privateRoot(paths: PolicyPaths): void {
  for (const dir of [paths.root, paths.installed]) {
    const problem = privateDirProblem(dir);
    if (problem) throw new CliUsageError(`The policy folder \`${dir}\` is not private: ${problem}.`);
  }
}

/**
 * Shows what pinning `dir` grants and what changed since its pin (`hookwire trust`'s review), asks, and pins
 * exactly what was shown. Returns whether it was pinned; with nothing changed, it is pinned already.
 */
async function review(
  out: Output,
  name: string,
  dir: string,
  paths: PolicyPaths,
  yes: boolean,
  again: string,
): Promise<"pinned" | "unchanged" | "declined"> {
  const status = await policyStatus(dir, paths.pins);
  if (status.recorded && status.trusted && status.changes.length === 0) return "unchanged";
  showReview(out, status, [], { subject: `the policy \`${name}\``, done: "pinned", doing: "Pinning" });
  let ok = yes;
  if (!ok) {
    if (!process.stdin.isTTY) {
      out.error(
        `hookwire: not pinned — there is no terminal to ask on. Review the above, then run \`${again}\` again with --yes.`,
      );
      return "declined";
    }
    ok = await confirm(`Pin the policy \`${name}\` as shown? It runs in every project. [y/N] `);
    if (!ok) return "declined";
  }
  const pinned = await pinPolicy(dir, paths.pins, status.fingerprint);
  if (!pinned.trusted) {
    out.error(
      `hookwire: the policy \`${name}\` changed while it was shown; nothing was pinned. Run it again.`,
    );
    return "declined";
  }
  out.line(`Pinned the policy \`${name}\` (${plural(status.items.length, "item")}).`);
  return "pinned";
}

async function add(out: Output, source: string, named: string | undefined, yes: boolean): Promise<void> {
  const kind = policyKind(source);
  const name = checkPolicyName(named ?? defaultPolicyName(source, kind));
  const paths = policyPaths();
  privateRoot(paths);
  const sources = readPolicySources(paths);
  const dir = policyDir(paths, name);
  if (sources[name] || existsSync(dir))
    throw new CliUsageError(
      `A policy named \`${name}\` is installed already: \`hookwire policy update ${name}\` fetches it again, --name picks another name.`,
    );
  const recorded = kind === "path" ? path.resolve(source) : source;
  const staged = fetchPolicy(kind, recorded, paths.installed);
  renameSync(staged, dir);
  const outcome = await review(out, name, dir, paths, yes, "hookwire policy add");
  if (outcome === "declined") {
    await unpinPolicy(dir, paths.pins);
    rmSync(dir, { recursive: true, force: true });
    out.line(`Not installed: \`${name}\`.`);
    process.exitCode = 1;
    return;
  }
  // A policy with nothing in it is pinned too: its pin is what `update` compares with.
  if (outcome === "unchanged")
    await pinPolicy(dir, paths.pins, (await policyStatus(dir, paths.pins)).fingerprint);
  savedSources(paths, { ...sources, [name]: { kind, source: recorded, addedAt: new Date().toISOString() } });
  out.line(`Installed the policy \`${name}\` from ${recorded}: its hooks run first in every project.`);
}

async function update(out: Output, only: string | undefined, yes: boolean): Promise<void> {
  const paths = policyPaths();
  const sources = readPolicySources(paths);
  const names = only === undefined ? Object.keys(sources).sort() : [checkPolicyName(only)];
  if (only !== undefined && !sources[only])
    throw new CliUsageError(`No policy named \`${only}\`; \`hookwire policy\` lists them.`);
  if (names.length === 0) out.line("No policies installed; `hookwire policy add <source>` adds one.");
  privateRoot(paths);
  for (const name of names) {
    const { kind, source } = sources[name]!;
    const dir = policyDir(paths, name);
    const staged = fetchPolicy(kind, source, paths.installed);
    const old = path.join(paths.installed, `.old-${randomUUID()}`);
    // Swapped in whole, so the review reads the new files where they will run; put back if not pinned.
    if (existsSync(dir)) renameSync(dir, old);
    renameSync(staged, dir);
    const outcome = await review(out, name, dir, paths, yes, `hookwire policy update ${name}`);
    if (outcome === "declined") {
      rmSync(dir, { recursive: true, force: true });
      if (existsSync(old)) renameSync(old, dir);
      out.line(`The policy \`${name}\` keeps its pin; nothing changed.`);
      process.exitCode = 1;
    } else {
      rmSync(old, { recursive: true, force: true });
      if (outcome === "unchanged") out.line(`The policy \`${name}\` is as pinned; nothing changed.`);
    }
  }
}

async function remove(out: Output, name: string): Promise<void> {
  const paths = policyPaths();
  const sources = readPolicySources(paths);
  if (!sources[checkPolicyName(name)])
    throw new CliUsageError(`No policy named \`${name}\`; \`hookwire policy\` lists them.`);
  const dir = policyDir(paths, name);
  await unpinPolicy(dir, paths.pins);
  const { [name]: _gone, ...rest } = sources;
  savedSources(paths, rest);
  rmSync(dir, { recursive: true, force: true });
  out.line(`Removed the policy \`${name}\`: its hooks no longer run.`);
}

async function list(out: Output, json: boolean): Promise<void> {
  const paths = policyPaths();
  const sources = readPolicySources(paths);
  const rows = [];
  for (const [name, source] of Object.entries(sources).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const dir = policyDir(paths, name);
    const pin = await pinRecord(paths.pins, dir);
    const status = existsSync(dir) ? await policyStatus(dir, paths.pins) : undefined;
    const intact = pin !== undefined && status?.trusted === true && status.fingerprint === pin.fingerprint;
    rows.push({ name, ...source, pin: pin?.fingerprint, pinnedAt: pin?.trustedAt, intact, dir });
  }
  if (json) {
    out.json({ policies: rows });
    return;
  }
  if (rows.length === 0) {
    out.line("No policies installed; `hookwire policy add <git-url|npm-spec|folder>` adds one.");
    return;
  }
  for (const row of rows) {
    const state = row.intact ? "as pinned" : "CHANGED ON DISK: tool calls are refused";
    out.line(`${row.name}  ${row.kind} ${row.source}`);
    out.line(`  pin ${row.pin?.slice(0, 12) ?? "none"}, changed ${row.pinnedAt ?? "never"}; ${state}`);
  }
}

export const policyCommand = defineCommand({
  args: {
    action: { type: "positional", description: "list (default), add, update or remove", required: false },
    target: {
      type: "positional",
      description: "add: a git URL, npm package or folder; update / remove: the policy's name",
      required: false,
    },
    name: { type: "string", description: "add: the name to install it as (default: from the source)" },
    yes: { type: "boolean", description: "Pin without asking (for scripts)", default: false },
    ...jsonArg,
  },
  async run({ args }) {
    const out = createOutput();
    try {
      await runAction(out, args);
    } catch (error) {
      // What a fetch refused (a link, a size, git's or npm's own failure) is said plainly, never as a crash.
      if (!(error instanceof PolicyContentError)) throw error;
      out.error(`hookwire: the policy was not fetched: ${error.message}`);
      process.exitCode = 1;
    }
  },
});

async function runAction(
  out: Output,
  args: { action?: string; target?: string; name?: string; yes: boolean; json: boolean },
): Promise<void> {
  const action = (args.action ?? "list") as Action;
  if (!ACTIONS.includes(action))
    throw new CliUsageError(
      `Unknown action "${args.action}": use hookwire policy [list], add <source>, update [name] or remove <name>.`,
    );
  const target = args.target;
  if (action === "list") return list(out, args.json);
  if (action === "update") return update(out, target, args.yes);
  if (target === undefined)
    throw new CliUsageError(`hookwire policy ${action} needs ${action === "add" ? "a source" : "a name"}.`);
  if (action === "add") return add(out, target, args.name as string | undefined, args.yes);
  return remove(out, target);
}
