// Third-party packages the loader needs only on some paths, required on first use: importing each costs 5-80 ms.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const loaded = new Map<string, unknown>();
const load = <T>(name: string): T => {
  if (!loaded.has(name)) loaded.set(name, require(name));
  return loaded.get(name) as T;
};

/** The imports of a node script (trust). */
export const esModuleLexer = () => load<typeof import("es-module-lexer")>("es-module-lexer");
/** opencode config files. */
export const jsoncParser = () => load<typeof import("jsonc-parser")>("jsonc-parser");
/** Writes to the trust store. */
export const properLockfile = () => load<typeof import("proper-lockfile")>("proper-lockfile");
/** Quoting words for a shell. */
export const shellQuote = () => load<typeof import("shell-quote")>("shell-quote");
/** Globs in settings commands (trust). */
export const tinyglobby = () => load<typeof import("tinyglobby")>("tinyglobby");
