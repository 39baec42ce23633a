// hookwire's entries added to and removed from an agent's JSON settings with jsonc-parser: the rest stays as written.

import { type DialectId, isConnectionEntry, parseHookwireCommand } from "@hookwire/settings-hooks";
import {
  applyEdits,
  type FormattingOptions,
  findNodeAtLocation,
  getNodeValue,
  type JSONPath,
  modify,
  type Node,
  type ParseError,
  parseTree,
  printParseErrorCode,
} from "jsonc-parser";

export type Layout = "groups" | "flat";

/** One event's entry: the handler object as the agent reads it. */
export interface Entry {
  event: string;
  handler: Record<string, unknown>;
}

/** The tree of `text`, or an error that says where it stops being JSON. */
export function parseSettings(text: string, file: string): Node | undefined {
  if (text.trim() === "") return undefined;
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first) {
    const before = text.slice(0, first.offset);
    const line = before.split("\n").length;
    const column = before.length - before.lastIndexOf("\n");
    throw new Error(
      `${file} is not valid JSON (${printParseErrorCode(first.error)} at line ${line}, column ${column}); fix it, then connect again.`,
    );
  }
  if (tree?.type !== "object") throw new Error(`${file} must hold a JSON object at the top level.`);
  return tree;
}

/** The file's own indentation and line ends, so inserted lines look like the rest. */
function formatting(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? "  ";
  return {
    insertSpaces: !indent.includes("\t"),
    tabSize: indent.includes("\t") ? 1 : indent.length,
    eol: text.includes("\r\n") ? "\r\n" : "\n",
  };
}

function edit(text: string, path: JSONPath, value: unknown): string {
  return applyEdits(text, modify(text, path, value, { formattingOptions: formatting(text) }));
}

const nodeValue = (node: Node | undefined): unknown => (node ? getNodeValue(node) : undefined);

/** Whether a handler as written is a connection entry of `agent`. */
function isOwn(handler: unknown, agent: DialectId): boolean {
  if (!isConnectionEntry(handler)) return false;
  const { command, bash } = handler as { command?: string; bash?: string };
  return parseHookwireCommand(command ?? bash ?? "")?.agent === agent;
}

/** `agent`'s entries in the file, by event, in file order: what is there now. */
export function entriesIn(text: string, layout: Layout, agent: DialectId, hooksKey = "hooks"): Entry[] {
  const hooks = nodeValue(findNodeAtLocation(parseSettings(text, "") ?? ({} as Node), [hooksKey]));
  if (typeof hooks !== "object" || hooks === null || Array.isArray(hooks)) return [];
  const found: Entry[] = [];
  for (const [event, list] of Object.entries(hooks)) {
    if (!Array.isArray(list)) continue;
    const handlers =
      layout === "flat" ? list : list.flatMap((group) => (Array.isArray(group?.hooks) ? group.hooks : []));
    for (const handler of handlers) if (isOwn(handler, agent)) found.push({ event, handler });
  }
  return found;
}

/** The text with each entry appended to its event (a matcher group of its own, or a flat file's handler). */
export function addEntries(
  text: string,
  layout: Layout,
  entries: readonly Entry[],
  hooksKey = "hooks",
): string {
  let out = text;
  for (const { event, handler } of entries) {
    out = edit(out, [hooksKey, event, -1], layout === "flat" ? handler : { hooks: [handler] });
  }
  return out;
}

/**
 * The text without `agent`'s entries. A group, event or hooks block left empty by their removal goes with
 * them; one the user left empty stays.
 */
export function removeEntries(text: string, layout: Layout, agent: DialectId, hooksKey = "hooks"): string {
  let out = text;
  const tree = () => parseSettings(out, "") as Node;
  const hooksNode = findNodeAtLocation(tree(), [hooksKey]);
  if (hooksNode?.type !== "object") return out;
  const events = (hooksNode.children ?? []).map((property) => String(property.children?.[0]?.value));
  let removedAny = false;
  for (const event of events) {
    const list = nodeValue(findNodeAtLocation(tree(), [hooksKey, event]));
    if (!Array.isArray(list) || list.length === 0) continue;
    let removed = 0;
    for (let i = list.length - 1; i >= 0; i--) {
      if (layout === "flat") {
        if (isOwn(list[i], agent)) {
          out = edit(out, [hooksKey, event, i], undefined);
          removed++;
        }
        continue;
      }
      const handlers = list[i]?.hooks;
      if (!Array.isArray(handlers) || handlers.length === 0) continue;
      const own = handlers.map((handler) => isOwn(handler, agent));
      if (own.every(Boolean)) {
        out = edit(out, [hooksKey, event, i], undefined);
        removed++;
        continue;
      }
      for (let h = handlers.length - 1; h >= 0; h--)
        if (own[h]) out = edit(out, [hooksKey, event, i, "hooks", h], undefined);
    }
    if (removed > 0) removedAny = true;
    if (removed > 0 && removed === list.length) out = edit(out, [hooksKey, event], undefined);
  }
  const after = findNodeAtLocation(tree(), [hooksKey]);
  if (removedAny && after?.type === "object" && (after.children ?? []).length === 0)
    out = edit(out, [hooksKey], undefined);
  return out;
}

/** The parsed value of a whole file's text (comments allowed), for comparing what it says. */
export function settingsValue(text: string): unknown {
  return nodeValue(parseSettings(text, ""));
}
