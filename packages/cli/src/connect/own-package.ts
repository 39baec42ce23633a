// The `@hookwire/pi` / `@hookwire/opencode` that came with this hookwire: what `connect pi|opencode` registers, so the
// agent runs the same version as the CLI that connected it (the published name only with `--from-npm`).
import { readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import type { PackageAgentSpec } from "@hookwire/settings-hooks/agents";
import { CliUsageError } from "../errors.js";
import { packageRoot } from "../package-root.js";

/**
 * Where the package sits beside this CLI, as each install lays it out: `node_modules/hookwire` beside
 * `node_modules/@hookwire/<name>` (a project's install, or npm's global prefix), the CLI's own `node_modules`, or a
 * checkout's `packages/<name>` beside `packages/cli`.
 */
function candidates(cli: string, pkg: string): string[] {
  const short = pkg.split("/")[1] as string;
  return [path.join(cli, "..", pkg), path.join(cli, "node_modules", pkg), path.join(cli, "..", short)];
}

function manifest(dir: string): { name?: unknown; version?: unknown } | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  } catch {
    return undefined;
  }
}

/** The installed package's folder (resolved), named `agent.package` and at this CLI's version; else a usage error. */
export function installedPackage(
  agent: PackageAgentSpec,
  cli = packageRoot(import.meta.url, "hookwire"),
): string {
  const version = manifest(cli)?.version;
  const seen: string[] = [];
  for (const dir of candidates(cli, agent.package)) {
    const found = manifest(dir);
    if (found?.name !== agent.package) continue;
    if (found.version === version) return realpathSync(dir);
    seen.push(`${dir} (version ${String(found.version)})`);
  }
  throw new CliUsageError(
    `${agent.package} ${String(version)} is not installed beside this hookwire (${cli})${seen.length ? `; found ${seen.join(", ")}` : ""}.`,
    {
      details: `Install it where hookwire is (npm install -g ${agent.package}@${String(version)} for a global hookwire), or connect --from-npm to have ${agent.label} install the published package.`,
    },
  );
}
