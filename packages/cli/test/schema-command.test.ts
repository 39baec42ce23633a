import { describe, expect, it } from "vitest";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

describe("hookwire schema", () => {
  it("prints a draft 2020-12 JSON Schema of each settings format", async () => {
    const box = sandbox("basic");
    for (const format of ["claude", "codex", "gemini", "copilot", "cursor"]) {
      const out = await box.run(["schema", format]);
      expect(out.code).toBe(0);
      const schema = JSON.parse(out.stdout);
      expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(Object.keys(schema.properties.hooks.properties).length).toBeGreaterThan(3);
    }
  });

  it("rejects an unknown format with a did-you-mean", async () => {
    const out = await sandbox("basic").run(["schema", "cursr"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "hookwire: Unknown settings format "cursr"; did you mean "cursor"? Use one of claude, codex, gemini, copilot, cursor.
      "
    `);
  });
});
