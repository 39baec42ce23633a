// Regenerates the tables of docs/hosts.md from the built connect table, dialect data and the capabilities measured in
// the real agents (integration/hosts/capabilities.json): `pnpm docs:hosts`.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { withHostsTables } from "../dist/connect/hosts-doc.js";

const doc = fileURLToPath(new URL("../../../docs/hosts.md", import.meta.url));
const measured = JSON.parse(
  readFileSync(new URL("../../../integration/hosts/capabilities.json", import.meta.url), "utf8"),
);
const before = readFileSync(doc, "utf8");
const after = await withHostsTables(before, measured);
if (after !== before) writeFileSync(doc, after);
console.log(after === before ? "docs/hosts.md is up to date" : "docs/hosts.md regenerated");
