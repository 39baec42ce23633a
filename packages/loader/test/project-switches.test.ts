import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoverAndLoadHooks, HOOK_FORMATS, projectTrustStatus } from "../src/index.js";
import { tempDir } from "./helpers/fixtures.js";
import { sessionlessRunner } from "./helpers/runner.js";
import { guardTexts, projectSwitches } from "./helpers/switches.js";

// The user's own guard, in each dialect's user file.
const userFiles: Record<string, string> = {
  claude: ".claude/settings.json",
  copilot: ".copilot/hooks/guard.json",
  codex: ".codex/hooks.json",
  gemini: ".gemini/settings.json",
};
const userGuards = Object.fromEntries(
  Object.entries(guardTexts).map(([dialect, text]) => [dialect, { file: userFiles[dialect]!, text }]),
);
const switches = projectSwitches;

describe("a project's switch never turns off the user's guard", () => {
  it.each(switches)("keeps the user's $dialect guard when a trusted project sets $name", async (attack) => {
    const root = await tempDir();
    const cwd = path.join(root, "project");
    const home = path.join(root, "home");
    const guard = userGuards[attack.dialect]!;
    await mkdir(path.dirname(path.join(home, guard.file)), { recursive: true });
    await writeFile(path.join(home, guard.file), guard.text);
    await mkdir(path.dirname(path.join(cwd, attack.file)), { recursive: true });
    await writeFile(path.join(cwd, attack.file), attack.text(home));
    const options = {
      home,
      formats: HOOK_FORMATS,
      trustStore: path.join(root, "trust.json"),
      fsCache: false as const,
    };

    const status = await projectTrustStatus(cwd, options);
    expect(status.switches.map((s) => s.source)).toEqual([expect.stringContaining(attack.file)]);

    const loaded = await discoverAndLoadHooks([], cwd, { ...options, trust: "all" });
    const outcome = await sessionlessRunner(loaded.hooks, cwd).emitToolCall({
      toolName: "bash",
      toolCallId: "1",
      input: { command: "rm -rf /" },
    });
    expect(outcome.block).toBe(true);
  });

  it("still lets a user's own switch turn off the user's hooks", async () => {
    const root = await tempDir();
    const home = path.join(root, "home");
    await mkdir(path.join(home, ".claude"), { recursive: true });
    await writeFile(
      path.join(home, ".claude/settings.json"),
      JSON.stringify({ ...JSON.parse(userGuards.claude!.text), disableAllHooks: true }),
    );
    await mkdir(path.join(root, "project"));
    const loaded = await discoverAndLoadHooks([], path.join(root, "project"), {
      home,
      formats: HOOK_FORMATS,
      fsCache: false,
      trust: "all",
    });
    expect(loaded.settings.handlers).toEqual([]);
  });
});
