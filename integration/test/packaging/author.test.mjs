// A hook author's node:test file, run in the consumer project against the installed @hookwire/testing.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createHookTester } from "@hookwire/testing";

test("the scaffolded hook blocks rm -rf without a UI", async () => {
  const t = await createHookTester({ modules: [".hookwire/hooks/my-hook.ts"], hasUI: false });
  const outcome = await t.emit({
    type: "tool_call",
    toolCallId: "1",
    toolName: "bash",
    input: { command: "rm -rf x" },
  });
  assert.equal(outcome.block, true);
});
