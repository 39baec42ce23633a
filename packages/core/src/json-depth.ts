// How deep a JSON (or JSONC) text nests, read without parsing it: recursive parsers overflow on a hostile file.

/** Settings and config files never nest anywhere near this deep; a file past it is refused whole. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text` opens more than `limit` arrays or objects (with `code`: also parentheses, in JavaScript's three
 * kinds of strings) inside each other, counted over the text (strings,
 * `//` and block comments skipped) in one pass, so a 100,000-deep array costs a scan instead of a stack overflow
 * in the parser, the schema or the printer that meets it next.
 */
export function nestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH, code = false): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // JavaScript has three quotes (a template's `${…}` is skipped with it); JSON one.
    if (c === 0x22 /* " */ || (code && (c === 0x27 /* ' */ || c === 0x60)) /* ` */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === c) break;
      }
    } else if (c === 0x2f /* / */ && text.charCodeAt(i + 1) === 0x2f) {
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a /* * */) {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */ || (code && c === 0x28) /* ( */) {
      if (++depth > limit) return true;
    } else if ((c === 0x5d /* ] */ || c === 0x7d /* } */ || (code && c === 0x29)) /* ) */ && depth > 0) {
      depth--;
    }
  }
  return false;
}
