// No switch a project (or the user's hooks.json) holds turns off an installed policy's hooks: each one tried.
import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoverAndLoadHooks, HOOK_FORMATS } from "../src/index.js";
import { pinPolicy, policyDir, policyPaths, policyStatus } from "../src/policy.js";
import { tempDir } from "./helpers/fixtures.js";
import { sessionlessRunner } from "./helpers/runner.js";
import { guardTexts, projectSwitches } from "./helpers/switches.js";

// The team's guard, in each dialect's project file of the policy, and as a module.
const guards: Record<string, { file: string; text: string }> = {
  claude: { file: ".claude/settings.json", text: guardTexts.claude },
  hookwire: { file: ".hookwire/settings.json", text: guardTexts.claude },
  copilot: { file: ".github/hooks/guard.json", text: guardTexts.copilot },
  codex: { file: ".codex/hooks.json", text: guardTexts.codex },
  gemini: { file: ".gemini/settings.json", text: guardTexts.gemini },
  module: {
    file: ".hookwire/hooks/guard.ts",
    text: `export default function (hw) {
  hw.on("tool_call", () => ({ block: true, reason: "team guard" }));
}
`,
  },
};

interface Attack {
  dialect: keyof typeof guards;
  name: string;
  /** Relative to the project, or `~/…` for the user's own files. */
  file: string;
  text: (policy: string) => string;
}

// What a trusted repository (or the user's own files) writes to switch hooks off: every switch the agents'
// specs name (`silencers`) and hookwire's own (`hookwire hooks disable`).
const attacks: Attack[] = [
  ...projectSwitches,
  {
    dialect: "claude",
    name: "disableAllHooks (local)",
    file: ".claude/settings.local.json",
    text: () => '{"disableAllHooks": true}',
  },
  {
    dialect: "claude",
    name: "the user's disableAllHooks",
    file: "~/.claude/settings.json",
    text: () => '{"disableAllHooks": true}',
  },
  {
    dialect: "hookwire",
    name: "disableAllHooks",
    file: ".hookwire/settings.json",
    text: () => '{"disableAllHooks": true}',
  },
  {
    dialect: "copilot",
    name: "disableAllHooks in hookwire's own file",
    file: ".github/hooks/hookwire.json",
    text: () => '{"version": 1, "disableAllHooks": true, "hooks": {}}',
  },
  ...Object.entries(guards).map(([dialect, guard]) => ({
    dialect,
    name: "hookwire hooks disable <the policy's file>",
    file: "~/.config/hookwire/hooks.json",
    text: (policy: string) => JSON.stringify({ disabled: [path.join(policy, guard.file), policy] }),
  })),
];

/** A home with the team's `dialect` guard installed as policy `team` and pinned, and an empty project. */
async function installed(dialect: string) {
  const root = await tempDir();
  const home = path.join(root, "home");
  const cwd = path.join(root, "project");
  const env = { XDG_CONFIG_HOME: path.join(home, ".config") };
  const paths = policyPaths({ home, env });
  const dir = policyDir(paths, "team");
  const guard = guards[dialect]!;
  await mkdir(path.dirname(path.join(dir, guard.file)), { recursive: true });
  await writeFile(path.join(dir, guard.file), guard.text);
  await mkdir(cwd, { recursive: true });
  await chmod(paths.root, 0o700);
  const source = { kind: "path", source: "/team", addedAt: "2026-01-01T00:00:00.000Z" };
  await writeFile(paths.sources, JSON.stringify({ version: 1, policies: { team: source } }), { mode: 0o600 });
  const status = await policyStatus(dir, paths.pins);
  expect((await pinPolicy(dir, paths.pins, status.fingerprint)).trusted).toBe(true);
  return { home, cwd, env, dir, options: { home, env, formats: HOOK_FORMATS, fsCache: false as const } };
}

async function blocks(hooks: Parameters<typeof sessionlessRunner>[0], cwd: string) {
  const outcome = await sessionlessRunner(hooks, cwd).emitToolCall({
    toolName: "bash",
    toolCallId: "1",
    input: { command: "rm -rf /" },
  });
  return outcome.block === true;
}

describe("an installed policy", () => {
  it.each(Object.keys(guards))(
    "runs its %s guard first in a project with no hooks of its own",
    async (dialect) => {
      const { cwd, options } = await installed(dialect);
      const loaded = await discoverAndLoadHooks([], cwd, options);
      expect(loaded.policies.map((policy) => [policy.name, policy.intact])).toEqual([["team", true]]);
      expect(await blocks(loaded.hooks, cwd)).toBe(true);
      // Without the policy layer nothing here blocks: the guard is the policy's.
      const bare = await discoverAndLoadHooks([], cwd, { ...options, policies: false });
      expect(await blocks(bare.hooks, cwd)).toBe(false);
    },
  );

  it.each(attacks)("keeps its $dialect guard when a trusted project sets $name ($file)", async (attack) => {
    const { home, cwd, dir, options } = await installed(attack.dialect);
    const file = attack.file.startsWith("~/")
      ? path.join(home, attack.file.slice(2))
      : path.join(cwd, attack.file);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, attack.text(dir), { mode: 0o600 });
    const loaded = await discoverAndLoadHooks([], cwd, { ...options, trust: "all" });
    expect(loaded.policies[0]?.intact).toBe(true);
    expect(await blocks(loaded.hooks, cwd)).toBe(true);
  });

  it("is not intact once a file it runs is edited: its hooks do not load and the state says why", async () => {
    const { cwd, dir, options } = await installed("claude");
    await writeFile(path.join(dir, ".claude/settings.json"), '{"hooks": {}}');
    const loaded = await discoverAndLoadHooks([], cwd, options);
    expect(loaded.policies.map(({ name, intact, problem }) => ({ name, intact, problem }))).toEqual([
      { name: "team", intact: false, problem: "its files changed on disk since it was pinned" },
    ]);
  });
});
