import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { programTables, withProgramTables } from "../src/shell/doc-tables.js";

const doc = readFileSync(new URL("../../../docs/security.md", import.meta.url), "utf8");

describe("the programs table of docs/security.md", () => {
  it("is the table the analyser reads, as generated", () => {
    expect(withProgramTables(doc), "run `pnpm docs:rules` to regenerate it").toBe(doc);
  });

  it("lists every wrapper, exec option, evaluating builtin and variable by name", () => {
    const tables = programTables();
    for (const name of [
      "chroot",
      "start-stop-daemon",
      "tar",
      "zip",
      "make",
      "printf",
      "mapfile",
      "PS4",
      "BASH_ENV",
    ]) {
      expect(tables).toContain(`| \`${name}\` |`);
    }
    expect(tables).toContain("`--checkpoint-action ^exec=`: shell code, read as bash");
  });
});
