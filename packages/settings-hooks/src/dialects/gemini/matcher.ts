// Gemini CLI's matcher rules: tool events test an unanchored regex (literal when it does not compile), lifecycle events exact text.
import type { EventInfo } from "../../dialect-kit/types.js";
import { MAX_MATCHED_CHARS, refuseUnsafe, regexSafety } from "../../matcher.js";

const always = () => true;

/**
 * `""`, `"*"` (after trimming) or absent match everything, as does any matcher on an event without a
 * matcher field. Tool events: `new RegExp(matcher).test(name)`, so `shell` matches `run_shell_command`;
 * a matcher that is not a valid regex is compared as text (Gemini CLI does not reject it). Lifecycle
 * events: the whole text equals the value (`startup|resume` matches neither). A regex that can backtrack
 * exponentially throws `UNSAFE_MATCHER`, as for every dialect.
 */
export function compileGeminiMatcher(
  matcher: string | undefined,
  event: EventInfo,
): (value: string) => boolean {
  const text = matcher?.trim() ?? "";
  if (text === "" || text === "*" || event.matcher === "none") return always;
  if (event.matcher === "exact") return (value) => value === text;
  let regex: RegExp;
  try {
    regex = new RegExp(text);
  } catch {
    return (value) => value === text;
  }
  refuseUnsafe(text, regexSafety(text), "Rewrite it without nested or overlapping repetition.");
  return (value) => value.length <= MAX_MATCHED_CHARS && regex.test(value);
}
