// `--debug`: each handler's run in full — a command hook, an http hook on 127.0.0.1 and a hook module.
import { chmodSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InProcessSandbox as Sandbox, sandboxInProcess as sandbox } from "./cli-in-process.js";

// A real http hook server on 127.0.0.1, in this process beside the CLI (both wait on the socket, not on each other).
let server: Server | undefined;
let url = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          hookSpecificOutput: {
            hookEventName: "PreToolUse",
            permissionDecision: "deny",
            permissionDecisionReason: "http says no",
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const clean = (text: string) =>
  text
    .replace(/"session_id":"[^"]*"/g, '"session_id":"<id>"')
    .replace(/"transcript_path":"[^"]*"/g, '"transcript_path":"<transcript>"')
    .replace(/"tool_use_id":"[^"]*"/g, '"tool_use_id":"<id>"')
    .replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:<port>")
    .replace(/\d+\.\d ms/g, "<n> ms");

async function project(hooks: unknown[]): Promise<Sandbox> {
  const box = sandbox("basic");
  const script = path.join(box.cwd, ".claude", "bin", "say.sh");
  writeFileSync(
    script,
    '#!/bin/sh\necho "checking" >&2\necho \'{"decision":"block","reason":"say.sh blocks"}\'\n',
  );
  chmodSync(script, 0o755);
  writeFileSync(
    path.join(box.cwd, ".claude", "settings.json"),
    JSON.stringify({ hooks: { PreToolUse: hooks } }),
  );
  await box.run(["trust", "--yes"]);
  return box;
}

describe("--debug", () => {
  it("shows a command hook's matcher decision, command, cwd, stdin, exit code, output, parse and decision", async () => {
    const box = await project([
      { matcher: "Bash", hooks: [{ type: "command", command: "./.claude/bin/say.sh" }] },
      { matcher: "Write", hooks: [{ type: "command", command: "./.claude/bin/say.sh --never" }] },
    ]);
    const out = await box.run([
      "emit",
      "PreToolUse",
      "--debug",
      "--input",
      '{"tool_name":"Bash","tool_input":{"command":"ls"}}',
    ]);
    expect(out.code).toBe(1);
    expect(clean(out.stderr)).toMatchInlineSnapshot(`
      "── pre (tool_call) ──
      [debug] tool_call .hookwire/hooks/guard.ts [module]: ran in <n> ms
      [debug]   returned: nothing
      [debug]   decision: none
      [debug] PreToolUse .claude/settings.json#hooks.PreToolUse[1].hooks[0] [claude]: not matched: matcher "Write" does not match tool "Bash"
      [debug] PreToolUse .claude/settings.json#hooks.PreToolUse[0].hooks[0] [claude]: matched, ran in <n> ms
      [debug]   ran: sh -c ./.claude/bin/say.sh
      [debug]   cwd: <cwd>
      [debug]   stdin: {"session_id":"<id>","transcript_path":"<transcript>","cwd":"<cwd>","permission_mode":"default","effort":{"level":"medium"},"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"<id>"}
      [debug]   exit code: 0
      [debug]   stdout: {"decision":"block","reason":"say.sh blocks"}
      [debug]   stderr: checking
      [debug]   output read as: JSON
      [debug]   decision: block: say.sh blocks
      "
    `);
  });

  it("shows an http hook's POST, body, status and decision", async () => {
    const box = await project([{ matcher: "Bash", hooks: [{ type: "http", url }] }]);
    const out = await box.run(
      ["emit", "PreToolUse", "--input", '{"tool_name":"Bash","tool_input":{"command":"ls"}}'],
      {
        env: { HOOKWIRE_DEBUG: "1" },
      },
    );
    expect(out.code).toBe(1);
    expect(clean(out.stderr)).toMatchInlineSnapshot(`
      "── pre (tool_call) ──
      [debug] tool_call .hookwire/hooks/guard.ts [module]: ran in <n> ms
      [debug]   returned: nothing
      [debug]   decision: none
      [debug] PreToolUse .claude/settings.json#hooks.PreToolUse[0].hooks[0] [claude]: matched, ran in <n> ms
      [debug]   ran: POST http://127.0.0.1:<port>/hook
      [debug]   stdin: {"session_id":"<id>","transcript_path":"<transcript>","cwd":"<cwd>","permission_mode":"default","effort":{"level":"medium"},"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"<id>"}
      [debug]   status: 200
      [debug]   body: {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"http says no"}}
      [debug]   output read as: JSON
      [debug]   decision: deny: http says no
      "
    `);
  });

  it("shows a hook module's result in tool's pre and post phases", async () => {
    const box = await project([]);
    const out = await box.run(["tool", "bash", "--debug", "--input", '{"command":"npm test"}']);
    expect(out.code).toBe(0);
    expect(clean(out.stderr)).toMatchInlineSnapshot(`
      "── pre (tool_call) ──
      [debug] tool_call .hookwire/hooks/guard.ts [module]: ran in <n> ms
      [debug]   returned: {"input":{"command":"pnpm test"}}
      [debug]   decision: rewrite: {"command":"pnpm test"}
      ── post (tool_result) ──
      [debug] tool_result .hookwire/hooks/guard.ts [module]: ran in <n> ms
      [debug]   returned: nothing
      [debug]   decision: none
      "
    `);
  });
});
