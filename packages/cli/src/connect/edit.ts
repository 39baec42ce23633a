// hookwire's entries added to and removed from an agent's JSON settings with jsonc-parser: the rest stays as written.
import type { DialectId } from "@hookwire/settings-hooks";
import { tooling } from "@hookwire/settings-hooks";
import {
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

const { parseConnectionEntry } = tooling;

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

/**
 * The text with `value` inserted at `path` (a new property, or `-1`: appended to an array). jsonc-parser
 * finds where it goes and its commas; it starts a line of its own, indented for its depth, so every byte
 * the user wrote stays where it was (jsonc's own formatting would reflow the user's line it lands on).
 */
function insert(text: string, path: JSONPath, value: unknown): string {
  // A missing parent is inserted whole, holding the value: the insertion below is always of what it is given.
  const tree = parseTree(text);
  for (let depth = 1; depth < path.length; depth++) {
    if (tree && findNodeAtLocation(tree, path.slice(0, depth))) continue;
    return insert(text, path.slice(0, depth), wrap(path.slice(depth), value));
  }
  const [change] = modify(text, path, value, {});
  if (!change) return text;
  if (change.length !== 0)
    throw new Error(`hookwire would overwrite ${path.join(".")} instead of adding to it.`);
  const options = formatting(text);
  const eol = options.eol ?? "\n";
  const unit = options.insertSpaces ? " ".repeat(options.tabSize ?? 2) : "\t";
  const indent = unit.repeat(path.length);
  const last = path.at(-1);
  const pretty = JSON.stringify(value, null, unit).replaceAll("\n", `${eol}${indent}`);
  const item = typeof last === "string" ? `${JSON.stringify(last)}: ${pretty}` : pretty;
  const leading = change.content.startsWith(",") ? "," : "";
  const trailing = !leading && change.content.endsWith(",") ? "," : "";
  // Into an empty `{}` or `[]`: its closing bracket goes on a line of its own too.
  const empty = !leading && !trailing ? `${eol}${unit.repeat(path.length - 1)}` : "";
  const content = `${leading}${eol}${indent}${item}${trailing}${empty}`;
  return text.slice(0, change.offset) + content + text.slice(change.offset);
}

/**
 * The text without the property or array item at `path`, and the comma and space that joined it to its
 * neighbour: the exact reverse of `insert`.
 */
function removeAt(text: string, path: JSONPath): string {
  const tree = parseTree(text);
  const value = tree ? findNodeAtLocation(tree, path) : undefined;
  if (!value) return text;
  const item = value.parent?.type === "property" ? value.parent : value;
  const siblings = item.parent?.children ?? [item];
  const index = siblings.indexOf(item);
  const before = siblings[index - 1];
  const after = siblings[index + 1];
  const [start, end] = before
    ? [before.offset + before.length, item.offset + item.length]
    : after
      ? [item.offset, after.offset]
      : [item.offset, item.offset + item.length];
  return text.slice(0, start) + text.slice(end);
}

/** `value` inside the containers `path` names (`[-1]` → an array of it, `["k"]` → `{k: …}`). */
function wrap(path: JSONPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const [first, ...rest] = path;
  return typeof first === "number" ? [wrap(rest, value)] : { [first as string]: wrap(rest, value) };
}

const nodeValue = (node: Node | undefined): unknown => (node ? getNodeValue(node) : undefined);

/** Whether a handler as written is a connection entry of `agent`. */
function isOwn(handler: unknown, agent: DialectId): boolean {
  return parseConnectionEntry(handler)?.agent === agent;
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
    out = insert(out, [hooksKey, event, -1], layout === "flat" ? handler : { hooks: [handler] });
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
          out = removeAt(out, [hooksKey, event, i]);
          removed++;
        }
        continue;
      }
      const handlers = list[i]?.hooks;
      if (!Array.isArray(handlers) || handlers.length === 0) continue;
      const own = handlers.map((handler) => isOwn(handler, agent));
      if (own.every(Boolean)) {
        out = removeAt(out, [hooksKey, event, i]);
        removed++;
        continue;
      }
      for (let h = handlers.length - 1; h >= 0; h--)
        if (own[h]) out = removeAt(out, [hooksKey, event, i, "hooks", h]);
    }
    if (removed > 0) removedAny = true;
    if (removed > 0 && removed === list.length) out = removeAt(out, [hooksKey, event]);
  }
  const after = findNodeAtLocation(tree(), [hooksKey]);
  if (removedAny && after?.type === "object" && (after.children ?? []).length === 0)
    out = removeAt(out, [hooksKey]);
  return out;
}

/** The parsed value of a whole file's text (comments allowed), for comparing what it says. */
export function settingsValue(text: string): unknown {
  return nodeValue(parseSettings(text, ""));
}

/** The items of the top-level list `key` that `isOwn` recognises: hookwire's package in an agent's list. */
export function listItemsIn(text: string, key: string, isOwn: (item: unknown) => boolean): unknown[] {
  const list = nodeValue(findNodeAtLocation(parseSettings(text, "") ?? ({} as Node), [key]));
  return Array.isArray(list) ? list.filter(isOwn) : [];
}

/** The text with `item` appended to the top-level list `key` (created when missing). */
export function addListItem(text: string, key: string, item: unknown): string {
  const tree = parseSettings(text, "");
  const list = tree ? findNodeAtLocation(tree, [key]) : undefined;
  if (list && list.type !== "array") throw new Error(`"${key}" is not a list; fix it, then connect again.`);
  return insert(text, [key, -1], item);
}

/** The text without the items of list `key` that `isOwn` recognises; a list left empty by that goes too. */
export function removeListItems(text: string, key: string, isOwn: (item: unknown) => boolean): string {
  let out = text;
  const list = () => nodeValue(findNodeAtLocation(parseSettings(out, "") as Node, [key]));
  const before = list();
  if (!Array.isArray(before) || !before.some(isOwn)) return out;
  for (let i = before.length - 1; i >= 0; i--) if (isOwn(before[i])) out = removeAt(out, [key, i]);
  const after = list();
  if (Array.isArray(after) && after.length === 0) out = removeAt(out, [key]);
  return out;
}

/** The value of `key` in the top-level object `object` (`env.HOOKWIRE_TOKEN`), `undefined` when there is none. */
export function objectValueIn(text: string, object: string, key: string): unknown {
  const tree = parseSettings(text, "");
  return tree ? nodeValue(findNodeAtLocation(tree, [object, key])) : undefined;
}

/** The text with `object.key` set to `value` (the object created when missing; a value there replaced). */
export function setObjectValue(text: string, object: string, key: string, value: unknown): string {
  const tree = parseSettings(text, "");
  const parent = tree ? findNodeAtLocation(tree, [object]) : undefined;
  if (parent && parent.type !== "object")
    throw new Error(`"${object}" is not an object; fix it, then connect again.`);
  return insert(removeObjectValue(text, object, key, false), [object, key], value);
}

/** The text without `object.key`; the object goes too when that leaves it empty (`dropEmpty`). */
export function removeObjectValue(text: string, object: string, key: string, dropEmpty = true): string {
  const tree = parseSettings(text, "");
  const parent = tree ? findNodeAtLocation(tree, [object]) : undefined;
  if (parent?.type !== "object" || !findNodeAtLocation(parent, [key])) return text;
  const out = removeAt(text, [object, key]);
  const after = findNodeAtLocation(parseSettings(out, "") as Node, [object]);
  return dropEmpty && after?.type === "object" && (after.children ?? []).length === 0
    ? removeAt(out, [object])
    : out;
}

/** The value at a dotted `key` of the file (`hooksConfig.enabled`), `undefined` when it is not there. */
export function settingIn(text: string, key: string): unknown {
  const tree = parseSettings(text, "");
  return tree ? nodeValue(findNodeAtLocation(tree, key.split("."))) : undefined;
}

/** The text with a missing dotted `key` added as `value`, the rest as written (its parents made when missing). */
export function addSetting(text: string, key: string, value: unknown): string {
  return insert(text, key.split("."), value);
}

/** The text without the dotted `key` (and the comma that joined it), the exact reverse of `addSetting` on a leaf. */
export function removeSetting(text: string, key: string): string {
  return removeAt(text, key.split("."));
}
