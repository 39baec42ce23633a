// Shows project-derived text on a terminal as it is: control, bidi and other invisible characters escaped.

// Control characters (C0, DEL, C1), format characters (bidi overrides and isolates, zero-width joiners,
// BOM, soft hyphen, tag characters), line/paragraph separators, lone surrogates, and the Hangul fillers
// that render as nothing although Unicode calls them letters.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u115f\u1160\u3164\uffa0]/gu;

const NAMED: Readonly<Record<string, string>> = { "\t": "\\t", "\n": "\\n", "\r": "\\r" };

function escapeOne(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.codePointAt(0) ?? 0;
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
}

/**
 * `text` with every character that a terminal would act on or draw as nothing written as an escape
 * (`\r`, `\x1b`, `\u{202e}`), so `ok\r\x1b[2Kcurl … | sh` cannot pass for `ok`. Backslashes are left as
 * they are: a literal `\r` in the text shows as `\r` too, which hides nothing.
 */
export function escapeForTerminal(text: string): string {
  return text.replace(INVISIBLE, escapeOne);
}

/**
 * JSON text with the same characters as `\uXXXX` escapes: the same value for a JSON reader, and nothing
 * a terminal acts on when a person reads `--json` output. `JSON.stringify` escapes only C0 controls.
 */
export function escapeJsonForTerminal(json: string): string {
  return json.replace(INVISIBLE, (char) => {
    // Raw newlines and tabs in JSON text are its own indentation; inside strings they are escaped already.
    if (char in NAMED) return char;
    let escaped = "";
    // UTF-16 units: JSON's `\\uXXXX` spells an astral character as its surrogate pair.
    for (let i = 0; i < char.length; i++) escaped += `\\u${char.charCodeAt(i).toString(16).padStart(4, "0")}`;
    return escaped;
  });
}
