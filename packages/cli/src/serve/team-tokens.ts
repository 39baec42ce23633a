// The team server's token file: one developer a line, `name sha256:<hex>` (a token's hash, never the token), read and
// checked line by line, looked up per call, and edited under a lock by `hookwire serve token add|revoke`.
import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sha256 } from "@hookwire/core/internal";

/** One line of the file that names a developer. */
interface TokenEntry {
  name: string;
  /** The token's SHA-256, 64 lowercase hex digits. */
  hash: string;
  revoked: boolean;
  /** 1-based, for messages. */
  line: number;
}

/** A token file past this is refused (a million developers' lines fit in far less). */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

/** A developer's name: what each decision's `user` says. Printable, no spaces, no control characters. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._@+-]{0,63}$/;
const ENTRY_FORM = '"<name> sha256:<64 hex digits>" (what `hookwire serve token add <name>` writes)';

/** Tokens `token add` makes: 32 random bytes; the prefix makes a leaked one easy to find in a scan. */
const TOKEN_PREFIX = "hwt_";

export class TokenFileError extends Error {}

/** Why `line` is not an entry (a message to append to `file:line: `), or the entry. */
function parseLine(text: string, line: number): TokenEntry | string | undefined {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed.startsWith("#")) return undefined;
  const words = trimmed.split(/[ \t]+/);
  const [name = "", hashed, state, ...rest] = words;
  // The line is never echoed: a token pasted here by mistake must not reach a log.
  if (hashed === undefined)
    return `one word where ${ENTRY_FORM} is expected. A plain token does not belong here: the file holds hashes only; add developers with \`hookwire serve token add\`.`;
  if (!NAME.test(name))
    return `the name is not 1-64 letters, digits or . _ @ + - (starting with a letter or digit); expected ${ENTRY_FORM}.`;
  const hash = /^sha256:([0-9a-fA-F]{64})$/.exec(hashed)?.[1];
  if (!hash) return `the second word is not sha256:<64 hex digits>; expected ${ENTRY_FORM}.`;
  if (rest.length > 0 || (state !== undefined && state !== "revoked"))
    return `unexpected words after the hash (only "revoked" may follow it); expected ${ENTRY_FORM}.`;
  return { name, hash: hash.toLowerCase(), revoked: state === "revoked", line };
}

/** Every entry of `text`, or a `TokenFileError` naming `file:line`, what was wrong and the fix. */
export function parseTokenFile(text: string, file: string): TokenEntry[] {
  const entries: TokenEntry[] = [];
  const live = new Map<string, TokenEntry>();
  const hashes = new Map<string, TokenEntry>();
  for (const [index, raw] of text.split("\n").entries()) {
    const parsed = parseLine(raw, index + 1);
    if (parsed === undefined) continue;
    if (typeof parsed === "string") throw new TokenFileError(`${file}:${index + 1}: ${parsed}`);
    const sameHash = hashes.get(parsed.hash);
    if (sameHash)
      throw new TokenFileError(
        `${file}:${parsed.line}: the same token hash as line ${sameHash.line} (${sameHash.name}); each developer needs a token of their own. Remove one line and give that developer a new token.`,
      );
    const sameName = live.get(parsed.name);
    if (sameName && !parsed.revoked)
      throw new TokenFileError(
        `${file}:${parsed.line}: ${parsed.name} already has a token on line ${sameName.line}; a developer has one live token. Mark the old one revoked (\`hookwire serve token revoke ${parsed.name}\`) or remove a line.`,
      );
    hashes.set(parsed.hash, parsed);
    if (!parsed.revoked) live.set(parsed.name, parsed);
    entries.push(parsed);
  }
  return entries;
}

/** Why `file` is not a token file the server may trust: anyone who can write it can add a token. */
function fileProblem(file: string): string | undefined {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat)
    return `${file} does not exist. Create it with \`hookwire serve token add <name> --tokens ${file}\`.`;
  if (!stat.isFile()) return `${file} is not a file.`;
  const mine = typeof process.getuid !== "function" || stat.uid === process.getuid() || stat.uid === 0;
  if (!mine) return `${file} belongs to another user (uid ${stat.uid}), who could add tokens. Own it: chown.`;
  if ((stat.mode & 0o022) !== 0)
    return `${file} can be written by others (mode ${(stat.mode & 0o777).toString(8)}), who could add tokens. Run: chmod 600 ${file}`;
  if (stat.size > MAX_FILE_BYTES) return `${file} is over ${MAX_FILE_BYTES} bytes.`;
  return undefined;
}

/** The checked entries of `file`; a missing, foreign, shared or malformed file throws a `TokenFileError`. */
export function readTokenFile(file: string): TokenEntry[] {
  const problem = fileProblem(file);
  if (problem) throw new TokenFileError(problem);
  return parseTokenFile(readFileSync(file, "utf8"), file);
}

/**
 * What the server knows of a call's `Authorization`: the developer, or why it is refused, with the revoked token's
 * owner or an unknown token's digest (to tell one caller's attempts from another's in the log).
 */
export type Admission = { user: string } | { refused: string; user?: string; digest?: string };

/** The token in `Authorization: Bearer <token>`, or undefined. */
function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer[ \t]+([\x21-\x7e]+)[ \t]*$/i.exec(header ?? "");
  return match?.[1];
}

/**
 * The token file as the server uses it: read again when its `stat` changes (a `token add` or `revoke` takes effect on
 * the next call), and refused whole while it is broken (who may call is then unknown: no one may).
 */
export class TokenTable {
  #stamp = "";
  #byHash = new Map<string, TokenEntry>();
  #broken: string | undefined;

  constructor(readonly file: string) {
    this.#byHash = index(readTokenFile(file));
    this.#stamp = stampOf(file);
  }

  get size(): number {
    return [...this.#byHash.values()].filter((entry) => !entry.revoked).length;
  }

  /** Reads the file again if it changed; says (once per change) on stderr what is wrong with it. */
  #refresh(): void {
    const stamp = stampOf(this.file);
    if (stamp === this.#stamp) return;
    this.#stamp = stamp;
    try {
      this.#byHash = index(readTokenFile(this.file));
      this.#broken = undefined;
    } catch (error) {
      this.#broken = (error as Error).message;
      this.#byHash = new Map();
      process.stderr.write(
        `hookwire serve: every call is refused until the token file is fixed: ${this.#broken}\n`,
      );
    }
  }

  admit(header: string | undefined): Admission {
    this.#refresh();
    if (this.#broken) return { refused: "The team server's token file is broken; its operator was told." };
    const token = bearer(header);
    if (token === undefined && header?.trim() && !/^Bearer$/i.test(header.trim()))
      return { refused: "The Authorization header is not `Bearer <token>`." };
    if (token === undefined)
      return {
        refused:
          "No token came with the call. Set HOOKWIRE_TOKEN to the token your team gave you in the agent's environment.",
      };
    // Looked up by the token's SHA-256: how long the lookup takes depends on the digest, which tells an attacker
    // nothing about any token; the bytes are compared in constant time on top.
    const hash = sha256(token);
    const digest = Buffer.from(hash, "hex");
    const entry = this.#byHash.get(hash);
    if (!entry || !timingSafeEqual(Buffer.from(entry.hash, "hex"), digest))
      return {
        refused: "This token is not one of this team server's. Ask your team for yours.",
        digest: digest.toString("hex"),
      };
    if (entry.revoked)
      return {
        refused: `The token of ${entry.name} was revoked. Ask your team for a new one.`,
        user: entry.name,
        digest: entry.hash,
      };
    return { user: entry.name };
  }
}

function index(entries: readonly TokenEntry[]): Map<string, TokenEntry> {
  return new Map(entries.map((entry) => [entry.hash, entry]));
}

function stampOf(file: string): string {
  const stat = statSync(file, { throwIfNoEntry: false, bigint: true });
  return stat ? `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.mode}` : "-";
}

/** Runs `edit` holding the file's lock (proper-lockfile: `<file>.lock`), so two `token add`s both land. */
async function locked<T>(file: string, edit: () => T): Promise<T> {
  const { default: lockfile } = await import("proper-lockfile");
  const release = await lockfile.lock(file, {
    realpath: false,
    stale: 10_000,
    retries: { retries: 20, minTimeout: 20, maxTimeout: 200 },
  });
  try {
    return edit();
  } finally {
    await release();
  }
}

/** The file's text, or "" when it does not exist yet (checked as the server checks it when it does). */
function currentText(file: string): string {
  if (statSync(file, { throwIfNoEntry: false }) === undefined) return "";
  readTokenFile(file);
  return readFileSync(file, "utf8");
}

/** Written whole to a private temporary file and renamed over the old one: a reader never sees half a file. */
function replaceFile(file: string, text: string): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  try {
    writeFileSync(temporary, text, { mode: 0o600, flag: "wx" });
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Makes a token for `name`, appends its hash to `file` (created 0600) and returns the token: shown once, kept nowhere. */
export async function addToken(file: string, name: string): Promise<string> {
  if (!NAME.test(name))
    throw new TokenFileError(
      `${JSON.stringify(name)} is not a name: use 1-64 letters, digits or . _ @ + - (starting with a letter or digit).`,
    );
  return locked(file, () => {
    const text = currentText(file);
    const taken = parseTokenFile(text, file).find((entry) => entry.name === name && !entry.revoked);
    if (taken)
      throw new TokenFileError(
        `${name} already has a token (${file}:${taken.line}). Revoke it first: hookwire serve token revoke ${name} --tokens ${file}`,
      );
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
    const separator = text === "" || text.endsWith("\n") ? "" : "\n";
    replaceFile(file, `${text}${separator}${name} sha256:${sha256(token)}\n`);
    return token;
  });
}

/** Marks `name`'s live token revoked (kept, so a refused call with it is logged by name); false if it has none. */
export async function revokeToken(file: string, name: string): Promise<boolean> {
  return locked(file, () => {
    const text = currentText(file);
    const entry = parseTokenFile(text, file).find((found) => found.name === name && !found.revoked);
    if (!entry) return false;
    const lines = text.split("\n");
    lines[entry.line - 1] = `${entry.name} sha256:${entry.hash} revoked`;
    replaceFile(file, lines.join("\n"));
    return true;
  });
}

/** The names in `file` and whether each token is live, in file order. */
export function listTokens(file: string): { name: string; revoked: boolean }[] {
  return readTokenFile(file).map(({ name, revoked }) => ({ name, revoked }));
}
