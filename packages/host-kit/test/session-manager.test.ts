import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { JsonlSessionManager } from "../src/index.js";

const dir = () => mkdtempSync(path.join(tmpdir(), "hookwire-session-"));

describe("JsonlSessionManager", () => {
  it("appends one JSON line per entry, each pointing at the previous leaf", () => {
    const sessions = JsonlSessionManager.create(dir(), "/project");
    const a = sessions.appendMessage({ role: "user", content: "hi" });
    const b = sessions.appendCustomEntry("audit", { n: 1 });
    const c = sessions.appendCustomMessage({ customType: "note", content: "x", display: true });
    expect(sessions.getLeafEntry()?.id).toBe(c.id);
    expect(sessions.getBranch().map((e) => e.id)).toEqual([a.id, b.id, c.id]);
    expect(sessions.getBranch(b.id).map((e) => e.type)).toEqual(["message", "custom"]);
    expect(sessions.getMessages().map((m) => m.role)).toEqual(["user", "custom"]);

    const file = sessions.getSessionFile()!;
    const lines = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.type)).toEqual(["session", "message", "custom", "custom_message"]);
    expect(lines[2]).toMatchObject({ parentId: a.id, customType: "audit", data: { n: 1 } });
  });

  it("reopens a file with the same entries and leaf", () => {
    const sessions = JsonlSessionManager.create(dir(), "/project");
    sessions.appendMessage({ role: "user", content: "one" });
    const last = sessions.appendMessage({ role: "user", content: "two" });
    const reopened = JsonlSessionManager.open(sessions.getSessionFile()!, "/project");
    expect(reopened.getEntries()).toEqual(sessions.getEntries());
    expect(reopened.getLeafEntry()?.id).toBe(last.id);
  });

  it("starts each new session in the next numbered file, recording its parent", () => {
    const folder = dir();
    const sessions = JsonlSessionManager.create(folder, "/project");
    const first = sessions.getSessionFile()!;
    sessions.appendMessage({ role: "user", content: "old" });
    const second = sessions.newSession(first);
    expect(path.basename(first)).toBe("session-1.jsonl");
    expect(path.basename(second)).toBe("session-2.jsonl");
    expect(sessions.getEntries()).toEqual([]);
    expect(JSON.parse(readFileSync(second, "utf8").split("\n")[0]!)).toMatchObject({ parentSession: first });
  });
});
