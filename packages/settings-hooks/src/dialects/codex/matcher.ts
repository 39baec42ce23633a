// Codex's matcher rule: `*`, `""` or none match all; only letters, digits, `_` and `|` are exact names; else a regex.
import { compileMatcher } from "../../matcher.js";

const exactNames = /^[A-Za-z0-9_|]+$/;
const neverNames = /(?!)/;

/**
 * As Codex 0.169's `matches_matcher`: exact names are split on `|` without trimming (`Bash|` also names
 * the empty string, not everything); anything else is an unanchored regex, compiled once with the same
 * checks as every matcher (a pattern that does not compile or can backtrack exponentially is refused).
 */
export function compileCodexMatcher(matcher: string | undefined): (value: string) => boolean {
  if (matcher === undefined || matcher === "" || matcher === "*") return () => true;
  if (exactNames.test(matcher)) {
    const names = new Set(matcher.split("|"));
    return (value) => names.has(value);
  }
  return compileMatcher(matcher, { names: neverNames });
}
