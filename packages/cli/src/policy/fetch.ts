// Fetches a policy into a new private folder beside the installed ones: git clone, npm pack, or a folder's copy.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PolicyKind } from "@hookwire/loader/policy";
import { copyPolicyTree, PolicyContentError } from "./copy-tree.js";
import { GIT_PROTOCOLS } from "./source-spec.js";

/** A fetch that takes longer than this is stopped (a stalled server must not hang the command). */
const FETCH_TIMEOUT_MS = 120_000;

/** The output a fetch may print before it is cut (npm's and git's are a few lines). */
const MAX_OUTPUT = 1024 * 1024;

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): string {
  const result = spawnSync(command, args, {
    cwd,
    env,
    encoding: "utf8",
    timeout: FETCH_TIMEOUT_MS,
    maxBuffer: MAX_OUTPUT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.error) throw new PolicyContentError(`\`${command}\` could not run: ${result.error.message}.`);
  if (result.status !== 0) {
    const said = `${result.stderr}`.trim().split("\n").slice(-5).join("\n");
    throw new PolicyContentError(`\`${command} ${args[0]}\` failed (exit ${result.status}): ${said}`);
  }
  return result.stdout;
}

/** git with no prompt, no system or user config that could name a helper, and only transports that run nothing. */
function gitEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    GIT_ALLOW_PROTOCOL: GIT_PROTOCOLS,
    GIT_TERMINAL_PROMPT: "0",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: os.devNull,
  };
}

function cloneGit(source: string, work: string): string {
  const into = path.join(work, "clone");
  // `--` ends the options: a URL cannot be read as one. No submodules, one commit, no checkout hooks of ours.
  run("git", ["clone", "--depth", "1", "--no-tags", "--quiet", "--", source, into], work, gitEnv());
  return into;
}

/** One line of `tar -tv`: its first character is the entry's type (`-` a file, `d` a folder). */
function checkTarListing(listing: string): void {
  for (const line of listing.split("\n")) {
    if (line.trim() === "") continue;
    const name = line.replace(/^(\S+\s+){5}/, "");
    if (line[0] !== "-" && line[0] !== "d")
      throw new PolicyContentError(
        `The package holds \`${name}\`, which is not a file or folder (a link?): a policy holds its files themselves.`,
      );
    if (name.startsWith("/") || name.split("/").includes(".."))
      throw new PolicyContentError(`The package holds \`${name}\`, a path outside the package.`);
  }
}

function packNpm(source: string, work: string): string {
  const spec = source.replace(/^npm:/, "");
  const packed = path.join(work, "packed");
  mkdirSync(packed, { mode: 0o700 });
  // `--ignore-scripts`: packing a git dependency would run its `prepare` otherwise.
  run(
    "npm",
    ["pack", "--ignore-scripts", "--silent", "--pack-destination", packed, "--", spec],
    work,
    process.env,
  );
  const tarballs = readdirSync(packed).filter((name) => name.endsWith(".tgz"));
  if (tarballs.length !== 1) throw new PolicyContentError(`\`npm pack ${spec}\` made no tarball.`);
  const tarball = path.join(packed, tarballs[0]!);
  // Listed before extracting: no links (the way out of a folder), no absolute or `..` paths.
  checkTarListing(run("tar", ["-tvzf", tarball], work, process.env));
  const extracted = path.join(work, "extracted");
  mkdirSync(extracted, { mode: 0o700 });
  run(
    "tar",
    ["-xzf", tarball, "-C", extracted, "--no-same-owner", "--no-same-permissions"],
    work,
    process.env,
  );
  return path.join(extracted, "package");
}

function folder(source: string): string {
  const dir = path.resolve(source.replace(/^~(?=\/)/, os.homedir()));
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new PolicyContentError(`\`${source}\` is not a folder.`);
  return dir;
}

/**
 * Fetches `source` and copies what it holds (checked by `copyPolicyTree`) into a new folder under `parent`, whose
 * path it returns; the caller renames it into place. Whatever fails, nothing is left behind but that folder's absence.
 */
export function fetchPolicy(kind: PolicyKind, source: string, parent: string): string {
  const work = path.join(parent, `.fetch-${randomUUID()}`);
  const staged = path.join(parent, `.staged-${randomUUID()}`);
  mkdirSync(work, { mode: 0o700 });
  try {
    const from =
      kind === "git" ? cloneGit(source, work) : kind === "npm" ? packNpm(source, work) : folder(source);
    copyPolicyTree(from, staged);
    return staged;
  } catch (error) {
    rmSync(staged, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
