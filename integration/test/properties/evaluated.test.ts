// Strings bash evaluates are code: a generated command that hides rm in any evaluation context is denied or asked
// about, and an allow rule never approves a command in which an evaluated string is more than literal data.
import { claude, ruleTools } from "@hookwire/settings-hooks";
import { evaluateRule, loadShellParser, parseRule } from "@hookwire/shell-rules";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

const RUNS = 10_000;
// Each run parses real bash, several times for the evaluated strings; bounds for a loaded machine.
const PROPERTY_TIMEOUT = 240_000;
const cwd = "/work/project";
const bash = (command: string) => ({ toolName: "bash", input: { command }, cwd });
const tools = ruleTools(claude.tools);
const DENY = { mode: "permission", list: "deny", tools } as const;
const ALLOW = { mode: "permission", list: "allow", tools } as const;
const denyRm = parseRule("Bash(rm *)");

beforeAll(() => loadShellParser());

/** How the string reaches the context: written there, or through a variable assigned before (literally or not). */
type Delivery = (code: string, use: (reference: string) => string) => string;

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
const DELIVERIES: ReadonlyArray<readonly [name: string, Delivery, literal: boolean]> = [
  ["written", (code, use) => use(quote(code)), true],
  ["variable", (code, use) => `v=${quote(code)}; ${use('"$v"')}`, true],
  // `v=$w` is read as run time: which `w` it copies depends on what ran before, which the check does not follow.
  ["two variables", (code, use) => `w=${quote(code)}; v=$w; ${use('"$v"')}`, false],
  ["ANSI-C", (code, use) => `v=$'${code.replaceAll("'", "\\'")}'; ${use('"$v"')}`, true],
  ["read at run time", (code, use) => `read -r v <<< ${quote(code)}; ${use('"$v"')}`, false],
  ["printed at run time", (code, use) => `v=$(printf %s ${quote(code)}); ${use('"$v"')}`, false],
  ["the environment", (_code, use) => use('"$v"'), false],
];

/** The rm a context runs, in the shape it evaluates: code, a subscript, a prompt. */
const RM = fc.constantFrom("rm -rf x", "rm -f /tmp/build", "/bin/rm -r y", "command rm z", "sudo rm -f w");

/** What bash makes of the string: an arithmetic expression, a name (its subscript evaluated), a prompt, code. */
type Kind = "arithmetic" | "name" | "prompt" | "code";

/**
 * Contexts bash evaluates a string in: what the string must hold to run `cmd` there, and the command line using it
 * (`use` receives the string as a shell word, quoted or a quoted `"$v"`).
 */
const CONTEXTS: ReadonlyArray<
  readonly [name: string, kind: Kind, (cmd: string) => string, (word: string) => string]
> = [
  ["$((…))", "arithmetic", (cmd) => `a[$(${cmd})]`, (word) => `x=${word}; echo $((x))`],
  ["((…))", "arithmetic", (cmd) => `a[$(${cmd})]`, (word) => `x=${word}; (( x ))`],
  ["let", "arithmetic", (cmd) => `a[$(${cmd})]=1`, (word) => `let ${word}`],
  ["declare -i", "arithmetic", (cmd) => `a[$(${cmd})]`, (word) => `declare -i n=${word}`],
  ["[[ -eq ]]", "arithmetic", (cmd) => `a[$(${cmd})]`, (word) => `[[ ${word} -eq 0 ]]`],
  ["${x:off}", "arithmetic", (cmd) => `a[$(${cmd})]`, (word) => `s=abc; o=${word}; echo \${s:o}`],
  ["printf -v", "name", (cmd) => `a[$(${cmd})]`, (word) => `printf -v ${word} x`],
  ["read", "name", (cmd) => `a[$(${cmd})]`, (word) => `read ${word} <<< x`],
  ["test -v", "name", (cmd) => `a[$(${cmd})]`, (word) => `test -v ${word}`],
  ["[[ -v ]]", "name", (cmd) => `a[$(${cmd})]`, (word) => `[[ -v ${word} ]]`],
  ["unset", "name", (cmd) => `a[$(${cmd})]`, (word) => `a=(1); unset ${word}`],
  ["declare name", "name", (cmd) => `a[$(${cmd})]=1`, (word) => `declare ${word}`],
  ["${!x}", "name", (cmd) => `a[$(${cmd})]`, (word) => `n=${word}; echo \${!n}`],
  ["nameref", "name", (cmd) => `a[$(${cmd})]`, (word) => `declare -n r; r=${word}; echo "$r"`],
  ["local -n", "name", (cmd) => `a[$(${cmd})]`, (word) => `f() { local -n r; r=${word}; echo "$r"; }; f`],
  ["for nameref", "name", (cmd) => `a[$(${cmd})]`, (word) => `typeset -n r; for r in ${word}; do :; done`],
  ["${x@P}", "prompt", (cmd) => `$(${cmd})`, (word) => `p=${word}; echo "\${p@P}"`],
  ["PS4", "prompt", (cmd) => `$(${cmd})`, (word) => `PS4=${word}; set -x; :`],
  ["mapfile -C", "code", (cmd) => `${cmd} #`, (word) => `mapfile -C ${word} -c 1 l <<< x`],
  ["trap", "code", (cmd) => cmd, (word) => `trap ${word} EXIT`],
  ["trap --", "code", (cmd) => cmd, (word) => `trap -- ${word} EXIT`],
  ["eval", "code", (cmd) => cmd, (word) => `eval ${word}`],
  ["eval --", "code", (cmd) => cmd, (word) => `eval -- ${word}`],
  ["compgen -C", "code", (cmd) => cmd, (word) => `compgen -C ${word} x`],
  ["fc -e", "code", (cmd) => `${cmd};:`, (word) => `set -o history; history -s x; fc -e ${word}`],
  ["bash -c", "code", (cmd) => cmd, (word) => `bash -c ${word}`],
  ["PROMPT_COMMAND", "code", (cmd) => cmd, (word) => `PROMPT_COMMAND=${word} bash -i`],
  ["alias", "code", (cmd) => `x=${cmd}`, (word) => `shopt -s expand_aliases; alias ${word}\nx`],
  ["BASH_FUNC", "code", (cmd) => `BASH_FUNC_ls%%=() { ${cmd}; }`, (word) => `env ${word} bash -c ls`],
];

/** Places a whole command line can sit: alone, after others, in a group, a subshell, a function, a loop. */
const AROUND: ReadonlyArray<(line: string) => string> = [
  (line) => line,
  (line) => `cd /tmp && ${line}`,
  (line) => `echo start; ${line}`,
  (line) => `{ ${line}; }`,
  (line) => `(${line})`,
  (line) => `if true; then ${line}; fi`,
  (line) => `for i in 1; do ${line}; done`,
  (line) => `f() { ${line}; }; f`,
];

const pick = <T>(list: readonly T[]) => fc.integer({ min: 0, max: list.length - 1 }).map((i) => list[i]!);

const hidden = fc
  .tuple(RM, pick(CONTEXTS), pick(DELIVERIES), pick(AROUND))
  .map(([cmd, [context, , shape, use], [, deliver, literal], around]) => ({
    command: around(deliver(shape(cmd), use)),
    // `env "$v" bash`: env's settings are read as written; one in a variable is known only at run time. So is every
    // variable's value once a nameref is declared: an assignment through it may land on any name.
    spelled:
      literal &&
      around === AROUND[0] &&
      !(
        (context === "BASH_FUNC" || context.includes("nameref") || context === "local -n") &&
        deliver !== DELIVERIES[0]![1]
      ),
  }));

describe("strings bash evaluates", () => {
  it(
    "deny Bash(rm *) denies or asks about rm hidden in any evaluation context, however the string gets there",
    () => {
      fc.assert(
        fc.property(hidden, ({ command, spelled }) => {
          const { outcome } = evaluateRule(denyRm, bash(command), DENY);
          expect(outcome === "match" || outcome === "may-match", command).toBe(true);
          // A string the line spells out is read, so its rm is denied outright; only run-time ones are asked about.
          if (spelled) expect(outcome, command).toBe("match");
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );

  /** Strings that are more than data to each kind of context, whatever delivered them. */
  const NOT_DATA: Readonly<Record<Kind, readonly string[]>> = {
    arithmetic: ["x", "y+1", "a[i]", "a[$i]", "a[$(id)]", "a[`id`]", "b[a[0]]"],
    name: ["a[i]", "a[$i]", "a[$(id)]", "a[`id`]", "a[${n}]"],
    prompt: ["$(id)", "`id`", "$HOME", "${x}", "\\$(id)"],
    code: ["ls", ":", "true", "echo hi", "$(id)"],
  };
  const allowRules = [
    "Bash(echo *)",
    "Bash(printf *)",
    "Bash(read *)",
    "Bash(test *)",
    "Bash(let *)",
    "Bash(declare *)",
    "Bash(mapfile *)",
    "Bash(trap *)",
    "Bash(eval *)",
    "Bash(set *)",
    "Bash(compgen *)",
    "Bash(unset *)",
    "Bash(fc *)",
    "Bash(history *)",
    "Bash(typeset *)",
  ].map(parseRule);

  it(
    "an allow rule never approves a command in which an evaluated string is not literal data",
    () => {
      const line = fc
        .tuple(pick(CONTEXTS), pick(DELIVERIES), fc.nat())
        .map(([[, kind, , use], [, deliver], n]) => deliver(NOT_DATA[kind][n % NOT_DATA[kind].length]!, use));
      fc.assert(
        fc.property(line, (command) => {
          for (const rule of allowRules) {
            const { outcome, reason } = evaluateRule(rule, bash(command), ALLOW);
            expect({ command, rule: rule.source, outcome, reason }).toMatchObject({ outcome: "no-match" });
          }
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "an allow rule approves the same contexts holding numbers and plain names",
    () => {
      const templates: ReadonlyArray<(number: number, name: string) => string> = [
        (number) => `echo $((${number} + 1))`,
        (number) => `k=${number}; echo $((k * 2))`,
        (number) => `let i=${number}`,
        (number) => `declare -i n=${number}`,
        (number, name) => `printf -v ${name} '%s' ${number}`,
        (number, name) => `read -r ${name} <<< ${number}`,
        (_number, name) => `test -v ${name}`,
        (number) => `for ((i=0; i<${number}; i++)); do echo $i; done`,
      ];
      const data = fc
        .tuple(fc.integer({ min: 0, max: 99 }), fc.constantFrom("n", "total", "'a[1]'"), pick(templates))
        .map(([number, name, template]) => template(number, name));
      fc.assert(
        fc.property(data, (command) => {
          const approved = allowRules.some(
            (rule) => evaluateRule(rule, bash(command), ALLOW).outcome === "match",
          );
          expect(approved, command).toBe(true);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "a {name[subscript]} redirection on any command is read as the assignment bash makes: its rm is denied, never approved",
    () => {
      const line = fc
        .tuple(
          RM,
          fc.constantFrom("echo hi", "true", "cat", ":", "exec", "ls -la", "echo x; exec", "echo x && exec"),
          fc.constantFrom("'$(CMD)'", "$(CMD)", "`CMD`", "x$(CMD)"),
          fc.constantFrom(">/dev/null", ">>/dev/null", "</dev/null", ">&2", "<&0", ">&-"),
          pick(AROUND),
        )
        .map(([cmd, before, subscript, redirect, around]) =>
          around(`${before} {a[${subscript.replace("CMD", cmd)}]}${redirect}`),
        );
      fc.assert(
        fc.property(line, (command) => {
          expect(evaluateRule(denyRm, bash(command), DENY).outcome, command).toBe("match");
          for (const rule of allowRules)
            expect(evaluateRule(rule, bash(command), ALLOW).outcome).toBe("no-match");
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "history expansion turned on, in any spelling, makes the rest of the line unknown",
    () => {
      const on = fc.constantFrom(
        "set -H",
        "set -eH",
        "set -Ho history",
        "set -o histexpand",
        "set -o history -o histexpand",
        "shopt -so histexpand",
        "shopt -s -o histexpand",
        "bash -H script.sh",
        "bash -i -c :",
        "SHELLOPTS=histexpand bash -c :",
        "set -k",
      );
      const after = fc.constantFrom("echo hi", "!!", "!-1", "^x^m", "!rm", "!!:1-3", "ls");
      const line = fc
        .tuple(on, after, fc.constantFrom("\n", "; ", " && "), pick(AROUND))
        .map(([enable, next, join, around]) => around(`${enable}${join === "\n" ? "\n" : join}${next}`));
      fc.assert(
        fc.property(line, (command) => {
          expect(evaluateRule(denyRm, bash(command), DENY).outcome, command).toBe("may-match");
          for (const rule of [...allowRules, parseRule("Bash(shopt *)"), parseRule("Bash(bash *)")])
            expect(evaluateRule(rule, bash(command), ALLOW).outcome).toBe("no-match");
        }),
        { numRuns: RUNS / 10 },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
