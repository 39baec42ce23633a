// The kit's own parts: the record file round trip, the compared terms, the report line, case folders, the file tools' wording.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  caseDirs,
  comparableBy,
  fileTools,
  formatReport,
  recordStore,
  scriptText,
  shapeOf,
} from "../src/index.js";

const temps: string[] = [];
const temp = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hw-kit-"));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("recordStore", () => {
  it("reads the version under the suite's own key and writes the file back byte for byte", () => {
    const file = path.join(temp(), "codex.json");
    const text = `${JSON.stringify(
      {
        note: "Written by `pnpm conformance:record:codex`; never edit by hand.",
        codex: "0.169.0",
        recordedAt: "2026-12-01",
        platform: "linux-x64",
        cases: { a: { requests: 2 } },
      },
      null,
      2,
    )}\n`;
    writeFileSync(file, text);
    const store = recordStore<{ requests: number }>(file, "codex");
    const record = store.read();
    expect(record?.version).toBe("0.169.0");
    expect(record?.cases.a).toEqual({ requests: 2 });
    if (record) store.write(record);
    expect(readFileSync(file, "utf8")).toBe(text);
  });

  it("reads nothing where no record exists", () => {
    expect(recordStore(path.join(temp(), "none.json"), "codex").read()).toBeUndefined();
  });
});

describe("shapeOf", () => {
  it("keeps keys and types, sorted, and arrays by their first element", () => {
    expect(shapeOf({ b: [1, 2], a: { c: null, d: "x" }, e: [] })).toEqual({
      a: { c: "null", d: "string" },
      b: ["array of", "number"],
      e: "array",
    });
  });

  it("shapes a shallow key one level deep only", () => {
    const value = { llm_request: { config: { a: 1 } }, other: { config: { a: 1 } } };
    expect(shapeOf(value, new Set(["llm_request"]))).toEqual({
      llm_request: { config: "object" },
      other: { config: { a: "number" } },
    });
  });
});

describe("comparableBy", () => {
  const compare = comparableBy<{ requests: number; noise?: string; hooks: Record<string, unknown[]> }>(
    { values: ["tool_name"], extra: (input) => ({ exit: input.exit }) },
    ["noise"],
  );

  it("compares listed fields by value, the rest by shape, and drops omitted fields", () => {
    const ours = { requests: 1, noise: "a", hooks: { h: [{ tool_name: "Bash", session_id: "x", exit: 2 }] } };
    const theirs = {
      requests: 1,
      noise: "b",
      hooks: { h: [{ tool_name: "Bash", session_id: "y", exit: 2 }] },
    };
    expect(compare(ours)).toEqual(compare(theirs));
    expect(compare(ours)).not.toEqual(
      compare({ ...theirs, hooks: { h: [{ tool_name: "Read", session_id: "y" }] } }),
    );
    expect(compare(ours)).not.toEqual(
      compare({ ...theirs, hooks: { h: [{ tool_name: "Bash", session_id: 1 }] } }),
    );
  });
});

describe("formatReport", () => {
  it("counts each verdict and names the cases that disagree", () => {
    const verdicts = new Map([
      ["a", "agree"],
      ["b", "deliberate"],
      ["c", "disagree"],
    ] as const);
    expect(formatReport("x-conformance", verdicts)).toMatchInlineSnapshot(
      `"x-conformance: 3 cases, 1 agree, 1 deliberate, 1 disagree (c)"`,
    );
  });
});

describe("scriptText", () => {
  it("logs stdin to the hook's log, runs the shell with @LOG@ and $n, prints and exits as told", () => {
    const dir = temp();
    const script = path.join(dir, "h.sh");
    writeFileSync(
      script,
      scriptText(
        "h",
        { shell: `printf 'run %s\\n' "$n" >> '@LOG@/runs'`, stdout: { ok: true }, exit: 0 },
        dir,
      ),
    );
    const out = execFileSync("sh", [script], { input: '{"a":1}', encoding: "utf8" });
    execFileSync("sh", [script], { input: '{"a":2}', encoding: "utf8" });
    expect(out).toBe('{"ok":true}\n');
    expect(readFileSync(path.join(dir, "h.jsonl"), "utf8")).toBe('{"a":1}\n{"a":2}\n');
    expect(readFileSync(path.join(dir, "runs"), "utf8")).toBe("run 1\nrun 2\n");
  });
});

describe("caseDirs", () => {
  it("makes project, home and logs, writes the case's files and its scripts with @P@ filled in", () => {
    const root = temp();
    const dirs = caseDirs(
      { files: { "src/a.txt": "A" }, scripts: { h: { stdout: "@P@/x" } } },
      root,
      "hooks",
    );
    expect(dirs).toEqual({
      root,
      project: path.join(root, "project"),
      home: path.join(root, "home"),
      logs: path.join(root, "logs"),
    });
    expect(readFileSync(path.join(dirs.project, "src/a.txt"), "utf8")).toBe("A");
    const out = execFileSync("sh", [path.join(root, "hooks", "h.sh")], { input: "{}", encoding: "utf8" });
    expect(out).toBe(`${dirs.project}/x\n`);
    expect(readdirSync(dirs.home)).toEqual([]);
  });
});

describe("fileTools", () => {
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => "resolved",
      (error: Error) => error.message.replaceAll(os.tmpdir(), "<tmp>").replace(/hw-kit-\w+/, "<dir>"),
    );

  it("answers in Claude Code's words unless the host gives its own", async () => {
    const cwd = temp();
    const [read, , edit] = fileTools(cwd);
    const [ownRead, ownWrite, ownEdit] = fileTools(cwd, {
      readMissing: (file) => `File not found: ${file}`,
      textMissing: () => "oldString not found in content",
      wrote: () => ({ content: [{ type: "text", text: "Wrote file successfully." }] }),
    });
    expect(await failure(read!.execute("1", { path: "nope.txt" }))).toMatchInlineSnapshot(
      `"File does not exist. Current working directory: <tmp>/<dir>."`,
    );
    expect(await failure(ownRead!.execute("1", { path: "nope.txt" }))).toMatchInlineSnapshot(
      `"File not found: <tmp>/<dir>/nope.txt"`,
    );
    expect(await failure(read!.execute("1", { path: 3 }))).toMatchInlineSnapshot(
      `"InputValidationError: read requires "path" (a string), got number"`,
    );
    expect(await ownWrite!.execute("1", { path: "a.txt", content: "one" })).toEqual({
      content: [{ type: "text", text: "Wrote file successfully." }],
    });
    const edited = await edit!.execute("1", { path: "a.txt", oldText: "one", newText: "two" });
    expect(edited.details).toEqual({ originalFile: "one" });
    expect(readFileSync(path.join(cwd, "a.txt"), "utf8")).toBe("two");
    expect(await failure(ownEdit!.execute("1", { path: "a.txt", oldText: "one", newText: "x" }))).toBe(
      "oldString not found in content",
    );
  });
});
