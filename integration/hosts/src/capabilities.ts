// The capability cases: one hook module asks each effect of a real agent, and what the agent did is observed.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { type AgentId, type AgentRun, agentVersion, runAgent, shellCalls } from "./agents.js";
import { piRpc } from "./pi-rpc.js";
import { grantPiTrust } from "./pi-trust.js";
import { type Registry, startRegistry } from "./registry.js";
import { world } from "./world.js";

/**
 * The module every case runs. Each tool call carries a trigger word (`t-deny`, …) and each effect leaves a
 * mark the call itself never contains (`MARK_…`), so a mark in the model's requests or the agent's output is
 * the effect's, never the model's own call echoed back.
 */
export const CAPS_MODULE = `import type { HookAPI } from "@hookwire/core";

const once = (pi: HookAPI, ctx: { sessionManager: { getEntries(): { customType?: string }[] } }, key: string) => {
  if (ctx.sessionManager.getEntries().some((entry) => entry.customType === key)) return false;
  pi.appendEntry(key, {});
  return true;
};
const said = (text: string) => ({ customType: "caps", content: text, display: false });

export default function caps(pi: HookAPI): void {
  pi.on("session_start", (_event, ctx) => {
    if (once(pi, ctx, "caps-session")) pi.sendMessage(said("MARK_CTX_SESSION"));
  });
  pi.on("before_agent_start", (event) => {
    if (String(event.prompt).includes("t-refuse")) return { block: true, reason: "MARK_REFUSE_REASON" };
    pi.sendMessage(said("MARK_CTX_PROMPT"));
  });
  pi.on("tool_call", async (event, ctx) => {
    const command = String(event.input.command ?? "");
    if (command.includes("t-deny")) return { block: true, reason: "MARK_DENY_REASON" };
    if (command.includes("t-ask")) {
      if (!(await ctx.ui.confirm("MARK_ASK_QUESTION", "may it run?"))) return { block: true, reason: "MARK_ASK_NO" };
      return;
    }
    if (command.includes("t-status")) ctx.ui.setStatus("caps", "MARK_STATUS_LINE");
    if (command.includes("t-ctxcall")) return { additionalContext: "MARK_CTX_CALL" };
    if (command.includes("t-rewrite")) return { input: { ...event.input, command: command.replace("FROM", "MARK_REWRITTEN") } };
  });
  pi.on("tool_result", (event, ctx) => {
    const command = String(event.input.command ?? "");
    if (command.includes("t-output")) return { content: [{ type: "text", text: "MARK_OUTPUT_REPLACED" }] };
    if (command.includes("t-ctxresult")) return { additionalContext: "MARK_CTX_RESULT" };
    if (command.includes("t-notify")) ctx.ui.notify("MARK_USER_LINE");
  });
  pi.on("agent_end", (_event, ctx) => {
    if (once(pi, ctx, "caps-follow-up")) pi.sendMessage({ customType: "caps", content: "MARK_FOLLOW_UP", display: true }, { triggerTurn: true });
  });
}
`;

/** The agents whose capabilities are measured: every one run here (pi 0.73.1 and pi 1.6 each). */
export type MeasuredAgent = AgentId;

/** pi's events, the same in both scopes. */
const PI_EVENTS = {
  before_agent_start: "before_agent_start",
  tool_call: "tool_call",
  tool_result: "tool_result",
  agent_end: "agent_end",
} as const;

/** The agent's event that carries each native event hookwire's cases answer (the agents' own names). */
export const EVENT_OF: Readonly<Record<MeasuredAgent, Readonly<Record<string, string>>>> = {
  claude: {
    session_start: "SessionStart",
    before_agent_start: "UserPromptSubmit",
    tool_call: "PreToolUse",
    tool_result: "PostToolUse",
    agent_end: "Stop",
  },
  codex: {
    session_start: "SessionStart",
    before_agent_start: "UserPromptSubmit",
    tool_call: "PreToolUse",
    tool_result: "PostToolUse",
    agent_end: "Stop",
  },
  gemini: {
    session_start: "SessionStart",
    before_agent_start: "BeforeAgent",
    tool_call: "BeforeTool",
    tool_result: "AfterTool",
    agent_end: "AfterAgent",
  },
  copilot: {
    session_start: "sessionStart",
    before_agent_start: "userPromptSubmitted",
    tool_call: "preToolUse",
    tool_result: "postToolUse",
    agent_end: "agentStop",
  },
  pi: PI_EVENTS,
  pi16: PI_EVENTS,
  opencode: { tool_call: "tool.execute.before", tool_result: "tool.execute.after" },
};

/** The calls of the main run, in order: each asks one effect (the file it writes shows whether it ran). */
export const CAPS_COMMANDS = {
  deny: "echo ran > deny.txt # t-deny",
  ask: "echo ran > ask.txt # t-ask",
  rewrite: "echo FROM > rewrite.txt # t-rewrite",
  ctxcall: "echo ran > ctxcall.txt # t-ctxcall",
  // The secret is printed, never written in the command: `SEC42RET` reaches the model only from the output.
  output: "printf 'SEC%sRET\\n' 42 # t-output",
  ctxresult: "echo ran > ctxresult.txt # t-ctxresult",
  notify: "echo ran > notify.txt # t-notify",
  status: "echo ran > status.txt # t-status",
} as const;

/** What one agent was seen doing: both runs, and the files the calls left. */
export interface CapsObservation {
  agent: MeasuredAgent;
  version: string;
  main: AgentRun;
  /** The run whose prompt the module refuses (none where hookwire sees no prompt). */
  refused: AgentRun | undefined;
  files: Record<string, string | undefined>;
  /** hookwire's decision log after both runs (what `hookwire hook` recorded per event), one object a line. */
  decisions: Record<string, unknown>[];
}

/** Runs the agent twice in one project where hookwire is connected: the calls above, then a refused prompt. */
export async function observeCapabilities(
  agent: MeasuredAgent,
  setup: { inProcess?: boolean } = {},
): Promise<CapsObservation> {
  const w = world();
  let registry: Registry | undefined;
  try {
    if (setup.inProcess) registry = await startRegistry();
    w.write(".hookwire/hooks/caps.ts", CAPS_MODULE);
    const trust = w.hookwire("trust", "--yes");
    if (trust.code !== 0) throw new Error(`hookwire trust failed: ${trust.stderr}`);
    const connect = w.hookwire("connect", agent === "pi16" ? "pi" : agent);
    if (connect.code !== 0) throw new Error(`hookwire connect failed: ${connect.stderr}`);
    // pi 1.6 loads the project's package once pi trusts the project: granted as a user does, in pi's question.
    if (agent === "pi16") await grantPiTrust(w);
    const options = { project: w.project, home: w.home, env: w.env, registry };
    // pi answers a hook's dialog, notification and status only with a UI: its RPC mode, as an embedding app runs it.
    const rpc = agent === "pi" || agent === "pi16";
    const drive = (prompt: string) => (rpc ? { prompt, drive: piRpc(prompt) } : { prompt });
    const main = await runAgent(agent, {
      ...options,
      ...drive("go"),
      calls: shellCalls(agent, Object.values(CAPS_COMMANDS)),
    });
    const files: Record<string, string | undefined> = {};
    for (const name of ["deny", "ask", "rewrite", "ctxcall", "ctxresult", "notify", "status"])
      files[name] = w.read(`${name}.txt`);
    // An agent with no prompt event for hookwire (opencode) is not asked: a second run would show nothing.
    const refused = EVENT_OF[agent].before_agent_start
      ? await runAgent(agent, {
          ...options,
          ...drive("t-refuse this prompt"),
          calls: shellCalls(agent, ["echo ran > refused.txt"]),
        })
      : undefined;
    files.refused = existsSync(path.join(w.project, "refused.txt")) ? "ran" : undefined;
    return { agent, version: agentVersion(agent), main, refused, files, decisions: decisionsOf(w.env) };
  } finally {
    await registry?.close();
    w.remove();
  }
}

/** The decision log `hookwire hook` wrote in this world's state folder (none for the in-process agents). */
function decisionsOf(env: Record<string, string>): Record<string, unknown>[] {
  const file = path.join(env.XDG_STATE_HOME as string, "hookwire", "decisions.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
