// Gemini CLI's sequential groups: what the next hook's stdin becomes after one answered.
import type { SequentialSpec } from "../../dialect-kit/types.js";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export const geminiSequential: SequentialSpec = {
  groupField: "sequential",
  chain(input, output, event) {
    const specific = output.hookSpecificOutput;
    switch (event) {
      case "BeforeAgent":
        return specific?.additionalContext && typeof input.prompt === "string"
          ? { ...input, prompt: `${input.prompt}\n\n${specific.additionalContext}` }
          : input;
      case "BeforeModel": {
        const request = output.extra?.llm_request;
        return isRecord(request) && isRecord(input.llm_request)
          ? { ...input, llm_request: { ...input.llm_request, ...request } }
          : input;
      }
      case "BeforeTool":
        return specific?.updatedInput && isRecord(input.tool_input)
          ? { ...input, tool_input: { ...input.tool_input, ...specific.updatedInput } }
          : input;
      default:
        return input;
    }
  },
};
