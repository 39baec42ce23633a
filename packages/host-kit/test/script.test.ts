import { describe, expect, it } from "vitest";
import { parseScript } from "../src/index.js";

describe("parseScript", () => {
  it("reads prompts with calls, commands, answers, and skips comments", () => {
    const steps = parseScript(
      [
        "# a comment",
        '{"prompt": "go", "calls": [{"tool": "bash", "input": {"command": "ls"}}], "confirm": [true]}',
        "",
        '{"command": "/handoff now"}',
      ].join("\n"),
      "script.jsonl",
    );
    expect(steps).toEqual([
      {
        kind: "prompt",
        prompt: "go",
        calls: [{ tool: "bash", input: { command: "ls" } }],
        reply: "Done.",
        answers: [true],
      },
      { kind: "command", command: "/handoff now", answers: [] },
    ]);
  });

  it.each([
    ['{"prompt": "x"', "script.jsonl:1: not valid JSON"],
    ['{"say": "x"}', 'script.jsonl:1: expected "prompt": string or "command": "/name args".'],
    [
      '{"prompt": "x", "calls": [{"tool": "bash"}]}',
      'script.jsonl:1: calls[0] must be {"tool": string, "input": object}.',
    ],
    ['{"command": "handoff"}', 'script.jsonl:1: "command" must start with "/", got "handoff".'],
    ['{"prompt": "x", "confirm": "yes"}', 'script.jsonl:1: "confirm" must be an array of booleans'],
  ])("names the file and line for %s", (line, message) => {
    expect(() => parseScript(line, "script.jsonl")).toThrow(message);
  });
});
