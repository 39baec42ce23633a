// docs/hosts.md holds the tables generated from the connect table, the dialects' reverse direction and what the
// real agents were measured doing (integration/hosts/capabilities.json), and the declaration agrees with them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadDialects } from "@hookwire/settings-hooks";
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
