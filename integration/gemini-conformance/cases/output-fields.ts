// JSON on stdout (exit 0): decision, reason, continue / stopReason, systemMessage and hookSpecificOutput per event.
import type { GeminiCase } from "../src/case.js";
import { oneHook, shellRan, specific } from "./helpers.js";

const REASON = "REASON_MARK";
const STOP = "STOP_MARK";
const CTX = "CTX_MARK";
const SYS = "SYSMSG_MARK";
const markers = [REASON, STOP, CTX, SYS];
const tool = "run_shell_command";

/** A synthetic model answer in the hook API's stable format. */
const textResponse = (text: string) => ({
  candidates: [{ content: { role: "model", parts: [text] }, finishReason: "STOP" }],
});

export const outputFieldCases: GeminiCase[] = [
  oneHook(
    "out-before-tool-deny",
    "BeforeTool decision deny: blocked, the reason reaches the model",
    "BeforeTool",
    { stdout: { decision: "deny", reason: REASON } },
    { matcher: tool, markers },
  ),
  oneHook(
    "out-before-tool-block",
    "BeforeTool decision block (the alias of deny)",
    "BeforeTool",
    { stdout: { decision: "block", reason: REASON } },
    { matcher: tool, markers },
  ),
  oneHook(
    "out-before-tool-deny-no-reason",
    "BeforeTool decision deny without a reason",
    "BeforeTool",
    { stdout: { decision: "deny" } },
    { matcher: tool, markers },
  ),
  oneHook(
    "out-before-tool-allow",
    "BeforeTool decision allow: the tool runs",
    "BeforeTool",
    { stdout: { decision: "allow", reason: REASON } },
    { matcher: tool, markers },
  ),
  oneHook(
    "out-before-tool-continue-false",
    "BeforeTool continue false: the agent loop stops, the tool does not run",
    "BeforeTool",
    { stdout: { continue: false, stopReason: STOP } },
    { matcher: tool, markers },
  ),
  oneHook(
    "out-before-tool-system-message",
    "BeforeTool systemMessage: shown to the user, not the model; the tool runs",
    "BeforeTool",
    { stdout: { systemMessage: SYS } },
    { matcher: tool, markers },
  ),
  oneHook(
    "out-before-tool-rewrite-input",
    "BeforeTool hookSpecificOutput.tool_input merges over the model's arguments",
    "BeforeTool",
    { stdout: specific("BeforeTool", { tool_input: { command: "echo rewritten > ran.txt" } }) },
    { matcher: tool, markers },
  ),
  oneHook(
    "out-after-tool-deny",
    "AfterTool decision deny: the reason replaces the result",
    "AfterTool",
    { stdout: { decision: "deny", reason: REASON } },
    { matcher: tool, markers },
  ),
  oneHook(
    "out-after-tool-context",
    "AfterTool additionalContext is appended to the result",
    "AfterTool",
    { stdout: specific("AfterTool", { additionalContext: CTX }) },
    { matcher: tool, markers },
  ),
  oneHook(
    "out-after-tool-continue-false",
    "AfterTool continue false: the loop stops after the tool ran",
    "AfterTool",
    { stdout: { continue: false, stopReason: STOP } },
    { matcher: tool, markers },
  ),
  oneHook(
    "out-before-agent-context",
    "BeforeAgent additionalContext is added to the prompt",
    "BeforeAgent",
    { stdout: specific("BeforeAgent", { additionalContext: CTX }) },
    { markers },
  ),
  oneHook(
    "out-before-agent-deny",
    "BeforeAgent decision deny: the turn is blocked",
    "BeforeAgent",
    { stdout: { decision: "deny", reason: REASON } },
    { markers },
  ),
  oneHook(
    "out-before-agent-continue-false",
    "BeforeAgent continue false: the turn stops",
    "BeforeAgent",
    { stdout: { continue: false, stopReason: STOP } },
    { markers },
  ),
  oneHook(
    "out-after-agent-deny",
    "AfterAgent decision deny once: the reason is sent as a new prompt",
    "AfterAgent",
    { stdout: { decision: "deny", reason: REASON }, shell: '[ "$n" -gt 1 ] && exit 0' },
    { markers },
  ),
  oneHook(
    "out-session-start-context",
    "SessionStart additionalContext reaches the model (headless: before the prompt)",
    "SessionStart",
    { stdout: specific("SessionStart", { additionalContext: CTX }) },
    { markers },
  ),
  oneHook(
    "out-before-model-request",
    "BeforeModel llm_request rewrites the outgoing messages",
    "BeforeModel",
    {
      stdout: specific("BeforeModel", {
        llm_request: { messages: [{ role: "user", content: `say ${CTX}` }] },
      }),
    },
    { markers },
  ),
  oneHook(
    "out-before-model-synthetic",
    "BeforeModel llm_response answers instead of the model: no request is sent",
    "BeforeModel",
    { stdout: specific("BeforeModel", { llm_response: textResponse("synthetic") }) },
    { markers },
  ),
  oneHook(
    "out-before-model-deny",
    "BeforeModel decision deny: the request is not sent",
    "BeforeModel",
    { stdout: { decision: "deny", reason: REASON } },
    { markers },
  ),
  oneHook(
    "out-after-model-replace",
    "AfterModel llm_response replaces the chunk: the function call is gone, no tool runs",
    "AfterModel",
    { stdout: specific("AfterModel", { llm_response: textResponse("replaced") }) },
    { markers },
  ),
  oneHook(
    "out-after-model-deny",
    "AfterModel decision deny on a text answer",
    "AfterModel",
    { stdout: { decision: "deny", reason: REASON } },
    { markers, calls: [] },
  ),
  oneHook(
    "out-tool-selection-none",
    "BeforeToolSelection toolConfig mode NONE: the request allows no function calls",
    "BeforeToolSelection",
    { stdout: specific("BeforeToolSelection", { toolConfig: { mode: "NONE" } }) },
    { markers },
  ),
  oneHook(
    "out-tool-selection-allowed",
    "BeforeToolSelection allowedFunctionNames (mode ANY) narrows the tools",
    "BeforeToolSelection",
    {
      stdout: specific("BeforeToolSelection", {
        toolConfig: { mode: "ANY", allowedFunctionNames: ["run_shell_command", "read_file"] },
      }),
    },
    { markers },
  ),
  {
    id: "out-tool-selection-union",
    about: "two BeforeToolSelection hooks: their allowed names are unioned",
    project: {
      hooks: {
        BeforeToolSelection: [{ hooks: [{ run: "a" }] }, { hooks: [{ run: "b" }] }],
      },
    },
    scripts: {
      a: {
        stdout: specific("BeforeToolSelection", {
          toolConfig: { mode: "ANY", allowedFunctionNames: ["read_file"] },
        }),
      },
      b: {
        stdout: specific("BeforeToolSelection", {
          toolConfig: { mode: "AUTO", allowedFunctionNames: ["glob"] },
        }),
      },
    },
    calls: [shellRan],
    observe: { files: ["ran.txt"], markers },
  },
];
