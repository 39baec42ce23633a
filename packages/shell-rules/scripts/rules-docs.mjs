// Regenerates the programs table of docs/security.md from the built table: `pnpm docs:rules`.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { withProgramTables } from "../dist/shell/doc-tables.js";

const doc = fileURLToPath(new URL("../../../docs/security.md", import.meta.url));
const before = readFileSync(doc, "utf8");
const after = withProgramTables(before);
if (after !== before) writeFileSync(doc, after);
console.log(after === before ? "docs/security.md is up to date" : "docs/security.md regenerated");
