// Third-party packages settings-hooks needs only on some paths, required on first use: importing each costs 10-400 ms.
import { lazyRequire } from "@hookwire/core";

/** Placing a JSON syntax error in a settings file (a valid file never needs it). */
export const jsoncParser = lazyRequire<typeof import("jsonc-parser")>(import.meta.url, "jsonc-parser");
/** Checking matcher regexes for catastrophic backtracking (~0.4 s to import). */
export const recheck = lazyRequire<typeof import("recheck")>(import.meta.url, "recheck");
/** Validating a settings file no verdict covers (~0.3 s to import). */
export const zod = lazyRequire<typeof import("zod")>(import.meta.url, "zod");
/** Patches in the tool results of the Claude and Gemini dialects. */
export const diff = lazyRequire<typeof import("diff")>(import.meta.url, "diff");
/** TOML settings files (Codex). */
export const smolToml = lazyRequire<typeof import("smol-toml")>(import.meta.url, "smol-toml");
