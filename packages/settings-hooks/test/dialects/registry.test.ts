// The dialect registry: Claude Code's dialect is built in, the others load when a file of theirs is read.
// Its module graph is its own: the fast project runs files in a shared worker (isolate: false), where another
// file may have loaded a dialect already, so the registry is imported afresh after resetting the module cache.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { DialectId, SettingsHandler } from "../../src/index.js";

let DIALECT_IDS: typeof import("../../src/dialects/registry.js").DIALECT_IDS;
let api: typeof import("../../src/index.js");

beforeAll(async () => {
  vi.resetModules();
  api = await import("../../src/index.js");
  ({ DIALECT_IDS } = await import("../../src/dialects/registry.js"));
});

describe("the dialect registry", () => {
  it("lists where every dialect's files are before any is loaded", () => {
    expect(DIALECT_IDS.map((id) => [id, api.dialectSources(id).length > 0])).toEqual(
      DIALECT_IDS.map((id) => [id, true]),
    );
    expect(api.dialectById("claude").id).toBe("claude");
    expect(() => api.dialectById("cursor")).toThrowErrorMatchingInlineSnapshot(
      `[Error: The cursor dialect is not loaded yet: \`await loadDialect("cursor")\` first (readSettingsFile and createSettingsHooks load the dialects they read).]`,
    );
    expect(() =>
      api.validateSettings(
        { hooks: {} },
        { file: "/p/.cursor/hooks.json", scope: "project", dialect: "cursor" },
      ),
    ).toThrow(/cursor dialect is not loaded yet/);
  });

  it("loads a dialect when a file of its is read, as the one object dialectById then returns", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "hookwire-registry-"));
    const file = path.join(dir, "hooks.json");
    writeFileSync(file, JSON.stringify({ version: 1, hooks: { stop: [{ command: "./stop.sh" }] } }));
    const read = await api.readSettingsFile({ file, scope: "project", dialect: "cursor" });
    expect(read.issues).toEqual([]);
    expect(read.handlers.map((h) => [h.dialect, h.event])).toEqual([["cursor", "stop"]]);
    expect(api.dialectById("cursor")).toBe(await api.loadDialect("cursor"));
  });

  it("loads the dialects of hand-built handlers in createSettingsHooks", async () => {
    expect(() => api.dialectById("gemini")).toThrow(/not loaded yet/);
    const handler: SettingsHandler = {
      dialect: "gemini",
      event: "SessionStart",
      matcher: undefined,
      config: { type: "command", command: "true" },
      file: "/p/.gemini/settings.json",
      scope: "project",
      jsonPath: "hooks.SessionStart[0].hooks[0]",
    };
    const hook = await api.createSettingsHooks([handler], { cwd: os.tmpdir(), transcript: false });
    expect([...hook.handlers.keys()]).toContain("session_start");
    expect(api.dialectById("gemini").id).toBe("gemini");
  });

  it("refuses an id no dialect has, before and after loading", async () => {
    const id = "toString" as DialectId;
    expect(() => api.dialectSources(id)).toThrow(
      `No dialect "toString" is registered in dialects/registry.ts.`,
    );
    expect(() => api.dialectById(id)).toThrow(`No dialect "toString" is registered in dialects/registry.ts.`);
    await expect(api.loadDialect(id)).rejects.toThrow(`No dialect "toString" is registered`);
  });
});
