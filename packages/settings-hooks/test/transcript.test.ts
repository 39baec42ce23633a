import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_DEFERRED_LINES, TranscriptWriter } from "../src/transcript.js";

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

describe("TranscriptWriter's deferred lines", () => {
  const lines = (file: string) =>
    existsSync(file) ? readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : [];
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it("writes a full queue on the next turn of the event loop without waiting for a hook", async () => {
    const file = path.join(dir(), "s.jsonl");
    const writer = new TranscriptWriter({ file, sessionId: "s", cwd: "/p" });
    for (let i = 0; i < MAX_DEFERRED_LINES; i++)
      writer.later((t) => t.toolUse(`c${i}`, "Bash", { command: "ls" }));
    // Not in the caller's call: the tool call that filled the queue pays no write.
    expect(lines(file)).toHaveLength(0);
    await nextTurn();
    expect(lines(file)).toHaveLength(MAX_DEFERRED_LINES);
    expect(JSON.parse(lines(file).at(-1) ?? "{}").message.content[0].id).toBe(`c${MAX_DEFERRED_LINES - 1}`);
  });

  it("keeps a short queue until the next flush", async () => {
    const file = path.join(dir(), "s.jsonl");
    const writer = new TranscriptWriter({ file, sessionId: "s", cwd: "/p" });
    for (let i = 0; i < MAX_DEFERRED_LINES - 1; i++) writer.later((t) => t.toolUse(`c${i}`, "Bash", {}));
    await nextTurn();
    expect(lines(file)).toHaveLength(0);
    writer.flush();
    expect(lines(file)).toHaveLength(MAX_DEFERRED_LINES - 1);
  });

  it("keeps the order when direct lines and a scheduled flush interleave", async () => {
    const file = path.join(dir(), "s.jsonl");
    const writer = new TranscriptWriter({ file, sessionId: "s", cwd: "/p" });
    for (let i = 0; i < MAX_DEFERRED_LINES; i++) writer.later((t) => t.toolUse(`c${i}`, "Bash", {}));
    writer.assistantText("after the queue");
    await nextTurn();
    const all = lines(file).map((l) => JSON.parse(l));
    expect(all).toHaveLength(MAX_DEFERRED_LINES + 1);
    expect(all.at(-1).message.content[0].text).toBe("after the queue");
    expect(all.slice(1).every((l, i) => l.parentUuid === all[i].uuid)).toBe(true);
  });

  it("drops a line that throws while it is built and writes the others", async () => {
    const file = path.join(dir(), "s.jsonl");
    const writer = new TranscriptWriter({ file, sessionId: "s", cwd: "/p" });
    writer.later(() => {
      throw new Error("cannot build");
    });
    for (let i = 1; i < MAX_DEFERRED_LINES; i++) writer.later((t) => t.toolUse(`c${i}`, "Bash", {}));
    // A throw on the scheduled turn would end the host process; the test would not get past this line.
    await nextTurn();
    expect(lines(file)).toHaveLength(MAX_DEFERRED_LINES - 1);
  });
});

describe("TranscriptWriter on an existing transcript", () => {
  it("goes on from its last line, as a resumed session does", () => {
    const file = path.join(dir(), "s.jsonl");
    const first = new TranscriptWriter({ file, sessionId: "s", cwd: "/p" });
    first.prompt("one", "p1", undefined);
    // A tool input with a "uuid" key of its own is not the line's uuid.
    first.toolUse("c1", "Bash", { command: "ls", uuid: "00000000-0000-4000-8000-000000000000" });
    const resumed = new TranscriptWriter({ file, sessionId: "s", cwd: "/p" });
    resumed.prompt("two", "p2", undefined);
    const lines = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.parentUuid)).toEqual([null, lines[0].uuid, lines[1].uuid]);
  });

  it("starts a new chain after a torn last line", () => {
    const file = path.join(dir(), "s.jsonl");
    writeFileSync(file, '{"type":"user","uuid":"11111111-1111-4111-8111-111111111111"');
    const writer = new TranscriptWriter({ file, sessionId: "s", cwd: "/p" });
    writer.prompt("go", "p1", undefined);
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines).toHaveLength(3);
    const last = JSON.parse(lines[1] ?? "{}");
    expect(last.message.content).toBe("go");
    expect(last.parentUuid).toBeNull();
  });
});
