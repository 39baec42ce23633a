// The CLI's state files go through the loader's private-file checks: a planted or shared record is never read.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { ensurePrivateDir, readPrivateJson, writePrivateJson } from "../src/private-file.js";

const root = mkdtempSync(path.join(tmpdir(), "hw-private-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const shown = (run: () => unknown) => {
  try {
    run();
    return "no error";
  } catch (error) {
    return (error as Error).message.replaceAll(root, "<root>");
  }
};

it("reads back what it wrote, and nothing for a missing file", () => {
  const file = path.join(root, "state", "a.json");
  writePrivateJson(file, { a: 1 });
  expect(readPrivateJson(file, 1024)).toEqual({ a: 1 });
  expect(readPrivateJson(path.join(root, "state", "none.json"), 1024)).toBeUndefined();
});

it("refuses a record others have permissions on, a link, and a folder under a world-writable one", () => {
  const dir = path.join(root, "refused");
  mkdirSync(dir, { mode: 0o700 });
  const shared = path.join(dir, "shared.json");
  writeFileSync(shared, "{}", { mode: 0o644 });
  chmodSync(shared, 0o644);
  symlinkSync(shared, path.join(dir, "link.json"));
  const open = path.join(root, "open");
  mkdirSync(open);
  chmodSync(open, 0o777);
  expect({
    shared: shown(() => readPrivateJson(shared, 1024)),
    link: shown(() => readPrivateJson(path.join(dir, "link.json"), 1024)),
    dir: shown(() => ensurePrivateDir(path.join(open, "state"))),
  }).toMatchInlineSnapshot(`
    {
      "dir": "\`<root>/open/state\` is not private: another user can rename or replace \`<root>/open\` above it. Make it and the folders above it writable by you alone, or set XDG_STATE_HOME to a folder that is.",
      "link": "\`<root>/refused/link.json\` is not used: it is a link. Remove it.",
      "shared": "\`<root>/refused/shared.json\` is not used: other users have permissions on it. Remove it.",
    }
  `);
});
