// Node's own modules, required by a CommonJS bundle (hook-forward.cjs, hook-path.cjs) when first used instead of at
// its start: a call that never spawns, forwards or reads files asynchronously loads no child_process, net or
// fs/promises, each of which costs a fresh process a share of a Node start to compile.

/** What Node has loaded before any script runs: requiring them later saves nothing. */
const LOADED_AT_START = new Set([
  "node:fs",
  "node:path",
  "node:url",
  "node:module",
  "node:buffer",
  "node:vm",
]);

/** rolldown's CommonJS output: `let node_x=require("node:x");`, then `node_x=__toESM(node_x,1);` for a default import. */
const REQUIRED = /let (node_\w+)=require\("(node:[\w/]+)"\);(?:\1=__toESM\(\1,1\);)?/g;

/**
 * The stand-ins, defined once in the bundle before its code (rolldown's `intro`, or the bundle's head): `__hwL(x)`
 * requires `x` at the first property read, `__hwLD(x)` too, as a default import (`.default` is the module). Every
 * use rolldown writes is such a read (`node_x.spawn`, `(0,node_x.spawn)(…)`, `node_x.default.join`).
 */
export const LAZY_HELPERS =
  "var __hwL=(s,d)=>{let m;return new Proxy({},{get:(_,k)=>{m??=require(s);return d&&k===`default`?m:m[k]}})},__hwLD=(s)=>__hwL(s,1);";

/** `code` with each top-level require of a Node module not loaded at start made lazy; the same length (a source map's offsets hold). */
export function lazyBuiltins(code) {
  return code.replace(REQUIRED, (whole, name, specifier) => {
    if (LOADED_AT_START.has(specifier)) return whole;
    const lazy = `let ${name}=${whole.includes("__toESM") ? "__hwLD" : "__hwL"}(${JSON.stringify(specifier)});`;
    if (lazy.length > whole.length)
      throw new Error(`lazy-builtins: ${specifier}'s stand-in is longer than its require`);
    return lazy.padEnd(whole.length, " ");
  });
}
