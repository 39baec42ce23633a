// Cases where hookwire differs from Gemini CLI on purpose, each with its reason (docs/dialects.md lists them).
const afterToolError =
  "hookwire's tool wrapper never turns a successful result into an error (its result type has no error flag, as in the seed system): an AfterTool block replaces the result with `Tool result blocked: <reason>`, which the model reads as a result, not an error";
const afterModelRequest =
  "hookwire's message_end carries only the answer: AfterModel's llm_request is what the last BeforeModel hook saw, so with no BeforeModel hook its messages are empty";

export const deliberateDifferences: Record<string, string> = {
  "stdin-pre-compress":
    "Gemini CLI 0.61 runs PreCompress (trigger auto) before every turn's compression check, even when nothing is compressed; hookwire runs it only when the host compacts (session_before_compact)",
  "exit-after-tool-2": afterToolError,
  "out-after-tool-deny": afterToolError,
  "exit-after-model-2": afterModelRequest,
  "out-after-model-replace": afterModelRequest,
  "out-after-model-deny": afterModelRequest,
};
