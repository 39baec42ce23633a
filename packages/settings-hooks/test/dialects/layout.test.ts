// Flat hook files (Copilot CLI, Cursor) read in the group layout, and their format version.
import { describe, expect, it } from "vitest";
import { asGroups, versionProblem } from "../../src/dialect-kit/layout.js";
import { copilot } from "../../src/dialects/copilot/dialect.js";
import { cursor } from "../../src/dialects/cursor/dialect.js";

describe("flat hook files as matcher groups", () => {
  it("turns Copilot's bash / timeoutSec handlers into command handlers, one group each, keeping cwd and env", () => {
    const hooks = {
      preToolUse: [
        {
          type: "command",
          bash: "./guard.sh",
          timeoutSec: 5,
          cwd: "scripts",
          env: { A: "1" },
          matcher: "bash",
        },
        { type: "command", bash: "./log.sh" },
      ],
    };
    expect(asGroups(hooks, copilot.settings)).toEqual({
      preToolUse: [
        {
          matcher: "bash",
          hooks: [{ type: "command", command: "./guard.sh", timeout: 5, cwd: "scripts", env: { A: "1" } }],
        },
        { hooks: [{ type: "command", command: "./log.sh" }] },
      ],
    });
  });

  it("gives Cursor's hooks, which have no type, the command type; a prompt hook keeps its own", () => {
    const hooks = {
      stop: [{ command: "./x.sh", loop_limit: 2 }],
      sessionStart: [{ type: "prompt", prompt: "hi" }],
    };
    expect(asGroups(hooks, cursor.settings)).toEqual({
      stop: [{ hooks: [{ command: "./x.sh", loop_limit: 2, type: "command" }] }],
      sessionStart: [{ hooks: [{ type: "prompt", prompt: "hi" }] }],
    });
  });

  it("lets the dialect's own field win when both names are written", () => {
    expect(asGroups({ preToolUse: [{ bash: "real", command: "decoy" }] }, copilot.settings)).toEqual({
      preToolUse: [{ hooks: [{ command: "real" }] }],
    });
  });

  it("leaves what is not a list or not an object for validation to report", () => {
    expect(asGroups({ preToolUse: "nope", stop: [7] }, cursor.settings)).toEqual({
      preToolUse: "nope",
      stop: [{ hooks: [7] }],
    });
  });
});

describe("format version", () => {
  it("accepts version 1 and a file without a version; refuses any other", () => {
    expect(versionProblem({ version: 1 }, cursor.settings)).toBeUndefined();
    expect(versionProblem({}, copilot.settings)).toBeUndefined();
    expect(versionProblem({ version: 2 }, cursor.settings)).toMatchInlineSnapshot(
      `"Unsupported version: expected 1, got 2. This file's hooks are skipped: it is written for another version of the format."`,
    );
    expect(versionProblem({ version: "1" }, copilot.settings)).toMatch(/got "1"/);
  });
});
