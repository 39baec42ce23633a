// Which package manager a project uses, so `hookwire init` prints the install command that fits it.
import { existsSync } from "node:fs";
import path from "node:path";

const LOCKFILES: ReadonlyArray<[file: string, install: string]> = [
  ["pnpm-lock.yaml", "pnpm add -D"],
  ["yarn.lock", "yarn add -D"],
  ["bun.lockb", "bun add -d"],
  ["bun.lock", "bun add -d"],
  ["package-lock.json", "npm install -D"],
];

/** The dev-dependency install command of the project's lockfile, else of the package manager that ran us, else npm's. */
export function devInstallCommand(root: string, env: NodeJS.ProcessEnv = process.env): string {
  for (const [file, install] of LOCKFILES) if (existsSync(path.join(root, file))) return install;
  const agent = env.npm_config_user_agent?.split("/")[0];
  if (agent === "pnpm") return "pnpm add -D";
  if (agent === "yarn") return "yarn add -D";
  if (agent === "bun") return "bun add -d";
  return "npm install -D";
}
