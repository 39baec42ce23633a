// Matcher evaluation checked against a reference model written from the settings reference's matcher table.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSettingsError } from "../src/index.js";
import { compileMatcher, MAX_MATCHED_CHARS, regexSafety } from "../src/matcher.js";

const RUNS = 10_000;
// Regexes with a repeated group are checked with recheck when compiled; on a loaded machine that adds up.
const PROPERTY_TIMEOUT = 180_000;

/**
 * The reference's table: `"*"`, `""` or absent match everything; only letters, digits, `_`, `-`,
 * spaces, `,` and `|` → exact names separated by `|` or `,` with surrounding whitespace allowed;
 * anything else → an unanchored JavaScript regex tested with `RegExp.prototype.test`.
 */
function referenceMatch(matcher: string | undefined, value: string): boolean | "invalid" {
  if (matcher === undefined || matcher === "" || matcher === "*") return true;
  let exact = true;
  for (const ch of matcher) {
    const letterOrDigit = (ch >= "a" && ch <= "z") || (ch >= "A" && ch <= "Z") || (ch >= "0" && ch <= "9");
    if (!letterOrDigit && !"_- ,|".includes(ch)) exact = false;
  }
  if (exact) {
    const names: string[] = [];
    let current = "";
    for (const ch of `${matcher}|`) {
      if (ch === "|" || ch === ",") {
        if (current.trim() !== "") names.push(current.trim());
        current = "";
      } else current += ch;
    }
    // A matcher of separators only names nothing, which the package documents as "match all".
    if (names.length === 0) return true;
    return names.includes(value);
  }
  try {
    return new RegExp(matcher).test(value);
  } catch {
    return "invalid";
  }
}

const TOOL_NAMES = ["Bash", "Edit", "Write", "Read", "NotebookEdit", "mcp__memory__create", "code-reviewer"];
const pieces = fc.oneof(
  fc.constantFrom(...TOOL_NAMES),
  fc.constantFrom("|", ",", " ", " | ", ", ", "-", "_"),
  fc.constantFrom(".*", "^", "$", "(", ")", "[", "]", "\\", "+", "?", "{2}", "mcp__.*", "[a-z]+", "*"),
  fc.string({ maxLength: 4 }),
);
const matchers = fc.option(
  fc.array(pieces, { maxLength: 6 }).map((parts) => parts.join("")),
  { nil: undefined, freq: 10 },
);

describe("matcher evaluation", () => {
  it(
    "agrees with the reference model on every matcher and value",
    () => {
      fc.assert(
        fc.property(
          matchers,
          fc.oneof(fc.constantFrom(...TOOL_NAMES), fc.string({ maxLength: 12 })),
          (m, v) => {
            const expected = referenceMatch(m, v);
            if (expected === "invalid") {
              let thrown: unknown;
              try {
                compileMatcher(m);
              } catch (error) {
                thrown = error;
              }
              expect(isSettingsError(thrown) && thrown.code === "HOOK_INVALID_MATCHER").toBe(true);
              return;
            }
            let matches: (value: string) => boolean;
            try {
              matches = compileMatcher(m);
            } catch (error) {
              // A valid regex may still be refused, only when recheck finds it backtracks exponentially.
              expect(isSettingsError(error) && error.code === "UNSAFE_MATCHER").toBe(true);
              expect(regexSafety(m!)).toMatchObject({ status: "vulnerable", exponential: true });
              return;
            }
            expect(matches(v)).toBe(v.length > MAX_MATCHED_CHARS ? false : expected);
          },
        ),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it("matches each name of an exact list and nothing that merely contains it", () => {
    const name = fc.stringMatching(/^[A-Za-z0-9_-]{1,10}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 1, maxLength: 5 }),
        fc.constantFrom("|", ",", " | ", " , "),
        fc.nat(),
        (names, separator, pick) => {
          const matches = compileMatcher(names.join(separator));
          const chosen = names[pick % names.length]!;
          expect(matches(chosen)).toBe(true);
          const longer = `x${chosen}`;
          expect(matches(longer)).toBe(names.includes(longer));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
