// What validation compiles for a handler — its matcher and `if` rule — kept with it, so nothing compiles them twice.
import { type PermissionRule, parseRule } from "@hookwire/shell-rules";
import { findEvent, handlerHasField } from "./dialect-kit/catalogue.js";
import type { Dialect } from "./dialect-kit/types.js";
import { dialectById } from "./dialects/registry.js";
import { compileMatcher } from "./matcher.js";
import type { SettingsHandler } from "./types.js";

interface Compiled {
  matches?: (value: string) => boolean;
  rule?: PermissionRule | null;
}

const compiled = new WeakMap<SettingsHandler, Compiled>();

function entry(handler: SettingsHandler): Compiled {
  let found = compiled.get(handler);
  if (!found) {
    found = {};
    compiled.set(handler, found);
  }
  return found;
}

/** The dialect a handler was written in. */
export function dialectOf(handler: SettingsHandler): Dialect {
  return dialectById(handler.dialect);
}

/**
 * A group's matcher compiled by its event's rules: events without a matcher take every value. Throws
 * `SettingsError` (`HOOK_INVALID_MATCHER`, `UNSAFE_MATCHER`) for one that cannot be used.
 */
export function compileGroupMatcher(
  dialect: Dialect,
  event: string,
  matcher: string | undefined,
): (value: string) => boolean {
  const spec = findEvent(dialect, event);
  if (!spec) return compileMatcher(matcher);
  if (spec.matcher === "none") return () => true;
  return dialect.compileMatcher(matcher, spec);
}

/** Keeps what validation compiled with the handler (read-settings calls it). */
export function keepCompiled(
  handler: SettingsHandler,
  value: { matches: (value: string) => boolean; rule?: PermissionRule },
): void {
  compiled.set(handler, { matches: value.matches, rule: value.rule ?? null });
}

/**
 * The handler's matcher as validation compiled it: whether the event's matcher field (tool events: the
 * dialect's tool name) selects it. A handler built by hand (pre/post scripts, tests) is compiled on first
 * use, once. Throws `SettingsError` for a matcher that cannot be used.
 */
export function handlerMatcher(handler: SettingsHandler): (value: string) => boolean {
  const found = entry(handler);
  found.matches ??= compileGroupMatcher(dialectOf(handler), handler.event, handler.matcher);
  return found.matches;
}

/**
 * The handler's `if` as its dialect reads it: `undefined` when the dialect's field table
 * (`SettingsFormat.handlerFields`) has no `if` (Codex, Gemini CLI), so a hand-built handler's `if` is
 * ignored there as validation drops it from a file.
 */
export function handlerIf(handler: SettingsHandler): string | undefined {
  return handlerHasField(dialectOf(handler), "if") ? handler.config.if : undefined;
}

/** The handler's `if` rule, parsed once; throws `ShellRulesError` `HOOK_INVALID_RULE` for one that does not parse. */
export function handlerRule(handler: SettingsHandler): PermissionRule | undefined {
  const found = entry(handler);
  if (found.rule === undefined) {
    const rule = handlerIf(handler);
    found.rule = rule !== undefined ? parseRule(rule) : null;
  }
  return found.rule ?? undefined;
}
