// The dialect registry: Claude Code's dialect is built in, the others load when a file of theirs is read.
// This file's module graph is its own (vitest isolates files), so nothing else has loaded a dialect here.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIALECT_IDS } from "../../src/dialects/registry.js";
import {
  createSettingsHooks,
  type DialectId,
  dialectById,
  dialectSources,
  loadDialect,
  readSettingsFile,
  type SettingsHandler,
  validateSettings,
} from "../../src/index.js";

describe("the dialect registry", () => {
  it("lists where every dialect's files are before any is loaded", () => {
    expect(DIALECT_IDS.map((id) => [id, dialectSources(id).length > 0])).toEqual(
      DIALECT_IDS.map((id) => [id, true]),
    );
    expect(dialectById("claude").id).toBe("claude");
    expect(() => dialectById("cursor")).toThrowErrorMatchingInlineSnapshot(
      `[Error: The cursor dialect is not loaded yet: \`await loadDialect("cursor")\` first (readSettingsFile and createSettingsHooks load the dialects they read).]`,
    );
    expect(() =>
      validateSettings({ hooks: {} }, { file: "/p/.cursor/hooks.json", scope: "project", dialect: "cursor" }),
    ).toThrow(/cursor dialect is not loaded yet/);
  });

  it("loads a dialect when a file of its is read, as the one object dialectById then returns", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "hookwire-registry-"));
    const file = path.join(dir, "hooks.json");
    writeFileSync(file, JSON.stringify({ version: 1, hooks: { stop: [{ command: "./stop.sh" }] } }));
    const read = await readSettingsFile({ file, scope: "project", dialect: "cursor" });
    expect(read.issues).toEqual([]);
    expect(read.handlers.map((h) => [h.dialect, h.event])).toEqual([["cursor", "stop"]]);
    expect(dialectById("cursor")).toBe(await loadDialect("cursor"));
  });

  it("loads the dialects of hand-built handlers in createSettingsHooks", async () => {
    expect(() => dialectById("gemini")).toThrow(/not loaded yet/);
    const handler: SettingsHandler = {
      dialect: "gemini",
      event: "SessionStart",
      matcher: undefined,
      config: { type: "command", command: "true" },
      file: "/p/.gemini/settings.json",
      scope: "project",
      jsonPath: "hooks.SessionStart[0].hooks[0]",
    };
    const hook = await createSettingsHooks([handler], { cwd: os.tmpdir(), transcript: false });
    expect([...hook.handlers.keys()]).toContain("session_start");
    expect(dialectById("gemini").id).toBe("gemini");
  });

  it("refuses an id no dialect has, before and after loading", async () => {
    const id = "toString" as DialectId;
    expect(() => dialectSources(id)).toThrow(`No dialect "toString" is registered in dialects/registry.ts.`);
    expect(() => dialectById(id)).toThrow(`No dialect "toString" is registered in dialects/registry.ts.`);
    await expect(loadDialect(id)).rejects.toThrow(`No dialect "toString" is registered`);
  });
});
