import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A TMPDIR of its own, to see what a command leaves there. */
function emptyTmp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "hookwire-tmpdir-"));
  made.push(dir);
  return dir;
}

describe("temporary folders", () => {
  it("demo removes its folder when it is done", async () => {
    const tmp = emptyTmp();
    const out = await sandbox("basic").run(["demo"], { env: { TMPDIR: tmp } });
    expect(out.code).toBe(0);
    expect(out.stdout.trim().split("\n").at(-1)).toBe("removed the demo folder (--keep keeps it)");
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("run removes its session folder, also when the command fails", async () => {
    const box = sandbox("basic");
    await box.run(["trust", "--yes"]);
    const tmp = emptyTmp();
    expect((await box.run(["run", "/greet", "Ada"], { env: { TMPDIR: tmp } })).code).toBe(0);
    expect((await box.run(["run", "/nope"], { env: { TMPDIR: tmp } })).code).toBe(2);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("demo --script with a missing file is a one-line error and leaves nothing behind", async () => {
    const tmp = emptyTmp();
    const out = await sandbox("basic").run(["demo", "--script", "missing.jsonl"], { env: { TMPDIR: tmp } });
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(
      "hookwire: --script <cwd>/missing.jsonl: no such file. Pass a scripted-model JSONL file.\n",
    );
    expect(readdirSync(tmp)).toEqual([]);
  });
});
