// Writes dist/quick.json after the build: the answers bin/hookwire.js gives without loading the CLI.
import { writeFileSync } from "node:fs";
import { stripVTControlCharacters } from "node:util";
import { VERSION } from "../dist/command-table.js";
import { QUICK_ANSWERS, renderedUsage } from "../dist/help.js";

const color = `${await renderedUsage()}\n`;
const quick = {
  answers: Object.fromEntries(QUICK_ANSWERS),
  usage: { color, plain: stripVTControlCharacters(color) },
  version: `${VERSION}\n`,
};
writeFileSync(new URL("../dist/quick.json", import.meta.url), `${JSON.stringify(quick, null, 2)}\n`);
