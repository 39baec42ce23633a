// Cursor as a host, held to its documentation (Cursor does not run here): what `hookwire connect cursor` writes and
// what `hookwire hook cursor <event>` answers to the stdin Cursor's docs describe, each case naming its source.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMANDS, GUARD_MODULE, type World, world } from "../src/world.js";

const DOCS = "cursor.com/docs/hooks";

let w: World;
beforeAll(() => {
  w = world();
  w.write(".hookwire/hooks/guard.ts", GUARD_MODULE);
  w.hookwire("trust", "--yes");
});
afterAll(() => w.remove());

/** The common schema of every Cursor hook input (docs: "Common schema"), then the event's own fields. */
const input = (event: string, fields: Record<string, unknown>, conversation = "conv-1") => ({
  conversation_id: conversation,
  generation_id: "gen-1",
  model: "claude-4",
  hook_event_name: event,
  cursor_version: "1.7.0",
  workspace_roots: [w.project],
  user_email: null,
  transcript_path: null,
  ...fields,
});
const shell = (command: string) => ({
  tool_name: "Shell",
  tool_input: { command },
  tool_use_id: "tool-1",
  cwd: w.project,
});
const answer = (event: string, fields: Record<string, unknown>, conversation?: string) => {
  const out = w.hook("cursor", event, input(event, fields, conversation));
  return { ...out, json: out.stdout ? JSON.parse(out.stdout) : undefined };
};

describe("Cursor, as its docs describe it, with hookwire connected", () => {
  it(`connects in .cursor/hooks.json: version 1, a list of hooks per event, failClosed on preToolUse (${DOCS}: "Configuration", failClosed)`, () => {
    const out = w.hookwire("connect", "cursor");
    expect(out.stdout).toContain("created .cursor/hooks.json");
    const file = JSON.parse(w.read(".cursor/hooks.json") ?? "{}");
    expect(file.version).toBe(1);
    expect(Object.keys(file.hooks)).toEqual([
      "sessionStart",
      "sessionEnd",
      "preToolUse",
      "postToolUse",
      "postToolUseFailure",
      "beforeSubmitPrompt",
      "stop",
    ]);
    expect(file.hooks.preToolUse).toEqual([
      expect.objectContaining({ type: "command", timeout: 60, failClosed: true }),
    ]);
    expect(file.hooks.postToolUse[0].failClosed).toBeUndefined();
  });

  it(`denies with permission "deny" and tells the model why in agent_message (${DOCS}: preToolUse output)`, () => {
    expect(answer("preToolUse", shell(COMMANDS.destroy)).json).toEqual({
      permission: "deny",
      agent_message: "HW_BLOCKED: rm -rf is not allowed here",
    });
  });

  it(`rewrites the call with updated_input (${DOCS}: preToolUse output updated_input)`, () => {
    expect(answer("preToolUse", shell(COMMANDS.rewrite)).json).toEqual({
      updated_input: { command: "echo rewritten > rewritten.txt" },
    });
  });

  it(`gives the model context after a call with additional_context, kept across processes (${DOCS}: postToolUse output)`, () => {
    const out = answer("postToolUse", {
      ...shell(COMMANDS.harmless),
      tool_output: JSON.stringify({ output: "" }),
      duration: 5,
    });
    expect(out.json).toEqual({ additional_context: "HW_CONTEXT_MARK calls=1" });
  });

  it(`asks the agent to go on with followup_message, once (${DOCS}: stop output followup_message)`, () => {
    expect(answer("stop", { status: "completed", loop_count: 0 }).json).toEqual({
      followup_message: "HW_FOLLOW_UP: run the tests too",
    });
    expect(answer("stop", { status: "completed", loop_count: 1 }).json).toEqual({});
  });

  it(`fails closed when hookwire crashes: the process dies, and the entry's failClosed makes Cursor block (${DOCS}: failClosed)`, () => {
    const out = answer("preToolUse", shell(COMMANDS.crash));
    expect(out.code).not.toBe(0);
    expect(out.stdout).toBe("");
  });

  it(`tells the user of an untrusted project in user_message, once per conversation (${DOCS}: user_message)`, () => {
    w.hookwire("trust", "--revoke");
    const first = answer("beforeSubmitPrompt", { prompt: "hi", attachments: [] }, "conv-2");
    expect(first.json.user_message).toContain("trust --cwd");
    expect(first.json.continue).toBeUndefined();
    expect(answer("beforeSubmitPrompt", { prompt: "hi", attachments: [] }, "conv-2").json).toEqual({});
  });

  it("removes the file it created on disconnect", () => {
    expect(w.hookwire("disconnect", "cursor").stdout).toContain("removed .cursor/hooks.json");
    expect(w.read(".cursor/hooks.json")).toBeUndefined();
  });
});
