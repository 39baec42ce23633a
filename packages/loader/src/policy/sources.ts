// The installed policies and where each came from: `<policies>/sources.json`, private (the CLI writes it).
import { readPrivateEntry } from "@hookwire/trust/private-files";
import { type PolicyPaths, policyNameProblem } from "./paths.js";

/** How a policy is fetched again by `hookwire policy update`. */
export type PolicyKind = "git" | "npm" | "path";

export interface PolicySource {
  kind: PolicyKind;
  /** The URL, npm spec or absolute folder as given to `hookwire policy add`. */
  source: string;
  /** ISO time it was added. */
  addedAt: string;
}

const KINDS = new Set<string>(["git", "npm", "path"]);

function isSource(value: unknown): value is PolicySource {
  const v = value as Partial<PolicySource> | null;
  return typeof v?.source === "string" && KINDS.has(v.kind as string) && typeof v.addedAt === "string";
}

/**
 * The policies by name. A missing file is none; a file that is not this user's private regular file, or not the
 * expected JSON, throws: a policy layer that cannot be read must not quietly run without its policies.
 */
export function readPolicySources(paths: PolicyPaths): Record<string, PolicySource> {
  const read = readPrivateEntry(paths.sources);
  if (!read.ok) {
    if (read.missing) return {};
    throw new Error(
      `The policy list \`${paths.sources}\` is not used because ${read.reason}. Make it yours and private (chmod 600), or remove it and add the policies again.`,
    );
  }
  let json: { policies?: unknown } | null;
  try {
    json = JSON.parse(read.text) as { policies?: unknown } | null;
  } catch (error) {
    throw new Error(`The policy list \`${paths.sources}\` is not JSON (${(error as Error).message}).`);
  }
  const policies = json?.policies;
  if (typeof policies !== "object" || policies === null || Array.isArray(policies))
    throw new Error(`The policy list \`${paths.sources}\` must be {"version": 1, "policies": {name: …}}.`);
  const found: Record<string, PolicySource> = {};
  for (const [name, value] of Object.entries(policies)) {
    // A name that could leave the installed folder is never used, whoever wrote it.
    if (policyNameProblem(name) === undefined && isSource(value)) found[name] = value;
  }
  return found;
}
