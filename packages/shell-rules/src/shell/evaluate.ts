// Strings bash evaluates as code although they are written as data: arithmetic, subscripts, prompts, code words.
import { evaluated, MAX_DEPTH, type ShellAnalysis, shorten, unknown } from "./analysis.js";
import type { Scope } from "./scope.js";
import { type ShellWord, wordValues } from "./words.js";

/** What the evaluator needs of the walk: reading code, and reading the expansions of a text. */
export interface EvaluationHost {
  readonly analysis: ShellAnalysis;
  /** Reads `text` as bash: in this shell (`eval`, `trap`) or a new one (`bash -c`, a command another program runs). */
  code(text: string, label: string, scope: Scope, shell: "same" | "new"): void;
  /** Walks what `text` expands when bash expands it as a here-doc body (a subscript, a decoded prompt). */
  expansions(text: string, label: string, scope: Scope): void;
}

/** What the readers of code (interpreters.ts, shell-options.ts) need: the analysis they add to, and the evaluator. */
export interface CodeReader {
  readonly analysis: ShellAnalysis;
  readonly evaluator: Evaluator;
}

/** One place a string is evaluated: what was found there, reported once. */
interface Site {
  label: string;
  scope: Scope;
  /** Nothing evaluated there can run anything or depends on the run time. */
  data: boolean;
  /** The first value known only at run time, for the reason. */
  unknown?: string;
  seen: Set<string>;
  depth: number;
}

// Recursion through variables' values (`x='y'`, `y='a[…]'`) stops here; past it the value counts as unknown.
const MAX_VALUE_DEPTH = 32;
/**
 * Values read and subscripts expanded, for one whole analysis: past this, what is left counts as known only at run
 * time (fails closed). A count, not a clock, as for parsing: the same command is judged the same everywhere.
 */
export const MAX_EVALUATION_STEPS = 20_000;
const spent = new WeakMap<ShellAnalysis, number>();
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/y;
const INTEGER = /^\s*[-+]?\s*(?:0[xX][0-9A-Fa-f]+|[0-9]+#[0-9A-Za-z@_]+|[0-9]+)\s*$/;
const NAME = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[(.*)\])?$/s;

/**
 * Checks the strings bash evaluates. A literal one is read as what bash makes of it (an arithmetic expression whose
 * subscripts bash expands, a prompt it expands, code it runs) and what it runs is recorded; one known only at run
 * time is an unknown; either, unless it is plain data, is recorded as evaluated, which no allow rule approves.
 */
export class Evaluator {
  constructor(private readonly host: EvaluationHost) {}

  /** Arithmetic written in the command line: `$((…))`, `((…))`, a subscript, `${x:off:len}`, a `for ((…))` header. */
  arithmetic(text: string, label: string, scope: Scope): void {
    this.site(label, text, scope, (site) => this.syntax(text, site, new Set()));
  }

  /** A word bash evaluates as an arithmetic expression: a `let` argument, a `declare -i` value, a `[[ -eq ]]` operand. */
  arithmeticWord(word: ShellWord, label: string, scope: Scope): void {
    this.words(word, label, scope, (text, site) => this.value(text, site));
  }

  /** A word bash reads as a variable name, which may carry a subscript: `printf -v`, `read`, `unset`, `[[ -v ]]`. */
  nameWord(word: ShellWord, label: string, scope: Scope): void {
    this.words(word, label, scope, (text, site) => this.name(text, site));
  }

  /** A word bash expands as a prompt: `PS1`…`PS4`, `PS0`. */
  promptWord(word: ShellWord, label: string, scope: Scope): void {
    this.words(word, label, scope, (text, site) => this.prompt(text, site));
  }

  /** `${x@P}`: the values of `x`, expanded as a prompt. */
  promptOf(name: string, label: string, scope: Scope): void {
    this.site(label, `$${name}`, scope, (site) =>
      this.through(name, site, (text) => this.prompt(text, site)),
    );
  }

  /** `${!x}`: the values of `x`, read as names. */
  indirect(name: string, label: string, scope: Scope): void {
    this.site(label, `$${name}`, scope, (site) => this.through(name, site, (text) => this.name(text, site)));
  }

  /** A word bash runs as code: an `eval` or `trap` body, `bash -c`, `mapfile -C`, a command another program runs. */
  codeWord(word: ShellWord, label: string, scope: Scope, shell: "same" | "new"): void {
    const texts = wordValues(word, (name) => scope.variables.valuesOf(name, scope.definite));
    if (!texts) {
      unknown(
        this.host.analysis,
        scope,
        "DYNAMIC_CODE",
        word.value,
        `\`${label}\` runs code known only at run time`,
      );
      evaluated(this.host.analysis, scope, label, word.value);
      return;
    }
    for (const text of texts) this.code(text, label, scope, shell);
  }

  /** Code whose text is known. */
  code(text: string, label: string, scope: Scope, shell: "same" | "new"): void {
    evaluated(this.host.analysis, scope, label, text);
    this.host.code(text, label, scope, shell);
  }

  private words(
    word: ShellWord,
    label: string,
    scope: Scope,
    check: (text: string, site: Site) => void,
  ): void {
    this.site(label, word.value, scope, (site) => {
      const texts = wordValues(word, (name) => scope.variables.valuesOf(name, scope.definite));
      if (!texts) this.runtime(site, word.value);
      else for (const text of texts) check(text, site);
    });
  }

  private site(label: string, text: string, scope: Scope, check: (site: Site) => void): void {
    const site: Site = { label, scope, data: true, seen: new Set(), depth: 0 };
    check(site);
    if (site.unknown !== undefined) {
      unknown(
        this.host.analysis,
        scope,
        "DYNAMIC_CODE",
        text,
        `\`${label}\` evaluates \`${shorten(site.unknown)}\`, known only at run time`,
      );
    }
    if (!site.data) evaluated(this.host.analysis, scope, label, text);
  }

  private runtime(site: Site, what: string): void {
    site.data = false;
    site.unknown ??= what;
  }

  /** Each value `name` may hold, checked by `check`; a value known only at run time is an unknown. */
  private through(name: string, site: Site, check: (text: string) => void): void {
    const values = site.scope.variables.valuesOf(name, site.scope.definite);
    if (!values) {
      this.runtime(site, `$${name}`);
      return;
    }
    for (const value of values) check(value);
  }

  // ─── arithmetic ────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Arithmetic as written, before bash expands it: `$x` and `${x}` splice a value in (then evaluated), `$(…)` and
   * backticks are commands the walk reads, a bare name's value is evaluated, and a subscript is arithmetic again.
   */
  private syntax(text: string, site: Site, assigned: Set<string>): void {
    let i = 0;
    while (i < text.length) {
      const c = text[i]!;
      if (c === "$") {
        const next = text[i + 1];
        if (next === "(" && text[i + 2] !== "(") {
          // What the command prints is spliced in and evaluated: a value known only at run time.
          const end = balanced(text, i + 1, "(", ")");
          this.runtime(site, text.slice(i, end));
          i = end;
          continue;
        }
        if (next === "{") {
          const end = balanced(text, i + 1, "{", "}");
          this.parameter(text.slice(i + 2, end - 1), site, assigned);
          i = end;
          continue;
        }
        const special = /[0-9#?$!@*-]/.test(next ?? "") ? next : undefined;
        IDENTIFIER.lastIndex = i + 1;
        const name = special ?? IDENTIFIER.exec(text)?.[0];
        if (name !== undefined) {
          this.variable(name, site);
          i += 1 + name.length;
          continue;
        }
        i++;
        continue;
      }
      if (c === "`") {
        const end = closing(text, i + 1, "`");
        this.runtime(site, text.slice(i, end));
        i = end;
        continue;
      }
      if (c === "'") {
        // Not expanded, and not valid arithmetic either: bash stops with an error here.
        i = closing(text, i + 1, "'");
        continue;
      }
      i = this.operand(text, i, site, assigned, "syntax");
    }
  }

  /** `${…}` inside arithmetic: the value it expands to is spliced in and evaluated. */
  private parameter(inner: string, site: Site, assigned: Set<string>): void {
    const match = /^(!)?(#)?([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[#?$!@*-])(.*)$/s.exec(inner);
    if (!match) {
      this.runtime(site, `\${${inner}}`);
      return;
    }
    const [, bang, length, name, rest] = match;
    if (length && !rest) return;
    if (bang) this.runtime(site, `\${${inner}}`);
    else this.variable(name!, site);
    if (rest) this.syntax(rest, site, assigned);
  }

  /** A variable's value, evaluated as an arithmetic expression: only subscripts are expanded in it. */
  /** Counts one step of the analysis' evaluation budget; `false` (and the site unknown) once it is spent. */
  private spend(site: Site, what: string): boolean {
    const steps = (spent.get(this.host.analysis) ?? 0) + 1;
    spent.set(this.host.analysis, steps);
    if (steps <= MAX_EVALUATION_STEPS) return true;
    this.runtime(site, what);
    return false;
  }

  private value(text: string, site: Site): void {
    if (INTEGER.test(text)) return;
    if (!this.spend(site, text)) return;
    if (site.seen.has(text) || site.depth >= MAX_VALUE_DEPTH) {
      this.runtime(site, text);
      return;
    }
    site.seen.add(text);
    site.depth++;
    const assigned = new Set<string>();
    for (let i = 0; i < text.length; ) i = this.operand(text, i, site, assigned, "value");
    site.depth--;
  }

  /** One token of an expression at `i`: a name (with its subscript) is looked up; anything else is skipped. */
  private operand(
    text: string,
    i: number,
    site: Site,
    assigned: Set<string>,
    level: "syntax" | "value",
  ): number {
    const c = text[i]!;
    if (/[0-9]/.test(c)) {
      const number = /[0-9]+(?:#[0-9A-Za-z@_]+|[xX][0-9A-Fa-f]+)?/y;
      number.lastIndex = i;
      return i + (number.exec(text)?.[0].length ?? 1);
    }
    IDENTIFIER.lastIndex = i;
    const name = /[A-Za-z_]/.test(c) ? IDENTIFIER.exec(text)?.[0] : undefined;
    if (name === undefined) return i + 1;
    let at = skipSpaces(text, i + name.length);
    if (text[at] === "[") {
      const end = balanced(text, at, "[", "]");
      this.subscript(name, text.slice(at + 1, end - 1), site, level);
      at = skipSpaces(text, end);
    }
    // `x = …` stores a number without evaluating what `x` held; `x += …` and `x++` evaluate it.
    if (text[at] === "=" && text[at + 1] !== "=") assigned.add(name);
    else if (!assigned.has(name)) this.variable(name, site);
    return Math.max(at, i + name.length);
  }

  /** `name[sub]`: the subscript is expanded (as a here-doc body is) and, for an indexed array, evaluated. */
  private subscript(name: string, sub: string, site: Site, level: "syntax" | "value"): void {
    if (level === "value") {
      // In a value, the subscript is where bash expands `$(…)`: what it runs is code.
      if (/[$`]/.test(sub) && this.spend(site, sub)) {
        site.data = false;
        this.host.expansions(sub, site.label, site.scope);
      }
    }
    if (sub === "@" || sub === "*" || site.scope.variables.associative.has(name)) return;
    this.syntax(sub, site, new Set());
  }

  private variable(name: string, site: Site): void {
    if (/^[0-9@*-]$/.test(name) || /^[0-9]+$/.test(name)) {
      this.runtime(site, `$${name}`);
      return;
    }
    this.through(name, site, (text) => this.value(text, site));
  }

  // ─── names and prompts ─────────────────────────────────────────────────────────────────────────────────

  /** A name bash assigns or tests: with a subscript, bash expands and evaluates the subscript. */
  private name(text: string, site: Site): void {
    const match = NAME.exec(text);
    // Not a valid name: bash refuses it without evaluating anything.
    if (!match || match[2] === undefined) return;
    this.subscript(match[1]!, match[2], site, "value");
  }

  /** Prompt expansion: the escapes are decoded (`\$` may become `$`), then the text is expanded like "…". */
  private prompt(text: string, site: Site): void {
    const decoded = text.replace(/\\([$`])/g, "$1");
    if (!/[$`]/.test(decoded)) return;
    site.data = false;
    if (site.depth >= MAX_DEPTH || !this.spend(site, text)) {
      this.runtime(site, text);
      return;
    }
    this.host.expansions(decoded, site.label, site.scope);
  }
}

function skipSpaces(text: string, at: number): number {
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}

/** The index after the bracket that closes the one at `at` (or the end of the text). */
function balanced(text: string, at: number, open: string, close: string): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\") i++;
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return i + 1;
  }
  return text.length;
}

function closing(text: string, at: number, quote: string): number {
  for (let i = at; i < text.length; i++) {
    if (text[i] === "\\" && quote !== "'") i++;
    else if (text[i] === quote) return i + 1;
  }
  return text.length;
}
