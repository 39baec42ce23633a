// A trusted project module that imports a project file the walk could not see (a computed `import()`): the runner
// hands each file it reads to trust before it runs, so that file is refused as new code, not run unreviewed.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { discoverAndLoadHooks, HOOK_FORMATS, trustProject } from "../src/index.js";
import { normalise, tempDir } from "./helpers/fixtures.js";

async function project() {
  const root = await tempDir();
  const cwd = path.join(root, "project");
  const home = path.join(root, "home");
  await mkdir(path.join(cwd, ".pi/hooks"), { recursive: true });
  await mkdir(path.join(cwd, "lib"), { recursive: true });
  await mkdir(home, { recursive: true });
  const options = { home, formats: HOOK_FORMATS, trustStore: path.join(root, "trust.json"), fsCache: false };
  return { root, cwd, options };
}

describe("a project file only a computed import names", () => {
  it("is refused when the trusted module imports it, naming the file as new", async () => {
    const { root, cwd, options } = await project();
    await writeFile(path.join(cwd, "lib/helper.ts"), 'export const reason = "from the helper";\n');
    await writeFile(
      path.join(cwd, ".pi/hooks/guard.ts"),
      [
        'const name = ["..", "..", "lib", "helper.ts"].join("/");',
        "const { reason } = await import(name);",
        'export default (pi: any) => pi.on("tool_call", () => ({ block: true, reason }));',
        "",
      ].join("\n"),
    );
    const status = await trustProject(cwd, options);
    expect(status.items).toEqual(["hook .pi/hooks/guard.ts"]);

    const loaded = await discoverAndLoadHooks([], cwd, options);
    expect(loaded.trust.trusted).toBe(true);
    expect(loaded.hooks.map((hook) => hook.source.kind)).toEqual([]);
    expect(loaded.errors.map((entry) => normalise(entry.error.message, root))).toMatchInlineSnapshot(`
      [
        "Hook module \`.pi/hooks/guard.ts\` was not imported: lib/helper.ts (new) changed since the project was trusted, so its hooks no longer run. Review the change, then run \`hookwire trust --cwd <cwd>/project\` and reload the hooks.",
      ]
    `);
  });
});
