#!/usr/bin/env node
// Installs hookwire from this checkout as `npm install -g hookwire` will once it is published: every package packed
// (`pnpm pack`, so `workspace:*` becomes the version), the tarballs installed together into npm's global prefix.
//
//   pnpm run install:global                       # the CLI, into npm's own global prefix (`npm prefix -g`)
//   node scripts/install-local.mjs --prefix DIR   # into another prefix (DIR/bin/hookwire)
//   … --pack-destination DIR                      # keep the tarballs there (default: a temporary folder, removed)
//
// Every published package goes in, @hookwire/pi and @hookwire/opencode too: they are not on npm yet either, and pi and
// opencode load them from the prefix. Nothing is fetched but the packages' own dependencies, from npm's registry.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const { values } = parseArgs({
  // `pnpm run install:global -- --prefix DIR` hands the script a leading `--`.
  args: process.argv.slice(2).filter((arg, at) => !(at === 0 && arg === "--")),
  options: {
    prefix: { type: "string" },
    "pack-destination": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log("usage: node scripts/install-local.mjs [--prefix DIR] [--pack-destination DIR]");
  process.exit(0);
}

// npm must not read pnpm's settings (`pnpm run` passes them as npm_config_*: npm warns of each it does not know).
const env = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^(npm_|pnpm_|PNPM_|NODE_PATH$)/i.test(key)),
);

function run(command, args, cwd = repoRoot, quiet = false) {
  const result = spawnSync(command, args, {
    cwd,
    env,
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
  });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) {
    console.error(`install-local: \`${command} ${args.join(" ")}\` failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}

/** The workspace's published packages: every folder of packages/ whose package.json is not private. */
function publishedPackages() {
  return readdirSync(path.join(repoRoot, "packages"))
    .sort()
    .map((name) => path.join(repoRoot, "packages", name))
    .filter((dir) => {
      try {
        return !JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).private;
      } catch {
        return false;
      }
    });
}

// Incremental: with nothing changed since the last build, a few seconds.
run("pnpm", ["-r", "--filter", "./packages/**", "run", "build"]);

const kept = values["pack-destination"];
const packs = kept ? path.resolve(kept) : mkdtempSync(path.join(tmpdir(), "hookwire-install-"));
mkdirSync(packs, { recursive: true });
try {
  for (const dir of publishedPackages()) run("pnpm", ["pack", "--pack-destination", packs], dir, true);
  const tarballs = readdirSync(packs)
    .filter((file) => file.endsWith(".tgz"))
    .map((file) => path.join(packs, file));
  const prefix = values.prefix ? ["--prefix", path.resolve(values.prefix)] : [];
  // One command for all of them: each package's hookwire dependencies are its siblings in the prefix.
  run("npm", [
    "install",
    "--global",
    ...prefix,
    "--no-audit",
    "--no-fund",
    "--prefer-offline",
    "--loglevel=warn",
    ...tarballs,
  ]);
  const bin = values.prefix ? path.join(path.resolve(values.prefix), "bin", "hookwire") : "hookwire";
  console.log(`installed ${tarballs.length} packages from this checkout; run \`${bin} --help\``);
} finally {
  if (!kept) rmSync(packs, { recursive: true, force: true });
}
