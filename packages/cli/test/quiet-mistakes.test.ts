// The mistakes hook authors make where hookwire used to go quiet: each one named, with its file, line and fix.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type InProcessSandbox, sandboxInProcess as sandbox } from "./cli-in-process.js";

/** A trusted project whose one PreToolUse Bash handler runs `command`, with the scripts given. */
async function project(command: string, scripts: Record<string, string> = {}): Promise<InProcessSandbox> {
  const box = sandbox("basic");
  for (const [name, text] of Object.entries(scripts)) {
    const file = path.join(box.cwd, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    chmodSync(file, 0o755);
  }
  writeFileSync(
    path.join(box.cwd, ".claude", "settings.json"),
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] } }),
  );
  await box.run(["trust", "--yes"]);
  return box;
}

describe("doctor reads the scripts hooks run", () => {
  it("flags a script saved with CRLF line endings, naming the file, the line and the fix", async () => {
    const box = await project("./.claude/bin/crlf.sh", {
      ".claude/bin/crlf.sh": '#!/bin/sh\r\necho \'{"decision":"block","reason":"no"}\'\r\n',
    });
    const out = await box.run(["doctor"]);
    expect(out.code).toBe(2);
    expect(out.stdout).toMatchInlineSnapshot(`
      "hookwire doctor: <cwd>
      ✖ .claude/settings.json#hooks.PreToolUse[0].hooks[0]: .claude/bin/crlf.sh:1 has Windows (CRLF) line endings: the shell reads the \\r as part of each command, so it fails with "not found" though the file exists
          fix: convert it to LF line endings: sed -i 's/\\r$//' .claude/bin/crlf.sh (or dos2unix .claude/bin/crlf.sh), and set your editor to LF for this file
      ✖ 2 hooks loaded, 1 settings handler from 1 file; 1 error, 0 warnings
      "
    `);
  });

  it("flags CRLF in a script an interpreter runs too (bash script.sh)", async () => {
    const box = await project("bash .claude/bin/crlf.sh", {
      ".claude/bin/crlf.sh": "echo hi\necho there\r\n",
    });
    const findings = JSON.parse((await box.run(["doctor", "--json"])).stdout).findings;
    expect(findings).toMatchInlineSnapshot(`
      [
        {
          "fix": "convert it to LF line endings: sed -i 's/\\r$//' .claude/bin/crlf.sh (or dos2unix .claude/bin/crlf.sh), and set your editor to LF for this file",
          "message": ".claude/bin/crlf.sh:2 has Windows (CRLF) line endings: the shell reads the \\r as part of each command, so it fails with "not found" though the file exists",
          "severity": "error",
          "where": ".claude/settings.json#hooks.PreToolUse[0].hooks[0]",
        },
      ]
    `);
  });

  it("flags a shebang interpreter that does not exist, and one env cannot find on PATH", async () => {
    const box = await project("./.claude/bin/a.sh && ./.claude/bin/b.sh", {
      ".claude/bin/a.sh": "#!/opt/nowhere/bin/sh\necho a\n",
      ".claude/bin/b.sh": "#!/usr/bin/env hookwire-no-such-interpreter --flag\necho b\n",
    });
    const out = await box.run(["doctor"]);
    expect(out.code).toBe(2);
    // The fix names where sh is on this machine's PATH.
    expect(out.stdout.replace(/#!\/\S+\/sh,/, "#!<PATH>/sh,")).toMatchInlineSnapshot(`
      "hookwire doctor: <cwd>
      ✖ .claude/settings.json#hooks.PreToolUse[0].hooks[0]: .claude/bin/a.sh:1 runs with /opt/nowhere/bin/sh, which does not exist or is not executable on this machine
          fix: write #!<PATH>/sh, or #!/usr/bin/env sh to find it on PATH
      ✖ .claude/settings.json#hooks.PreToolUse[0].hooks[0]: .claude/bin/b.sh:1 runs with "hookwire-no-such-interpreter" (through env), which is not on PATH
          fix: install hookwire-no-such-interpreter or put it on the PATH the agent runs hooks with
      ✖ 2 hooks loaded, 1 settings handler from 1 file; 2 errors, 0 warnings
      "
    `);
  });

  it("says nothing about a script with LF endings and a shebang that resolves", async () => {
    const box = await project("./.claude/bin/ok.sh", {
      ".claude/bin/ok.sh": "#!/usr/bin/env sh\nexit 0\n",
    });
    const out = await box.run(["doctor"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("0 errors, 0 warnings");
  });
});

describe("load warnings are shown wherever hooks load", () => {
  it('shows pi.on("tool_cal") with its did-you-mean in doctor, and before emit runs', async () => {
    const box = sandbox("basic");
    writeFileSync(
      path.join(box.cwd, ".hookwire", "hooks", "typo.ts"),
      'export default (pi) => { pi.on("tool_cal", () => ({ block: true, reason: "never" })); };\n',
    );
    await box.run(["trust", "--yes"]);
    const doctor = await box.run(["doctor"]);
    expect(doctor.stdout).toMatchInlineSnapshot(`
      "hookwire doctor: <cwd>
      ⚠ .hookwire/hooks/typo.ts: pi.on() subscribed to "tool_cal", which hookwire does not emit. Did you mean "tool_call"? The handler runs only if the host emits that event.
      ✔ 3 hooks loaded, 2 settings handlers from 1 file; 0 errors, 1 warning
      "
    `);
    const emit = await box.run(["emit", "session_start"]);
    expect(emit.stderr).toMatchInlineSnapshot(`
      "⚠ .hookwire/hooks/typo.ts: pi.on() subscribed to "tool_cal", which hookwire does not emit. Did you mean "tool_call"? The handler runs only if the host emits that event.
      "
    `);
  });
});

describe("output that looks like JSON but does not parse", () => {
  it("is a warning naming the handler and the parse error, never context", async () => {
    const box = await project("./.claude/bin/broken.sh", {
      ".claude/bin/broken.sh": `#!/bin/sh\necho '{"decision":"block", "reason":"no force push", }'\n`,
    });
    const out = await box.run([
      "emit",
      "PreToolUse",
      "--input",
      '{"tool_name":"Bash","tool_input":{"command":"ls"}}',
    ]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatchInlineSnapshot(`
      "tool_call (PreToolUse): 2 handler runs
        · .hookwire/hooks/guard.ts                                         none <n> ms
        · .claude/settings.json                                            none <n> ms
          ↳ ⚠ [claude] .claude/settings.json#hooks.PreToolUse[0].hooks[0]  invalid <n> ms  {"decision":"block", "reason":"no force push", }
      ⚠ Hook \`.claude/settings.json#hooks.PreToolUse[0].hooks[0]\` failed on "PreToolUse": its output looks like JSON but is not a JSON object (Expected double-quoted property name in JSON at position 47); it was read as plain text, so none of its fields (decision, hookSpecificOutput, …) apply. Print one valid JSON object, or plain text that does not start with { or [.
      result: {"block":false,"input":{"command":"ls"},"inputModified":false,"additionalContext":[]}
      "
    `);
  });
});

describe("emit checks its input against the event", () => {
  it('refuses Claude\'s "toolName":"Bash" on a native event, with the native name, and exits 2', async () => {
    const box = sandbox("basic");
    await box.run(["trust", "--yes"]);
    const out = await box.run([
      "emit",
      "tool_call",
      "--input",
      '{"toolName":"Bash","input":{"command":"git push -f"}}',
    ]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "hookwire: --input does not fit tool_call:
      ✖ "Bash" is not a native tool name; did you mean "bash"? (Claude Code's spelling goes in "tool_name", with "tool_input")  → at --input.toolName
      Fix: pass the event's fields, e.g. hookwire emit tool_call --input '{"toolName":"bash","input":{"command":"git push --force"}}'
      "
    `);
  });

  it("refuses a tool event without --input, an unknown field and a wrong type", async () => {
    const box = sandbox("basic");
    await box.run(["trust", "--yes"]);
    const missing = await box.run(["emit", "tool_call"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatchInlineSnapshot(`
      "hookwire: --input does not fit tool_call:
      ✖ tool_call is a tool call: --input must name the tool and its input
      Fix: pass the event's fields, e.g. hookwire emit tool_call --input '{"toolName":"bash","input":{"command":"git push --force"}}'
      "
    `);
    const typo = await box.run(["emit", "tool_call", "--input", '{"toolname":"bash","input":"ls"}']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatchInlineSnapshot(`
      "hookwire: --input does not fit tool_call:
      ✖ tool_call has no field "toolname"; did you mean "toolName"? (fields: toolName, toolCallId, input, tool_name, tool_input, tool_use_id)  → at --input.toolname
      ✖ expected an object, got string "ls"  → at --input.input
      ✖ tool_call needs the tool: "toolName" (native, e.g. "bash") or "tool_name" (Claude Code's, e.g. "Bash")  → at --input.toolName
      Fix: pass the event's fields, e.g. hookwire emit tool_call --input '{"toolName":"bash","input":{"command":"git push --force"}}'
      "
    `);
    const json = JSON.parse((await box.run(["emit", "tool_call", "--json"])).stdout);
    expect(json.error.code).toBe("CLI_USAGE");
  });

  it("takes Claude's spelling in the settings fields of a settings event", async () => {
    const box = sandbox("basic");
    await box.run(["trust", "--yes"]);
    const out = await box.run([
      "emit",
      "PreToolUse",
      "--input",
      '{"tool_name":"Bash","tool_input":{"command":"ls"}}',
    ]);
    expect(out.code).toBe(0);
  });
});

describe("an untrusted project", () => {
  it("makes emit and tool name the skipped sources and exit 3", async () => {
    const box = sandbox("basic");
    const emit = await box.run([
      "emit",
      "tool_call",
      "--input",
      '{"toolName":"bash","input":{"command":"rm -rf x"}}',
    ]);
    expect(emit.code).toBe(3);
    expect(emit.stderr).toMatchInlineSnapshot(`
      "⚠ .hookwire/hooks/guard.ts: not loaded: the project is not trusted
          fix: pnpm exec hookwire trust --cwd <cwd>
      ⚠ .claude/settings.json: not loaded: the project is not trusted
          fix: pnpm exec hookwire trust --cwd <cwd>
      ✖ 2 project hook sources were skipped (not trusted): .hookwire/hooks/guard.ts, .claude/settings.json; the result above is without them (exit 3)
          fix: review and trust them: pnpm exec hookwire trust --cwd <cwd>
      "
    `);
    const tool = await box.run(["tool", "bash", "--input", '{"command":"rm -rf x"}']);
    expect(tool.code).toBe(3);
    expect(tool.stderr.split("\n").slice(-3)).toMatchInlineSnapshot(`
      [
        "✖ 2 project hook sources were skipped (not trusted): .hookwire/hooks/guard.ts, .claude/settings.json; the result above is without them (exit 3)",
        "    fix: review and trust them: pnpm exec hookwire trust --cwd <cwd>",
        "",
      ]
    `);
    expect(JSON.parse((await box.run(["emit", "session_start", "--json"])).stdout).skipped).toEqual([
      ".hookwire/hooks/guard.ts",
      ".claude/settings.json",
    ]);
    await box.run(["trust", "--yes"]);
    expect((await box.run(["tool", "bash", "--input", '{"command":"rm -rf x"}'])).code).toBe(1);
  });
});
