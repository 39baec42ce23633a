// The team server's admission, as functions: `--listen` addresses and the token table's answer to odd headers.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseListen } from "../src/serve/listen-address.js";
import { TokenTable } from "../src/serve/team-tokens.js";

const dir = mkdtempSync(path.join(tmpdir(), "hookwire-admission-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("--listen", () => {
  it("reads IP addresses and localhost, and tells loopback from addresses other machines reach", () => {
    expect(
      [
        "127.0.0.1:8977",
        "localhost:0",
        "[::1]:8977",
        "127.9.9.9:1",
        "0.0.0.0:8977",
        "[::]:80",
        "10.0.0.5:443",
      ].map((text) => {
        const { host, port, loopback } = parseListen(text);
        return `${host} ${port} ${loopback ? "loopback" : "network"}`;
      }),
    ).toEqual([
      "127.0.0.1 8977 loopback",
      "127.0.0.1 0 loopback",
      "::1 8977 loopback",
      "127.9.9.9 1 loopback",
      "0.0.0.0 8977 network",
      ":: 80 network",
      "10.0.0.5 443 network",
    ]);
  });

  it("refuses names, short and odd spellings, and ports out of range", () => {
    for (const text of [
      "127.1:8977",
      "0x7f.0.0.1:8977",
      "2130706433:8977",
      "example.com:443",
      "::1:8977",
      "[127.0.0.1]:80",
      "127.0.0.1",
      "127.0.0.1:",
      "127.0.0.1:70000",
      "127.0.0.1:80 ",
      "[::ffff:127.0.0.1]:80x",
    ])
      expect(() => parseListen(text), text).toThrow(/--listen/);
    // A v4-mapped loopback is an IPv6 socket: not called loopback (the safe side).
    expect(parseListen("[::ffff:127.0.0.1]:80").loopback).toBe(false);
  });
});

describe("the token table", () => {
  const token = "hwt_the-token-of-alice-0123456789abcdefghijklmnopq";
  const file = path.join(dir, "tokens");
  writeFileSync(file, `alice sha256:${createHash("sha256").update(token).digest("hex")}\n`, { mode: 0o600 });
  const table = new TokenTable(file);
  const admit = (header: string | undefined) => {
    const answer = table.admit(header);
    return "refused" in answer ? `refused: ${answer.refused}` : answer.user;
  };

  it("admits the token in any case of the scheme, and nothing that only resembles it", () => {
    expect([`Bearer ${token}`, `bearer ${token}`, `BEARER  ${token}`, `Bearer ${token} `].map(admit)).toEqual(
      ["alice", "alice", "alice", "alice"],
    );
    const refused = [
      undefined,
      "",
      "Bearer",
      token,
      `Basic ${token}`,
      `Bearer ${token} ${token}`,
      `Bearer ${token}\u0000`,
      `Bearer ${token.toUpperCase()}`,
      `Bearer ${token.slice(0, -1)}`,
      `Bearer ${createHash("sha256").update(token).digest("hex")}`,
    ].map(admit);
    expect(refused.every((answer) => answer.startsWith("refused: "))).toBe(true);
  });
});
