// What a shell's variables may hold where bash evaluates them: every value the command line assigns to each name.
import { parseScript, type SyntaxNode } from "./grammar.js";
import { readOptions } from "./options.js";
import { programSpec } from "./programs.js";
import { literalWord, quotedCommand, resolveWord, type ShellWord, wordValues } from "./words.js";

/** Parameters that always hold a number: `$#`, `$?`, `$$`, `$!`. */
const NUMERIC_SPECIAL = new Set(["#", "?", "$", "!"]);
/** Variables bash computes, numbers while nothing in the line assigns or unsets them. */
const NUMERIC_DYNAMIC = new Set([
  "RANDOM",
  "SRANDOM",
  "SECONDS",
  "LINENO",
  "BASHPID",
  "EPOCHSECONDS",
  "PPID",
  "UID",
  "EUID",
  "BASH_SUBSHELL",
]);
/** Stands for "some integer": what arithmetic assignments, `wait -p` and `coproc` store. */
export const SOME_NUMBER = "0";
// Past this, a name's values count as unknown: the check stays linear however often a line assigns.
const MAX_VALUES = 32;

interface Possible {
  values: Set<string>;
  unknown: boolean;
  /** Assignments of another variable's value (`x=$v`), read when the walk reaches them (their value is `v`'s there). */
  pending: Set<SyntaxNode>;
}

/** The values each name may hold, from every assignment in one shell's code (text order, branches and loops alike). */
export class Variables {
  private readonly possible = new Map<string, Possible>();
  /** Scripts whose assignments are not collected yet: most command lines never ask (nothing in them evaluates). */
  private readonly uncollected: SyntaxNode[] = [];
  #anyAssign = false;
  readonly #integers = new Set<string>();
  readonly #namerefs = new Set<string>();
  #anyNameref = false;
  readonly #associative = new Set<string>();

  /** Something may assign any name (a name known only at run time, a nameref, code that cannot be read). */
  get anyAssign(): boolean {
    this.ensure();
    return this.#anyAssign;
  }

  set anyAssign(value: boolean) {
    this.#anyAssign = value;
  }

  /** Names declared `-i`: every assignment to them is arithmetic. */
  get integers(): Set<string> {
    this.ensure();
    return this.#integers;
  }

  /**
   * Whether `name` is declared a nameref anywhere in the shell's code (`declare -n`, `local -n`, `typeset -n`), or
   * some declaration's names are known only at run time: an assignment to it names another variable.
   */
  isNameref(name: string): boolean {
    this.ensure();
    return this.#anyNameref || this.#namerefs.has(name);
  }

  /** Records a nameref; `undefined`: a declaration whose names are known only at run time. */
  nameref(name: string | undefined): void {
    if (name === undefined) this.#anyNameref = true;
    else this.#namerefs.add(name);
  }

  /** Names declared `-A`: their subscripts are strings, not arithmetic. */
  get associative(): Set<string> {
    this.ensure();
    return this.#associative;
  }

  #collecting = false;

  /** Collects what is pending (the collector itself reads the table as it fills it, without waiting on itself). */
  private ensure(): void {
    if (this.#collecting) return;
    this.#collecting = true;
    try {
      while (this.uncollected.length > 0) new Collector(this).node(this.uncollected.shift()!, 0);
    } finally {
      this.#collecting = false;
    }
  }

  /** Records an assignment; `undefined` is a value known only at run time. */
  assign(name: string, value: string | undefined): void {
    const entry = this.entry(name);
    if (value === undefined || entry.values.size >= MAX_VALUES) entry.unknown = true;
    else entry.values.add(value);
  }

  /** `x=$v`: a value to read where the assignment runs; until then, `x`'s values are not known. */
  defer(name: string, assignment: SyntaxNode): void {
    this.entry(name).pending.add(assignment);
  }

  /** The walk reached a deferred assignment: what its word could be there (`undefined`: known only at run time). */
  resolve(name: string, assignment: SyntaxNode, values: readonly string[] | undefined): void {
    const entry = this.possible.get(name);
    if (!entry?.pending.delete(assignment)) return;
    if (!values) entry.unknown = true;
    for (const value of values ?? []) this.assign(name, value);
  }

  /** Whether `assignment` waits to be read by the walk. */
  deferred(name: string, assignment: SyntaxNode): boolean {
    this.ensure();
    return this.possible.get(name)?.pending.has(assignment) ?? false;
  }

  private entry(name: string): Possible {
    let entry = this.possible.get(name);
    if (!entry) {
      entry = { values: new Set(), unknown: false, pending: new Set() };
      this.possible.set(name, entry);
    }
    return entry;
  }

  /**
   * What `name` may hold at a point where the names in `definite` are surely assigned; `undefined` when some
   * value is known only at run time (the environment's, when no assignment surely came before).
   */
  valuesOf(name: string, definite: { has(name: string): boolean }): readonly string[] | undefined {
    if (NUMERIC_SPECIAL.has(name)) return [SOME_NUMBER];
    this.ensure();
    if (this.#anyAssign) return undefined;
    const entry = this.possible.get(name);
    if (!entry) return NUMERIC_DYNAMIC.has(name) ? [SOME_NUMBER] : undefined;
    if (entry.unknown || entry.pending.size > 0 || !definite.has(name)) return undefined;
    return [...entry.values];
  }

  /** Every value `name` is assigned in the line, wherever; `undefined` when one is known only at run time. */
  assigned(name: string): readonly string[] | undefined {
    this.ensure();
    if (this.anyAssign) return undefined;
    const entry = this.possible.get(name);
    return entry && !entry.unknown && entry.pending.size === 0 ? [...entry.values] : undefined;
  }

  /** Collects the assignments of a parsed script (and of the code it hands literal strings to) into this table. */
  collect(root: SyntaxNode): void {
    this.uncollected.push(root);
  }
}

// Builtins that assign the names they are given, with the value known only at run time.
const READERS = new Set(["read", "mapfile", "readarray", "getopts", "printf", "wait", "compgen", "complete"]);
// Builtins whose (literal) argument is code this shell runs, which may assign anything.
const CODE_RUNNERS = new Set(["eval", "trap", "alias", "source", "."]);
const MAX_COLLECT_DEPTH = 16;
/** Builtins the grammar reads as a declaration statement when typed plainly (`declare_command`). */
const DECLARATIONS = new Set(["declare", "typeset", "local", "export", "readonly"]);

/**
 * The attribute letters a declaration's words turn on (`-n`, `"-i"`, `$'-A'`), after quote removal and with the
 * line's values; a word known only at run time may be any option, so it counts as `-in` (a nameref and an integer).
 */
export function attributes(
  keyword: string,
  children: readonly SyntaxNode[],
  lookup: (name: string) => readonly string[] | undefined,
): string {
  let flags = "";
  for (const child of children) {
    if (child.type === "variable_assignment" || child.type === "comment") continue;
    const texts = wordValues(resolveWord(child), lookup);
    if (!texts) flags += "in";
    for (const text of texts ?? []) if (text.startsWith("-")) flags += text.slice(1);
  }
  // `export -n` and `readonly`'s letters are no nameref attribute.
  return keyword === "export" || keyword === "readonly" ? flags.replaceAll("n", "") : flags;
}

class Collector {
  constructor(private readonly table: Variables) {}

  /** Every node below `root`, without recursion: a chain of 5,000 commands is a deep tree. */
  node(root: SyntaxNode, depth: number): void {
    const pending = [root];
    while (pending.length > 0) {
      const node = pending.pop()!;
      this.one(node, depth);
      // In document order: a value a later word names is collected before that word is read.
      for (let i = node.namedChildren.length - 1; i >= 0; i--) pending.push(node.namedChildren[i]!);
    }
  }

  private one(node: SyntaxNode, depth: number): void {
    switch (node.type) {
      case "variable_assignment":
        this.assignment(node);
        break;
      case "for_statement": {
        const variable = node.childForField("variable");
        const values = node.children.filter((child) => child.field === "value");
        if (variable) {
          if (values.length === 0) this.table.assign(variable.text, undefined);
          for (const value of values) this.word(variable.text, value);
        }
        break;
      }
      case "expansion":
        this.defaulting(node);
        break;
      case "declaration_command":
        this.declaration(node);
        break;
      case "unset_command":
        for (const child of node.namedChildren) {
          if (!/^-[fvn]+$/.test(child.text)) this.named(resolveWord(child), "");
        }
        break;
      case "test_command":
        if (node.children.some((child) => child.text === "=~")) this.table.assign("BASH_REMATCH", undefined);
        break;
      case "command":
        this.command(node, depth);
        break;
    }
  }

  private assignment(node: SyntaxNode): void {
    const target = node.childForField("name");
    const value = node.childForField("value");
    if (!target) return;
    const name =
      target.type === "subscript" ? (target.childForField("name")?.text ?? target.text) : target.text;
    const append = node.children.some((child) => child.text === "+=");
    if (!value) this.table.assign(name, "");
    else if (this.table.integers.has(name)) this.table.assign(name, SOME_NUMBER);
    else if (append && value.type !== "array") this.table.assign(name, undefined);
    else if (value.type === "array") {
      for (const element of value.namedChildren) {
        const word = resolveWord(element);
        // `[key]=value` elements hold their value after `]=`.
        const keyed = /^\[[^\]]*\]=/.exec(word.value);
        this.table.assign(name, word.literal ? word.value.slice(keyed?.[0].length ?? 0) : undefined);
      }
    } else if (target.type === "variable_name" && !resolveWord(value).literal) this.table.defer(name, node);
    else this.word(name, value);
  }

  private word(name: string, node: SyntaxNode): void {
    const word = resolveWord(node);
    this.table.assign(name, word.literal ? word.value : undefined);
  }

  /** `${x:=word}` and `${x=word}` assign when they expand. */
  private defaulting(node: SyntaxNode): void {
    const operator = node.children.find((child) => child.field === "operator");
    if (operator?.text !== ":=" && operator?.text !== "=") return;
    const name = node.namedChildren.find((child) => child.type === "variable_name");
    if (!name) return;
    const value = node.namedChildren.at(-1);
    const word = value && value !== name ? resolveWord(value) : literalWord("");
    this.table.assign(name.text, word.literal ? word.value : undefined);
  }

  private declaration(node: SyntaxNode): void {
    const keyword = node.children[0]?.text ?? "";
    const local = keyword === "local";
    // The attribute letters after quote removal (`declare "-n" r`); a word known only at run time may be any.
    const flags = attributes(keyword, node.namedChildren, (name) => this.table.assigned(name));
    // `-n` is the nameref attribute for these; `export -n` takes the export attribute off.
    const nameref = flags.includes("n") && (local || keyword === "declare" || keyword === "typeset");
    for (const child of node.namedChildren) {
      if (child.type === "variable_assignment") {
        const name = child.childForField("name")?.text ?? "";
        if (flags.includes("i")) this.table.integers.add(name);
        if (flags.includes("A")) this.table.associative.add(name);
        if (nameref) this.table.nameref(name);
        continue;
      }
      // `declare "$x=1"`: each text the word may be, split at `=` as bash does.
      const texts = wordValues(resolveWord(child), (name) => this.table.assigned(name));
      if (!texts) {
        this.table.anyAssign = true;
        if (nameref) this.table.nameref(undefined);
        continue;
      }
      for (const text of texts) {
        if (/^[-+]/.test(text)) continue;
        const eq = text.indexOf("=");
        const target = eq === -1 ? text : text.slice(0, eq);
        const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(target)?.[0];
        if (!name) continue;
        if (flags.includes("i")) this.table.integers.add(name);
        if (flags.includes("A")) this.table.associative.add(name);
        if (nameref) this.table.nameref(name);
        // An element (`a[…]=1`) leaves the other values of the array as they were.
        if (name !== target) this.table.assign(name, undefined);
        else if (eq !== -1) this.table.assign(name, text.slice(eq + 1));
        else if (local) this.table.assign(name, "");
      }
    }
    // A nameref makes assignments to one name land on another.
    if (nameref) this.table.anyAssign = true;
  }

  private command(node: SyntaxNode, depth: number): void {
    const words = node.namedChildren
      .filter((child) => child.type !== "variable_assignment" && !child.type.endsWith("redirect"))
      .map((child) => (child.type === "command_name" ? (child.namedChildren[0] ?? child) : child));
    let at = 0;
    const first = () => resolveWord(words[at]!);
    while (
      at < words.length &&
      first().literal &&
      (first().value === "builtin" || first().value === "command")
    )
      at++;
    if (at >= words.length) return;
    const program = resolveWord(words[at]!);
    if (!program.literal) return;
    const args = words.slice(at + 1).map(resolveWord);
    if (DECLARATIONS.has(program.value)) {
      // `builtin declare -n r`, `"typeset" -i x`: the grammar read a command; bash declares.
      const text = quotedCommand(program.value, args);
      if (text !== undefined) this.code([literalWord(text)], depth);
      else {
        this.table.anyAssign = true;
        this.table.nameref(undefined);
      }
      return;
    }
    if (READERS.has(program.value)) {
      this.readers(program.value, args, depth);
      return;
    }
    if (!CODE_RUNNERS.has(program.value)) return;
    if (program.value === "source" || program.value === ".") {
      this.table.anyAssign = true;
      return;
    }
    const code = args.filter((arg, i) => !(program.value === "trap" && i > 0) && arg.value !== "--");
    if (program.value !== "alias") {
      this.code(code, depth);
      return;
    }
    for (const arg of code) {
      const texts = wordValues(arg, (name) => this.table.assigned(name));
      if (!texts) this.table.anyAssign = true;
      for (const text of texts ?? [])
        if (text.includes("=")) this.code([literalWord(text.replace(/^[^=]*=/, ""))], depth);
    }
  }

  /** Code this shell runs (from `eval`, `trap`, `alias`, `mapfile -C`): its assignments are the shell's. */
  private code(words: readonly ShellWord[], depth: number): void {
    // A word of `$name`s is read for every value the line assigns them; the walk asks the same of each use.
    const texts = product(words.map((word) => wordValues(word, (name) => this.table.assigned(name))));
    if (!texts || depth >= MAX_COLLECT_DEPTH) {
      this.table.anyAssign = true;
      return;
    }
    for (const text of texts) {
      const parsed = parseScript(text);
      if (!("kind" in parsed)) this.node(parsed.root, depth + 1);
    }
  }

  /** `read a b`, `mapfile arr`, `printf -v x`, `getopts o opt`, `wait -p pid`: names assigned at run time. */
  private readers(program: string, args: readonly ShellWord[], depth: number): void {
    const spec = programSpec(program);
    if (spec?.kind !== "builtin") return;
    const leading = readOptions(args, spec.options);
    const options = leading ?? readOptions(args, spec.options, true)!;
    const operands = leading ? args.slice(leading.index) : options.operands;
    const roles = spec.operands;
    for (const [name, value] of options.values) {
      if (spec.values?.[name] === "name") this.named(value, program === "wait" ? SOME_NUMBER : undefined);
      if (spec.values?.[name] === "code") this.code([value], depth);
    }
    operands.forEach((word, i) => {
      const role = typeof roles === "string" ? roles : roles?.[Math.min(i, roles.length - 1)];
      if (role === "name") this.named(word, undefined);
    });
    if (program === "read") this.table.assign("REPLY", undefined);
    if (program === "mapfile" || program === "readarray") this.table.assign("MAPFILE", undefined);
    if (program === "getopts") this.table.assign("OPTARG", undefined);
  }

  /** A name given to a builtin that assigns it: each name it may be; a subscript assigns an element only. */
  named(word: ShellWord, value: string | undefined): void {
    const names = wordValues(word, (name) => this.table.assigned(name));
    if (!names) {
      this.table.anyAssign = true;
      return;
    }
    for (const name of names) {
      const base = /^[A-Za-z_][A-Za-z0-9_]*/.exec(name)?.[0];
      if (base) this.table.assign(base, value);
    }
  }
}

function product(parts: ReadonlyArray<readonly string[] | undefined>): readonly string[] | undefined {
  let out: string[] = [];
  for (const [i, part] of parts.entries()) {
    if (!part) return undefined;
    out = i === 0 ? [...part] : out.flatMap((before) => part.map((value) => `${before} ${value}`));
    if (out.length > MAX_VALUES) return undefined;
  }
  return out.length === 0 ? [""] : out;
}
