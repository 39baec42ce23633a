import { describe, expect, it } from "vitest";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

describe("hookwire list in a project with every dialect", () => {
  it("shows Claude Code, Codex, Gemini CLI, Copilot CLI and Cursor handlers and an OpenCode plugin side by side", async () => {
    const box = sandbox("all-dialects");
    await box.run(["trust", "--yes"]);
    expect((await box.run(["list"])).stdout).toMatchInlineSnapshot(`
      "Hooks in <cwd>
      modules (1)
        .opencode/plugin/guard.ts  [module, opencode, project]  tool_call
      settings handlers (5)
        PreToolUse Bash  command: exit 0
          .claude/settings.json#hooks.PreToolUse[0].hooks[0] [project, Claude Code]
        PreToolUse Bash  command: exit 0
          .codex/hooks.json#hooks.PreToolUse[0].hooks[0] [project, Codex]
        BeforeTool run_shell_command  command: exit 0
          .gemini/settings.json#hooks.BeforeTool[0].hooks[0] [project, Gemini CLI]
        preToolUse *  command: exit 0
          .github/hooks/guard.json#hooks.preToolUse[0] [project, GitHub Copilot CLI]
        beforeShellExecution *  command: exit 0
          .cursor/hooks.json#hooks.beforeShellExecution[0] [project, Cursor]
      commands (0)
      "
    `);
    const data = JSON.parse((await box.run(["list", "--json"])).stdout);
    expect(data.settings.handlers.map((h: { dialect: string }) => h.dialect).sort()).toEqual([
      "claude",
      "codex",
      "copilot",
      "cursor",
      "gemini",
    ]);
    expect(data.modules.map((m: { provider: string }) => m.provider)).toEqual(["opencode"]);
  }, 120_000);

  it("runs every dialect's handler and the plugin on one tool call, and the plugin's throw blocks it", async () => {
    const box = sandbox("all-dialects");
    await box.run(["trust", "--yes"]);
    const run = await box.run(["tool", "bash", "--input", '{"command":"rm -rf build"}']);
    expect(run.stdout + run.stderr).toContain("rm -rf blocked by the OpenCode plugin");
  }, 120_000);
});
