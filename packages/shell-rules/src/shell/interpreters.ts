// The code a shell (`bash -c`, `sh <<EOF`) or an interpreter (`python -`, `node -e`) runs, as far as it can be read.
import { type Scope, type ShellAnalysis, shorten, unknown } from "./analysis.js";
import type { ProgramSpec } from "./programs.js";
import type { ShellWord } from "./words.js";

/** What these readers need from the unwrapper: the analysis they add to, and a way to read code as bash. */
export interface CodeReader {
  readonly analysis: ShellAnalysis;
  code(text: string, label: string, scope: Scope): void;
}

/** Code one word holds (`bash -c CODE`, `eval CODE`, `flock -c CODE`): read as bash, or an unknown when it is known only at run time. */
export function codeWord(reader: CodeReader, word: ShellWord, label: string, scope: Scope): void {
  if (word.literal) reader.code(word.value, label, scope);
  else {
    unknown(
      reader.analysis,
      scope,
      "DYNAMIC_CODE",
      word.value,
      `\`${label}\` runs code known only at run time`,
    );
  }
}

/** `bash …`, `sh …`: the code it runs from `-c`, its script operand, or standard input. */
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
      if (value === "--rcfile" || value === "--init-file") i++;
      continue;
    }
    const letters = value.slice(1);
    if (letters.includes("c")) inline = true;
    if (letters.includes("s")) readsStdin = true;
    // `-o name` / `-O name` take the next word.
    for (const letter of letters) if (letter === "o" || letter === "O") i++;
  }
  const operand = args[i];
  const label = `${program} -c`;
  if (inline) {
    if (operand) codeWord(reader, operand, label, scope);
    return;
  }
  if (operand && !readsStdin) {
    if (!operand.literal) {
      unknown(
        reader.analysis,
        scope,
        "CODE_FROM_INPUT",
        operand.value,
        `\`${program}\` runs the script \`${shorten(operand.value)}\`, known only at run time`,
      );
    }
    return;
  }
  codeFromStdin(reader, program, scope);
}

/** A shell or interpreter reading its program from standard input: here-doc code is read, a pipe is unknown. */
export function codeFromStdin(reader: CodeReader, program: string, scope: Scope): void {
  const stdin = scope.stdin;
  if (stdin?.kind === "code") {
    reader.code(stdin.text, `${program} ${stdin.via}`, scope);
  } else if (stdin && stdin.kind !== "file") {
    unknown(
      reader.analysis,
      scope,
      "CODE_FROM_INPUT",
      stdin.kind === "pipe" ? `… | ${program}` : stdin.text,
      stdin.kind === "pipe"
        ? `\`${program}\` runs whatever is piped into it`
        : `\`${program}\` runs input known only at run time`,
    );
  }
}

/** `python`, `node`, …: inline code (`-c`, `-e`) is an unknown; `-` or no script reads standard input. */
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
      if (arg.value === "-") codeFromStdin(reader, program, scope);
      return;
    }
    if (spec.valueOptions?.test(arg.value)) i++;
  }
  codeFromStdin(reader, program, scope);
}
