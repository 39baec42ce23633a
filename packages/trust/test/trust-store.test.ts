// The trust store's file and the fingerprint: a store that cannot be read is refused with the fix, a fingerprint
// follows contents, not order.
import { execFileSync } from "node:child_process";
import { truncate, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fingerprintProject } from "../src/fingerprint.js";
import { MAX_TRUST_STORE_BYTES, readTrustStore } from "../src/store/trust-store.js";
import { normalise, tempDir } from "./helpers/fixtures.js";

describe("trust store", () => {
  it("refuses a FIFO at the store's path at once instead of waiting for a writer", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "trust.json");
    execFileSync("mkfifo", [file]);
    const message = await readTrustStore(file).catch((e: Error) => normalise(e.message, dir));
    expect(message).toMatchInlineSnapshot(
      `"Cannot read the trust store \`<cwd>/trust.json\`: it is a FIFO. Remove it and trust your projects again (\`hookwire trust\`)."`,
    );
  });

  it("refuses a store past its size limit without reading it", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "trust.json");
    await writeFile(file, "");
    await truncate(file, MAX_TRUST_STORE_BYTES + 1);
    const message = await readTrustStore(file).catch((e: Error) => normalise(e.message, dir));
    expect(message).toMatchInlineSnapshot(
      `"Cannot read the trust store \`<cwd>/trust.json\`: it is 16777217 bytes, over the limit of 16777216. Remove it and trust your projects again (\`hookwire trust\`)."`,
    );
  });

  it("explains a store that is not a trust store", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "trust.json");
    await writeFile(file, "[1, 2]");
    await expect(readTrustStore(file)).rejects.toThrow(
      expect.objectContaining({ code: "TRUST_STORE_INVALID" }),
    );
    const error = await readTrustStore(file).catch((e: Error) => normalise(e.message, dir));
    expect(error).toMatchInlineSnapshot(
      `"The trust store \`<cwd>/trust.json\` must be {"version": 2, "projects": {…}}. Delete it and trust your projects again."`,
    );
  });
});

describe("fingerprintProject", () => {
  it("changes when a file's contents change, and not when the items come in another order", async () => {
    const dir = await tempDir();
    const a = path.join(dir, "a.sh");
    const b = path.join(dir, "b.sh");
    await writeFile(a, "echo a\n");
    await writeFile(b, "echo b\n");
    const first = await fingerprintProject(dir, [
      { path: a, kind: "hook" },
      { path: b, kind: "script" },
    ]);
    const reordered = await fingerprintProject(dir, [
      { path: b, kind: "script" },
      { path: a, kind: "hook" },
    ]);
    await writeFile(b, "echo B\n");
    const edited = await fingerprintProject(dir, [
      { path: a, kind: "hook" },
      { path: b, kind: "script" },
    ]);
    expect(reordered).toEqual(first);
    expect(edited.fingerprint).not.toBe(first.fingerprint);
    expect(first.items).toEqual(["hook a.sh", "script b.sh"]);
    expect(first.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });
});
