// Third-party packages the loader needs only on some paths, required on first use: importing each costs 5-80 ms.
import { lazyRequire } from "@hookwire/core/internal";

/** The imports of a node script (trust). */
export const esModuleLexer = lazyRequire<typeof import("es-module-lexer")>(
  import.meta.url,
  "es-module-lexer",
);
/** opencode config files. */
export const jsoncParser = lazyRequire<typeof import("jsonc-parser")>(import.meta.url, "jsonc-parser");
/** Writes to the trust store. */
export const properLockfile = lazyRequire<typeof import("proper-lockfile")>(
  import.meta.url,
  "proper-lockfile",
);
/** Quoting words for a shell. */
export const shellQuote = lazyRequire<typeof import("shell-quote")>(import.meta.url, "shell-quote");
/** Globs in settings commands (trust). */
export const tinyglobby = lazyRequire<typeof import("tinyglobby")>(import.meta.url, "tinyglobby");
/** Package `exports` and `imports` maps (resolution of bare and `#` specifiers). */
export const resolveExports = lazyRequire<typeof import("resolve.exports")>(
  import.meta.url,
  "resolve.exports",
);
