// The tables of what bash does are complete: every builtin of the bash that runs here and every node kind of the
// grammar the package ships has a row, and what a row does not model fails closed.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadShellParser, shellCommands } from "../src/index.js";
import { builtinRows } from "../src/shell/builtins.js";
import { nodeKindRows } from "../src/shell/syntax.js";

beforeAll(() => loadShellParser());

const require = createRequire(import.meta.url);
/** tree-sitter-bash's own list of the node kinds its grammar makes (the `.wasm` the package ships is built from it). */
function grammarKinds(): string[] {
  const root = dirname(require.resolve("tree-sitter-bash/package.json"));
  const types = JSON.parse(readFileSync(join(root, "src/node-types.json"), "utf8")) as Array<{
    type: string;
    named: boolean;
  }>;
  // `_statement`, `_expression`…: supertypes, never a node of their own.
  return types.filter((entry) => entry.named && !entry.type.startsWith("_")).map((entry) => entry.type);
}

const bash = (script: string) => execFileSync("bash", ["-c", script], { encoding: "utf8" });

describe("the tables of bash's builtins and syntax", () => {
  it("has a row for every builtin of the bash here, and none bash does not have", () => {
    const builtins = bash("enable -a")
      .split("\n")
      .filter(Boolean)
      .map((line) => line.replace(/^enable (-n )?/, ""));
    const rows = builtinRows().map(([name]) => name);
    expect(builtins.filter((name) => !rows.includes(name))).toEqual([]);
    expect(rows.filter((name) => !builtins.includes(name))).toEqual([]);
  });

  it("was written for bash 5.2, the bash here", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
    const version = bash('echo "${BASH_VERSINFO[0]}.${BASH_VERSINFO[1]}"').trim();
    expect(
      version,
      "builtins.ts follows bash 5.2: check the new bash's builtins, their options and its shell options, then this",
    ).toBe("5.2");
  });

  it("has a row for every node kind of tree-sitter-bash, and none the grammar does not make", () => {
    const kinds = grammarKinds();
    const rows = nodeKindRows().map(([type]) => type);
    expect(kinds.filter((type) => !rows.includes(type))).toEqual([]);
    expect(rows.filter((type) => !kinds.includes(type))).toEqual([]);
  });

  it("lists every option letter bash accepts for the builtins whose options it reads", () => {
    for (const [name, row] of builtinRows()) {
      if (!row.letters) continue;
      // `help -s` prints the synopsis: every `-x` in it is an option the row must list.
      const synopsis = bash(`help -s ${JSON.stringify(name)}`);
      const letters = [...synopsis.matchAll(/[[ |]-([A-Za-z@]+)/g)].flatMap((match) => [...match[1]!]);
      expect(
        letters.filter((letter) => !row.letters!.includes(letter)),
        name,
      ).toEqual([]);
    }
  });
});

describe("what the tables do not model fails closed", () => {
  const unknowns = (command: string) =>
    shellCommands(command).unknowns.map((unknown) => `${unknown.code}: ${unknown.reason}`);

  it.each([
    ["read -Z x", "UNMODELLED: `-Z` is an option of the builtin `read` that the analysis does not model"],
    [
      "declare -Q x=1",
      "UNMODELLED: `-Q` is an option of the builtin `declare` that the analysis does not model",
    ],
    [
      "set -o nosuchoption",
      "UNMODELLED: `set -o nosuchoption` sets `nosuchoption`, a shell option the analysis does not model",
    ],
    ["shopt -s compat31", "UNMODELLED: `compat31` is a shell option the analysis does not model"],
    ["bash -O compat31 x.sh", "UNMODELLED: `compat31` is a shell option the analysis does not model"],
    [
      "set $OPTS",
      "DYNAMIC_CODE: `set` is given `$OPTS`, known only at run time, where a shell option is expected",
    ],
    [
      "SHELLOPTS=nosuch bash x.sh",
      "UNMODELLED: `SHELLOPTS` sets `nosuch`, a shell option the analysis does not model",
    ],
  ])("%j", (command, reason) => {
    expect(unknowns(command)).toEqual([reason]);
  });

  it.each([
    "read -r line",
    "read -rp 'Name: ' name",
    "set -euo pipefail",
    "set +x",
    "set -- a b c",
    "shopt -s extglob globstar",
    "shopt -so pipefail",
    "declare -A map; declare -ix n=1",
    "export -n FOO",
    "printf -v out '%s' x",
    "cd -P ..",
    "ulimit -n 4096",
    "umask 022",
    "type -t git",
    "command -v pnpm",
    "kill -9 123",
    "echo -x -y",
    "trap -p",
    "fc -l",
    "jobs -l",
    "compopt -o nospace",
    "history -s 'a command'",
    "hash -r",
    "history -d -1",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
    "echo ${!BASH@} ${x@Q} ${x@U} ${a[@]}",
    "bash -O extglob -o pipefail x.sh",
  ])("%j reads as data", (command) => {
    expect(unknowns(command)).toEqual([]);
  });

  it("reads options as the builtin does: clustered, a value ending the cluster, up to the first operand or `--`", () => {
    expect(unknowns("read -r -Z x")).toHaveLength(1);
    expect(unknowns("read -rZ x")).toHaveLength(1);
    expect(unknowns("read -d Z -r x")).toEqual([]);
    expect(unknowns("read -dZ x")).toEqual([]);
    expect(unknowns("read -r x -Z")).toEqual([]);
    expect(unknowns("printf -- -Z")).toEqual([]);
    // A path is not the builtin: `/usr/bin/printf` takes options of its own.
    expect(unknowns("/usr/bin/printf --version")).toEqual([]);
  });
});
