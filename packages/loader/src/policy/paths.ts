// Where installed policies live and what a policy may be called: one folder per policy under the user's config.
import path from "node:path";
import { defaultPolicyRoot } from "../user-config-paths.js";

/** The folders and files of the policy layer, under one private root. */
export interface PolicyPaths {
  /** `<config>/hookwire/policies` (0700). */
  root: string;
  /** `<root>/installed/<name>`: each policy's files, as fetched. */
  installed: string;
  /** `<root>/pins.json`: a trust store of the policies alone (its copies for diffs in `<root>/trust-snapshots`). */
  pins: string;
  /** `<root>/sources.json`: each policy's source and when it was added. */
  sources: string;
}

export function policyPaths(
  options: { home?: string; env?: Record<string, string | undefined> } = {},
): PolicyPaths {
  const root = defaultPolicyRoot(options);
  return {
    root,
    installed: path.join(root, "installed"),
    pins: path.join(root, "pins.json"),
    sources: path.join(root, "sources.json"),
  };
}

/** Lower-case letters, digits, `.`, `_`, `-`; starts with a letter or digit; at most 64: a name is a folder. */
const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** Why `name` cannot name a policy (a path, `..`, a dot file, a character a folder name should not have), or undefined. */
export function policyNameProblem(name: string): string | undefined {
  if (NAME.test(name) && !name.includes("..")) return undefined;
  return `\`${JSON.stringify(name).slice(1, -1)}\` is not a policy name: expected 1–64 lower-case letters, digits, \`.\`, \`_\` or \`-\`, starting with a letter or digit (no \`/\`, no \`..\`)`;
}

/** The folder of policy `name`; throws on a name that could leave `installed` (checked again here, not only at input). */
export function policyDir(paths: PolicyPaths, name: string): string {
  const problem = policyNameProblem(name);
  if (problem) throw new TypeError(problem);
  return path.join(paths.installed, name);
}
