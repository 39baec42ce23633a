// `*` wildcards over whole strings (commands, URLs, queries), matched in linear time without regular expressions.
import { RUNTIME } from "./shell/analysis.js";

/**
 * A pattern split at its `*`s. `*` matches any run of characters (across "/" too), everything else is literal,
 * and the match is anchored at both ends. A trailing ` *` (or the older `:*`) also matches the bare prefix, so
 * `git *` matches `git` itself.
 */
interface Wildcard {
  /** The pattern with the optional tail taken off, split at `*`. */
  body: readonly string[];
  /** The body followed by ` *`, when the pattern ended with ` *` or `:*`. */
  tail: readonly string[] | undefined;
}

const cache = new Map<string, Wildcard>();
const CACHE_LIMIT = 1_000;

function compile(pattern: string): Wildcard {
  let compiled = cache.get(pattern);
  if (compiled) return compiled;
  const optional = pattern.endsWith(" *") || pattern.endsWith(":*");
  const body = optional ? pattern.slice(0, -2) : pattern;
  compiled = { body: body.split("*"), tail: optional ? `${body} *`.split("*") : undefined };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

/**
 * Whether the literal segments, joined by "anything", make up `value`. Greedy leftmost search is exact for
 * `*`-only patterns, and each segment is searched once from where the previous one ended: linear in `value`.
 */
function matchSegments(segments: readonly string[], value: string): boolean {
  const first = segments[0]!;
  if (segments.length === 1) return value === first;
  const last = segments[segments.length - 1]!;
  if (value.length < first.length + last.length) return false;
  if (!value.startsWith(first) || !value.endsWith(last)) return false;
  const end = value.length - last.length;
  let at = first.length;
  for (let i = 1; i < segments.length - 1; i++) {
    const segment = segments[i]!;
    if (segment === "") continue;
    const found = value.indexOf(segment, at);
    if (found === -1 || found + segment.length > end) return false;
    at = found + segment.length;
  }
  return true;
}

export function matchesWildcard(pattern: string, value: string): boolean {
  const { body, tail } = compile(pattern);
  return matchSegments(body, value) || (tail !== undefined && matchSegments(tail, value));
}

/**
 * Whether some run-time value of `shape` (a string where U+0000 stands for "anything", see `ShellWord.shape`)
 * could match the pattern. Two `*`-patterns that both hold a wildcard share a string exactly when their literal
 * prefixes agree (one starts the other) and so do their suffixes: the middle can hold both patterns' inner parts.
 */
export function mayMatchWildcard(pattern: string, shape: string): boolean {
  const { body, tail } = compile(pattern);
  return intersects(body, shape) || (tail !== undefined && intersects(tail, shape));
}

function intersects(segments: readonly string[], shape: string): boolean {
  if (!shape.includes(RUNTIME)) return matchSegments(segments, shape);
  const parts = shape.split(RUNTIME);
  if (segments.length === 1) return matchSegments(parts, segments[0]!);
  const first = segments[0]!;
  const last = segments[segments.length - 1]!;
  const shapeFirst = parts[0]!;
  const shapeLast = parts[parts.length - 1]!;
  const prefixes = first.startsWith(shapeFirst) || shapeFirst.startsWith(first);
  const suffixes = last.endsWith(shapeLast) || shapeLast.endsWith(last);
  return prefixes && suffixes;
}
