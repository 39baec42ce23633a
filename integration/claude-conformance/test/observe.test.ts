import { describe, expect, it } from "vitest";
import { normalize } from "../src/observe.js";

const dirs = {
  root: "/tmp/hw-x1",
  project: "/tmp/hw-x1/project",
  home: "/tmp/hw-x1/home",
  logs: "/tmp/hw-x1/logs",
};

describe("normalize", () => {
  it("replaces the temp folder, UUIDs, tool-use ids, durations and a transcript path, nothing else", () => {
    const input = {
      session_id: "0b9c1e7a-5d2f-4c1e-9a7b-3f2e1d0c9b8a",
      transcript_path: "/tmp/hw-x1/home/.claude/projects/x/0b9c1e7a-5d2f-4c1e-9a7b-3f2e1d0c9b8a.jsonl",
      cwd: "/tmp/hw-x1/project",
      tool_use_id: "toolu_fake_12",
      duration_ms: 41,
      tool_response: { durationMs: 3, stdout: "took 41 ms in /tmp/hw-x1/project/a" },
      nested: [{ id: "toolu_hw_3" }],
    };
    expect(normalize(input, dirs)).toEqual({
      session_id: "<uuid>",
      transcript_path: "<transcript>",
      cwd: "<root>/project",
      tool_use_id: "<tool-use-id>",
      duration_ms: "<ms>",
      tool_response: { durationMs: "<ms>", stdout: "took 41 ms in <root>/project/a" },
      nested: [{ id: "<tool-use-id>" }],
    });
    expect(normalize({ transcript_path: "" }, dirs)).toEqual({ transcript_path: "" });
  });
});
