// Where a shell script's `source` / `.` operand points when it is written the usual ways: `$(dirname "$0")/lib.sh`.

/** What the usual spellings of "this script's folder" stand for in one script. */
export interface ScriptPlaces {
  /** `$0` as the script was started (`tools/guard.sh`); absent in a file sourced from a command line (`$0` is the shell). */
  zero?: string;
  /** The file being read: `${BASH_SOURCE[0]}`. */
  self: string;
  /** The script's whole text, for the variables it assigns once to such a path. */
  text: string;
}

const ZERO = String.raw`(?:"\$0"|\$0|"\$\{0\}"|\$\{0\})`;
const SELF = String.raw`(?:"\$\{BASH_SOURCE(?:\[0\])?\}"|\$\{BASH_SOURCE(?:\[0\])?\}|"\$BASH_SOURCE"|\$BASH_SOURCE)`;
/** `$(dirname "$0")`, `$(dirname -- "${BASH_SOURCE[0]}")`, `` `dirname $0` ``. */
const dirname = (of: string) =>
  new RegExp(String.raw`\$\(\s*dirname\s+(?:--\s+)?${of}\s*\)|\x60\s*dirname\s+(?:--\s+)?${of}\s*\x60`, "g");
/** `${0%/*}`, `${BASH_SOURCE[0]%/*}`, `${BASH_SOURCE%/*}`. */
const ZERO_TRIM = /"?\$\{0%\/\*\}"?/g;
const SELF_TRIM = /"?\$\{BASH_SOURCE(?:\[0\])?%\/\*\}"?/g;
/** `$(cd 'X' && pwd)`, `$(cd -- 'X' &>/dev/null && pwd -P)`, `$(cd 'X'; pwd)` once X is a quoted path. */
const CD_PWD =
  /\$\(\s*cd\s+(?:--\s+)?"?('[^']*')"?\s*(?:(?:&>|>|2>&1|2>)\s*\/dev\/null\s*)*(?:&&|;)\s*pwd(?:\s+-[LP])?\s*\)/g;
/** Words whose presence means a variable may be set in a way no reading of assignments sees. */
const INDIRECT =
  /\b(?:eval|read|mapfile|readarray|getopts|printf\s+-v|declare\s+-\w*n|typeset\s+-\w*n|local\s+-\w*n)\b/;

function posixDirname(file: string): string {
  const slash = file.lastIndexOf("/");
  if (slash < 0) return ".";
  return slash === 0 ? "/" : file.slice(0, slash);
}

/** `${x%/*}`: `x` up to its last slash, or `x` itself when it has none. */
function trimLast(file: string): string {
  const slash = file.lastIndexOf("/");
  return slash < 0 ? file : file.slice(0, slash);
}

/** A path as one quoted shell word, or `undefined` when it holds a quote. */
function quoted(value: string): string | undefined {
  return value.includes("'") ? undefined : `'${value}'`;
}

function substitute(value: string, places: ScriptPlaces): string | undefined {
  let out = value;
  const swaps: Array<[RegExp, string | undefined]> = [
    [dirname(SELF), quoted(posixDirname(places.self))],
    [SELF_TRIM, quoted(trimLast(places.self))],
    ...(places.zero === undefined
      ? []
      : ([
          [dirname(ZERO), quoted(posixDirname(places.zero))],
          [ZERO_TRIM, quoted(trimLast(places.zero))],
        ] as Array<[RegExp, string | undefined]>)),
  ];
  for (const [pattern, replacement] of swaps) {
    if (replacement === undefined) return undefined;
    out = out.replace(pattern, () => replacement);
  }
  return out.replace(CD_PWD, (_match, dir: string) => dir);
}

/**
 * Variables the script assigns exactly once, on a line of its own, to a value that names a place
 * (`DIR="$(cd "$(dirname "$0")" && pwd)"`), when nothing in the script could set them another way.
 */
function onceAssigned(places: ScriptPlaces, name: string): string | undefined {
  if (INDIRECT.test(places.text)) return undefined;
  const mentions = places.text.match(new RegExp(String.raw`(?<![\w$])${name}\+?=`, "g")) ?? [];
  if (mentions.length !== 1) return undefined;
  // The value is the rest of its line, one word: double-quoted whole, or without blanks and operators.
  const line = new RegExp(
    String.raw`^[ \t]*(?:(?:export|readonly|local|declare|typeset)[ \t]+)?${name}=("[^\n]*"|[^\s;&|#"']+)[ \t]*$`,
    "m",
  ).exec(places.text);
  if (!line) return undefined;
  const value = line[1]!.replace(/^"(.*)"$/s, "$1");
  return literal(substitute(value, places));
}

/** The path a word names once every quote is gone, or `undefined` when something is left to expand. */
function literal(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const bare = value.replace(/["']/g, "");
  return /[$`\\*?[\]{}~]/.test(bare) || bare === "" ? undefined : bare;
}

/**
 * The file a `source` operand written with an expansion names (`$(dirname "$0")/lib.sh`,
 * `"${BASH_SOURCE%/*}/lib.sh"`, `"$DIR/lib.sh"` after `DIR=$(cd "$(dirname "$0")" && pwd)`), relative to where
 * the script runs when the result is; `undefined` when it is known only at run time.
 */
export function sourcedPath(value: string, places: ScriptPlaces): string | undefined {
  const swapped = substitute(value, places);
  if (swapped === undefined) return undefined;
  const withVariables = swapped.replace(/\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)/g, (match, braced, bare) => {
    const known = onceAssigned(places, (braced ?? bare) as string);
    return known === undefined ? match : (quoted(known) ?? match);
  });
  return literal(withVariables);
}
