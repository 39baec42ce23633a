import { randomUUID } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { limitString, MAX_OUTPUT_CHARS } from "../src/protocol/output.js";
import {
  flushSavedOutputs,
  pruneSavedOutputs,
  SAVED_OUTPUT_LIMITS,
  saveOutput,
  saveOutputNow,
} from "../src/protocol/saved-output.js";

const freshDir = () => mkdtempSync(path.join(os.tmpdir(), "hookwire-saved-"));
const DAY = 24 * 60 * 60 * 1000;

/** A saved output written `ageMs` ago, as a previous run would have left it. */
function oldOutput(dir: string, ageMs: number, bytes = 10, legacyName = false): string {
  const when = Date.now() - ageMs;
  const name = legacyName ? `hook-output-${randomUUID()}.txt` : `hook-output-${when}-${randomUUID()}.txt`;
  const file = path.join(dir, name);
  writeFileSync(file, "x".repeat(bytes));
  utimesSync(file, when / 1000, when / 1000);
  return name;
}

describe("saved hook output stays bounded", () => {
  it("has documented defaults: 64 MiB, 7 days, 500 files", () => {
    expect(SAVED_OUTPUT_LIMITS).toEqual({ maxBytes: 64 * 1024 * 1024, maxAgeMs: 7 * DAY, maxFiles: 500 });
  });

  it("keeps the output in memory and writes it once, off the caller's path", async () => {
    const dir = freshDir();
    const saved = saveOutput(dir, "q".repeat(MAX_OUTPUT_CHARS + 1));
    expect(readdirSync(dir)).toEqual([]);
    await flushSavedOutputs();
    expect(readFileSync(saved, "utf8")).toBe("q".repeat(MAX_OUTPUT_CHARS + 1));
    expect(statSync(saved).mode & 0o777).toBe(0o600);
    await flushSavedOutputs();
    expect(readdirSync(dir)).toEqual([path.basename(saved)]);
  });

  it("writes on its own on the next turn of the event loop", async () => {
    const dir = freshDir();
    const saved = saveOutput(dir, "r".repeat(20));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readFileSync(saved, "utf8")).toBe("r".repeat(20));
  });

  it("does not write where the folder was swapped for a link after the output was saved", async () => {
    const root = freshDir();
    const dir = path.join(root, "out");
    const elsewhere = freshDir();
    const saved = saveOutput(dir, "s".repeat(20));
    rmSync(dir, { recursive: true });
    symlinkSync(elsewhere, dir);
    await flushSavedOutputs();
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(path.dirname(saved)).toBe(dir);
  });

  it("removes outputs past the age limit, including those older versions named without the time", async () => {
    const dir = freshDir();
    oldOutput(dir, 8 * DAY);
    oldOutput(dir, 30 * DAY, 10, true);
    const recent = oldOutput(dir, DAY);
    const saved = saveOutput(dir, "y".repeat(20));
    await flushSavedOutputs();
    expect(readdirSync(dir).sort()).toEqual([recent, path.basename(saved)].sort());
  });

  it("removes the oldest first until the folder fits the size cap, never the file just saved", async () => {
    const dir = freshDir();
    const oldest = oldOutput(dir, 3000, 400);
    const middle = oldOutput(dir, 2000, 400);
    const newest = oldOutput(dir, 1000, 400);
    const limits = { ...SAVED_OUTPUT_LIMITS, maxBytes: 1000 };
    const saved = path.basename(saveOutput(dir, "z".repeat(500), limits));
    await flushSavedOutputs();
    expect(readdirSync(dir).sort()).toEqual([newest, saved].sort());
    expect(readdirSync(dir)).not.toContain(oldest);
    expect(readdirSync(dir)).not.toContain(middle);
  });

  it("keeps at most maxFiles outputs however many long outputs a session produces", async () => {
    const dir = freshDir();
    const options = { hookName: "h", event: "PostToolUse", outputDir: dir };
    const limits = { ...SAVED_OUTPUT_LIMITS, maxFiles: 3 };
    for (let i = 0; i < 10; i++) saveOutput(dir, `${i}`.repeat(MAX_OUTPUT_CHARS + 1), limits);
    await flushSavedOutputs();
    expect(readdirSync(dir)).toHaveLength(3);
    // The protocol path saves through the same store.
    const preview = limitString("w".repeat(MAX_OUTPUT_CHARS + 1), options);
    expect(preview).toMatch(/full output saved to .*hook-output-\d+-[0-9a-f-]{36}\.txt\]$/);
  });

  it("refuses a text larger than the whole folder may hold, and the preview says why", () => {
    const dir = freshDir();
    expect(() => saveOutput(dir, "x".repeat(101), { ...SAVED_OUTPUT_LIMITS, maxBytes: 100 })).toThrow(
      "101 bytes is more than the output folder may hold (100 bytes)",
    );
  });

  it("touches only regular files with its own naming: a symlink or an unrelated file stays", () => {
    const dir = freshDir();
    const outside = path.join(freshDir(), "precious.txt");
    writeFileSync(outside, "keep me");
    symlinkSync(outside, path.join(dir, `hook-output-1-${randomUUID()}.txt`));
    writeFileSync(path.join(dir, "notes.txt"), "mine");
    pruneSavedOutputs(dir, { ...SAVED_OUTPUT_LIMITS, maxBytes: 0, maxFiles: 0, maxAgeMs: 0 });
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it("refuses an output folder writable by others, and the preview says so instead of writing there", () => {
    const dir = path.join(freshDir(), "shared");
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    const preview = limitString("v".repeat(MAX_OUTPUT_CHARS + 1), {
      hookName: "h",
      event: "Stop",
      outputDir: dir,
    });
    expect(preview).toContain("could not save the rest: the output folder");
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("saveOutputNow", () => {
  it("has the file on disk, private, when it returns, and keeps the folder within its caps", () => {
    const dir = freshDir();
    const limits = { ...SAVED_OUTPUT_LIMITS, maxFiles: 2 };
    const files = ["a", "b", "c"].map((name) => saveOutputNow(dir, name.repeat(10), limits, name));
    expect(readFileSync(files[2] as string, "utf8")).toBe("cccccccccc");
    expect(statSync(files[2] as string).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).length).toBeLessThanOrEqual(2);
    rmSync(dir, { recursive: true, force: true });
  });

  it("throws instead of writing through a link planted at the name", () => {
    const dir = freshDir();
    const target = path.join(os.tmpdir(), `hookwire-planted-${randomUUID()}`);
    symlinkSync(target, path.join(dir, "call.txt"));
    expect(() => saveOutputNow(dir, "secret", SAVED_OUTPUT_LIMITS, "call")).toThrow(/EEXIST/);
    expect(existsSync(target)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});
