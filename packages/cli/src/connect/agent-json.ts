// An agent's JSON settings file read as that agent reads it: comments only where it allows them, and duplicate keys
// refused (every agent keeps the last one, while an edit lands on the first): connect never reports ✔ on a file the
// agent would ignore or read differently.
import type { AgentSpec } from "@hookwire/settings-hooks/agents";
import { type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import { CliUsageError } from "../errors.js";

const lineOf = (text: string, offset: number) => text.slice(0, offset).split("\n").length;

const REASONS: Partial<Record<string, string>> = {
  InvalidCommentToken: "a comment",
  InvalidSymbol: "a character JSON does not allow",
  ValueExpected: "a value missing (a trailing comma?)",
  PropertyNameExpected: "a property name missing (a trailing comma?)",
};

/** The first key of an object written twice, with both lines, anywhere in the tree. */
function duplicateKey(
  node: Node | undefined,
  text: string,
): { key: string; first: number; again: number } | undefined {
  if (!node) return undefined;
  if (node.type === "object") {
    const seen = new Map<string, number>();
    for (const property of node.children ?? []) {
      const name = property.children?.[0];
      if (!name) continue;
      const key = String(name.value);
      const first = seen.get(key);
      if (first !== undefined) return { key, first: lineOf(text, first), again: lineOf(text, name.offset) };
      seen.set(key, name.offset);
    }
  }
  for (const child of node.children ?? []) {
    const found = duplicateKey(child, text);
    if (found) return found;
  }
  return undefined;
}

/**
 * Throws a usage error naming `file:line` when `agent` would not read `text` as hookwire reads it: a syntax it
 * does not accept (Claude Code ignores a settings file holding a comment; Gemini CLI and opencode accept comments),
 * or a key written twice. Empty text is an empty file (connect writes it whole).
 */
export function checkAsAgent(text: string, file: string, agent: AgentSpec): void {
  if (text.trim() === "") return;
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, {
    disallowComments: !agent.json.comments,
    allowTrailingComma: agent.json.trailingCommas === true,
  });
  const first = errors[0];
  if (first) {
    const code = printParseErrorCode(first.error);
    const column = first.offset - text.lastIndexOf("\n", first.offset - 1);
    throw new CliUsageError(
      `${file}:${lineOf(text, first.offset)}:${column}: ${agent.label} cannot read this file (${REASONS[code] ?? code}), and an agent ignores a settings file it cannot parse: hookwire would not run there.`,
      {
        details:
          code === "InvalidCommentToken"
            ? `${agent.label} reads plain JSON: remove the comment, then connect again.`
            : "Fix the JSON, then connect again.",
      },
    );
  }
  if (tree?.type !== "object") throw new CliUsageError(`${file} must hold a JSON object at the top level.`);
  const twice = duplicateKey(tree, text);
  if (twice) {
    throw new CliUsageError(
      `${file}:${twice.again}: "${twice.key}" is written twice (also line ${twice.first}); ${agent.label} keeps the last one, so an edit of the first would not run.`,
      { details: "Keep one of them, then connect again." },
    );
  }
}
