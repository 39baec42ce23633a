import { execFileSync } from "node:child_process";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  builtinHookProviders,
  CapabilityRegistry,
  claudeHookProvider,
  codexHookProvider,
  hooksCapability,
  nativeHookProvider,
} from "../src/index.js";
import { fixture, tempDir } from "./helpers/fixtures.js";

const project = fixture("discovery/project");
const home = fixture("discovery/home");

function relative(file: string): string {
  return file.startsWith(project)
    ? `<project>${file.slice(project.length)}`
    : `<home>${file.slice(home.length)}`;
}

async function discover(providers = builtinHookProviders(), cwd = project) {
  const registry = new CapabilityRegistry();
  for (const provider of providers) registry.registerProvider(hooksCapability, provider);
  return registry.loadCapability(hooksCapability, { cwd, home });
}

describe("built-in hook providers", () => {
  it("finds native modules and pre/post scripts, Claude-style and Codex-style hooks, project before user", async () => {
    const result = await discover();
    expect(result.warnings).toEqual([]);
    expect(
      result.all.map(
        (e) =>
          `${e.shadowed ? "shadowed " : ""}${e.item.level} ${e.key} ${relative(e.item.path)} (${e.provider})`,
      ),
    ).toMatchInlineSnapshot(`
      [
        "user module:*:a-first.mjs <home>/.hookwire/hooks/a-first.mjs (native:.hookwire)",
        "user module:*:b-second.mjs <home>/.hookwire/hooks/b-second.mjs (native:.hookwire)",
        "project module:*:audit.ts <project>/.pi/hooks/audit.ts (native:.pi)",
        "project pre:bash:bash.sh <project>/.pi/hooks/pre/bash.sh (native:.pi)",
        "project post:*:all.sh <project>/.pi/hooks/post/all.sh (native:.pi)",
        "user pre:bash:bash.sh <home>/.pi/hooks/pre/bash.sh (native:.pi)",
        "shadowed project pre:bash:bash.sh <project>/.claude/hooks/pre/bash.sh (claude:.claude)",
        "project pre:read:read.py <project>/.claude/hooks/pre/read.py (claude:.claude)",
        "project pre:write:write.sh <project>/.codex/hooks/pre-write.sh (codex:.codex)",
      ]
    `);
  });

  it("takes files in sorted order, skips hidden and non-module files, and never lets a project shadow a user", async () => {
    const result = await discover([
      nativeHookProvider({ app: ".hookwire" }),
      nativeHookProvider({ app: ".pi" }),
    ]);
    expect(result.items.map((item) => `${item.source} ${item.level} ${item.type} ${item.name}`)).toEqual([
      "native:.hookwire user module a-first.mjs",
      "native:.hookwire user module b-second.mjs",
      "native:.pi project module audit.ts",
      "native:.pi project pre bash.sh",
      "native:.pi project post all.sh",
      // Same key as the project's pre/bash.sh: a project item never shadows the user's, both are kept.
      "native:.pi user pre bash.sh",
    ]);
  });

  it("lets a higher-priority provider shadow the same pre hook from another folder style", async () => {
    const result = await discover([
      claudeHookProvider({ priority: 200 }),
      nativeHookProvider({ app: ".pi" }),
    ]);
    const bash = result.all.filter((entry) => entry.key === "pre:bash:bash.sh");
    expect(bash.map((e) => [e.provider, e.item.level, e.shadowed])).toEqual([
      ["claude:.claude", "project", false],
      ["native:.pi", "project", true],
      ["native:.pi", "user", false],
    ]);
  });

  it("reads the tool of a Codex-style file from its pre-/post- prefix and ignores other files", async () => {
    const result = await discover([codexHookProvider()]);
    expect(result.items.map((item) => [item.type, item.tool, item.name])).toEqual([
      ["pre", "write", "write.sh"],
    ]);
  });

  it("treats the home folder as user level only when run from it", async () => {
    const result = await discover([nativeHookProvider({ app: ".pi" })], home);
    expect(result.items.map((item) => [item.level, path.basename(item.path)])).toEqual([["user", "bash.sh"]]);
  });

  it("finds nothing, without warnings, where no hook folders exist", async () => {
    const empty = await tempDir();
    const registry = new CapabilityRegistry();
    for (const provider of builtinHookProviders()) registry.registerProvider(hooksCapability, provider);
    const result = await registry.loadCapability(hooksCapability, { cwd: empty, home: empty });
    expect(result).toMatchObject({ items: [], all: [], warnings: [] });
  });

  it("takes a link to a hook file and skips links that dangle, loop or name a folder or a FIFO", async () => {
    const cwd = await tempDir();
    const hooks = path.join(cwd, ".hookwire", "hooks");
    const elsewhere = path.join(cwd, "elsewhere");
    await mkdir(hooks, { recursive: true });
    await mkdir(elsewhere);
    await writeFile(path.join(elsewhere, "real.ts"), "export default () => {};\n");
    execFileSync("mkfifo", [path.join(elsewhere, "pipe.ts")]);
    await symlink(path.join(elsewhere, "real.ts"), path.join(hooks, "linked.ts"));
    await symlink(path.join(elsewhere, "missing.ts"), path.join(hooks, "dangling.ts"));
    await symlink(path.join(hooks, "loop-b.ts"), path.join(hooks, "loop-a.ts"));
    await symlink(path.join(hooks, "loop-a.ts"), path.join(hooks, "loop-b.ts"));
    await symlink(elsewhere, path.join(hooks, "folder.ts"));
    await symlink(path.join(elsewhere, "pipe.ts"), path.join(hooks, "pipe.ts"));
    const result = await discover([nativeHookProvider({ app: ".hookwire" })], cwd);
    const found = result.items
      .filter((item) => item.level === "project")
      .map((item) => path.relative(cwd, item.path));
    expect(found).toEqual([".hookwire/hooks/linked.ts"]);
    expect(result.warnings).toEqual([]);
  });
});
