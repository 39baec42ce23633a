// The programs table of docs/security.md is generated from the data: `pnpm docs:rules` runs this file to write it.
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { builtinRows } from "../src/shell/builtins.js";
import { programTables, withProgramTables } from "../src/shell/doc-tables.js";
import { programRows, variableRows } from "../src/shell/programs.js";
import { nodeKindRows } from "../src/shell/syntax.js";

const file = new URL("../../../docs/security.md", import.meta.url);
const table = {
  programs: programRows(),
  builtins: builtinRows(),
  variables: variableRows(),
  kinds: nodeKindRows(),
};
if (process.env.HOOKWIRE_WRITE_DOCS)
  writeFileSync(file, withProgramTables(readFileSync(file, "utf8"), table));
const doc = readFileSync(file, "utf8");

describe("the programs table of docs/security.md", () => {
  it("is the table the analyser reads, as generated", () => {
    expect(withProgramTables(doc, table), "run `pnpm docs:rules` to regenerate it").toBe(doc);
  });

  it("lists every wrapper, exec option, evaluating builtin and variable by name", () => {
    const tables = programTables(table);
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
