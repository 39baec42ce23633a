import { beforeAll, describe, expect, it } from "vitest";
import { evaluateRule, loadShellParser, parseRule, shellCommands } from "../src/index.js";
import { tools } from "./tools.js";

beforeAll(() => loadShellParser());

const cwd = "/work/project";
const bash = (command: string) => ({ toolName: "Bash", input: { command }, cwd });
const deny = (command: string) =>
  evaluateRule(parseRule("Bash(rm *)"), bash(command), { mode: "permission", list: "deny", tools });
const allow = (rule: string, command: string) =>
  evaluateRule(parseRule(rule), bash(command), { mode: "permission", list: "allow", tools });

/** The programs found, with what started them, and the contexts of the evaluated strings. */
function summary(command: string) {
  const { commands, unknowns, evaluated } = shellCommands(command);
  return {
    run: commands.map((c) => (c.via.length > 0 ? `${c.via.join(" > ")} > ${c.text}` : c.text)),
    unknown: unknowns.map((u) => u.code),
    evaluated: evaluated.map((e) => e.context),
  };
}

describe("strings bash evaluates", () => {
  it("reads the code a variable's value runs when bash evaluates it as arithmetic", () => {
    // The subscript's value is what rm prints, evaluated in turn: known only at run time.
    expect(summary("x='a[$(rm -f v)]'; echo $((x))")).toEqual({
      run: ["$((…)) > rm -f v", "echo $((x))"],
      unknown: ["DYNAMIC_CODE"],
      evaluated: ["$((…))"],
    });
  });

  it("follows a value through other names, and knows numbers are data", () => {
    expect(summary("y='a[$(rm v)]'; x=y; echo $((x + 1))").run).toContain("$((…)) > rm v");
    expect(summary("x=5; echo $((x * 2)); for ((i=0; i<x; i++)); do :; done")).toEqual({
      run: ["echo $((x * 2))", ":"],
      unknown: [],
      evaluated: [],
    });
  });

  it("counts a value from the environment, input or a branch as known only at run time", () => {
    for (const command of [
      "echo $((x))",
      "read -r x; echo $((x))",
      "x=$(cat n); echo $((x))",
      "if true; then x=1; fi; echo $((x))",
      "f() { echo $((x)); }; x=1; f",
    ]) {
      expect(summary(command).unknown, command).toEqual(["DYNAMIC_CODE"]);
    }
  });

  it("evaluates the subscripts of names builtins assign or test", () => {
    for (const command of [
      "printf -v 'a[$(rm v)]' x",
      "read 'a[$(rm v)]' <<< x",
      "declare 'a[$(rm v)]=1'",
      "a=(1); unset 'a[$(rm v)]'",
      "test -v 'a[$(rm v)]'",
      "[[ -v 'a[$(rm v)]' ]]",
      "n='a[$(rm v)]'; echo ${!n}",
    ]) {
      expect(
        summary(command).run.some((run) => run.endsWith("rm v")),
        command,
      ).toBe(true);
    }
    expect(summary("printf -v out %s x; read -r line <<< y; test -v HOME").evaluated).toEqual([]);
  });

  it("reads prompts, callbacks, trap and eval bodies, and the variables bash runs", () => {
    expect(summary("x='$(rm a)'; echo \"${x@P}\"").run).toContain("${…@P} > rm a");
    expect(summary("mapfile -C 'rm b #' -c 1 l <<< x").run).toContain("mapfile -C > rm b");
    expect(summary("trap -- 'rm c' EXIT").run).toContain("trap > rm c");
    expect(summary("eval -- 'rm d'").run).toContain("eval > rm d");
    expect(summary("PS4='`rm e`'; set -x").run).toContain("PS4 > rm e");
    expect(summary("env 'BASH_FUNC_ls%%=() { rm f; }' bash -c ls").run).toContain("BASH_FUNC_ls%% > rm f");
    expect(summary("hash -p /bin/rm ls; ls x").unknown).toEqual(["REDEFINES"]);
    expect(summary("BASH_ENV=./x bash -c :").unknown).toEqual(["SOURCE"]);
  });

  it("says why a deny rule may match an evaluated string", () => {
    expect(deny("echo $((x))")).toMatchInlineSnapshot(`
      {
        "outcome": "may-match",
        "reason": "\`x\` cannot be checked: \`$((…))\` evaluates \`$x\`, known only at run time",
      }
    `);
  });

  it("approves data only, and says why it does not approve the rest", () => {
    expect(allow("Bash(echo *)", "x=5; echo $((x * 2))").outcome).toBe("match");
    expect(allow("Bash(echo *)", "x='$(rm v)'; echo \"${x@P}\"")).toMatchInlineSnapshot(`
      {
        "outcome": "no-match",
        "reason": "\`$x\` is evaluated as code (\`\${…@P}\`), which an allow rule does not approve",
      }
    `);
    expect(allow("Bash(eval *)", "eval 'ls'").outcome).toBe("no-match");
    expect(allow("Bash(printf *)", "printf -v 'a[$i]' x").outcome).toBe("no-match");
  });
});

describe("code from input", () => {
  it("fails closed on a shell or interpreter reading a pipe, /dev/stdin or another language's here-doc", () => {
    for (const command of [
      "echo 'rm v' | bash /dev/stdin",
      "echo 'rm v' | { bash; }",
      "echo 'rm v' | (sh)",
      "tee >(sh) < x",
      "echo x | su",
      "echo x | xargs -I{} sh -c '{}'",
      "perl <<'EOF'\nunlink 'v';\nEOF",
      "cat x | awk -f /dev/stdin",
      "cat x | make -f -",
    ]) {
      const unknown = summary(command).unknown;
      expect(
        unknown.length > 0 &&
          unknown.every((code) => ["CODE_FROM_INPUT", "INLINE_CODE", "DYNAMIC_CODE"].includes(code)),
        command,
      ).toBe(true);
    }
  });

  it("reads a shell's literal here-string, also after `exec <<<`", () => {
    expect(summary("exec <<< 'rm v'; bash").run).toContain("bash <<< > rm v");
    expect(summary("bash -c bash <<< 'rm w'").run).toContain("bash -c > bash <<< > rm w");
  });
});
