import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createBashTool, createEditTool, createReadTool, createWriteTool } from "../src/index.js";

const project = () => mkdtempSync(path.join(tmpdir(), "hookwire-tools-"));

describe("host tools", () => {
  it("bash runs in the project folder and returns stdout and stderr", async () => {
    const cwd = project();
    const result = await createBashTool({ cwd }).execute("1", { command: "pwd; echo oops >&2" });
    expect(result.content).toEqual([{ type: "text", text: `${cwd}\noops` }]);
  });

  it("bash rejects with the exit code and output when the command fails", async () => {
    const bash = createBashTool({ cwd: project() });
    await expect(bash.execute("1", { command: "echo nope; exit 3" })).rejects.toThrow(
      "bash: command failed with exit code 3\nnope",
    );
  });

  it("bash stops a whole pipeline at its timeout, not only the shell", async () => {
    const bash = createBashTool({ cwd: project() });
    const started = Date.now();
    await expect(bash.execute("1", { command: "echo begun; sleep 8 | cat", timeout: 0.3 })).rejects.toThrow(
      "bash: command failed with a kill (timeout or abort)\nbegun",
    );
    // Generous: the pipeline alone would take 8 s.
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("write creates folders, read returns the text, edit replaces one exact occurrence", async () => {
    const cwd = project();
    await createWriteTool({ cwd }).execute("1", { path: "a/b.txt", content: "one two" });
    await createEditTool({ cwd }).execute("2", { path: "a/b.txt", oldText: "two", newText: "2" });
    const read = await createReadTool({ cwd }).execute("3", { path: "a/b.txt" });
    expect(read.content).toEqual([{ type: "text", text: "one 2" }]);
  });

  it("edit refuses text that is missing or ambiguous, and names the parameter when it is wrong", async () => {
    const cwd = project();
    writeFileSync(path.join(cwd, "f.txt"), "x x");
    const edit = createEditTool({ cwd });
    await expect(edit.execute("1", { path: "f.txt", oldText: "y", newText: "z" })).rejects.toThrow(
      "edit: the text to replace was not found in f.txt.",
    );
    await expect(edit.execute("1", { path: "f.txt", oldText: "x", newText: "z" })).rejects.toThrow(
      "occurs more than once in f.txt",
    );
    await expect(edit.execute("1", { path: "f.txt", oldText: 1, newText: "z" })).rejects.toThrow(
      'edit: parameter "oldText" must be a string, got number.',
    );
    expect(readFileSync(path.join(cwd, "f.txt"), "utf8")).toBe("x x");
  });
});
