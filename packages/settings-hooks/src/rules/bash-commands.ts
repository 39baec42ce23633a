// Splits a Bash command into the simple commands a rule is checked against, including those in `$(…)` and backticks.
import { parse } from "shell-quote";

/** What a Bash command runs, as far as it can be known without running it. */
export interface BashCommands {
  /** `false` for an unterminated quote, `$(…)` or backtick: the command cannot be checked. */
  parsed: boolean;
  /**
   * Every simple command, leading `VAR=value` assignments and shell keywords removed, words joined by one space;
   * commands inside `$(…)`, backticks and `<(…)` are listed after the command that holds them, which shows
   * each substitution as `$(…)`.
   */
  commands: string[];
  /** Holds `$(…)`, backticks or `$VAR`: what actually runs depends on values known only at run time. */
  dynamic: boolean;
}

// Stands for a substitution in the outer command once its inner text has been taken out.
const SUBSTITUTION = "\u0002";
const separators = new Set(["&&", "||", ";", ";;", "|", "|&", "&", "(", ")", "<(", ">("]);
const redirects = new Set([">", ">>", "<", "<&", ">&", "<<<"]);
const keywords = new Set([
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "do",
  "done",
  "while",
  "until",
  "!",
  "{",
  "}",
  "time",
]);
const assignment = /^[A-Za-z_][A-Za-z0-9_]*=/;
const variableStart = /[A-Za-z0-9_{@*#?$!-]/;

export function bashCommands(command: string): BashCommands {
  const scanned = scanSubstitutions(command, 0);
  if (!scanned) return { parsed: false, commands: [], dynamic: true };
  const outer = simpleCommands(scanned.text);
  if (!outer) return { parsed: false, commands: [], dynamic: true };
  const commands = outer.filter((words) => words !== "$(…)");
  let dynamic = scanned.dynamic;
  for (const inner of scanned.inner) {
    const nested = bashCommands(inner);
    if (!nested.parsed) return { parsed: false, commands: [], dynamic: true };
    commands.push(...nested.commands);
    dynamic ||= nested.dynamic;
  }
  return { parsed: true, commands, dynamic };
}

interface Scanned {
  end: number;
  /** The command with each substitution replaced by one placeholder character. */
  text: string;
  inner: string[];
  dynamic: boolean;
}

// shell-quote reads neither backticks nor `$(…)` inside double quotes, so substitutions are cut out first and
// each inner command is analysed on its own; only quoting and nesting are tracked here, tokens are shell-quote's.
function scanSubstitutions(s: string, start: number, stop?: ")" | "`"): Scanned | undefined {
  let text = "";
  const inner: string[] = [];
  let dynamic = false;
  let quote: "'" | '"' | undefined;
  let depth = 0;
  for (let i = start; i < s.length; i++) {
    const c = s[i]!;
    if (quote === "'") {
      text += c;
      if (c === "'") quote = undefined;
      continue;
    }
    if (c === "\\") {
      text += s.slice(i, i + 2);
      i++;
      continue;
    }
    if (c === "`") {
      if (stop === "`") return { end: i, text, inner, dynamic };
      const sub = scanSubstitutions(s, i + 1, "`");
      if (!sub) return undefined;
      inner.push(s.slice(i + 1, sub.end));
      dynamic = true;
      text += SUBSTITUTION;
      i = sub.end;
      continue;
    }
    const opensSubstitution = c === "$" || (quote === undefined && (c === "<" || c === ">"));
    if (opensSubstitution && s[i + 1] === "(") {
      const sub = scanSubstitutions(s, i + 2, ")");
      if (!sub) return undefined;
      inner.push(s.slice(i + 2, sub.end));
      dynamic = true;
      text += SUBSTITUTION;
      i = sub.end;
      continue;
    }
    if (c === "$" && variableStart.test(s[i + 1] ?? "")) dynamic = true;
    if (c === '"') {
      quote = quote ? undefined : '"';
    } else if (quote === undefined) {
      if (c === "'") quote = "'";
      else if (stop === ")" && c === "(") depth++;
      else if (stop === ")" && c === ")") {
        if (depth === 0) return { end: i, text, inner, dynamic };
        depth--;
      } else if (c === "\n") {
        text += ";";
        continue;
      }
    }
    text += c;
  }
  return stop !== undefined || quote !== undefined ? undefined : { end: s.length, text, inner, dynamic };
}

/** The simple commands of a substitution-free command line, or `undefined` when its parentheses do not pair. */
function simpleCommands(text: string): string[] | undefined {
  let tokens: ReturnType<typeof parse>;
  try {
    tokens = parse(text, (name) => `$${name}`);
  } catch {
    return undefined;
  }
  const commands: string[] = [];
  let words: string[] = [];
  let depth = 0;
  let skipNext = false;
  const flush = (): void => {
    while (words.length > 0 && (assignment.test(words[0]!) || keywords.has(words[0]!))) words.shift();
    if (words.length > 0) commands.push(words.join(" ").replaceAll(SUBSTITUTION, "$(…)"));
    words = [];
  };
  for (const entry of tokens) {
    if (typeof entry === "string") {
      if (skipNext) skipNext = false;
      else words.push(entry);
      continue;
    }
    const token = entry as { op?: string; pattern?: string; comment?: string };
    if (token.comment !== undefined) break;
    if (token.op === "glob") {
      if (skipNext) skipNext = false;
      else words.push(token.pattern ?? "");
      continue;
    }
    if (token.op === undefined) continue;
    if (token.op === "(" || token.op === "<(" || token.op === ">(") depth++;
    if (token.op === ")" && --depth < 0) return undefined;
    if (separators.has(token.op)) {
      flush();
    } else if (redirects.has(token.op)) {
      // `2>/dev/null`: the descriptor number is not an argument of the command.
      if (words.length > 1 && /^\d+$/.test(words.at(-1)!)) words.pop();
      skipNext = true;
    }
  }
  flush();
  return depth === 0 ? commands : undefined;
}
