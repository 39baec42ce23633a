// The per-user token of the http hooks: made once, private, and refused when another user or a link could supply it.
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureHttpToken, readHttpToken, tokenFingerprint } from "../src/serve/http-token.js";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A fresh folder standing for `~/.config`, and where the token goes in it. */
function place(): { dir: string; file: string } {
  const root = mkdtempSync(path.join(tmpdir(), "hw-token-"));
  roots.push(root);
  const dir = path.join(root, "hookwire");
  return { dir, file: path.join(dir, "http.token") };
}

const isRoot = process.getuid?.() === 0;

describe("the http token file", () => {
  it("is made once: 43 url-safe characters, 0600 in a 0700 folder, and the same at every later call", () => {
    const { dir, file } = place();
    const token = ensureHttpToken(file);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(ensureHttpToken(file)).toBe(token);
    expect(readHttpToken(file)).toEqual({ ok: true, token });
    expect(readFileSync(file, "utf8")).toBe(`${token}\n`);
  });

  it("says a missing file is missing, and reading it makes nothing", () => {
    const { file } = place();
    expect(readHttpToken(file)).toMatchObject({ ok: false, missing: true });
    expect(() => statSync(file)).toThrow();
  });

  it("refuses a file others may read, and does not replace it", () => {
    const { dir, file } = place();
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(file, `${"a".repeat(43)}\n`, { mode: 0o644 });
    chmodSync(file, 0o644);
    const read = readHttpToken(file);
    expect(read).toMatchObject({ ok: false, missing: false });
    expect(read.ok ? "" : read.why.replace(file, "<file>")).toMatchInlineSnapshot(
      `"<file> is not used: other users have permissions on it. Remove it and connect again."`,
    );
    expect(() => ensureHttpToken(file)).toThrow("other users have permissions on it");
    expect(readFileSync(file, "utf8")).toBe(`${"a".repeat(43)}\n`);
  });

  it("refuses a link in its place, even to a private file of the user's with a token in it", () => {
    const { dir, file } = place();
    mkdirSync(dir, { mode: 0o700 });
    const elsewhere = path.join(dir, "..", "planted");
    writeFileSync(elsewhere, `${"b".repeat(43)}\n`, { mode: 0o600 });
    symlinkSync(elsewhere, file);
    expect(readHttpToken(file)).toMatchObject({
      ok: false,
      missing: false,
      why: expect.stringContaining("it is a link"),
    });
    expect(() => ensureHttpToken(file)).toThrow("it is a link");
    // Nothing was written through the link.
    expect(readFileSync(elsewhere, "utf8")).toBe(`${"b".repeat(43)}\n`);
  });

  it("refuses a dangling link too, instead of creating the file it points to", () => {
    const { dir, file } = place();
    mkdirSync(dir, { mode: 0o700 });
    const target = path.join(dir, "..", "made-through-link");
    symlinkSync(target, file);
    expect(() => ensureHttpToken(file)).toThrow();
    expect(() => statSync(target)).toThrow();
  });

  it.runIf(isRoot)("refuses a file owned by another user", () => {
    const { dir, file } = place();
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(file, `${"c".repeat(43)}\n`, { mode: 0o600 });
    chownSync(file, 65534, 65534);
    expect(readHttpToken(file)).toMatchObject({
      ok: false,
      why: expect.stringContaining("owned by user 65534"),
    });
    expect(() => ensureHttpToken(file)).toThrow("owned by user 65534");
  });

  it.runIf(isRoot)("refuses to make it in a folder another user owns", () => {
    const { dir, file } = place();
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, 65534, 65534);
    expect(() => ensureHttpToken(file)).toThrow("owned by user 65534");
    expect(() => statSync(file)).toThrow();
  });

  it("makes a folder others could enter private before it puts the token there", () => {
    const { dir, file } = place();
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    ensureHttpToken(file);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it("refuses what is not a token (empty, too short, another format, a huge file)", () => {
    for (const text of [
      "",
      "short\n",
      `${"d".repeat(42)}!\n`,
      `${"e".repeat(43)} extra\n`,
      "f".repeat(1 << 20),
    ]) {
      const { dir, file } = place();
      mkdirSync(dir, { mode: 0o700 });
      writeFileSync(file, text, { mode: 0o600 });
      expect(readHttpToken(file)).toMatchObject({ ok: false, missing: false });
      expect(() => ensureHttpToken(file)).toThrow("does not hold a hookwire token");
    }
  });

  it("is told apart by a fingerprint that is not the token", () => {
    const token = "g".repeat(43);
    expect(tokenFingerprint(token)).toMatch(/^[0-9a-f]{16}$/);
    expect(tokenFingerprint(token)).not.toContain(token.slice(0, 8));
    expect(tokenFingerprint(token)).not.toBe(tokenFingerprint("h".repeat(43)));
  });
});
