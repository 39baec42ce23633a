// BeforeToolSelection: before each model request; hooks narrow the function-calling config (mode, allowed names).
import { bridged, DEFAULT_TIMEOUT } from "../define.js";
import { type LlmRequest, toLlmRequest } from "../model.js";

type GeminiPayload = {
  model?: string;
  contents?: { role?: string; parts?: { text?: unknown }[] }[];
  toolConfig?: unknown;
};

function isGeminiPayload(payload: unknown): payload is GeminiPayload {
  return (
    typeof payload === "object" && payload !== null && Array.isArray((payload as GeminiPayload).contents)
  );
}

/** A Gemini-API request body (`contents`) as the hook request; other providers' bodies carry no messages hooks can read. */
function requestOf(payload: unknown, fallback: LlmRequest | undefined): LlmRequest {
  if (!isGeminiPayload(payload)) return fallback ?? { model: "gemini-2.5-flash", messages: [], config: {} };
  const messages = (payload.contents ?? []).map((content) => ({
    role: content.role === "model" ? ("assistant" as const) : ("user" as const),
    content: (content.parts ?? [])
      .filter((part) => typeof part.text === "string")
      .map((part) => ({ type: "text" as const, text: part.text as string })),
  }));
  return toLlmRequest(messages as never, payload.model ?? fallback?.model);
}

export const beforeToolSelection = bridged({
  name: "BeforeToolSelection",
  description:
    "Before each model request: restrict the tools it may call (toolConfig mode and allowed names).",
  native: "before_provider_request",
  matcher: "none",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: DEFAULT_TIMEOUT,
  session: [],
  input: (event, { state }) => ({ llm_request: requestOf(event.payload, state.request) }),
  apply(outcome, { event }) {
    // Gemini CLI's union: NONE wins, then ANY, else AUTO; allowed names are collected from every hook, sorted.
    let any = false;
    let none = false;
    let given = false;
    const names = new Set<string>();
    for (const { value } of outcome.extras) {
      const config = value.toolConfig as { mode?: unknown; allowedFunctionNames?: unknown } | undefined;
      if (typeof config !== "object" || config === null) continue;
      given = true;
      if (config.mode === "NONE") none = true;
      else if (config.mode === "ANY") any = true;
      if (Array.isArray(config.allowedFunctionNames)) {
        for (const name of config.allowedFunctionNames) if (typeof name === "string") names.add(name);
      }
    }
    if (!given || !isGeminiPayload(event.payload)) return undefined;
    const mode = none ? "NONE" : any ? "ANY" : "AUTO";
    const allowedFunctionNames = none ? [] : [...names].sort();
    return { ...event.payload, toolConfig: { functionCallingConfig: { mode, allowedFunctionNames } } };
  },
});
