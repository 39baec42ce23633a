// What a connected agent will not apply is said, not dropped: at the event (the agent's message), in the decision
// log (`unapplied`), and by `doctor` and `trust`, which name every hook relying on it before anyone does.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readDecisions } from "@hookwire/project/records";
import { describe, expect, it } from "vitest";
import { type InProcessSandbox as Sandbox, sandboxInProcess as sandbox } from "./cli-in-process.js";
import { boxEnv } from "./serve-harness.js";

/** A redaction module (replaces what `cat .env` printed), one that asks, and one that sets a status line. */
const REDACT = `export default (pi: any) => {
  pi.on("tool_result", (event: any) => {
    if (String(event.input.command ?? "").includes(".env")) return { content: [{ type: "text", text: "[redacted]" }] };
  });
};
`;
const ASK = `export default (pi: any) => {
  pi.on("tool_call", async (event: any, ctx: any) => {
    if (String(event.input.command ?? "").includes("deploy") && !(await ctx.ui.confirm("Deploy?", "really"))) return { block: true };
  });
};
`;
const STATUS = `export default (pi: any) => {
  pi.on("tool_call", (_event: any, ctx: any) => { ctx.ui.setStatus("guard", "watching"); });
};
`;
/** Codex's own format in Claude Code: a PostToolUse hook answering with a replaced output (hookwire runs it). */
const CODEX_REDACT = `${JSON.stringify({
  hooks: {
    PostToolUse: [
      { matcher: "Bash", hooks: [{ type: "command", command: "sh .hooks/redact.sh" }] },
      { matcher: "Bash", hooks: [{ type: "command", command: "sh .hooks/log.sh" }] },
    ],
  },
})}\n`;

function write(box: Sandbox, file: string, text: string): void {
  const full = path.join(box.cwd, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}

function project(files: Record<string, string>): Sandbox {
  const box = sandbox("connect");
  for (const [file, text] of Object.entries(files)) write(box, file, text);
  return box;
}

const logOf = (box: Sandbox) =>
  readDecisions(path.join(box.home, ".local/state/hookwire/decisions.jsonl")).map((d) => [
    d.event,
    d.decision,
    d.hook,
    d.reason,
  ]);

const hook = async (box: Sandbox, agent: string, event: string, stdin: Record<string, unknown>) =>
  await box.run(["hook", agent, event], {
    input: JSON.stringify({
      session_id: `s-${path.basename(path.dirname(box.cwd))}`,
      transcript_path: "",
      cwd: box.cwd,
      ...stdin,
    }),
    env: boxEnv(box),
  });

describe("an answer the agent will not apply", () => {
  it("is said at the event and logged as unapplied: a replaced result in Claude Code, which keeps the tool's output", async () => {
    const box = project({ ".hookwire/hooks/redact.ts": REDACT });
    expect((await box.run(["trust", "--yes"], { env: boxEnv(box) })).code).toBe(0);
    const out = await hook(box, "claude", "PostToolUse", {
      hook_event_name: "PostToolUse",
      tool_name: "Bash",
      tool_input: { command: "cat .env" },
      tool_response: { stdout: "TOKEN=s3cret", stderr: "" },
      tool_use_id: "t1",
    });
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout).systemMessage).toMatchInlineSnapshot(
      `"hookwire: Claude Code cannot apply a replaced tool result on PostToolUse; a hook's a replaced tool result was dropped there."`,
    );
    expect(logOf(box)).toEqual([
      ["PostToolUse", "none", undefined, undefined],
      [
        "PostToolUse",
        "unapplied",
        undefined,
        "Claude Code cannot apply a replaced tool result on PostToolUse",
      ],
    ]);
    const shown = await box.run(["log", "--decision", "unapplied"], { env: boxEnv(box) });
    expect(
      shown.stdout.replace(/^\S+Z/gm, "<time>").replace(/ +[\d.]+ ms/g, " <n> ms"),
    ).toMatchInlineSnapshot(`
      "<time>  claude  PostToolUse        unapplied <n> ms  bash  cat .env  Claude Code cannot apply a replaced tool result on PostToolUse
      "
    `);
  });

  it("names the hook whose answer was dropped: context Gemini CLI's BeforeTool cannot carry", async () => {
    const box = project({
      ".hookwire/hooks/ctx.ts":
        'export default (pi: any) => { pi.on("tool_call", () => ({ additionalContext: "mind the tests" })); };\n',
    });
    await box.run(["trust", "--yes"], { env: boxEnv(box) });
    const out = await hook(box, "gemini", "BeforeTool", {
      hook_event_name: "BeforeTool",
      tool_name: "run_shell_command",
      tool_input: { command: "ls" },
    });
    expect(out.code).toBe(0);
    expect(logOf(box)).toEqual([
      ["BeforeTool", "none", undefined, undefined],
      [
        "BeforeTool",
        "unapplied",
        ".hookwire/hooks/ctx.ts",
        "Gemini CLI cannot apply additional context for the model on BeforeTool",
      ],
    ]);
  });

  it("logs a question asked where the agent has none (Codex): the call is refused, and the line says so", async () => {
    const box = project({ ".hookwire/hooks/ask.ts": ASK });
    await box.run(["trust", "--yes"], { env: boxEnv(box) });
    const call = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "deploy" } };
    const out = await hook(box, "codex", "PreToolUse", call);
    expect(JSON.parse(out.stdout).hookSpecificOutput).toMatchInlineSnapshot(`
      {
        "hookEventName": "PreToolUse",
        "permissionDecision": "deny",
        "permissionDecisionReason": "Deploy?: really (Codex cannot ask here; refused)",
      }
    `);
    expect(logOf(box)).toMatchInlineSnapshot(`
      [
        [
          "PreToolUse",
          "ask",
          undefined,
          "Deploy?: really",
        ],
        [
          "PreToolUse",
          "unapplied",
          undefined,
          "Codex cannot apply a question to the user (the call was refused instead) on PreToolUse",
        ],
      ]
    `);
  });

  it("is said for a status line (pi's own) in every connected agent, and an answer fully applied logs no unapplied line", async () => {
    const box = project({ ".hookwire/hooks/status.ts": STATUS });
    await box.run(["trust", "--yes"], { env: boxEnv(box) });
    const call = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } };
    const out = await hook(box, "codex", "PreToolUse", call);
    expect(out.stdout).toContain(
      "hookwire: Codex cannot apply a status line (ctx.ui.setStatus) on PreToolUse",
    );
    // Said once per session, logged at every event.
    await hook(box, "codex", "PreToolUse", call);
    expect(logOf(box).filter(([, decision]) => decision === "unapplied")).toHaveLength(2);

    const plain = project({});
    await hook(plain, "claude", "PreToolUse", call);
    expect(logOf(plain).map(([, decision]) => decision)).toEqual(["none"]);
  });
});

describe("doctor and trust name every hook that relies on what a connected agent will not apply", () => {
  it("names a redaction module, a question and a status in Claude Code and Codex, and another format's PostToolUse hook", async () => {
    const box = project({
      ".hookwire/hooks/redact.ts": REDACT,
      ".hookwire/hooks/ask.ts": ASK,
      ".hookwire/hooks/status.ts": STATUS,
      ".codex/hooks.json": CODEX_REDACT,
      ".hooks/redact.sh": "#!/bin/sh\ncat >/dev/null\n",
      ".hooks/log.sh": "#!/bin/sh\ncat >/dev/null\n",
    });
    await box.run(["connect", "claude"], { env: boxEnv(box) });
    await box.run(["connect", "codex", "--user"], { env: boxEnv(box) });
    // Before trust: the review names them (the modules are read, not run).
    const review = await box.run(["trust", "--yes"], { env: boxEnv(box) });
    expect(review.code).toBe(0);
    const named = review.stdout.slice(review.stdout.indexOf("⚠ connected agents"));
    expect(named.slice(0, named.indexOf("Trusted "))).toMatchInlineSnapshot(`
      "⚠ connected agents will not apply what these hooks may answer:
        ⚠ .hookwire/hooks/ask.ts: the module asks the user (ctx.ui.confirm): Codex will not apply that, and hookwire refuses the call, since the agent has no question for it (docs/hosts.md, measured).
            fix: Block or allow the call yourself where the agent cannot ask.
        ⚠ .hookwire/hooks/redact.ts: the module may replace a tool's result (to hide output from the model): Claude Code will not apply that, and the original output reaches the model (docs/hosts.md, measured).
            fix: Keep the secret from being printed instead (block or rewrite the call in a tool_call handler).
        ⚠ .hookwire/hooks/status.ts: the module sets a status line (ctx.ui.setStatus): Claude Code, Codex will not apply that, and the status is kept for hooks and shown nowhere (docs/hosts.md, measured).
            fix: Tell the user with ctx.ui.notify, which the agent shows as a hook's message.
        ⚠ .codex/hooks.json#hooks.PostToolUse[0].hooks[0]: this PostToolUse handler may replace a tool's result (to hide output from the model): Claude Code will not apply that, and the original output reaches the model (docs/hosts.md, measured).
            fix: Keep the secret from being printed instead (block or rewrite the call in a tool_call handler).
        ⚠ .codex/hooks.json#hooks.PostToolUse[1].hooks[0]: this PostToolUse handler may replace a tool's result (to hide output from the model): Claude Code will not apply that, and the original output reaches the model (docs/hosts.md, measured).
            fix: Keep the secret from being printed instead (block or rewrite the call in a tool_call handler).
      "
    `);

    const doctor = await box.run(["doctor"], { env: boxEnv(box) });
    const warnings = doctor.stdout
      .split("\n")
      .filter((line) => /will not apply|^\s+fix: (Keep|Block|Tell)/.test(line));
    // The same findings, one function for both: doctor prints what trust showed.
    const shownByTrust = named.slice(0, named.indexOf("Trusted ")).split("\n").slice(1, -1);
    expect(warnings).toEqual(shownByTrust.map((line) => line.slice(2)));
  });

  it("reads a module's text before trust whatever its spelling (a FIFO among them does not hang it), and after trust what it subscribed to", async () => {
    const box = project({
      ".hookwire/hooks/spaced.ts": `export default (pi: any) => { pi . on ( 'tool_result' , () => undefined); };\n`,
      // An event name built at run time: no text says it, the loaded module does.
      ".hookwire/hooks/built.ts": `const name = ["tool", "result"].join("_");\nexport default (pi: any) => { pi.on(name as any, () => undefined); };\n`,
    });
    execFileSync("mkfifo", [path.join(box.cwd, ".hookwire/hooks/fifo.ts")]);
    await box.run(["connect", "claude"], { env: boxEnv(box) });
    const review = await box.run(["trust", "--yes"], { env: boxEnv(box) });
    const named = (text: string) =>
      text
        .split("\n")
        .filter((line) => line.includes("will not apply that"))
        .map((line) => line.trim().split(":")[0]);
    expect(named(review.stdout)).toEqual(["⚠ .hookwire/hooks/spaced.ts"]);
    rmSync(path.join(box.cwd, ".hookwire/hooks/fifo.ts"));
    await box.run(["trust", "--yes"], { env: boxEnv(box) });
    expect(named((await box.run(["doctor"], { env: boxEnv(box) })).stdout)).toEqual([
      "⚠ .hookwire/hooks/built.ts",
      "⚠ .hookwire/hooks/spaced.ts",
    ]);
  });

  it("names nothing where the agents apply it all, or none is connected", async () => {
    const box = project({ ".hookwire/hooks/redact.ts": REDACT });
    await box.run(["trust", "--yes"], { env: boxEnv(box) });
    expect((await box.run(["doctor"], { env: boxEnv(box) })).stdout).not.toContain("will not apply");
    await box.run(["connect", "copilot"], { env: boxEnv(box) });
    expect((await box.run(["doctor"], { env: boxEnv(box) })).stdout).not.toContain("will not apply");
  });
});
