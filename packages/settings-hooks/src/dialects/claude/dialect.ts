// Claude Code as a dialect: its files, events, tools and protocol in one object the whole package reads.

import type { Dialect } from "../../dialect-kit/types.js";
import { compileMatcher } from "../../matcher.js";
import { claudeAgent } from "./agent.js";
import { claudeEvents } from "./catalogue.js";
import { claudeProtocol } from "./protocol.js";
import { claudeSources } from "./sources.js";
import { type ClaudeState, createClaudeState } from "./state.js";
import { claudeTools } from "./tools.js";

export const claude: Dialect<ClaudeState> = {
  id: "claude",
  label: claudeAgent.label,
  sources: claudeSources,
  settings: {
    handlerTypes: ["command", "http", "mcp_tool", "prompt", "agent"],
    timeoutUnit: "seconds",
    permissions: true,
  },
  events: claudeEvents,
  tools: claudeTools,
  protocol: claudeProtocol,
  variables: {
    projectDir: ["CLAUDE_PROJECT_DIR"],
    pluginRoot: "CLAUDE_PLUGIN_ROOT",
    pluginData: "CLAUDE_PLUGIN_DATA",
    envFile: "CLAUDE_ENV_FILE",
  },
  compileMatcher: (matcher, event) =>
    compileMatcher(matcher, event.matcherNames ? { names: event.matcherNames } : undefined),
  createState: createClaudeState,
  unsupported: [
    {
      field: "once",
      why: "meaningful only for hooks declared in skills and agents, which hookwire does not load; accepted and ignored, as Claude Code does in settings files.",
    },
    {
      field: "statusMessage",
      why: "hookwire has no spinner of its own; accepted and ignored (a host may show it from the handler's config).",
    },
    {
      field: "suppressOutput",
      why: "validated and ignored: hookwire has no transcript view whose hook output it could hide.",
    },
    {
      field: "background_tasks, session_crons (Stop input)",
      why: "always empty: hookwire hosts have neither background tasks nor session crons.",
    },
    {
      field: "is_interrupt (PostToolUseFailure input)",
      why: "always false: a native tool_result does not say whether the user interrupted the call.",
    },
    {
      field: "managed settings (managed-settings.json, allowManagedHooksOnly, allowedHttpHookUrls)",
      why: "enterprise policy files are not read; hosts apply their own policy through trust and secretEnv.",
    },
  ],
};
