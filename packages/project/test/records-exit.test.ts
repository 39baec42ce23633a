// An agent that exits right after a tool call (pi's print mode, `opencode run`) still leaves that call's record: the
// batch waiting to be written is written when the process exits.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";

const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "hw-records-exit-")));
beforeAll(() => ensureBuilt());
afterAll(() => rmSync(root, { recursive: true, force: true }));

it("writes the last call's record when the process exits before the batch is due", () => {
  const records = pathToFileURL(path.join(import.meta.dirname, "../dist/records.js")).href;
  const script = `
    const { toolCallRecords } = await import(${JSON.stringify(records)});
    toolCallRecords("pi", "/work/app", 0)({ session: "s", event: "tool_call", toolName: "bash", input: { command: "ls" } })({});
    process.exit(0);
  `;
  execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, XDG_STATE_HOME: root },
  });
  const lines = readFileSync(path.join(root, "hookwire/decisions.jsonl"), "utf8").trim().split("\n");
  expect(lines.map((line) => JSON.parse(line).target)).toEqual(["ls"]);
});
