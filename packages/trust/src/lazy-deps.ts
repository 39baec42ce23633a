// Third-party packages trust needs only on some paths, required on first use: importing each costs 5-80 ms.
import { lazyRequire } from "@hookwire/core/internal";

/** The imports of a node script or module (the walk, the import cache). */
export const esModuleLexer = lazyRequire<typeof import("es-module-lexer")>(
  import.meta.url,
  "es-module-lexer",
);
/** Writes to the trust store. */
export const properLockfile = lazyRequire<typeof import("proper-lockfile")>(
  import.meta.url,
  "proper-lockfile",
);
/** Quoting words back into a command line (a pre/post script read as the command that runs it). */
export const shellQuote = lazyRequire<typeof import("shell-quote")>(import.meta.url, "shell-quote");
/** Globs in settings commands. */
export const tinyglobby = lazyRequire<typeof import("tinyglobby")>(import.meta.url, "tinyglobby");
/** Package `exports` and `imports` maps (resolution of bare and `#` specifiers). */
export const resolveExports = lazyRequire<typeof import("resolve.exports")>(
  import.meta.url,
  "resolve.exports",
);
