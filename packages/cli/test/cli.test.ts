// The CLI's commands, their parsing and output, run in-process through `runCli` (cli-in-process.ts); what needs the
// built binary is in cli-binary.test.ts.
import { chmodSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./cli-harness.js";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

describe("hookwire --help", () => {
  it("lists the commands and the exit codes", async () => {
    const { run } = sandbox("basic");
    const out = await run(["--help"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatchInlineSnapshot(`
      "Inspect, test and run agent hooks (hook modules and Claude-style settings hooks).
      Exit codes: 0 ok, 1 a hook blocked or denied (emit, tool) or the command failed (run), 2 usage or configuration error
      (a bad --input too), 3 project hooks were skipped because the project is not trusted (emit, tool: run hookwire trust). (hookwire v0.1.0)

      USAGE hookwire list|emit|tool|run|doctor|explain|trust|policy|connect|disconnect|hook|serve|log|status|init|hooks|schema|test|record|demo|help

      COMMANDS

              list    List every hook that would run here: modules, settings handlers, commands                                         
              emit    Run one event (native or settings name) through every hook and show who decided what                              
              tool    Run one tool call through the hooks (pre and post) with a stand-in tool                                           
               run    Run a registered slash command, e.g. hookwire run /handoff notes                                                  
            doctor    Validate every hook source and explain why a hook would not fire                                                  
           explain    Show which hooks would fire on an event (and tool) and why each other one would not, running nothing              
             trust    Show what the project's hooks would run and what changed, then trust them (or --revoke)                           
            policy    A team's hooks in every project, pinned: hookwire policy [list], add <git|npm|folder>, update, remove             
           connect    Run hookwire inside an agent: claude, codex, gemini, copilot, cursor, pi or opencode                              
        disconnect    Remove what hookwire connect added to an agent's settings                                                         
              hook    What a connected agent runs at each event (hookwire connect writes it)                                            
             serve    Run the resident server agents' http hooks and hookwire hook call (127.0.0.1, a token)                            
               log    Show the decisions hookwire made for connected agents (--agent, --decision, --since, --follow)                    
            status    Is the guard on? This user's server, the agents connected, each session's last event, errors and unapplied answers
              init    Scaffold a typed hook module (or --settings: a settings hook with its script)                                     
             hooks    Turn one hook or settings handler off or on again: hookwire hooks disable|enable <id>                             
            schema    Print the JSON Schema of a settings format: claude, codex, gemini, copilot or cursor                              
              test    Run the fixtures in .hookwire/tests/*.json through emit and name each that fails (--watch)                        
            record    Run one event through emit and save it as a fixture: .hookwire/tests/<name>.json                                  
              demo    Run the bundled demo project with a scripted model and print its trace                                            
              help    Show the help of hookwire or of one command                                                                       

      Use hookwire <command> --help for more information about a command.
      "
    `);
  });

  it("shows a command's own options", async () => {
    const out = await sandbox("basic").run(["emit", "--help"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatchInlineSnapshot(`
      "Run one event (native or settings name) through every hook and show who decided what (hookwire emit v0.1.0)

      USAGE hookwire emit [OPTIONS] <EVENT>

      ARGUMENTS

        EVENT    tool_call, PreToolUse, session_start, SessionStart, … (Required)

      OPTIONS

             --input=<JSON>    Event fields as JSON, @file.json, or - for stdin                                                                     
          --answer=<yes|no>    Reply to ctx.ui.confirm (and tool's permission asks): yes or no (default: no UI, so no)                              
               --select=<N>    Reply to ctx.ui.select with option N (1-based)                                                                       
        --input-text=<TEXT>    Reply to ctx.ui.input and ctx.ui.editor                                                                              
                --cwd=<DIR>    Project folder (default: the current directory)                                                                      
              --hook=<PATH>    Also load this hook module (repeatable; relative to --cwd; trusted like a configured path)                           
        --timeout=<SECONDS>    Seconds a hook module's handler may take before it counts as failed (default 60; 0 = no limit)                       
                    --debug    Show each handler in full on stderr: matcher, command, stdin, output, decision (or HOOKWIRE_DEBUG=1) (Default: false)
                     --json    Print one JSON document instead of text (Default: false)                                                             

      "
    `);
  });

  it("exits 2 for an unknown command, with a did-you-mean and the commands", async () => {
    const out = await sandbox("basic").run(["lst"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "hookwire: Unknown command "lst". Did you mean "list"?
      Commands: list, emit, tool, run, doctor, explain, trust, policy, connect, disconnect, hook, serve, log, status, init, hooks, schema, test, record, demo, help. See \`hookwire help\`.
      "
    `);
  });

  it("names an unknown command without colour codes when stderr is not a terminal", async () => {
    // citty colours unless NO_COLOR=1, TERM=dumb, TEST or CI (vitest sets TEST), whatever the stream.
    const env = { NO_COLOR: undefined, TEST: undefined, CI: undefined, TERM: "xterm-256color" };
    const out = await sandbox("basic").run(["lst"], { env });
    expect(out.code).toBe(2);
    expect(out.stderr.split("\n")[0]).toBe('hookwire: Unknown command "lst". Did you mean "list"?');
  });
});

describe("hookwire list and trust", () => {
  it("reports untrusted project hooks with the command that trusts them, then lists them once trusted", async () => {
    const box = sandbox("basic");
    const before = await box.run(["list"]);
    expect(before.code).toBe(0);
    expect(before.stdout).toMatchInlineSnapshot(`
      "Hooks in <cwd>
      modules (0)
      settings handlers (0)
      untrusted, not loaded (2)
        .hookwire/hooks/guard.ts (hook): the project is not trusted
        .claude/settings.json (settings): the project is not trusted
        their settings handlers would run:
          SessionStart *  command: echo 'Remember: tests first.'  (.claude/settings.json#hooks.SessionStart[0].hooks[0])
          PreToolUse Bash  command: "$CLAUDE_PROJECT_DIR"/.claude/bin/deny-curl.sh  (.claude/settings.json#hooks.PreToolUse[0].hooks[0])
        trust them with: pnpm exec hookwire trust --cwd <cwd>
      commands (0)
      "
    `);

    const trusted = await box.run(["trust", "--yes"]);
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toMatchInlineSnapshot(`
      "Trusting <cwd> lets these run (3 items):
        hook .hookwire/hooks/guard.ts
        script .claude/bin/deny-curl.sh
        settings .claude/settings.json
      Trusted <cwd> (3 items).
      Any change to these files untrusts the project again, also while hooks are running.
      "
    `);

    const after = await box.run(["list"]);
    expect(after.stdout).toMatchInlineSnapshot(`
      "Hooks in <cwd>
      modules (1)
        .hookwire/hooks/guard.ts  [module, native:.hookwire, project]  tool_call, tool_result
      settings handlers (2)
        SessionStart *  command: echo 'Remember: tests first.'
          .claude/settings.json#hooks.SessionStart[0].hooks[0] [project, Claude Code]
        PreToolUse Bash  command: "$CLAUDE_PROJECT_DIR"/.claude/bin/deny-curl.sh
          .claude/settings.json#hooks.PreToolUse[0].hooks[0] [project, Claude Code]
      commands (1)
        /greet  Ask, then say hello  (.hookwire/hooks/guard.ts)
      "
    `);
  }, 120_000); // six CLI runs: seconds each on a loaded machine

  it("prints the same listing as JSON", async () => {
    const box = sandbox("basic");
    await box.run(["trust", "--yes"]);
    const data = JSON.parse((await box.run(["list", "--json"])).stdout);
    expect(data.trusted).toBe(true);
    expect(data.modules).toEqual([
      {
        path: ".hookwire/hooks/guard.ts",
        kind: "module",
        provider: expect.any(String),
        level: "project",
        events: ["tool_call", "tool_result"],
        commands: ["greet"],
        renderers: [],
      },
    ]);
    expect(data.settings.handlers.map((h: { event: string }) => h.event)).toEqual([
      "SessionStart",
      "PreToolUse",
    ]);
    expect(data.commands).toEqual([
      { name: "greet", description: "Ask, then say hello", hook: ".hookwire/hooks/guard.ts" },
    ]);
  });

  it("untrusts the project when a hook file changes, and on --revoke", async () => {
    const box = sandbox("basic");
    await box.run(["trust", "--yes"]);
    writeFileSync(path.join(box.cwd, ".claude/bin/deny-curl.sh"), "#!/bin/sh\nexit 0\n");
    expect(JSON.parse((await box.run(["list", "--json"])).stdout).trusted).toBe(false);

    await box.run(["trust", "--yes"]);
    const revoked = await box.run(["trust", "--revoke"]);
    expect(revoked.stdout).toBe("Revoked trust for <cwd>.\n");
    expect(JSON.parse((await box.run(["list", "--json"])).stdout).trusted).toBe(false);
    expect((await box.run(["trust", "--revoke"])).stdout).toBe("<cwd> was not trusted; nothing to revoke.\n");
  }, 120_000); // six CLI runs: seconds each on a loaded machine
});

describe("hookwire emit", () => {
  const trusted = async () => {
    const box = sandbox("basic");
    await box.run(["trust", "--yes"]);
    return box;
  };

  it("exits 1 and names the settings hook that blocked a PreToolUse", async () => {
    const out = await (await trusted()).run([
      "emit",
      "PreToolUse",
      "--input",
      '{"tool_name":"Bash","tool_input":{"command":"curl example.com"}}',
    ]);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatchInlineSnapshot(`
      "tool_call (PreToolUse): 2 handler runs
        · .hookwire/hooks/guard.ts                                         none <n> ms
        ✖ .claude/settings.json                                            block <n> ms  curl is blocked by policy
          ↳ ✖ [claude] .claude/settings.json#hooks.PreToolUse[0].hooks[0]  block <n> ms  curl is blocked by policy
      result: {"block":true,"input":{"command":"curl example.com"},"inputModified":false,"additionalContext":[],"reason":"curl is blocked by policy","blockedBy":".claude/settings.json#hooks.PreToolUse[0].hooks[0]"}
      ✖ blocked
      "
    `);
  });

  it("shows a module's rewrite and exits 0 for a native tool_call read from a file", async () => {
    const box = await trusted();
    writeFileSync(path.join(box.cwd, "call.json"), '{"toolName":"bash","input":{"command":"npm test"}}');
    const out = await box.run(["emit", "tool_call", "--input", "@call.json"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatchInlineSnapshot(`
      "tool_call: 2 handler runs
        · .hookwire/hooks/guard.ts                                         rewrite <n> ms  {"command":"pnpm test"}
        · .claude/settings.json                                            none <n> ms
          ↳ · [claude] .claude/settings.json#hooks.PreToolUse[0].hooks[0]  none <n> ms
      result: {"block":false,"input":{"command":"pnpm test"},"inputModified":true,"additionalContext":[]}
      "
    `);
  });

  it("exits 2 naming the missing file and where @ paths resolve", async () => {
    const out = await sandbox("basic").run(["emit", "tool_call", "--input", "@missing.json"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "hookwire: --input @missing.json: cannot read <cwd>/missing.json (no such file). The path after @ is relative to --cwd.
      "
    `);
  });

  it("delivers SessionStart plain stdout as a context message", async () => {
    const out = await (await trusted()).run(["emit", "SessionStart"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("message from .claude/settings.json (hook_context): Remember: tests first.");
  });

  it("exits 2 for an unknown event, with a suggestion, and for input that is not JSON", async () => {
    const box = await trusted();
    const unknown = await box.run(["emit", "PreToolUs"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.split("\n")[0]).toBe(
      'hookwire: Unknown event "PreToolUs". Did you mean "PreToolUse"?',
    );
    const bad = await box.run(["emit", "tool_call", "--input", "{nope"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^hookwire: --input is not valid JSON: .*Pass JSON, @file.json, or - to read stdin.\n$/,
    );
  });
});

describe("--hook", () => {
  it("loads an explicit module without trust, next to the project's own hooks", async () => {
    const box = sandbox("basic");
    const example = path.join(repoRoot, "examples/hooks/hooks/block-rm-rf.ts");
    const out = await box.run([
      "emit",
      "tool_call",
      "--hook",
      example,
      "--hook",
      path.join(repoRoot, "examples/hooks/hooks/prefer-pnpm.ts"),
      "--input",
      '{"toolName":"bash","input":{"command":"rm -rf build"}}',
    ]);
    // The explicit module blocks; the project's own hooks were skipped (not trusted), which exit 3 says.
    expect(out.code).toBe(3);
    expect(out.stdout.replaceAll(repoRoot, "<repo>")).toMatchInlineSnapshot(`
      "tool_call: 1 handler run
        ✖ <repo>/examples/hooks/hooks/block-rm-rf.ts  block <n> ms  rm -rf blocked (no UI to confirm it)
      result: {"block":true,"input":{"command":"rm -rf build"},"inputModified":false,"additionalContext":[],"reason":"rm -rf blocked (no UI to confirm it)","blockedBy":"<repo>/examples/hooks/hooks/block-rm-rf.ts"}
      ✖ blocked
      "
    `);
  });
});

describe("hookwire tool", () => {
  const trusted = async () => {
    const box = sandbox("basic");
    await box.run(["trust", "--yes"]);
    return box;
  };

  it("blocks through the wrapper and exits 1", async () => {
    const out = await (await trusted()).run(["tool", "bash", "--input", '{"command":"rm -rf build"}']);
    expect(out.code).toBe(1);
    expect(out.stdout).toMatchInlineSnapshot(`
      "bash {"command":"rm -rf build"}
        ✖ .hookwire/hooks/guard.ts  block <n> ms  rm -rf is not allowed here
      ✖ blocked by .hookwire/hooks/guard.ts: rm -rf is not allowed here
      "
    `);
  });

  it("runs pre and post hooks around the stand-in result", async () => {
    const out = await (await trusted()).run([
      "tool",
      "read",
      "--input",
      '{"path":"notes.txt"}',
      "--result",
      '"api key here"',
    ]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatchInlineSnapshot(`
      "read {"path":"notes.txt"}
        · .hookwire/hooks/guard.ts  none <n> ms
        · .claude/settings.json     none <n> ms
        · .hookwire/hooks/guard.ts  rewrite <n> ms  API KEY HERE
        · .claude/settings.json     none <n> ms
      result:
        API KEY HERE
      "
    `);
  });

  it("runs the real tool with --real, after the hooks rewrote its input", async () => {
    const box = await trusted();
    writeFileSync(path.join(box.cwd, "package.json"), '{"scripts":{"hi":"echo hi from the script"}}');
    const read = await box.run(["tool", "read", "--real", "--input", '{"path":"notes.txt"}']);
    expect(read.stdout).toContain("HELLO FROM A FILE");
    const bash = await box.run(["tool", "Bash", "--real", "--input", '{"command":"npm run hi"}']);
    expect(bash.code).toBe(0);
    expect(bash.stdout).toContain('rewrite <n> ms  {"command":"pnpm run hi"}');
    expect(bash.stdout).toContain("hi from the script");
  });
});

describe("hookwire doctor", () => {
  it("explains every reason a hook would not fire and exits 2", async () => {
    const box = sandbox("broken");
    chmodSync(path.join(box.cwd, ".claude/bin/not-executable.sh"), 0o644);
    await box.run(["trust", "--yes"]);
    const out = await box.run(["doctor"]);
    expect(out.code).toBe(2);
    expect(out.stdout).toMatchInlineSnapshot(`
      "hookwire doctor: <cwd>
      ✖ .claude/settings.json → hooks.PreToolUs: Unknown event "PreToolUs"; did you mean "PreToolUse"? Its hooks are skipped.
      ⚠ .claude/settings.json → hooks.PreToolUse[1].hooks[0].timeout: timeout is in seconds, not milliseconds: 5000 is 1.4 hours; for 5 seconds write 5.
      ✖ .claude/settings.json → hooks.PostToolUse[0].hooks[0].type: Invalid handler type: expected one of "command" | "http" | "mcp_tool" | "prompt" | "agent", got "comand"; did you mean "command"? This handler is skipped.
      ✖ .hookwire/hooks/bad-syntax.ts: Hook module \`.hookwire/hooks/bad-syntax.ts\` could not be imported: Expected \`}\` but found \`EOF\` (at <cwd>/.hookwire/hooks/bad-syntax.ts:4:0). Fix the module so it evaluates, then reload.
      ⚠ .claude/settings.json#hooks.PreToolUse[0].hooks[0]: matcher "bash" matches no known tool
          fix: tool names are case-sensitive: write Bash (settings hooks see Claude Code names)
      ✖ .claude/settings.json#hooks.PreToolUse[0].hooks[0]: runs .claude/bin/missing.sh, which does not exist
          fix: fix the path (use $CLAUDE_PROJECT_DIR for project scripts) or add the script
      ✖ .claude/settings.json#hooks.PreToolUse[1].hooks[0]: runs .claude/bin/not-executable.sh, which is not executable
          fix: chmod +x .claude/bin/not-executable.sh
      ⚠ .claude/settings.json#hooks.Notification[0].hooks[0]: hookwire hosts do not emit Notification; this handler never fires
          fix: events that fire: SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, PostToolUseFailure, Stop, StopFailure, PreCompact, PostCompact, SessionEnd
      ✖ .claude/settings.local.json#hooks.PreToolUse[0].hooks[0]: runs .claude/bin/not-executable.sh, which is not executable
          fix: chmod +x .claude/bin/not-executable.sh
      ⚠ .claude/settings.local.json#hooks.PreToolUse[0].hooks[0]: duplicates .claude/settings.json#hooks.PreToolUse[1].hooks[0] (project scope); identical handlers run once
          fix: remove one of them
      ⚠ .hookwire/hooks/empty.ts: registers no handlers, commands or renderers; it never runs
          fix: call pi.on("<event>", handler) in the default-exported factory
      ✖ 2 hooks loaded, 4 settings handlers from 2 files; 6 errors, 5 warnings
      "
    `);
  });

  it("is clean on a healthy project and exits 0", async () => {
    const box = sandbox("basic");
    await box.run(["trust", "--yes"]);
    const out = await box.run(["doctor", "--json"]);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({
      summary: { errors: 0, warnings: 0, hooks: 2 },
      findings: [],
    });
  });

  it("reports a missing --cwd as a usage error", async () => {
    const out = await sandbox("basic").run(["doctor", "--cwd", "does-not-exist"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(
      "hookwire: --cwd <cwd>/does-not-exist is not a folder. Pass an existing project folder.\n",
    );
  });
});

describe("hookwire run", () => {
  it("runs a registered command with the no-op UI when there is no terminal", async () => {
    const box = sandbox("basic");
    await box.run(["trust", "--yes"]);
    const out = await box.run(["run", "/greet", "Ada"]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatchInlineSnapshot(`
      "▶ command: /greet Ada
      "
    `);
  });

  it("exits 2 for a command no hook registers", async () => {
    const box = sandbox("basic");
    await box.run(["trust", "--yes"]);
    const out = await box.run(["run", "/nope"]);
    expect(out.code).toBe(2);
    expect(out.stderr.split("\n")[0]).toBe("hookwire: No hook registers /nope. Registered: /greet.");
  });
});

describe("hookwire emit --timeout", () => {
  it("counts a handler that outlives --timeout as failed, which blocks a tool call", async () => {
    const out = await sandbox("misbehaving").run([
      "emit",
      "tool_call",
      "--hook",
      "modules/slow.ts",
      "--timeout",
      "0.3",
      "--input",
      '{"toolName":"bash","input":{"command":"ls"}}',
    ]);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain("handler did not settle within 300 ms");
    expect(out.stdout).toContain("✖ blocked");
  });

  it("rejects a --timeout that is not a number of seconds", async () => {
    const out = await sandbox("misbehaving").run(["emit", "session_start", "--timeout", "soon"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "hookwire: --timeout expects a number of seconds (0 for no limit), got "soon".
      "
    `);
  });
});
