// How a matcher's text is read (exact names or a regex), and the regex safety check; a dialect says which text is names.
import { SettingsError } from "./errors.js";
import { recheck } from "./lazy-deps.js";

/** The default reading of a matcher: letters, digits, `_`, `-`, spaces, `,` and `|` make a list of exact names. */
const exactNames = /^[A-Za-z0-9_\- ,|]+$/;

/**
 * Compiles a matcher: `"*"`, `""` or absent match everything; text made only of letters, digits, `_`, `-`,
 * spaces, `,` and `|` is a list of exact names; anything else is an unanchored JavaScript regex.
 * Throws `SettingsError` `HOOK_INVALID_MATCHER` when the regex does not compile.
 */
export function compileMatcher(
  matcher: string | undefined,
  options?: { names?: RegExp },
): (value: string) => boolean {
  if (matcher === undefined || matcher === "" || matcher === "*") return () => true;
  const exact = options?.names ?? exactNames;
  if (exact.test(matcher)) {
    const names = new Set(
      matcher
        // A text of names that may hold commas lists them with `|` or `,`; otherwise `|` alone separates.
        .split(exact.test(",") ? /[|,]/ : "|")
        .map((name) => name.trim())
        .filter((name) => name !== ""),
    );
    // Only separators and spaces: nothing to match exactly, so treat like an empty matcher.
    if (names.size === 0) return () => true;
    return (value) => names.has(value);
  }
  let regex: RegExp;
  try {
    regex = new RegExp(matcher);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new SettingsError(
      "HOOK_INVALID_MATCHER",
      `Matcher ${JSON.stringify(matcher)} is not a valid JavaScript regular expression: ${reason}. ` +
        `Use exact names like "Edit|Write", or escape special characters (e.g. "\\\\(").`,
      { cause },
    );
  }
  if (repeatsAGroup(matcher)) {
    refuseUnsafe(
      matcher,
      regexSafety(matcher),
      `Rewrite it without nested or overlapping repetition (e.g. "(a+)+" → "a+"), or list exact names like "Edit|Write".`,
    );
  }
  // Values are tool names, sources, agent types: short. A longer one is not given to the regex at all, so even
  // a polynomial pattern stays cheap.
  return (value) => value.length <= MAX_MATCHED_CHARS && regex.test(value);
}

/**
 * Exponential backtracking needs a repeated group (or a repeated backreference): an ambiguous subpattern under a
 * quantifier. Without one the pattern is at worst polynomial, which the length cap bounds, and recheck (1–500 ms a
 * pattern) is not run.
 */
function repeatsAGroup(source: string): boolean {
  return /\)\s*[*+?{]|\\\d[*+{]/.test(source);
}

/** Matcher regexes are never run on values longer than this; such a value does not match. */
export const MAX_MATCHED_CHARS = 1_024;

export interface RegexSafety {
  /**
   * recheck's verdict: `unknown` when it ran out of time (the pattern is then used, with the length cap);
   * `unavailable` when recheck could not be loaded or run (the pattern is refused: a guard that cannot run fails
   * closed).
   */
  status: "safe" | "vulnerable" | "unknown" | "unavailable";
  exponential: boolean;
  /** For a vulnerable pattern, an input that shows it, as recheck found it. */
  example?: string;
  /** For `unavailable`: why recheck did not run. */
  reason?: string;
}

const safetyCache = new Map<string, RegexSafety>();

/** Checks a matcher regex for catastrophic backtracking with recheck (once per pattern per process). */
export function regexSafety(source: string): RegexSafety {
  let known = safetyCache.get(source);
  if (known) return known;
  try {
    const result = recheck().checkSync(source, "", { timeout: 10_000 });
    known =
      result.status === "vulnerable"
        ? {
            status: "vulnerable",
            exponential: result.complexity.type === "exponential",
            example: JSON.stringify(result.attack.string.slice(0, 80)),
          }
        : { status: result.status, exponential: false };
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message.split("\n")[0]! : String(cause);
    known = { status: "unavailable", exponential: false, reason };
  }
  safetyCache.set(source, known);
  return known;
}

/**
 * Throws `UNSAFE_MATCHER` for a regex that can backtrack exponentially, and for one that could not be checked
 * (recheck missing or broken): the caller puts the file and JSON path in front of the message.
 */
export function refuseUnsafe(source: string, safety: RegexSafety, fix: string): void {
  if (safety.status === "unavailable") {
    throw new SettingsError(
      "UNSAFE_MATCHER",
      `Matcher ${JSON.stringify(source)} could not be checked for catastrophic backtracking, so it is not used: ` +
        `recheck did not run (${safety.reason}). Repair the install, or list exact names like "Edit|Write", which ` +
        `need no check.`,
    );
  }
  if (safety.status === "vulnerable" && safety.exponential) {
    throw new SettingsError(
      "UNSAFE_MATCHER",
      `Matcher ${JSON.stringify(source)} can backtrack exponentially: ${safety.example} makes it run for ` +
        `seconds or hours, blocking the host, so it is not used. ${fix}`,
    );
  }
}
