// Regenerates the tables of docs/hosts.md from the built connect table and dialect data: `pnpm docs:hosts`.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { withHostsTables } from "../dist/connect/hosts-doc.js";

const doc = fileURLToPath(new URL("../../../docs/hosts.md", import.meta.url));
const before = readFileSync(doc, "utf8");
const after = await withHostsTables(before);
if (after !== before) writeFileSync(doc, after);
console.log(after === before ? "docs/hosts.md is up to date" : "docs/hosts.md regenerated");
