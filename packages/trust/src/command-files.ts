// What a command runs, found with the bash grammar: every file it names, package scripts and makefiles followed.
import { closeSync, existsSync, readSync, statSync } from "node:fs";
import path from "node:path";
import { openRegularFile, readRegularFile } from "@hookwire/core/internal";
import type { CommandHandlerConfig } from "@hookwire/settings-hooks";
import {
  isShellParserLoaded,
  programSpec,
  type ShellAnalysis,
  type ShellCommand,
  type ShellWord,
  shellCommands,
} from "@hookwire/shell-rules";
import { shellQuote, tinyglobby } from "./lazy-deps.js";
import { moduleImports } from "./module-imports.js";
import { Resolver } from "./modules/resolve.js";
import type { ImportCache } from "./modules/script-imports.js";
import { isPackageRunner, runnerScript } from "./package-runners.js";
import { pythonImports } from "./python-imports.js";
import type { ShellAnalyses } from "./shell-analyses.js";
import { type ScriptPlaces, sourcedPath } from "./shell-sources.js";
import { readText } from "./snapshots.js";
import { isSystemFile } from "./system-files.js";

/** What a command would run, as far as a static reading can tell. */
export interface CommandFiles {
  /** Absolute paths of the files it runs or names (scripts, package.json, lockfiles, makefiles). */
  files: string[];
  /** Why part of it cannot be fingerprinted, in words a user can read: "`… | sh`: `sh` runs whatever is piped into it". */
  unknowns: string[];
}

export interface CommandContext {
  /** Where the command starts (the hook's cwd, the project). */
  cwd: string;
  home: string;
  /** `${CLAUDE_PROJECT_DIR}` and the other placeholders with their values. */
  placeholders: ReadonlyMap<string, string>;
  /** Analyses kept across processes (`shellAnalyses()`): a command read before needs no grammar. */
  analyses?: ShellAnalyses;
  /** Scripts' imports kept across processes (`importCache()`): a script read before needs no lexer. */
  imports?: ImportCache;
}

/**
 * Thrown when a command has to be read with the bash grammar and it is not loaded: the caller loads it
 * (`loadShellParser()`) and asks again. Commands analysed before (this process, or the per-user cache) never need it.
 */
export class GrammarNeeded extends Error {
  constructor() {
    super("the bash grammar is not loaded");
    this.name = "GrammarNeeded";
  }
}

const DOWNLOADERS = new Set(["npx", "bunx", "pnpx"]);
const LOCKFILES = [
  "package-lock.json",
  "npm-shrinkwrap.json",
  "pnpm-lock.yaml",
  "yarn.lock",
  "bun.lock",
  "bun.lockb",
];
const MAKEFILES = ["GNUmakefile", "makefile", "Makefile"];
const INTERPRETERS = new Set(["python", "python3", "node", "ruby", "perl", "php", "deno", "tsx", "ts-node"]);
/**
 * Programs whose file operands are names, never code or content that could run: their operands are not
 * fingerprinted (`touch own.txt` would otherwise untrust the project after every run). Programs that copy or
 * print content (`cp`, `cat`, `tee`, `ln`) are not here: what they write can be run later in the same command.
 * What any command executes (`./x`, a path in a wrapper) is fingerprinted whatever the program.
 */
const NAMES_ONLY = new Set([
  "touch",
  "mkdir",
  "rmdir",
  "rm",
  "ls",
  "stat",
  "test",
  "[",
  "echo",
  "printf",
  "wc",
  "du",
  "date",
  "sleep",
  "true",
  "false",
  "basename",
  "dirname",
  "realpath",
  "readlink",
  "chmod",
  "chown",
  "which",
]);
/** Package scripts that run package scripts are followed this deep, and this many scripts in all. */
const MAX_DEPTH = 8;
const MAX_SCRIPTS = 64;
/** A glob is expanded to at most this many files, this many folders deep. */
const MAX_GLOB_FILES = 1000;
const MAX_GLOB_DEPTH = 16;
/** Interpreters that run JavaScript or TypeScript: their script's imports run too. */
const JS_INTERPRETERS = new Set(["node", "nodejs", "deno", "bun", "tsx", "ts-node"]);
const JS_EXTENSIONS = /\.(?:[cm]?[jt]s|[jt]sx)$/i;
const SHEBANG = /^#!\s*(?:\S*\/)?(?:env\s+(?:-\S+\s+)*)?([\w.-]+)/;
/** Scripts read for what they load besides themselves are read up to this size (their first bytes). */
const MAX_SCRIPT_HEAD = 256 * 1024;
const MAX_PACKAGE_JSON_BYTES = 1024 * 1024;

// A path to a script and nothing else (`./.claude/hooks/guard.sh`): no quotes, expansions, operators or spaces.
const PLAIN_PATH = /^[\w.+-]*\/[\w./+-]*[\w.+-]$/;

/**
 * The analysis of a command line that is one path to a program the analyser has no special reading for,
 * made without the bash grammar (whose WASM costs a host ~0.1 s to load and seconds of background compiling
 * on a busy machine): the most common settings command. `undefined` for anything else. The trust tests pin
 * that it equals the grammar's analysis.
 */
export function plainCommandAnalysis(text: string): ShellAnalysis | undefined {
  if (!PLAIN_PATH.test(text)) return undefined;
  const program = path.posix.basename(text);
  // Programs either reading (wrappers, shells, package runners, make, interpreters) has rules for.
  const special =
    programSpec(program) !== undefined ||
    isPackageRunner(program) ||
    DOWNLOADERS.has(program) ||
    INTERPRETERS.has(program) ||
    program === "make" ||
    program === "gmake";
  if (program === "." || program === ".." || special) return undefined;
  return {
    commands: [
      { program, path: text, args: [], text: program, written: text, via: [], cwd: ".", dynamic: false },
    ],
    unknowns: [],
    evaluated: [],
  };
}

// Analyses are pure functions of the text; the runtime check asks again before every spawn.
const analyses = new Map<string, ShellAnalysis>();
function analyse(text: string, kept: ShellAnalyses | undefined): ShellAnalysis {
  const plain = plainCommandAnalysis(text);
  if (plain) return plain;
  let analysis = analyses.get(text) ?? kept?.get(text);
  if (!analysis) {
    if (!isShellParserLoaded()) throw new GrammarNeeded();
    analysis = shellCommands(text);
    kept?.set(text, analysis);
  }
  if (analyses.size > 1000) analyses.clear();
  analyses.set(text, analysis);
  return analysis;
}

function isRegularFile(file: string): boolean {
  try {
    // No exception for a missing file: most words name none, and this runs before every spawn.
    return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

function inside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** Everything inside the project runs from the repository (its `node_modules` too); outside it, installed packages and the system do not count. */
function countsAsProjectFile(file: string, ctx: CommandContext): boolean {
  if (!inside(ctx.cwd, file) && (file.split(path.sep).includes("node_modules") || isSystemFile(file)))
    return false;
  return isRegularFile(file);
}

/** The interpreter a script's `#!` line names (`node` for `#!/usr/bin/env node`), from its first bytes. */
function interpreterOf(head: string): string | undefined {
  return SHEBANG.exec(head)?.[1];
}

/** The first `MAX_SCRIPT_HEAD` bytes of a regular file (never a read that waits on a FIFO). */
function head(file: string): string {
  const opened = openRegularFile(file, Number.MAX_SAFE_INTEGER);
  if (!opened.ok) return "";
  try {
    const buffer = Buffer.allocUnsafe(Math.min(MAX_SCRIPT_HEAD, opened.stat.size));
    const read = readSync(opened.fd, buffer, 0, buffer.length, 0);
    return buffer.toString("utf8", 0, read);
  } catch {
    return "";
  } finally {
    closeSync(opened.fd);
  }
}

const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh"]);
/**
 * What a script's analysis cannot see that could load a file: a program or code known only at run time
 * (`$S lib.sh` with `S=source`), piped-in code, a redefined builtin, text it could not read whole. Listed.
 */
const HIDES_LOADS = new Set([
  "DYNAMIC_PROGRAM",
  "DYNAMIC_CODE",
  "CODE_FROM_INPUT",
  "REDEFINES",
  "SYNTAX",
  "TOO_LARGE",
  "TOO_DEEP",
  "UNAVAILABLE",
]);
function languageOf(file: string, text: string): string | undefined {
  const ext = path.extname(file).toLowerCase();
  if (JS_EXTENSIONS.test(file)) return "node";
  if (ext === ".sh") return "sh";
  if (ext === ".bash") return "bash";
  if (ext === ".py") return "python";
  const interpreter = interpreterOf(text);
  if (interpreter === undefined) return undefined;
  return JS_INTERPRETERS.has(interpreter) ? "node" : interpreter;
}

/** Placeholders as their values, so `"${CLAUDE_PROJECT_DIR}"/x.sh` reads as the project's file. */
function expandPlaceholders(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (match, braced, bare) => {
    const value = values.get((braced ?? bare) as string);
    return value ?? match;
  });
}

class Reader {
  readonly files = new Set<string>();
  readonly unknowns: string[] = [];
  /** JavaScript the command runs: their imports are added at the end, in one walk. */
  readonly scripts: string[] = [];
  /** Package scripts already read (`<package.json>\0<name>`), and how many were read. */
  readonly #packageScripts = new Set<string>();
  #scriptCount = 0;
  #sourced = 0;
  constructor(
    readonly ctx: CommandContext,
    readonly resolver: Resolver,
  ) {}

  /**
   * `as`: the interpreter that runs it (`node x`), when the command says; `started`: how the command wrote it
   * and the folder it ran in (a shell script's `$0` and where its relative `source`s start).
   */
  file(candidate: string, as?: string, started?: { written: string; dir: string }): void {
    if (this.files.has(candidate) || !countsAsProjectFile(candidate, this.ctx)) return;
    this.files.add(candidate);
    const text = head(candidate);
    const language = as ?? languageOf(candidate, text);
    if (language === undefined) return;
    // A script's helpers run with it: `node guard.mjs` covers the `./lib.mjs` it imports, and what that imports.
    if (JS_INTERPRETERS.has(language) || language === "node") {
      this.scripts.push(candidate);
      return;
    }
    if (language.startsWith("python")) {
      const found = pythonImports(candidate, this.show);
      for (const file of found.files) if (countsAsProjectFile(file, this.ctx)) this.files.add(file);
      for (const unknown of found.unknowns) this.unknown(unknown);
      return;
    }
    if (SHELLS.has(language)) {
      const written = started?.written ?? candidate;
      this.sources(candidate, started?.dir ?? this.ctx.cwd, { zero: written, self: written }, 0);
    }
  }

  readonly show = (file: string) => path.relative(this.ctx.cwd, file).split(path.sep).join("/");

  /** Each `source` / `.` of a shell script, followed into the file and its own (`shell-sources.ts` places them). */
  sources(file: string, dir: string, places: Omit<ScriptPlaces, "text">, depth: number): void {
    const read = readText(file);
    if (!("text" in read)) {
      this.unknown(`\`${this.show(file)}\`: it is ${read.why}; what it sources is not read`);
      return;
    }
    // Every script is read whole, whatever it looks like: `s\\ource`, `$'\\x2e'` or `$S` may be `source`.
    const analysis = analyse(read.text, this.ctx.analyses);
    const where = `\`${this.show(file)}\`: `;
    for (const command of analysis.commands)
      this.sourceCommand(command, dir, { ...places, text: read.text }, depth, where);
    for (const unknown of analysis.unknowns)
      if (HIDES_LOADS.has(unknown.code)) this.unknown(`${where}\`${unknown.text}\`: ${unknown.reason}`);
  }

  /**
   * `source f` / `. f`: the file is fingerprinted (missing too: creating it would run new code) and read for
   * its own sources; an operand known only at run time is listed. `where` names the script it is in.
   */
  sourceCommand(
    command: ShellCommand,
    start: string,
    places: ScriptPlaces,
    depth: number,
    where = "",
  ): boolean {
    if (command.program !== "source" && command.program !== ".") return false;
    const operand = command.args[0];
    if (operand === undefined) return true;
    const shown = `${where}\`${command.written}\``;
    if (command.cwd === null) {
      this.unknown(`${shown}: it runs in a folder known only at run time`);
      return true;
    }
    const written = operand.literal ? operand.value : sourcedPath(operand.value, places);
    if (written === undefined) {
      this.unknown(`${shown}: it sources a file named only at run time, which is not fingerprinted`);
      return true;
    }
    const dir = path.resolve(start, command.cwd);
    const target = path.resolve(
      dir,
      written.startsWith("~/") ? path.join(this.ctx.home, written.slice(2)) : written,
    );
    if (this.files.has(target)) return true;
    if (
      !inside(this.ctx.cwd, target) &&
      (target.split(path.sep).includes("node_modules") || isSystemFile(target))
    )
      return true;
    if (depth >= MAX_DEPTH || ++this.#sourced > MAX_SCRIPTS) {
      this.unknown(
        `${shown}: sourced files nest deeper than ${MAX_DEPTH} levels or number more than ${MAX_SCRIPTS}; the rest are not read`,
      );
      return true;
    }
    this.files.add(target);
    if (isRegularFile(target))
      this.sources(
        target,
        dir,
        { ...(places.zero !== undefined ? { zero: places.zero } : {}), self: written },
        depth + 1,
      );
    else if (existsSync(target))
      this.unknown(`${shown}: it is not a regular file; what it holds at run time is not fingerprinted`);
    return true;
  }

  /** The imports of every JavaScript script found, walked once. */
  finish(): void {
    const found = moduleImports(
      this.scripts,
      this.ctx.cwd,
      this.resolver,
      (file) => path.relative(this.ctx.cwd, file),
      this.ctx.imports,
    );
    for (const file of found.files) this.files.add(file);
    for (const unknown of found.unknowns) this.unknown(unknown);
  }

  unknown(text: string): void {
    if (!this.unknowns.includes(text)) this.unknowns.push(text);
  }

  /** Every file the words may name, from the folder the command runs in. */
  word(word: ShellWord, dir: string): void {
    if (word.literal) {
      const value = word.value.startsWith("~/") ? path.join(this.ctx.home, word.value.slice(2)) : word.value;
      // `--config=./x.json` names a file too.
      const equals = value.startsWith("-") ? value.indexOf("=") : -1;
      const named = equals >= 0 ? value.slice(equals + 1) : value;
      if (named !== "" && !named.startsWith("-"))
        this.file(path.resolve(dir, named), undefined, { written: named, dir });
      return;
    }
    // A glob and nothing else run-time: what it matches now is what it names.
    if (word.glob && !/[$`]/.test(word.value)) {
      const absolute = path.resolve(dir, word.value);
      // A tree outside the project is not walked: the repository could name all of `/`.
      if (!inside(this.ctx.cwd, absolute)) {
        this.unknown(
          `\`${word.value}\`: a glob outside the project is not expanded; what it matches is not fingerprinted`,
        );
        return;
      }
      const files = expandGlob(absolute, dir);
      if (files.length > MAX_GLOB_FILES)
        this.unknown(
          `\`${word.value}\`: matches more than ${MAX_GLOB_FILES} files; the rest are not fingerprinted`,
        );
      for (const file of files.slice(0, MAX_GLOB_FILES)) this.file(file, undefined, { written: file, dir });
    }
  }

  command(command: ShellCommand, start: string, depth: number): void {
    if (command.cwd === null) {
      this.unknown(`\`${command.written}\`: it runs in a folder known only at run time`);
      return;
    }
    const dir = path.resolve(start, command.cwd);
    if (command.path.includes("/"))
      this.word({ value: command.path, literal: true, glob: false, shape: command.path }, dir);
    const program = command.program;
    if (!NAMES_ONLY.has(program)) for (const arg of command.args) this.word(arg, dir);
    if (
      DOWNLOADERS.has(program) ||
      ((program === "pnpm" || program === "yarn") && command.args[0]?.value === "dlx")
    ) {
      this.unknown(`\`${command.written}\`: \`${program}\` may download and run a package`);
      return;
    }
    if (isPackageRunner(program)) this.packageScript(command, dir, depth);
    else if (program === "make" || program === "gmake") this.makefile(command, dir);
    else if (INTERPRETERS.has(program)) {
      const operand = command.args.find((arg) => !arg.value.startsWith("-"));
      if (operand && !operand.literal && !operand.glob) {
        this.unknown(`\`${command.written}\`: \`${program}\` runs a script named only at run time`);
      } else if (operand?.literal) {
        // `node guard` runs `guard` as JavaScript whatever its name; `python3 x` as Python.
        const language = JS_INTERPRETERS.has(program) ? "node" : program;
        const file = path.resolve(dir, operand.value);
        this.files.delete(file);
        this.file(file, language, { written: operand.value, dir });
      }
    } else if (SHELLS.has(program) && !command.args.some((arg) => /^-\w*c/.test(arg.value))) {
      // `bash tools/guard` reads `guard` as shell whatever its name (`-c` code is read by the analysis itself).
      const operand = command.args.find((arg) => !arg.value.startsWith("-") && !arg.value.startsWith("+"));
      if (operand?.literal) {
        const file = path.resolve(dir, operand.value);
        this.files.delete(file);
        this.file(file, program, { written: operand.value, dir });
      }
    }
  }

  /**
   * `npm run lint`, `pnpm lint`, `yarn -s run test`: package.json (and its lockfile) and the script's own
   * commands, the script found with the runner's option table (`package-runners.ts`).
   */
  packageScript(command: ShellCommand, dir: string, depth: number): void {
    // A word known only at run time could be an option, its value or the script: nothing is placed after it.
    const known: string[] = [];
    for (const arg of command.args) {
      if (!arg.literal) break;
      known.push(arg.value);
    }
    const script = runnerScript(command.program, known);
    const folder = script.folder === undefined ? dir : path.resolve(dir, script.folder);
    if (script.unknown) this.unknown(`\`${command.written}\`: ${script.unknown}`);
    else if (script.name === undefined && known.length < command.args.length)
      this.unknown(`\`${command.written}\`: the script it runs is named only at run time`);
    // Unplaced, every word that may be the script is read as one: listed and still covered as far as it goes.
    const names =
      script.name !== undefined
        ? [script.name]
        : script.unknown
          ? known.filter((word) => !word.startsWith("-"))
          : [];
    const found = findUp(folder, "package.json");
    if (!found) return;
    this.file(found);
    for (const lock of LOCKFILES) this.file(path.join(path.dirname(found), lock));
    if (names.length === 0) return;
    const read = readRegularFile(found, MAX_PACKAGE_JSON_BYTES);
    let scripts: Record<string, unknown> = {};
    try {
      if (read.ok)
        scripts =
          (JSON.parse(read.data.toString("utf8")) as { scripts?: Record<string, unknown> }).scripts ?? {};
    } catch {
      this.unknown(`\`${command.written}\`: ${found} is not valid JSON`);
      return;
    }
    for (const script of names.flatMap((name) => [`pre${name}`, name, `post${name}`])) {
      const text = Object.hasOwn(scripts, script) ? scripts[script] : undefined;
      if (typeof text !== "string") continue;
      // Each script once: scripts that run each other several times would otherwise be read exponentially often.
      const key = `${found}\0${script}`;
      if (this.#packageScripts.has(key)) continue;
      this.#packageScripts.add(key);
      if (depth >= MAX_DEPTH || ++this.#scriptCount > MAX_SCRIPTS) {
        this.unknown(
          `\`${command.written}\`: package scripts nest deeper than ${MAX_DEPTH} levels or number more than ${MAX_SCRIPTS}; the rest are not read`,
        );
        return;
      }
      this.shell(text, path.dirname(found), depth + 1);
    }
  }

  makefile(command: ShellCommand, dir: string): void {
    let folder = dir;
    const args = command.args;
    let named = false;
    for (let i = 0; i < args.length; i++) {
      const value = args[i]!.value;
      if (value === "-C" || value === "--directory") folder = path.resolve(folder, args[++i]?.value ?? ".");
      else if (value === "-f" || value === "--file" || value === "--makefile") {
        named = true;
        this.file(path.resolve(folder, args[++i]?.value ?? ""));
      }
    }
    if (!named) for (const name of MAKEFILES) this.file(path.join(folder, name));
  }

  shell(text: string, start: string, depth: number): void {
    const analysis = analyse(text, this.ctx.analyses);
    for (const command of analysis.commands) {
      // On a command line `$0` is the shell, not a script: only `${BASH_SOURCE}` of a sourced file is placed.
      if (this.sourceCommand(command, start, { self: "", text }, depth)) continue;
      this.command(command, start, depth);
    }
    for (const unknown of analysis.unknowns) {
      // Code on the command line is in the fingerprinted settings file itself; `source` is followed above.
      if (unknown.code === "INLINE_CODE" || unknown.code === "SOURCE") continue;
      this.unknown(`\`${unknown.text}\`: ${unknown.reason}`);
    }
  }
}

function findUp(dir: string, name: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, name);
    if (isRegularFile(candidate)) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}

/** Bash's reading of a glob: matches now, hidden files only when the pattern says so; none → nothing. */
function expandGlob(pattern: string, dir: string): string[] {
  const absolute = path.resolve(dir, pattern);
  const parts = absolute.split("/");
  const firstGlob = parts.findIndex((part) => /[*?[{]/.test(part));
  if (firstGlob <= 0) return [];
  const base = parts.slice(0, firstGlob).join("/") || "/";
  try {
    return tinyglobby()
      .globSync(parts.slice(firstGlob).join("/"), {
        cwd: base,
        absolute: true,
        onlyFiles: true,
        dot: false,
        expandDirectories: false,
        followSymbolicLinks: false,
        deep: MAX_GLOB_DEPTH,
      })
      .map((file) => path.normalize(file));
  } catch {
    return [];
  }
}

/**
 * The files a settings command runs: shell form read by the bash grammar (`sh -c`, `cd X && ./y`, globs,
 * `npm|pnpm|yarn|bun run` → package.json scripts, `make` → the makefile), exec form as the program and
 * its arguments. Requires `loadShellParser()` to have resolved.
 */
export function commandFiles(
  config: CommandHandlerConfig,
  ctx: CommandContext,
  resolver: Resolver = new Resolver(),
): CommandFiles {
  const reader = new Reader(ctx, resolver);
  const shell = config.shell ?? "sh";
  if (Array.isArray(config.args)) {
    const words = [config.command, ...config.args].map((word) => expandPlaceholders(word, ctx.placeholders));
    reader.shell(shellQuote().quote(words), ctx.cwd, 0);
  } else if (shell !== "sh" && shell !== "bash") {
    reader.unknown(
      `\`${config.command}\`: it runs through \`${shell}\`, whose language hookwire does not read`,
    );
  } else {
    reader.shell(expandPlaceholders(config.command, ctx.placeholders), ctx.cwd, 0);
  }
  reader.finish();
  return { files: [...reader.files].sort(), unknowns: reader.unknowns };
}
