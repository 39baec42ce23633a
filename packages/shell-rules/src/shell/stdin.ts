// What a redirect feeds to a command's standard input (here-doc, here-string, `< file`): it decides what a shell reads.

import type { SyntaxNode } from "./grammar.js";
import type { Stdin } from "./scope.js";
import { resolveWord } from "./words.js";

/** Paths that are the shell's own standard input again: `< /dev/stdin` changes nothing. */
const OWN_STDIN = /^(?:\/dev\/stdin|\/dev\/fd\/0|\/proc\/(?:self|thread-self|[0-9]+)\/fd\/0)$/;

/** What a redirect feeds to standard input: a here-doc, a here-string, `< file`, or `"inherit"` for `< /dev/stdin`. */
export function redirectedInput(redirect: SyntaxNode): Stdin | "inherit" | undefined {
  if (redirect.type === "heredoc_redirect") return hereDoc(redirect);
  if (redirect.type === "herestring_redirect") return hereString(redirect);
  if (redirect.type !== "file_redirect") return undefined;
  const descriptor = redirect.children.find((child) => child.type === "file_descriptor");
  const operator = redirect.children.find((child) => !child.isNamed);
  if (operator?.text !== "<" || (descriptor && descriptor.text !== "0")) return undefined;
  const target = redirect.childForField("destination") ?? redirect.namedChildren.at(-1);
  if (!target) return undefined;
  const word = resolveWord(target);
  if (word.literal && OWN_STDIN.test(word.value)) return "inherit";
  // A named file is a script like `bash file`; a substitution (`< <(curl …)`) is code known only at run time.
  return word.literal ? { kind: "file", text: word.value } : { kind: "runtime", text: target.text };
}

/** A redirect of another descriptor than standard input (`3<<<x`) feeds no program's input. */
function otherDescriptor(redirect: SyntaxNode): boolean {
  const descriptor = redirect.children.find((child) => child.type === "file_descriptor");
  return descriptor !== undefined && descriptor.text !== "0";
}

function hereDoc(redirect: SyntaxNode): Stdin | undefined {
  if (otherDescriptor(redirect)) return undefined;
  const start = redirect.namedChildren.find((child) => child.type === "heredoc_start");
  const end = redirect.namedChildren.find((child) => child.type === "heredoc_end");
  if (!start) return undefined;
  // The body is everything between the start line and the end marker. It is cut from the text rather than taken
  // from the body node: the grammar reads a body that starts with a backslash as a word of its own.
  const first = redirect.namedChildren.find((child) => child !== start && child.startIndex >= start.endIndex);
  let text = redirect.slice(first?.startIndex ?? start.endIndex, end?.startIndex ?? redirect.endIndex);
  if (text.startsWith("\n")) text = text.slice(1);
  const quoted = /['"\\]/.test(start.text);
  if (!quoted && /[$`]/.test(text)) return { kind: "runtime", text };
  return { kind: "code", text, via: `<<${start.text}` };
}

function hereString(redirect: SyntaxNode): Stdin | undefined {
  if (otherDescriptor(redirect)) return undefined;
  const word = redirect.namedChildren.find((child) => child.type !== "file_descriptor");
  if (!word) return undefined;
  const resolved = resolveWord(word);
  return resolved.literal
    ? { kind: "code", text: resolved.value, via: "<<<" }
    : { kind: "runtime", text: word.text };
}
