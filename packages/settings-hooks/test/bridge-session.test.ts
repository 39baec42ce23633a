// The bridge's session step on its own: the ids, the transcript it writes or leaves to the host, and where
// large outputs go.
import { mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prepareSession } from "../src/bridge/session.js";
import { TRANSCRIPT_LIMITS } from "../src/large-output.js";

const root = () => realpathSync(mkdtempSync(path.join(tmpdir(), "hookwire-bridge-session-")));

describe("prepareSession", () => {
  it("writes a transcript named by the session id, and saves large outputs beside it", () => {
    const dir = root();
    const { session, transcript, toolResultsDirNow } = prepareSession(1, {
      cwd: dir,
      sessionId: "s-1",
      transcriptDir: path.join(dir, "transcripts"),
    });
    expect(transcript?.path).toBe(path.join(dir, "transcripts", "s-1.jsonl"));
    expect(session).toMatchObject({ sessionId: "s-1", cwd: dir, transcriptPath: transcript?.path });
    expect(toolResultsDirNow()).toEqual({
      dir: path.join(dir, "transcripts", "s-1", "tool-results"),
      transcribed: true,
    });
  });

  it("writes none when the host keeps the transcript, and saves large outputs beside the host's", () => {
    const dir = root();
    const host = path.join(dir, "host", "s-2.jsonl");
    const { session, transcript, outputLimits, toolResultsDirNow } = prepareSession(3, {
      cwd: dir,
      sessionId: "s-2",
      transcriptPath: host,
    });
    expect(transcript).toBeUndefined();
    expect(session.transcriptPath).toBe(host);
    expect(outputLimits).toBe(TRANSCRIPT_LIMITS);
    expect(toolResultsDirNow()).toEqual({
      dir: path.join(dir, "host", "s-2", "tool-results"),
      transcribed: true,
    });
  });

  it("writes none for no handlers or when told not to, and then saves large outputs in the output folder", () => {
    const dir = root();
    for (const [count, transcript] of [
      [0, undefined],
      [2, false],
    ] as const) {
      const prepared = prepareSession(count, { cwd: dir, transcript, outputDir: path.join(dir, "out") });
      expect(prepared.transcript).toBeUndefined();
      expect(prepared.session.transcriptPath).toBeUndefined();
      expect(prepared.toolResultsDirNow()).toEqual({
        dir: path.join(dir, "out", "tool-results"),
        transcribed: false,
      });
    }
  });

  it("takes a fresh random session id when the host gives none, and the host's session fields over its own", () => {
    const dir = root();
    const first = prepareSession(0, { cwd: dir }).session.sessionId;
    const second = prepareSession(0, { cwd: dir }).session.sessionId;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    const hosted = prepareSession(1, {
      cwd: dir,
      sessionId: "mine",
      hostSession: () => ({ sessionId: "host-7", transcriptPath: path.join(dir, "h.jsonl") }),
    });
    expect(hosted.session).toMatchObject({ sessionId: "host-7", transcriptPath: path.join(dir, "h.jsonl") });
    expect(hosted.transcript).toBeUndefined();
  });
});
