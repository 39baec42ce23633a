// Third-party packages the loader needs only on some paths, required on first use: importing each costs 5-80 ms.
import { lazyRequire } from "@hookwire/core/internal";

/** opencode config files. */
export const jsoncParser = lazyRequire<typeof import("jsonc-parser")>(import.meta.url, "jsonc-parser");
/** Writes to the user's hooks.json. */
export const properLockfile = lazyRequire<typeof import("proper-lockfile")>(
  import.meta.url,
  "proper-lockfile",
);
/** Quoting words for a shell. */
export const shellQuote = lazyRequire<typeof import("shell-quote")>(import.meta.url, "shell-quote");
