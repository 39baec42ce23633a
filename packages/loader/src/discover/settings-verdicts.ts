// zod's acceptances of settings handlers, kept in the private per-user cache so a warm start needs no zod.
import { randomUUID } from "node:crypto";
import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { AcceptedHandler, HandlerVerdicts } from "@hookwire/settings-hooks";
import { defaultCacheRoot, ensurePrivateDir } from "../load/cache-dir.js";
import { readPrivateFile, sha256 } from "../load/cache-entry.js";

const HEADER = "//hookwire-verdict ";

/**
 * Verdicts in `dir` (0700, like the module cache), one file per key; the key is settings-hooks' hash of the
 * schemas, zod's version and the handler. An entry counts only when it is a regular file of this user that
 * nobody else can write, names its key and still has the hash written with it: anything else is checked
 * by zod again (and rewritten). `undefined` when the folder is not private to this user.
 */
export function settingsVerdicts(dir: string): HandlerVerdicts | undefined {
  if (!(ensurePrivateDir(path.dirname(dir)) && ensurePrivateDir(dir))) return undefined;
  const entry = (key: string) => path.join(dir, `${key}.json`);
  return {
    get(key) {
      if (!/^[0-9a-f]{64}$/.test(key)) return undefined;
      const text = readPrivateFile(entry(key));
      const newline = text?.indexOf("\n") ?? -1;
      if (text === undefined || !text.startsWith(HEADER) || newline === -1) return undefined;
      try {
        const header = JSON.parse(text.slice(HEADER.length, newline)) as { key?: unknown; sha256?: unknown };
        const body = text.slice(newline + 1);
        if (header.key !== key || header.sha256 !== sha256(body)) return undefined;
        const accepted = JSON.parse(body) as Partial<AcceptedHandler>;
        const { known } = accepted;
        if (!("data" in accepted) || !Array.isArray(known) || !known.every((f) => typeof f === "string")) {
          return undefined;
        }
        return { data: accepted.data, known };
      } catch {
        return undefined;
      }
    },
    set(key, accepted) {
      if (!/^[0-9a-f]{64}$/.test(key)) return;
      const body = JSON.stringify(accepted);
      const file = entry(key);
      const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
      try {
        writeFileSync(temporary, `${HEADER}${JSON.stringify({ key, sha256: sha256(body) })}\n${body}`, {
          mode: 0o600,
          flag: "wx",
        });
        renameSync(temporary, file);
      } catch {
        // An optimisation only: a folder that cannot be written costs zod's import next time.
      }
    },
  };
}

/** The verdicts of the `fsCache` option: `<cache root>/settings` by default, `<dir>/hookwire-settings` for a folder. */
export function verdictsOf(fsCache: boolean | string | undefined): HandlerVerdicts | undefined {
  const option = fsCache ?? true;
  if (option === false) return undefined;
  return settingsVerdicts(
    option === true ? path.join(defaultCacheRoot(), "settings") : path.join(option, "hookwire-settings"),
  );
}
