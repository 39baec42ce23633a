// What `hookwire policy add <source>` was given: a git URL, an npm spec or a folder, and the name it installs as.
import path from "node:path";
import type { PolicyKind } from "@hookwire/loader/policy";
import { policyNameProblem } from "@hookwire/loader/policy";
import { CliUsageError } from "../errors.js";

/** The git transports a policy may come over; `ext::`, `fd::` and the rest run commands and are refused. */
export const GIT_PROTOCOLS = "https:ssh:git:file";

/**
 * `/…`, `./…`, `../…`, `~/…`: a folder. `https://`, `ssh://`, `git://`, `file://`, `git@host:…` or `….git`: git.
 * Anything else: an npm spec (`@team/policy`, `@team/policy@1.2.0`). A source that starts with `-` (an option to
 * git or npm) or names a `transport::` (git's `ext::` runs a command) is refused, whatever follows.
 */
export function policyKind(source: string): PolicyKind {
  if (source === "" || source.startsWith("-"))
    throw new CliUsageError(
      `\`${source}\` is not a policy source: it must not start with \`-\`. Give a git URL, an npm package or a folder.`,
    );
  if (/[\0\r\n]/.test(source)) throw new CliUsageError("A policy source must not hold control characters.");
  if (/^[A-Za-z][A-Za-z0-9+.-]*::/.test(source))
    throw new CliUsageError(
      `\`${source}\` names a git transport (\`${source.split("::")[0]}::\`) that runs commands; a policy comes over https, ssh, git or file.`,
    );
  if (/^(\/|\.\.?(\/|$)|~\/)/.test(source)) return "path";
  if (/^(https|ssh|git|file):\/\//i.test(source) || /^[\w.-]+@[\w.-]+:/.test(source)) return "git";
  if (/^[a-z][a-z0-9+.-]*:/i.test(source) && !source.startsWith("npm:"))
    throw new CliUsageError(
      `\`${source}\` is not a policy source hookwire fetches: give an https, ssh, git or file URL, an npm package, or a folder.`,
    );
  return /\.git\/?$/.test(source) ? "git" : "npm";
}

/** The name a source installs as when `--name` is not given: its last segment, without `.git` or a version. */
export function defaultPolicyName(source: string, kind: PolicyKind): string {
  let base: string;
  const bare = source.replace(/^npm:/, "");
  if (kind === "npm" && !/^[./~]/.test(bare)) {
    // `@team/policy@1.2.0` → `team-policy`.
    const name = bare.startsWith("@") ? bare.slice(1).replace(/@.*$/, "") : bare.replace(/@.*$/, "");
    base = name.replace("/", "-");
  } else base = path.basename(bare.replace(/\/+$/, "")).replace(/\.(git|tgz)$/, "");
  return base.toLowerCase();
}

/** `name` checked as a policy name, with the fix in the message. */
export function checkPolicyName(name: string): string {
  const problem = policyNameProblem(name);
  if (problem) throw new CliUsageError(`${problem}. Name it with --name <name>.`);
  return name;
}
