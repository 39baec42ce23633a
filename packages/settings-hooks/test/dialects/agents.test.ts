// The agent registry: one spec per agent, and the lists discovery, connect and serve derive from it.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import {
  AGENT_IDS,
  AGENTS,
  HOOK_AGENT_IDS,
  NATIVE_HOOK_FOLDERS,
  PACKAGE_AGENTS,
  PROJECT_MARKERS,
  WATCHED_FOLDERS,
} from "../../src/agents.js";
import { DIALECT_IDS } from "../../src/dialects/registry.js";
import { claude, dialectSources, loadDialects } from "../../src/index.js";

describe("the agent registry", () => {
  it("holds every agent once, keyed by its id, with one dialect per command-hook agent", async () => {
    expect(AGENT_IDS).toEqual(["claude", "codex", "gemini", "copilot", "cursor", "pi", "opencode"]);
    for (const id of AGENT_IDS) expect(AGENTS[id].id).toBe(id);
    // The dialect registry's ids are the command-hook agents': the two lists cannot disagree.
    expect(DIALECT_IDS).toBe(HOOK_AGENT_IDS);
    for (const dialect of await loadDialects()) expect(dialect.label).toBe(AGENTS[dialect.id].label);
    expect(PACKAGE_AGENTS.map((agent) => [agent.id, agent.package])).toEqual([
      ["pi", "@hookwire/pi"],
      ["opencode", "@hookwire/opencode"],
    ]);
  });

  it("derives the project markers and native hook folders, in the order they are reported", () => {
    expect(NATIVE_HOOK_FOLDERS).toEqual([".hookwire", ".pi", ".omp"]);
    expect(PROJECT_MARKERS).toEqual([
      ".git",
      ".hookwire",
      ".pi",
      ".omp",
      ".claude",
      ".codex",
      ".gemini",
      ".cursor",
      ".opencode",
    ]);
  });

  it("watches every folder a project-level settings file of a dialect lives in, and each hook folder", () => {
    const folders = HOOK_AGENT_IDS.flatMap((id) =>
      dialectSources(id)
        .filter((spec) => spec.root !== "system" && !spec.path.startsWith("{appDir}"))
        .map((spec) => spec.path.split("/").slice(0, -1).join("/"))
        .filter((folder) => folder !== "" && !folder.includes("{name}")),
    );
    expect(folders.filter((folder) => !WATCHED_FOLDERS.includes(folder))).toEqual([]);
    for (const folder of [".pi/hooks/pre", ".claude/hooks/post", ".codex/hooks", ".config/opencode/plugins"])
      expect(WATCHED_FOLDERS).toContain(folder);
    expect(claude.label).toBe("Claude Code");
  });

  it("tells hookwire's own package item from others in an in-process agent's list", () => {
    const [pi, opencode] = PACKAGE_AGENTS as [(typeof PACKAGE_AGENTS)[0], (typeof PACKAGE_AGENTS)[0]];
    expect(["npm:@hookwire/pi", "npm:@hookwire/pi@1.2.3"].map(pi.isOwn)).toEqual([true, true]);
    expect(["npm:@hookwire/pix", "npm:@hookwire/pi@1/../x", "@hookwire/pi", 3].map(pi.isOwn)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(opencode.isOwn("@hookwire/opencode@latest")).toBe(true);
    // The package installed beside hookwire, as connect writes it: its folder, a file of it, a file: URL.
    const dir = mkdtempSync(path.join(os.tmpdir(), "hookwire-own-"));
    const own = path.join(dir, "node_modules/@hookwire/opencode");
    mkdirSync(path.join(own, "dist"), { recursive: true });
    writeFileSync(path.join(own, "package.json"), JSON.stringify({ name: "@hookwire/opencode" }));
    writeFileSync(path.join(own, "dist/index.js"), "");
    const other = path.join(dir, "other");
    mkdirSync(other);
    writeFileSync(path.join(other, "package.json"), JSON.stringify({ name: "@hookwire/opencode-x" }));
    expect(
      [
        own,
        path.join(own, "dist/index.js"),
        pathToFileURL(own).href,
        other,
        "./node_modules/@hookwire/opencode",
      ].map(opencode.isOwn),
    ).toEqual([true, true, true, false, false]);
    expect(pi.isOwn(own)).toBe(false);
  });
});
