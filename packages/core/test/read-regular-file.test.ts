import { execFileSync } from "node:child_process";
import { mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readRegularFile } from "../src/internal.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "hookwire-read-"));
const servers: Array<{ close(): void }> = [];
afterAll(() => {
  for (const server of servers) server.close();
});

describe("readRegularFile", () => {
  it("reads a regular file and a symbolic link to one", () => {
    const file = path.join(dir, "settings.json");
    writeFileSync(file, "{}");
    symlinkSync(file, path.join(dir, "linked.json"));
    const direct = readRegularFile(file, 1024);
    const linked = readRegularFile(path.join(dir, "linked.json"), 1024);
    expect(direct.ok && direct.data.toString()).toBe("{}");
    expect(linked.ok && linked.data.toString()).toBe("{}");
  });

  it("refuses a link to /dev/zero at once instead of reading forever", () => {
    const link = path.join(dir, "zero.json");
    symlinkSync("/dev/zero", link);
    expect(readRegularFile(link, 1024)).toEqual({
      ok: false,
      reason: "not-regular",
      message: "is a character device",
    });
  });

  it("refuses a FIFO without waiting for a writer", () => {
    const fifo = path.join(dir, "fifo.json");
    execFileSync("mkfifo", [fifo]);
    expect(readRegularFile(fifo, 1024)).toMatchObject({
      ok: false,
      reason: "not-regular",
      message: "is a FIFO",
    });
  });

  it("refuses a socket and a folder", async () => {
    const socket = path.join(dir, "s.sock");
    const server = createServer();
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    expect(readRegularFile(socket, 1024)).toMatchObject({ reason: "not-regular", message: "is a socket" });
    expect(readRegularFile(dir, 1024)).toMatchObject({ reason: "not-regular", message: "is a folder" });
  });

  it("refuses a file over the cap and says by how much", () => {
    const big = path.join(dir, "big.json");
    writeFileSync(big, "x".repeat(2049));
    expect(readRegularFile(big, 2048)).toEqual({
      ok: false,
      reason: "too-large",
      message: "is 2049 bytes, over the limit of 2048",
    });
    const fits = readRegularFile(big, 2049);
    expect(fits.ok && fits.data.length).toBe(2049);
  });

  it("tells a missing file apart from an unreadable one", () => {
    expect(readRegularFile(path.join(dir, "nope"), 10)).toMatchObject({ reason: "missing" });
    expect(readRegularFile(path.join(dir, "settings.json", "x"), 10)).toMatchObject({ reason: "missing" });
  });
});
