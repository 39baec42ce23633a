// The code a shell (`bash -c`, `sh <<EOF`) or an interpreter (`python -`, `node -e`) runs, as far as it can be read.
import { shorten, unknown } from "./analysis.js";
import type { CodeReader } from "./evaluate.js";
import type { ProgramSpec } from "./programs.js";
import type { Scope } from "./scope.js";
import { setOption, shoptOption } from "./shell-options.js";
import type { ShellWord } from "./words.js";

/** Paths that are the command's own standard input. */
const STDIN = /^(?:\/dev\/stdin|\/dev\/fd\/0|\/proc\/(?:self|thread-self|[0-9]+)\/fd\/0)$/;
/** Paths that are another descriptor or a pipe: input known only at run time. */
const DESCRIPTOR = /^(?:\/dev\/fd\/[0-9]+|\/proc\/(?:self|thread-self|[0-9]+)\/fd\/[0-9]+)$/;

/** How a program would read a script path: its standard input, input known only at run time, or a file. */
export function scriptSource(word: ShellWord): "stdin" | "runtime" | "file" {
  if (!word.literal) return "runtime";
  if (word.value === "-" || STDIN.test(word.value)) return "stdin";
  return DESCRIPTOR.test(word.value) ? "runtime" : "file";
}

/** `bash …`, `sh …`: the code it runs from `-c`, its script operand, its rc file, or standard input. */
export function shellCode(
  reader: CodeReader,
  program: string,
  args: readonly ShellWord[],
  scope: Scope,
): void {
  let i = 0;
  let inline = false;
  let readsStdin = false;
  for (; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.literal) break;
    const value = arg.value;
    if (value === "--" || value === "-") {
      i++;
      break;
    }
    if (!/^[-+]/.test(value) || value.length < 2) break;
    if (value.startsWith("--")) {
      if (value === "--rcfile" || value === "--init-file") {
        const rc = args[++i];
        if (rc) sourced(reader, `${program} ${value}`, rc, scope);
      }
      continue;
    }
    const letters = value.slice(1);
    const on = value.startsWith("-");
    if (letters.includes("c")) inline = true;
    if (letters.includes("s")) readsStdin = true;
    // `-H` turns history expansion on, and so does `-i`: an interactive shell expands `!` in its `-c` string too.
    if (on && /[Hi]/.test(letters)) setOption(reader, `${program} ${value}`, "histexpand", scope);
    // `-o name` / `-O name` take the next word.
    for (const letter of letters) {
      if (letter !== "o" && letter !== "O") continue;
      const name = args[++i];
      const label = `${program} -${letter} ${name?.value ?? ""}`;
      if (!name?.literal) continue;
      if (on && letter === "o") setOption(reader, label, name.value, scope);
      if (letter === "O") shoptOption(reader, label, name.value, scope);
    }
  }
  const operand = args[i];
  const label = `${program} -c`;
  if (inline) {
    if (operand) reader.evaluator.codeWord(operand, label, scope, "new");
    return;
  }
  if (operand && !readsStdin) {
    script(reader, program, operand, scope, "shell");
    return;
  }
  codeFromStdin(reader, program, scope, "shell");
}

/** A file a shell sources before it reads its code (`--rcfile`, `BASH_ENV`, `ENV`). */
export function sourced(reader: CodeReader, label: string, path: ShellWord, scope: Scope): void {
  const from = scriptSource(path);
  unknown(
    reader.analysis,
    scope,
    from === "file" ? "SOURCE" : "CODE_FROM_INPUT",
    `${label} ${path.value}`,
    from === "file"
      ? `\`${label}\` runs the commands of \`${shorten(path.value)}\`, which a check of the command line cannot see`
      : `\`${label}\` runs \`${shorten(path.value)}\`, input known only at run time`,
  );
}

/** A script operand: standard input, input known only at run time, or a file that is run (not an unknown). */
function script(
  reader: CodeReader,
  program: string,
  operand: ShellWord,
  scope: Scope,
  language: "shell" | "other",
): void {
  const from = scriptSource(operand);
  if (from === "stdin") codeFromStdin(reader, program, scope, language);
  else if (from === "runtime") {
    unknown(
      reader.analysis,
      scope,
      "CODE_FROM_INPUT",
      operand.value,
      `\`${program}\` runs the script \`${shorten(operand.value)}\`, known only at run time`,
    );
  }
}

/**
 * A shell or interpreter reading its program from standard input. A shell's here-doc or here-string code is read
 * as bash; another language's is code a shell check cannot read; a pipe or run-time input is unknown.
 */
export function codeFromStdin(
  reader: CodeReader,
  program: string,
  scope: Scope,
  language: "shell" | "other",
): void {
  const stdin = scope.stdin;
  if (!stdin || stdin.kind === "file") return;
  if (stdin.kind === "code" && language === "shell") {
    reader.evaluator.code(stdin.text, `${program} ${stdin.via}`, scope, "new");
    return;
  }
  const [code, text, reason] =
    stdin.kind === "code"
      ? ([
          "INLINE_CODE",
          stdin.text,
          `\`${program} ${stdin.via}\` runs code in its own language, which a shell check cannot read`,
        ] as const)
      : stdin.kind === "pipe"
        ? (["CODE_FROM_INPUT", `… | ${program}`, `\`${program}\` runs whatever is piped into it`] as const)
        : (["CODE_FROM_INPUT", stdin.text, `\`${program}\` runs input known only at run time`] as const);
  unknown(reader.analysis, scope, code, text, reason);
}

/** `python`, `node`, …: inline code (`-c`, `-e`) is an unknown; `-`, `/dev/stdin` or no script reads standard input. */
export function interpreterCode(
  reader: CodeReader,
  spec: Extract<ProgramSpec, { kind: "interpreter" }>,
  program: string,
  args: readonly ShellWord[],
  scope: Scope,
): void {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.literal) break;
    if (spec.inline.test(arg.value)) {
      unknown(
        reader.analysis,
        scope,
        "INLINE_CODE",
        [program, ...args.map((a) => a.value)].join(" "),
        `\`${program} ${arg.value}\` runs code given on the command line, which a shell check cannot read`,
      );
      return;
    }
    if (!arg.value.startsWith("-") || arg.value === "-") {
      script(reader, program, arg, scope, "other");
      return;
    }
    if (spec.valueOptions?.test(arg.value)) i++;
  }
  codeFromStdin(reader, program, scope, "other");
}
