// Regenerates the tables of docs/dialects.md from the built catalogues: `pnpm docs:dialects`.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { withDialectTables } from "../dist/dialect-kit/doc-tables.js";
import { loadDialects } from "../dist/index.js";

const doc = fileURLToPath(new URL("../../../docs/dialects.md", import.meta.url));
const before = readFileSync(doc, "utf8");
const after = withDialectTables(before, await loadDialects());
if (after !== before) writeFileSync(doc, after);
console.log(after === before ? "docs/dialects.md is up to date" : "docs/dialects.md regenerated");
