// What an agent did with each capability case, read off one observation: the measured rows of capabilities.json.
import { type CapsObservation, EVENT_OF, type MeasuredAgent } from "./capabilities.js";

/** One measured cell: did the agent apply `effect` when a hook answered it at `event`. */
export interface MeasuredCase {
  effect: string;
  /** The agent's own event name (`PreToolUse`, `tool.execute.before`); absent for effects not tied to one. */
  event?: string;
  /** `null`: the run cannot show it (said in `seen`). */
  applied: boolean | null;
  /** What was seen, in a few words. */
  seen: string;
}

/** How the run was made, as the data file says it: print mode, not the agent's interactive UI. */
export const MODE: Readonly<Record<MeasuredAgent, string>> = {
  claude: "claude -p --output-format stream-json --permission-mode bypassPermissions",
  codex: "codex exec --json --dangerously-bypass-approvals-and-sandbox",
  gemini: "gemini -p --yolo --output-format stream-json",
  copilot: "copilot -p --allow-all-tools",
  pi: "pi --mode rpc (a client answering each dialog no)",
  pi16: "pi --mode rpc (a client answering each dialog no), under Node 22, the project trusted in pi",
  opencode: "opencode run --format json",
};

/** The effects and where each is asked: the native event, and the mark it leaves when applied. */
export function measure(o: CapsObservation): MeasuredCase[] {
  const model = o.main.modelText;
  const user = `${o.main.stdout}\n${o.main.stderr}`;
  const anywhere = `${model}\n${user}`;
  const events = EVENT_OF[o.agent];
  const rows: MeasuredCase[] = [];
  const row = (effect: string, native: string | undefined, applied: boolean, seen: string) => {
    if (native !== undefined && events[native] === undefined) return;
    rows.push({ effect, ...(native ? { event: events[native] } : {}), applied, seen });
  };
  const ran = (file: string) => o.files[file] !== undefined;

  const denied = !ran("deny") && model.includes("MARK_DENY_REASON");
  row("deny", "tool_call", denied, denied ? "not run; the model saw the reason" : ranOr("deny", o));
  // The agent's own question: the call waits on it (headless, nobody answers: not run) and the question shows;
  // where the agent has none, hookwire refuses the call and says so ("cannot ask here").
  const refusedForIt = /cannot ask here/.test(anywhere);
  const asked = !ran("ask") && anywhere.includes("MARK_ASK_QUESTION") && !refusedForIt;
  row(
    "ask",
    "tool_call",
    asked,
    asked
      ? "not run without an answer; the question was shown"
      : ran("ask")
        ? "the call ran without a question"
        : "refused by hookwire (the agent has no question)",
  );
  const rewritten = o.files.rewrite === "MARK_REWRITTEN\n";
  row(
    "rewrite",
    "tool_call",
    rewritten,
    rewritten ? "the rewritten command ran" : "the original command ran",
  );
  row("context", "session_start", model.includes("MARK_CTX_SESSION"), seenBy(model, "MARK_CTX_SESSION"));
  row("context", "before_agent_start", model.includes("MARK_CTX_PROMPT"), seenBy(model, "MARK_CTX_PROMPT"));
  row("context", "tool_call", model.includes("MARK_CTX_CALL"), seenBy(model, "MARK_CTX_CALL"));
  row("context", "tool_result", model.includes("MARK_CTX_RESULT"), seenBy(model, "MARK_CTX_RESULT"));
  const replaced = model.includes("MARK_OUTPUT_REPLACED") && !model.includes("SEC42RET");
  row(
    "output",
    "tool_result",
    replaced,
    replaced
      ? "the model saw the replacement, not the output"
      : model.includes("SEC42RET")
        ? "the original output reached the model"
        : "neither reached the model",
  );
  const refused = o.refused !== undefined && !o.refused.modelText.includes("t-refuse") && !o.files.refused;
  if (o.refused)
    row(
      "refusePrompt",
      "before_agent_start",
      refused,
      refused ? "the model never saw the prompt" : "the prompt reached the model",
    );
  const followed = model.includes("MARK_FOLLOW_UP");
  row(
    "followUp",
    "agent_end",
    followed,
    followed ? "the agent went on with the hook's message" : "the agent stopped",
  );
  row(
    "userMessage",
    undefined,
    user.includes("MARK_USER_LINE"),
    user.includes("MARK_USER_LINE") ? "in the agent's output" : "not in the agent's output",
  );
  const status = anywhere.includes("MARK_STATUS_LINE");
  row("setStatus", undefined, status, status ? "in the agent's output" : "shown nowhere");
  return rows;
}

const seenBy = (model: string, mark: string) =>
  model.includes(mark) ? "the model saw it" : "the model never saw it";

const ranOr = (file: string, o: CapsObservation) =>
  o.files[file] !== undefined ? "the call ran" : "not run, but the reason did not reach the model";
