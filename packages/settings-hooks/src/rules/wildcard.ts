// `*` wildcards over whole strings (commands, URLs, queries), where `*` crosses "/" unlike path globs.

const cache = new Map<string, RegExp>();

/**
 * `*` matches any run of characters, everything else is literal, and the match is anchored at both ends.
 * A trailing ` *` (or the older `:*`) also matches the bare prefix, so `git *` matches `git` itself.
 */
export function wildcardRegExp(pattern: string): RegExp {
  let regex = cache.get(pattern);
  if (regex) return regex;
  let body = pattern;
  let optionalTail = false;
  if (body.endsWith(" *") || body.endsWith(":*")) {
    body = body.slice(0, -2);
    optionalTail = true;
  }
  const source = body
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    // `[^]` rather than `.` so that multi-line values still match.
    .join("[^]*");
  regex = new RegExp(`^${source}${optionalTail ? "(?:\\s[^]*)?" : ""}$`);
  cache.set(pattern, regex);
  return regex;
}

export function matchesWildcard(pattern: string, value: string): boolean {
  return wildcardRegExp(pattern).test(value);
}
