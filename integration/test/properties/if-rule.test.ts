// `if` rules on Bash: never throw, and a deny-worthy sub-command is found wherever the shell would run it.
import { claude, ruleTools } from "@hookwire/settings-hooks";
import {
  isShellRulesError,
  loadShellParser,
  type MatchOptions,
  matchesRule,
  parseRule,
  shellCommands,
} from "@hookwire/shell-rules";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

const RUNS = 10_000;
// Each run parses real bash; 10,000 of them take ~5 s alone and several times that on a loaded machine.
const PROPERTY_TIMEOUT = 180_000;
const cwd = "/work/project";
const rmRule = parseRule("Bash(rm *)");
const bash = (command: string) => ({ toolName: "bash", input: { command }, cwd });
const tools = ruleTools(claude.tools);
const IF: MatchOptions = { mode: "if-filter", tools };
const ALLOW: MatchOptions = { mode: "permission", list: "allow", tools };

beforeAll(() => loadShellParser());

const SAFE = ["ls -la", "echo hi", "git status", 'cat "a b.txt"', "npm test", "grep -n foo src", "true"];
const JOINERS = [" && ", " || ", "; ", " | ", "\n"];
const safe = fc.constantFrom(...SAFE);
const assignments = fc
  .array(fc.constantFrom("VAR=x", "A=1", "PATH=/tmp", "X='a b'"), { maxLength: 2 })
  .map((list) => list.map((a) => `${a} `).join(""));

/** `rm -rf x` somewhere the shell would run it: plain, after assignments, or inside a substitution. */
const dangerous = fc
  .tuple(
    assignments,
    fc.constantFrom("rm -rf x", "rm -rf /tmp/build", "rm -f x y"),
    fc.constantFrom("plain", "dollar", "backtick", "quoted-dollar", "nested"),
  )
  .map(([vars, rm, wrap]) => {
    const command = `${vars}${rm}`;
    switch (wrap) {
      case "dollar":
        return `echo $(${command})`;
      case "backtick":
        return `echo \`${command}\``;
      case "quoted-dollar":
        return `echo "$(${command})"`;
      case "nested":
        return `echo $(cat $(${command}))`;
      default:
        return command;
    }
  });

/** Safe commands joined by shell operators with the dangerous one at any position. */
const compound = fc
  .tuple(
    fc.array(safe, { maxLength: 4 }),
    dangerous,
    fc.nat(),
    fc.array(fc.constantFrom(...JOINERS), { minLength: 5, maxLength: 5 }),
    assignments,
  )
  .map(([others, rm, at, joiners, vars]) => {
    const parts = [...others];
    parts.splice(at % (others.length + 1), 0, rm);
    return parts.map((part, i) => (i === 0 ? part : `${joiners[i - 1]}${vars}${part}`)).join("");
  });

describe("Bash `if` rules", () => {
  it(
    "match `Bash(rm *)` as an if filter wherever `rm -rf` runs in a compound command",
    () => {
      fc.assert(
        fc.property(compound, (command) => {
          expect(matchesRule(rmRule, bash(command), IF)).toBe(true);
          // An allow rule for the safe commands can never cover a command that also removes files.
          expect(matchesRule(parseRule("Bash(ls *)"), bash(command), ALLOW)).toBe(false);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "do not fire `Bash(rm *)` on compounds of commands that never run rm",
    () => {
      const harmless = fc
        .tuple(
          fc.array(safe, { minLength: 1, maxLength: 5 }),
          fc.array(fc.constantFrom(...JOINERS), { minLength: 4, maxLength: 4 }),
        )
        .map(([parts, joiners]) => parts.map((p, i) => (i === 0 ? p : `${joiners[i - 1]}${p}`)).join(""));
      fc.assert(
        fc.property(harmless, (command) => {
          expect(matchesRule(rmRule, bash(command), IF)).toBe(false);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "never throw on arbitrary command text, in any mode",
    () => {
      const text = fc.oneof(
        fc.string({ unit: "binary", maxLength: 60 }),
        fc
          .array(
            fc.constantFrom(
              "rm",
              " ",
              "-rf",
              "$(",
              ")",
              "`",
              '"',
              "'",
              "\\",
              "&&",
              "|",
              ";",
              "VAR=x",
              "<(",
              "x",
            ),
            { maxLength: 12 },
          )
          .map((p) => p.join("")),
      );
      const rules = fc
        .constantFrom("Bash(rm *)", "Bash(git push *)", "Bash", "Bash(*)", "Bash(npm run test:*)")
        .map(parseRule);
      fc.assert(
        fc.property(
          text,
          rules,
          fc.constantFrom<MatchOptions>(IF, ALLOW, { mode: "permission", list: "deny", tools }),
          (command, rule, mode) => {
            const analysis = shellCommands(command);
            const unparsable = analysis.unknowns.some((u) => u.code === "SYNTAX");
            const matched = matchesRule(rule, bash(command), mode);
            expect(typeof matched).toBe("boolean");
            // When the command cannot be read the hook must still run, and no allow rule with a pattern approves it.
            if (unparsable && mode !== ALLOW) expect(matched).toBe(true);
            if (unparsable && mode === ALLOW && rule.pattern !== undefined) expect(matched).toBe(false);
          },
        ),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    "parse arbitrary rule text or refuse it with HOOK_INVALID_RULE, nothing else",
    () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string({ unit: "binary", maxLength: 30 }),
            // Rule names that are Object.prototype members must not reach a prototype lookup.
            fc.constantFrom(
              "valueOf",
              "constructor",
              "toString",
              "__proto__",
              "hasOwnProperty(x)",
              "__proto__(rm *)",
            ),
          ),
          (text) => {
            try {
              const rule = parseRule(text);
              expect(typeof rule.tool).toBe("string");
              expect(typeof matchesRule(rule, bash("rm -rf x"), IF)).toBe("boolean");
            } catch (error) {
              expect(isShellRulesError(error) && error.code === "HOOK_INVALID_RULE").toBe(true);
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
