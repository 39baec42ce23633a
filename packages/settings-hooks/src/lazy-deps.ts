// Third-party packages settings-hooks needs only on some paths, required on first use: importing each costs 10-400 ms.
import { lazyRequire, vendoredFile } from "@hookwire/core/internal";

/** Placing a JSON syntax error in a settings file (a valid file never needs it). */
export const jsoncParser = lazyRequire<typeof import("jsonc-parser")>(import.meta.url, "jsonc-parser");
/**
 * Checking matcher regexes for catastrophic backtracking (~0.1 s to import): recheck's pure-JavaScript build, which
 * the package ships in dist/vendor/ (recheck's own package brings a 23 MB JAR and a 29 MB native binary as optional
 * dependencies, which npm installs).
 */
export const recheck = lazyRequire<typeof import("recheck")>(import.meta.url, () =>
  vendoredFile(import.meta.url, "recheck.cjs", "recheck/lib/browser.js"),
);
/** Validating a settings file no verdict covers (~0.3 s to import). */
export const zod = lazyRequire<typeof import("zod")>(import.meta.url, "zod");
/** Patches in the tool results of the Claude and Gemini dialects. */
export const diff = lazyRequire<typeof import("diff")>(import.meta.url, "diff");
/** TOML settings files (Codex). */
export const smolToml = lazyRequire<typeof import("smol-toml")>(import.meta.url, "smol-toml");
