// Which reader of imports an import-cache entry came from: a constant, so a call stamps its entries without resolving
// or statting a package (that cost every call ~6 ms). test/import-cache.test.ts recomputes it from the files below.

/**
 * The SHA-256 of the reader: `script-imports.ts` and `../lazy-deps.ts` (their text, LF line ends) and the module lexer
 * they require (es-module-lexer's `dist/lexer.cjs`, the version trust's package.json pins exactly). What a file
 * imports is a pure function of its text and of these, so another value is another reader, whose entries are not read.
 */
export const READER_ID = "3f6a47d628207caf7367415f2a4cd6e80d72b2e874dee424b3bc150e99ec1c4e";
