// A TOML settings file (Codex's config.toml) read into plain data, or where and why it is not TOML.
import { smolToml } from "./lazy-deps.js";

export type TomlResult =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; reason: string; line?: number; column?: number };

/**
 * TOML 1.0 as `smol-toml` reads it; dates become ISO strings so the result is JSON data like a JSON
 * file's. Never throws: a syntax error comes back with its line, column and a one-line reason.
 */
export function parseTomlFile(text: string): TomlResult {
  try {
    return {
      ok: true,
      value: JSON.parse(JSON.stringify(smolToml().parse(text, { maxDepth: 64 }))) as Record<string, unknown>,
    };
  } catch (cause) {
    if (cause instanceof smolToml().TomlError) {
      const reason = cause.message.split("\n")[0]?.replace(/^Invalid TOML document: /, "") ?? "invalid TOML";
      return { ok: false, reason, line: cause.line, column: cause.column };
    }
    return { ok: false, reason: cause instanceof Error ? cause.message : String(cause) };
  }
}
