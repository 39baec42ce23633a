// docs/hosts.md holds the tables generated from the connect table, the dialects' reverse direction and what the
// real agents were measured doing (integration/hosts/capabilities.json), and the declaration agrees with them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadDialects } from "@hookwire/settings-hooks";
import { HOOK_AGENT_IDS } from "@hookwire/settings-hooks/agents";
import { describe, expect, it } from "vitest";
import type { Effect } from "../src/connect/capabilities.js";
import { declared, hostsTables, type Measured } from "../src/connect/hosts-doc.js";
import { repoRoot } from "./cli-harness.js";

const measured = JSON.parse(
  readFileSync(path.join(repoRoot, "integration/hosts/capabilities.json"), "utf8"),
) as Measured;

describe("docs/hosts.md", () => {
  it("holds the capability matrix generated from the dialect data and the measured runs", async () => {
    const doc = readFileSync(path.join(repoRoot, "docs/hosts.md"), "utf8");
    expect(doc, "run `pnpm docs:hosts` to regenerate it").toContain(await hostsTables(measured));
  });

  it("generates the managed-settings table from each agent's AgentSpec.managed, not by hand", async () => {
    const tables = await hostsTables(measured);
    const section = tables.slice(tables.indexOf("### Each agent's managed settings"));
    const rows = section.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| agent"));
    // Each agent's file and how it is known, as its AgentSpec.managed says (the rest of each row is its `limits`).
    expect(
      rows.slice(1, 1 + HOOK_AGENT_IDS.length).map((row) => row.split(" | ").slice(0, 3).join(" | ")),
    ).toMatchInlineSnapshot(`
        [
          "| Claude Code | \`/etc/claude-code/managed-settings.json\` | \`allowManagedHooksOnly: true\`",
          "| Codex | \`/etc/codex/requirements.toml\` | \`allow_managed_hooks_only = true\`, \`[features] hooks = true\`",
          "| Gemini CLI | \`/etc/gemini-cli/settings.json\` (or \`$GEMINI_CLI_SYSTEM_SETTINGS_PATH\`); the agent reads it only when root owns it and every folder above it | \`hooksConfig.enabled: true\`",
          "| GitHub Copilot CLI | \`/etc/github-copilot/policy.d/hookwire.json\` | \`allowManagedHooksOnly: true\` in \`/etc/github-copilot/managed-settings.json\`",
          "| Cursor | \`/etc/cursor/hooks.json\` | none",
        ]
      `);
  });

  it("declares, for every measured case, what the real agent did (fix the dialect's reverse where they differ)", async () => {
    await loadDialects();
    const differ: string[] = [];
    for (const [key, run] of Object.entries(measured.agents)) {
      const agent = run.agent ?? key;
      for (const c of run.cases) {
        if (c.applied === null) continue;
        const said = declared(agent, c.effect as Effect, run.version);
        const declares = "shown" in said ? said.shown : said.events.includes(c.event ?? "");
        if (declares !== c.applied)
          differ.push(
            `${key} ${c.effect}${c.event ? ` on ${c.event}` : ""}: measured ${c.applied} (${c.seen})`,
          );
      }
    }
    expect(differ).toEqual([]);
  });

  it("measures every agent it runs on every capability (a case for each)", () => {
    for (const run of Object.values(measured.agents)) {
      const effects = new Set(run.cases.map((c) => c.effect));
      expect([...effects].sort()).toEqual(
        expect.arrayContaining(["ask", "context", "deny", "output", "rewrite", "setStatus", "userMessage"]),
      );
    }
  });
});
