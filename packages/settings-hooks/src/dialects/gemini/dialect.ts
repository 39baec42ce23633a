// Gemini CLI as a dialect: its files, events, tools and protocol in one object the whole package reads.

import type { Dialect } from "../../dialect-kit/types.js";
import { geminiAgent } from "./agent.js";
import { geminiEvents } from "./catalogue.js";
import { compileGeminiMatcher } from "./matcher.js";
import { geminiProtocol } from "./protocol.js";
import { geminiSequential } from "./sequential.js";
import { geminiSources } from "./sources.js";
import { createGeminiState, type GeminiState } from "./state.js";
import { geminiTools } from "./tools.js";

export const gemini: Dialect<GeminiState> = {
  id: "gemini",
  label: geminiAgent.label,
  sources: geminiSources,
  settings: {
    handlerTypes: ["command"],
    timeoutUnit: "milliseconds",
    groupFields: ["sequential"],
    // `onFailure`: Claude Code's, honoured by hookwire when it runs this file (Gemini CLI ignores it).
    handlerFields: ["type", "command", "timeout", "name", "description", "onFailure"],
    // Gemini CLI deep-merges its files (customDeepMerge): `hooksConfig.enabled` is a scalar, the last file
    // that sets it wins; `hooksConfig.disabled` has mergeStrategy UNION (activeHandlers unions it).
    switchMerge: "last-file",
  },
  events: geminiEvents,
  tools: geminiTools,
  protocol: geminiProtocol,
  variables: { projectDir: ["GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"] },
  compileMatcher: compileGeminiMatcher,
  sequential: geminiSequential,
  createState: createGeminiState,
  unsupported: [
    {
      field: "hookSpecificOutput.llm_response (BeforeModel)",
      why: "a synthetic answer (used by Gemini CLI only together with a deny) needs the host's model call, which no native event replaces; the turn is aborted instead.",
    },
    {
      field: "hookSpecificOutput.llm_request model and config (BeforeModel)",
      why: "the native `context` event carries messages only; a host that wants model or generation-config rewrites reads them from before_provider_request itself.",
    },
    {
      field: "AfterModel per streamed chunk",
      why: "hookwire's message_end fires once per finished assistant message; a hook sees the whole answer, not each chunk.",
    },
    {
      field: "hookSpecificOutput.clearContext (AfterAgent)",
      why: "clearing the model's history while keeping the display is a host action hookwire has no API for.",
    },
    {
      field: "hookSpecificOutput.tailToolCallRequest (AfterTool)",
      why: "running another tool in place of the result needs the host's tool registry; validated and ignored.",
    },
    {
      field: "decision: ask",
      why: "Gemini CLI 0.61 acts on it nowhere in headless runs; accepted and ignored.",
    },
    {
      field: "suppressOutput",
      why: "validated and ignored: hookwire has no hook log view whose entries it could hide.",
    },
    {
      field: "mcp_context, original_request_name (BeforeTool / AfterTool input)",
      why: "hookwire hosts do not say which MCP server a tool comes from, and have no tail calls; never sent.",
    },
    {
      field: "Notification",
      why: "hookwire hosts notify through ui.notify and ask through ui.confirm, neither an event hooks can observe.",
    },
    {
      field: "GEMINI_PLANS_DIR, GEMINI_SESSION_ID ($VAR expansion in commands)",
      why: "hookwire has no plans folder; the session id is on stdin. $GEMINI_PROJECT_DIR and $GEMINI_CWD are set in the environment, which the shell expands the same way.",
    },
    {
      field: "extension hooks (gemini-extension.json hooks/hooks.json)",
      why: "Gemini CLI extensions are not loaded; their hooks need the extension's own install and enablement state.",
    },
  ],
};
