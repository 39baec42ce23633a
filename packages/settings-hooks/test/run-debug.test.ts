// HOOKWIRE_DEBUG=1 in a host that listens to nothing: the per-handler log goes to stderr, prefixed [hookwire].
import { afterEach, describe, expect, it } from "vitest";
import { harness, script, tempProject } from "./bridge-harness.js";

const saved = process.env.HOOKWIRE_DEBUG;
afterEach(() => {
  if (saved === undefined) delete process.env.HOOKWIRE_DEBUG;
  else process.env.HOOKWIRE_DEBUG = saved;
});

/** What `run` wrote to process.stderr. */
async function stderrOf(run: () => Promise<unknown>): Promise<string> {
  const chunks: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  }) as typeof process.stderr.write;
  try {
    await run();
  } finally {
    process.stderr.write = write;
  }
  return chunks.join("");
}

describe("HOOKWIRE_DEBUG=1", () => {
  it("logs each handler to stderr: the one that did not match and why, and the one that ran, in full", async () => {
    process.env.HOOKWIRE_DEBUG = "1";
    const cwd = tempProject();
    const file = script(
      cwd,
      "deny.sh",
      `echo '{"decision":"block","reason":"no"}'; printf 'warn\\033[2J' >&2; exit 0`,
    );
    const h = await harness(
      {
        PreToolUse: [
          { matcher: "Write", hooks: [{ type: "command", command: file }] },
          { matcher: "Bash", hooks: [{ type: "command", command: file }] },
        ],
      },
      { cwd },
    );
    const log = await stderrOf(() =>
      h.runner.emit({ type: "tool_call", toolName: "bash", toolCallId: "c1", input: { command: "ls" } }),
    );
    const shown = log
      .replaceAll(cwd, "<cwd>")
      .replace(/\d+\.\d ms/g, "<n> ms")
      .replace(/"transcript_path":"[^"]*"/, '"transcript_path":"<t>"');
    expect(shown).toMatchInlineSnapshot(`
      "[hookwire] PreToolUse .claude/settings.json#hooks.PreToolUse[0].hooks[0] [claude]: not matched: matcher "Write" does not match tool "Bash"
      [hookwire] PreToolUse .claude/settings.json#hooks.PreToolUse[1].hooks[0] [claude]: matched, ran in <n> ms
      [hookwire]   ran: sh -c <cwd>/deny.sh
      [hookwire]   cwd: <cwd>
      [hookwire]   stdin: {"session_id":"session-1","transcript_path":"<t>","cwd":"<cwd>","permission_mode":"default","effort":{"level":"medium"},"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"c1"}
      [hookwire]   exit code: 0
      [hookwire]   stdout: {"decision":"block","reason":"no"}
      [hookwire]   stderr: warn\\x1b[2J
      [hookwire]   output read as: JSON
      [hookwire]   decision: block: no
      "
    `);
  });

  it("says nothing when it is not set", async () => {
    delete process.env.HOOKWIRE_DEBUG;
    const cwd = tempProject();
    const file = script(cwd, "ok.sh", "exit 0");
    const h = await harness(
      { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: file }] }] },
      { cwd },
    );
    const log = await stderrOf(() =>
      h.runner.emit({ type: "tool_call", toolName: "bash", toolCallId: "c1", input: { command: "ls" } }),
    );
    expect(log).toBe("");
  });
});
