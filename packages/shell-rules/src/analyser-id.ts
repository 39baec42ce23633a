// Which bash analyser an analysis came from, as a constant: the trust walk's cache of analyses is keyed by it, and a
// call stamps its entries without resolving or statting a package. test/analyser-id.test.ts recomputes it.

/**
 * The SHA-256 of the analyser: `shell/*.ts` and `errors.ts` (their text, LF line ends) and the parser they load
 * (web-tree-sitter's JavaScript and WASM, tree-sitter-bash's WASM grammar: versions package.json pins exactly). An
 * analysis is a pure function of the command's text and of these, so another value is another analyser.
 */
export const SHELL_ANALYSER_ID = "af8bbbdaa3e7df9e59593439ba537122a49b82bc38751c10a1cb19b54559018b";
