// Permission rules cannot be talked past: a denied program is found behind any wrapper, spelling or nesting,
// and an allow rule never approves a command line that also runs something else.
import { claude, ruleTools } from "@hookwire/settings-hooks";
import { evaluateRule, loadShellParser, parseRule } from "@hookwire/shell-rules";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

const RUNS = 10_000;
// Each run parses real bash; 10,000 of them take ~5 s alone and several times that on a loaded machine.
const PROPERTY_TIMEOUT = 180_000;
const cwd = "/work/project";
const bash = (command: string) => ({ toolName: "bash", input: { command }, cwd });
const tools = ruleTools(claude.tools);
const DENY = { mode: "permission", list: "deny", tools } as const;
const ALLOW = { mode: "permission", list: "allow", tools } as const;

beforeAll(() => loadShellParser());

/** Every wrapper of the issue, with the options they are usually given. */
const WRAPPERS = [
  "command ",
  "command -p ",
  "builtin command ",
  "exec ",
  "exec -a x ",
  "coproc ",
  "time ",
  "time -p ",
  "env ",
  "env -i ",
  "env FOO=1 BAR=2 ",
  "env -u HOME -- ",
  "sudo ",
  "sudo -u root -E ",
  "sudo --user=root ",
  "doas ",
  "doas -u root ",
  "nohup ",
  "nice ",
  "nice -n 5 ",
  "nice -5 ",
  "ionice -c 3 ",
  "timeout 5 ",
  "timeout -s KILL 5 ",
  "stdbuf -oL ",
  "watch -x ",
  "flock /tmp/lock ",
  "setsid ",
  "xargs ",
  "xargs -0 -n 1 ",
  "find . -exec ",
  "/lib64/ld-linux-x86-64.so.2 ",
  "ld.so --argv0 x ",
  "/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 --library-path /lib ",
  "jobs -x ",
];

const SPELLINGS = [
  "rm",
  "/bin/rm",
  "/usr/bin/rm",
  "\\rm",
  "'rm'",
  '"rm"',
  "r''m",
  'r""m',
  "$'rm'",
  "$'\\x72m'",
  "$'\\162\\155'",
  '$"rm"',
  "r\\\nm",
];

const ARGS = ["", " -f x", " -rf /tmp/x", " -- x", ' "a b"'];

const SAFE = ["ls -la", "echo hi", "git status", 'cat "a b.txt"', "npm test", "true", "x=1"];
const JOINERS = [" && ", " || ", "; ", " | ", "\n", " & ", " |& "];

/** Wrappers, stacked up to three deep, in front of a spelling of rm (find's -exec clause is closed). */
const wrappedRm = fc
  .tuple(
    fc.array(fc.constantFrom(...WRAPPERS), { maxLength: 3 }),
    fc.constantFrom(...SPELLINGS),
    fc.constantFrom(...ARGS),
  )
  .map(([wrappers, program, args]) => {
    let command = `${program}${args}`;
    for (const wrapper of [...wrappers].reverse()) {
      command = wrapper === "find . -exec " ? `find . -exec ${command} {} \\;` : `${wrapper}${command}`;
    }
    return command;
  });

const singleQuoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
const doubleQuoted = (text: string) => `"${text.replace(/[\\"$`]/g, "\\$&")}"`;

/** Places the shell reads a command from: groups, functions, control flow, substitutions, code strings. */
const CONTAINERS: ReadonlyArray<(command: string) => string> = [
  (c) => c,
  // A space after `(`: `((` opens an arithmetic command.
  (c) => `( ${c} )`,
  (c) => `{ ${c}; }`,
  (c) => `f() { ${c}; }; f`,
  (c) => `function g { ${c}; }`,
  (c) => `if true; then ${c}; fi`,
  (c) => `while false; do ${c}; done`,
  (c) => `for i in 1; do ${c}; done`,
  (c) => `case a in a) ${c};; esac`,
  (c) => `! ${c}`,
  // A space after `$(`: `$((` opens arithmetic, where `(rm)` is a variable, not a command.
  (c) => `echo $( ${c} )`,
  (c) => `echo "$( ${c} )"`,
  (c) => `cat <( ${c} )`,
  (c) => `x=$( ${c} )`,
  (c) => `bash -c ${singleQuoted(c)}`,
  (c) => `sh -c ${doubleQuoted(c)}`,
  (c) => `eval ${singleQuoted(c)}`,
  (c) => `bash <<'EOF'\n${c}\nEOF`,
  (c) => `trap ${singleQuoted(c)} EXIT`,
  (c) => `2>/dev/null ${c}`,
  (c) => `FOO=bar ${c}`,
];

const container = fc.integer({ min: 0, max: CONTAINERS.length - 1 }).map((i) => CONTAINERS[i]!);

/** Containers nested up to twice around a wrapped rm. */
const hiddenRm = fc
  .tuple(wrappedRm, fc.array(container, { maxLength: 2 }))
  .map(([command, wraps]) => wraps.reduce((inner, wrap) => wrap(inner), command));

/** Safe commands joined by shell operators with `dangerous` at any position. */
function compound(dangerous: fc.Arbitrary<string>) {
  return fc
    .tuple(
      fc.array(fc.constantFrom(...SAFE), { maxLength: 3 }),
      dangerous,
      fc.nat(),
      fc.array(fc.constantFrom(...JOINERS), { minLength: 4, maxLength: 4 }),
    )
    .map(([others, hidden, at, joiners]) => {
      const parts = [...others];
      parts.splice(at % (others.length + 1), 0, hidden);
      return parts.map((part, i) => (i === 0 ? part : `${joiners[i - 1]}${part}`)).join("");
    });
}

describe("permission rules", () => {
  it(
    "deny Bash(rm *) denies or fails closed wherever and however rm is run",
    () => {
      const deny = parseRule("Bash(rm *)");
      fc.assert(
        fc.property(compound(hiddenRm), (command) => {
          const { outcome } = evaluateRule(deny, bash(command), DENY);
          expect(outcome === "match" || outcome === "may-match").toBe(true);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "a deny rule naming a wrapper denies it, whatever it runs",
    () => {
      const deny = parseRule("Bash(sudo *)");
      const sudo = fc
        .tuple(wrappedRm, fc.array(container, { maxLength: 2 }))
        .map(([command, wraps]) => wraps.reduce((inner, wrap) => wrap(inner), `sudo ${command}`));
      fc.assert(
        fc.property(compound(sudo), (command) => {
          const { outcome } = evaluateRule(deny, bash(command), DENY);
          expect(outcome === "match" || outcome === "may-match").toBe(true);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "allow Bash(echo *) never approves a command line that runs anything but echo",
    () => {
      const allow = parseRule("Bash(echo *)");
      const echo = fc.constantFrom("echo hi", "echo $HOME", 'echo "a b"', "echo", "echo -n x");
      const other = fc.oneof(
        hiddenRm,
        fc
          .tuple(fc.constantFrom("ls", "cat x", "git status", "curl -s x", "true", "node x.js"), container)
          .map(([program, wrap]) => wrap(program)),
        fc.constantFrom("echo $(ls)", "echo `id`", "echo <(date)", "echo hi | sh", "$CMD", "python3 -c 1"),
      );
      const line = fc
        .tuple(
          fc.array(echo, { maxLength: 3 }),
          other,
          fc.nat(),
          fc.array(fc.constantFrom(...JOINERS), { minLength: 4, maxLength: 4 }),
        )
        .map(([echoes, extra, at, joiners]) => {
          const parts: string[] = [...echoes];
          parts.splice(at % (echoes.length + 1), 0, extra);
          return parts.map((part, i) => (i === 0 ? part : `${joiners[i - 1]}${part}`)).join("");
        });
      fc.assert(
        fc.property(line, (command) => {
          const { outcome } = evaluateRule(allow, bash(command), ALLOW);
          expect(outcome).toBe("no-match");
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "allow Bash(echo *) approves lines of echo commands only",
    () => {
      const allow = parseRule("Bash(echo *)");
      const line = fc
        .tuple(
          fc.array(fc.constantFrom("echo hi", "echo $HOME", 'echo "a b"', "echo 'x; rm y'", "echo"), {
            minLength: 1,
            maxLength: 4,
          }),
          fc.array(fc.constantFrom(" && ", " || ", "; ", "\n"), { minLength: 3, maxLength: 3 }),
        )
        .map(([parts, joiners]) => parts.map((p, i) => (i === 0 ? p : `${joiners[i - 1]}${p}`)).join(""));
      fc.assert(
        fc.property(line, (command) => {
          expect(evaluateRule(allow, bash(command), ALLOW).outcome).toBe("match");
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
