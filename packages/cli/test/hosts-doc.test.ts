// docs/hosts.md holds the tables generated from the connect table and the dialects' reverse direction.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hostsTables } from "../src/connect/hosts-doc.js";
import { repoRoot } from "./cli-harness.js";

describe("docs/hosts.md", () => {
  it("holds the capability matrix generated from the dialect data", async () => {
    const doc = readFileSync(path.join(repoRoot, "docs/hosts.md"), "utf8");
    expect(doc, "run `pnpm docs:hosts` to regenerate it").toContain(await hostsTables());
  });
});
