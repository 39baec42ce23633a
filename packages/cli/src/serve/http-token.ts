// The per-user token of the http hooks (`connect --http`): one stable secret in a private file beside the user's
// hookwire config, which the per-user server takes as its bearer token and `connect` hands to the agent's own settings.
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { sha256 } from "@hookwire/core/internal";
import { userConfigPath } from "@hookwire/loader/user-config";
import { privateDirProblem, readPrivateEntry } from "@hookwire/trust/private-files";

/** `$XDG_CONFIG_HOME/hookwire/http.token` (0600, in a folder only this user can write). */
export const httpTokenFile = (env: NodeJS.ProcessEnv = process.env): string =>
  userConfigPath("http.token", { env });

/** The shape of a token hookwire writes: 43 base64url characters (32 random bytes). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type TokenRead = { ok: true; token: string } | { ok: false; missing: boolean; why: string };

/**
 * The token when the file is this user's private regular file (no link, no group or other bits) holding one;
 * else why not, with the fix. Read on the open handle (the loader's check): nothing is swapped in between.
 */
export function readHttpToken(file = httpTokenFile()): TokenRead {
  const read = readPrivateEntry(file);
  if (!read.ok)
    return read.missing
      ? { ok: false, missing: true, why: `${file} does not exist (hookwire connect claude --http makes it)` }
      : {
          ok: false,
          missing: false,
          why: `${file} is not used: ${read.reason}. Remove it and connect again.`,
        };
  const token = read.text.trim();
  if (!TOKEN.test(token))
    return {
      ok: false,
      missing: false,
      why: `${file} does not hold a hookwire token. Remove it and connect again.`,
    };
  return { ok: true, token };
}

/**
 * The token, made once (32 random bytes) when there is none: created exclusively (`wx`: neither a planted file nor a
 * link is written through), so two connects at once end with one token. A file that is there and not private throws.
 */
export function ensureHttpToken(file = httpTokenFile()): string {
  const first = readHttpToken(file);
  if (first.ok) return first.token;
  if (!first.missing) throw new Error(first.why);
  const dir = path.dirname(file);
  const problem = privateDirProblem(dir);
  if (problem)
    throw new Error(
      `${dir} cannot hold hookwire's token: ${problem}. Make it writable by you alone (chmod 700 ${dir}).`,
    );
  try {
    writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const made = readHttpToken(file);
  if (!made.ok) throw new Error(made.why);
  return made.token;
}

/** What the server's `status` says of its token: enough for its owner to tell it is the file's, nothing to call with. */
export const tokenFingerprint = (token: string): string => sha256(`hookwire-token:${token}`).slice(0, 16);
