import { describe, expect, it } from "vitest";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

describe("hookwire with OpenCode plugins", () => {
  it("lists a project's OpenCode plugin with its origin, its unsupported hooks and an npm plugin it cannot load", async () => {
    const box = sandbox("opencode");
    expect((await box.run(["list"])).stdout).toContain(
      ".opencode/plugin/guard.ts (hook): the project is not trusted",
    );
    await box.run(["trust", "--yes"]);
    const listed = await box.run(["list"]);
    expect(listed.stdout).toMatchInlineSnapshot(`
      "Hooks in <cwd>
      modules (1)
        .opencode/plugin/guard.ts  [module, opencode, project]  tool_call
          ⚠ OpenCode plugin \`.opencode/plugin/guard.ts\` uses hooks hookwire does not run: "shell.env" (hookwire's tools take no environment from hooks; a host that wants it emits its own event). The other hooks run.
      settings handlers (0)
      load errors (1)
        opencode.json: OpenCode plugin not loaded: \`plugin[0]\` of \`<cwd>/opencode.json\`: npm plugin \`opencode-not-installed@1.0.0\` is not installed; hookwire does not install plugins. Install it next to the config (\`npm install opencode-not-installed\` in \`<cwd>\`) or list its file path instead.
      commands (0)
      "
    `);
    const data = JSON.parse((await box.run(["list", "--json"])).stdout);
    expect(data.modules).toEqual([
      expect.objectContaining({
        path: ".opencode/plugin/guard.ts",
        provider: "opencode",
        events: ["tool_call"],
      }),
    ]);
  }, 120_000);

  it("blocks rm -rf through the plugin with hookwire tool", async () => {
    const box = sandbox("opencode");
    await box.run(["trust", "--yes"]);
    const run = await box.run(["tool", "bash", "--input", '{"command":"rm -rf build"}']);
    expect(run.stdout + run.stderr).toContain("rm -rf blocked");
  }, 120_000);
});
