import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TranscriptWriter } from "../src/transcript.js";

const dir = () => mkdtempSync(path.join(tmpdir(), "hookwire-transcript-"));

describe("TranscriptWriter", () => {
  it("builds queued lines only at flush, in the order they were recorded", () => {
    const file = path.join(dir(), "t", "s.jsonl");
    const writer = new TranscriptWriter({ file, sessionId: "s", cwd: "/p" });
    writer.prompt("go", "p1", undefined);
    let built = 0;
    writer.later((t) => {
      built++;
      t.toolUse("c1", "Bash", { command: "ls" });
    });
    expect(built).toBe(0);
    expect(readFileSync(file, "utf8").trim().split("\n")).toHaveLength(1);
    writer.assistantText("done");
    expect(built).toBe(1);
    const lines = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.type)).toEqual(["user", "assistant", "assistant"]);
    expect(lines[1].message.content[0]).toMatchObject({ type: "tool_use", id: "c1", name: "Bash" });
    expect(lines[2].parentUuid).toBe(lines[1].uuid);
  });

  it("never throws when the transcript cannot be written", () => {
    const blocker = path.join(dir(), "a-file");
    writeFileSync(blocker, "");
    // The transcript's folder would have to be created inside a regular file.
    const writer = new TranscriptWriter({
      file: path.join(blocker, "t", "s.jsonl"),
      sessionId: "s",
      cwd: "/p",
    });
    expect(() => {
      writer.prompt("go", "p1", "default");
      writer.later((t) => t.toolUse("c1", "Bash", { command: "ls" }));
      writer.flush();
    }).not.toThrow();
  });
});
