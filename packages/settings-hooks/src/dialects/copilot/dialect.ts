// GitHub Copilot CLI as a dialect: its hook files, events, tools and fail-closed protocol in one object.

import type { Dialect } from "../../dialect-kit/types.js";
import { compileMatcher } from "../../matcher.js";
import { copilotAgent } from "./agent.js";
import { copilotEvents } from "./catalogue.js";
import { copilotProtocol } from "./protocol.js";
import { copilotSources } from "./sources.js";
import { type CopilotState, createCopilotState } from "./state.js";
import { copilotTools } from "./tools.js";

export const copilot: Dialect<CopilotState> = {
  id: "copilot",
  label: copilotAgent.label,
  sources: copilotSources,
  settings: {
    // `prompt` handlers (sessionStart only) auto-submit text in interactive sessions: a host executor's job.
    handlerTypes: ["command", "prompt"],
    timeoutUnit: "seconds",
    layout: "flat",
    version: { key: "version", value: 1 },
    handlerAliases: { bash: "command", timeoutSec: "timeout" },
    // `onFailure`: Claude Code's, honoured by hookwire when it runs this file (Copilot CLI ignores it).
    handlerFields: ["type", "command", "timeout", "powershell", "cwd", "env", "matcher", "onFailure"],
    run: "sequential-until-block",
  },
  events: copilotEvents,
  tools: copilotTools,
  protocol: copilotProtocol,
  variables: {
    // Copilot sets both (observed); COPILOT_HOOK_DIR (the file's folder) comes from protocol.command.
    projectDir: ["COPILOT_PROJECT_DIR", "CLAUDE_PROJECT_DIR"],
  },
  compileMatcher: (matcher) => compileMatcher(matcher),
  createState: createCopilotState,
  unsupported: [
    {
      field: "powershell",
      why: "hookwire runs `bash` (as `sh -c`) on every platform; a handler with only `powershell` is reported and skipped.",
    },
    {
      field: "modifiedPrompt (userPromptSubmitted)",
      why: "a native before_agent_start cannot replace the user's prompt; the field is dropped with a warning.",
    },
    {
      field: "suppressOutput",
      why: "validated and ignored: hookwire has no timeline whose tool output it could hide.",
    },
    {
      field: "initialPrompt (sessionStart input)",
      why: "a hookwire session starts before its first prompt is known; the field is left out.",
    },
    {
      field: "sessionEnd answers (cleanupActions, sessionSummary)",
      why: "Copilot itself acts on none of them in a command hook; ignored.",
    },
    {
      field: 'type: "prompt" (sessionStart)',
      why: "auto-submitting text is a host action; reported at load unless the host registers a prompt executor.",
    },
  ],
};
