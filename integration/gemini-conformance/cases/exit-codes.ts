// Exit codes 0 / 1 / 2 / other on tool, agent, model and session events, with and without JSON on stdout.
import type { GeminiCase } from "../src/case.js";
import { oneHook } from "./helpers.js";

const STDERR = "STDERR_MARK";
const STDOUT = "STDOUT_MARK";
const REASON = "REASON_MARK";
const markers = [STDERR, STDOUT, REASON];
const deny = { decision: "deny", reason: REASON };
const tool = "run_shell_command";

export const exitCodeCases: GeminiCase[] = [
  oneHook(
    "exit-before-tool-0",
    "BeforeTool exit 0, no output: the tool runs",
    "BeforeTool",
    {},
    { matcher: tool },
  ),
  oneHook(
    "exit-before-tool-1",
    "BeforeTool exit 1: a warning, the tool runs",
    "BeforeTool",
    { exit: 1, stderr: STDERR },
    { matcher: tool, markers },
  ),
  oneHook(
    "exit-before-tool-2",
    "BeforeTool exit 2: blocked, stderr is the reason the model gets",
    "BeforeTool",
    { exit: 2, stderr: STDERR },
    { matcher: tool, markers },
  ),
  oneHook(
    "exit-before-tool-2-silent",
    "BeforeTool exit 2 with nothing on stderr",
    "BeforeTool",
    { exit: 2 },
    { matcher: tool, markers },
  ),
  oneHook(
    "exit-before-tool-3",
    "BeforeTool exit 3: blocking like 2",
    "BeforeTool",
    { exit: 3, stderr: STDERR },
    { matcher: tool, markers },
  ),
  oneHook(
    "exit-before-tool-2-stdout-text",
    "BeforeTool exit 2 with text on stdout and stderr: stdout is the reason",
    "BeforeTool",
    { exit: 2, stdout: STDOUT, stderr: STDERR },
    { matcher: tool, markers },
  ),
  oneHook(
    "exit-before-tool-2-json-empty",
    "BeforeTool exit 2 with `{}` on stdout: the JSON decides, nothing blocks",
    "BeforeTool",
    { exit: 2, stdout: {}, stderr: STDERR },
    { matcher: tool, markers },
  ),
  oneHook(
    "exit-before-tool-1-json-deny",
    "BeforeTool exit 1 with a JSON deny: the JSON is still read",
    "BeforeTool",
    { exit: 1, stdout: deny },
    { matcher: tool, markers },
  ),
  oneHook(
    "exit-before-tool-0-text",
    "BeforeTool exit 0 with plain text on stdout: a message for the user, the tool runs",
    "BeforeTool",
    { stdout: STDOUT },
    { matcher: tool, markers },
  ),
  oneHook(
    "exit-after-tool-1",
    "AfterTool exit 1: a warning, the result stands",
    "AfterTool",
    { exit: 1, stderr: STDERR },
    { matcher: tool, markers },
  ),
  oneHook(
    "exit-after-tool-2",
    "AfterTool exit 2: the result is replaced by an error carrying stderr",
    "AfterTool",
    { exit: 2, stderr: STDERR },
    { matcher: tool, markers },
  ),
  oneHook(
    "exit-before-agent-2",
    "BeforeAgent exit 2: the turn is blocked, the model is never asked",
    "BeforeAgent",
    { exit: 2, stderr: STDERR },
    { markers },
  ),
  oneHook(
    "exit-before-agent-1",
    "BeforeAgent exit 1: a warning, the turn goes on",
    "BeforeAgent",
    { exit: 1, stderr: STDERR },
    { markers },
  ),
  oneHook(
    "exit-after-agent-2",
    "AfterAgent exit 2: the answer is rejected once, stderr goes back to the model as a prompt",
    "AfterAgent",
    { exit: 2, stderr: STDERR, shell: '[ "$n" -gt 1 ] && exit 0' },
    { markers },
  ),
  oneHook(
    "exit-before-model-2",
    "BeforeModel exit 2: the request is not sent",
    "BeforeModel",
    { exit: 2, stderr: STDERR },
    { markers },
  ),
  oneHook(
    "exit-after-model-2",
    "AfterModel exit 2 on a text answer",
    "AfterModel",
    { exit: 2, stderr: STDERR },
    // No tool call: a discarded function call would be offered again by the fake model, forever.
    { markers, calls: [] },
  ),
  oneHook(
    "exit-session-start-2",
    "SessionStart exit 2: advisory, the session starts",
    "SessionStart",
    { exit: 2, stderr: STDERR },
    { markers },
  ),
];
