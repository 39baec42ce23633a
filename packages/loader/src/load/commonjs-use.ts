// Whether a module is an ES module, CommonJS, or an ES module that uses CommonJS's names too: decided from oxc's AST.
import type { Node, Program } from "oxc-parser";

/**
 * `module`: an ES module. `commonjs`: Node's CommonJS wrapper, sloppy unless the file says otherwise. `mixed`: an ES
 * module (`import`, `export`, `import.meta`) that uses CommonJS's names as well: in the wrapper, strict, its body a
 * block of its own so that what it declares shadows the wrapper's names.
 */
export type ModuleKind = "module" | "commonjs" | "mixed";

/** The names Node's CommonJS wrapper gives a module: a free use of one (not declared by the file) needs it. */
const WRAPPER_NAMES = new Set(["require", "module", "exports", "__filename", "__dirname"]);

/** The facts of one file's AST the runner needs to run it. */
export interface CommonJsUse {
  /** The file uses a name only Node's CommonJS wrapper declares (outside `typeof`, which tells nothing). */
  usesWrapper: boolean;
  /** Literal `require("…")` specifiers of the wrapper's `require` (not one the file declares), in order. */
  requires: string[];
}

/** A lexical scope: the wrapper names declared in it, and the scope it is in. */
interface Scope {
  readonly names: ReadonlySet<string>;
  readonly outer: Scope | undefined;
}

type AnyNode = Node & Record<string, unknown>;

const isNode = (value: unknown): value is AnyNode =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";

/** The names a binding pattern declares (`{ a, b: [c] }` → a, c), those of the wrapper only. */
function patternNames(pattern: unknown, into: Set<string>): void {
  if (!isNode(pattern)) return;
  switch (pattern.type) {
    case "Identifier":
      if (WRAPPER_NAMES.has(pattern.name as string)) into.add(pattern.name as string);
      return;
    case "ObjectPattern":
      for (const property of pattern.properties as AnyNode[])
        patternNames(property.type === "RestElement" ? property.argument : property.value, into);
      return;
    case "ArrayPattern":
      for (const element of pattern.elements as unknown[]) patternNames(element, into);
      return;
    case "AssignmentPattern":
      patternNames(pattern.left, into);
      return;
    case "RestElement":
      patternNames(pattern.argument, into);
      return;
  }
}

/** Nodes whose children may hold a `var` of the same function: statements, blocks, clauses, export declarations. */
const HOLDS_STATEMENTS = /Statement$|Block$|Clause$|^SwitchCase$|^Program$|^Export/;

/** `var` declarations hoisted to the function (or program) whose statements these are, nested blocks included. */
function hoistedVars(node: unknown, into: Set<string>): void {
  if (!isNode(node)) return;
  if (node.type === "VariableDeclaration") {
    if (node.kind === "var") for (const d of node.declarations as AnyNode[]) patternNames(d.id, into);
    return;
  }
  // Not into functions and classes (their own scope; a class body holds no statements) nor expressions.
  if (node.type === "StaticBlock" || !HOLDS_STATEMENTS.test(node.type)) return;
  for (const key in node) {
    const value = node[key];
    if (Array.isArray(value)) for (const item of value) hoistedVars(item, into);
    else hoistedVars(value, into);
  }
}

/** What a statement list declares for its block: `let`, `const`, classes, functions, imports. */
function lexicalNames(statements: readonly unknown[], into: Set<string>): void {
  for (let statement of statements) {
    if (!isNode(statement)) continue;
    if (statement.type === "ExportNamedDeclaration" || statement.type === "ExportDefaultDeclaration")
      statement = statement.declaration;
    if (!isNode(statement)) continue;
    if (statement.type === "VariableDeclaration" && statement.kind !== "var")
      for (const d of statement.declarations as AnyNode[]) patternNames(d.id, into);
    else if (statement.type === "FunctionDeclaration" || statement.type === "ClassDeclaration")
      patternNames(statement.id, into);
    else if (statement.type === "ImportDeclaration")
      for (const specifier of statement.specifiers as AnyNode[]) patternNames(specifier.local, into);
  }
}

function declared(scope: Scope | undefined, name: string): boolean {
  for (let at = scope; at !== undefined; at = at.outer) if (at.names.has(name)) return true;
  return false;
}

/** The node types that open a scope (the rest cost no look at their declarations). */
const SCOPES = new Set([
  "Program",
  "FunctionDeclaration",
  "FunctionExpression",
  "ArrowFunctionExpression",
  "StaticBlock",
  "BlockStatement",
  "SwitchStatement",
  "ForStatement",
  "ForInStatement",
  "ForOfStatement",
  "CatchClause",
  "ClassExpression",
]);

/** The scope `node` opens, when it opens one that declares a wrapper name; else `outer`. */
function scopeOf(node: AnyNode, outer: Scope | undefined): Scope | undefined {
  if (!SCOPES.has(node.type)) return outer;
  const names = new Set<string>();
  switch (node.type) {
    case "Program":
      hoistedVars(node, names);
      lexicalNames(node.body as unknown[], names);
      break;
    case "FunctionDeclaration":
    case "FunctionExpression":
    case "ArrowFunctionExpression": {
      if (node.type === "FunctionExpression") patternNames(node.id, names);
      for (const param of node.params as unknown[]) patternNames(param, names);
      const body = node.body as AnyNode | null;
      if (body?.type === "BlockStatement") {
        hoistedVars(body, names);
        lexicalNames(body.body as unknown[], names);
      }
      break;
    }
    case "StaticBlock":
      hoistedVars({ type: "BlockStatement", body: node.body } as unknown as AnyNode, names);
      lexicalNames(node.body as unknown[], names);
      break;
    case "BlockStatement":
      lexicalNames(node.body as unknown[], names);
      break;
    case "SwitchStatement":
      for (const c of node.cases as AnyNode[]) lexicalNames(c.consequent as unknown[], names);
      break;
    case "ForStatement":
    case "ForInStatement":
    case "ForOfStatement":
      lexicalNames([node.type === "ForStatement" ? node.init : node.left], names);
      break;
    case "CatchClause":
      patternNames(node.param, names);
      break;
    case "ClassExpression":
      patternNames(node.id, names);
      break;
  }
  return names.size === 0 ? outer : { names, outer };
}

/** A literal specifier: `"x"`, `'x'`, or a template with no substitutions. */
function literalSpecifier(node: unknown): string | undefined {
  if (!isNode(node)) return undefined;
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral" && (node.expressions as unknown[]).length === 0)
    return ((node.quasis as AnyNode[])[0]!.value as { cooked: string | null }).cooked ?? undefined;
  return undefined;
}

/** Keys of a node whose identifier is a name, not a reference (`a.b`'s `b`, `{ b: 1 }`'s `b`, a label). */
function isNameOnly(parent: AnyNode, key: string): boolean {
  switch (parent.type) {
    case "MemberExpression":
      return key === "property" && parent.computed !== true;
    case "Property":
    case "MethodDefinition":
    case "PropertyDefinition":
    case "AccessorProperty":
      return key === "key" && parent.computed !== true;
    case "LabeledStatement":
    case "BreakStatement":
    case "ContinueStatement":
      return key === "label";
    case "ImportSpecifier":
    case "ExportSpecifier":
      return key === "imported" || key === "exported";
    case "MetaProperty":
      return true;
  }
  return false;
}

/**
 * Which of Node's wrapper names `program` uses without declaring them, and what it requires by literal name with
 * the wrapper's `require`: each identifier is resolved against the scopes around it (a `require` a nested function
 * declares is that function's, not CommonJS's). The walk keeps its own stack: deep code costs no native recursion.
 */
export function commonJsUse(program: Program): CommonJsUse {
  const use: CommonJsUse = { usesWrapper: false, requires: [] };
  const stack: Visit[] = [{ node: program as unknown as AnyNode, scope: undefined, nameOnly: false }];
  while (stack.length > 0) {
    const { node, scope: outer, nameOnly } = stack.pop()!;
    if (node.type === "Identifier") {
      const name = node.name as string;
      if (!nameOnly && WRAPPER_NAMES.has(name) && !declared(outer, name)) use.usesWrapper = true;
      continue;
    }
    // `typeof require`: a test of what is there, not a use of it.
    if (
      node.type === "UnaryExpression" &&
      node.operator === "typeof" &&
      (node.argument as AnyNode).type === "Identifier"
    )
      continue;
    const scope = scopeOf(node, outer);
    if (node.type === "CallExpression") {
      const callee = node.callee as AnyNode;
      const args = node.arguments as unknown[];
      if (callee.type === "Identifier" && callee.name === "require" && !declared(scope, "require")) {
        const specifier = args.length === 1 ? literalSpecifier(args[0]) : undefined;
        if (specifier !== undefined) use.requires.push(specifier);
      }
    }
    // Children pushed, then turned round: they are visited in source order (the requires' order).
    const first = stack.length;
    for (const key in node) {
      const value = node[key];
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) stack.push({ node: item, scope, nameOnly: false });
      } else if (isNode(value)) stack.push({ node: value, scope, nameOnly: isNameOnly(node, key) });
    }
    for (let i = first, j = stack.length - 1; i < j; i++, j--) [stack[i], stack[j]] = [stack[j]!, stack[i]!];
  }
  return use;
}

/** A node still to visit: the scope it is in, and whether it stands for a name, not a reference. */
interface Visit {
  node: AnyNode;
  scope: Scope | undefined;
  nameOnly: boolean;
}

/**
 * The kind of a module from its AST: `declared` (`.cts`, `.cjs`) is CommonJS and `esm` (`.mts`, `.mjs`) an ES module
 * whatever their code; else CommonJS when the code uses a wrapper name it does not declare (as jiti and pi decide,
 * scope by scope), `mixed` when it also has ES syntax.
 */
export function moduleKind(
  use: CommonJsUse,
  hasModuleSyntax: boolean,
  extension: "cjs" | "esm" | "any",
): ModuleKind {
  if (extension === "cjs") return "commonjs";
  if (extension === "esm" || !use.usesWrapper) return "module";
  return hasModuleSyntax ? "mixed" : "commonjs";
}
