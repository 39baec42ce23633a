// GitHub Copilot CLI's hook events, in the order of its hooks reference (and its settings schema).
import { agentStop } from "./events/agent-stop.js";
import { postToolUse } from "./events/post-tool-use.js";
import { postToolUseFailure } from "./events/post-tool-use-failure.js";
import { preCompact } from "./events/pre-compact.js";
import { preToolUse } from "./events/pre-tool-use.js";
import { sessionEnd } from "./events/session-end.js";
import { sessionStart } from "./events/session-start.js";
import {
  errorOccurred,
  notification,
  permissionRequest,
  preMcpToolCall,
  subagentStart,
  subagentStop,
  userPromptTransformed,
} from "./events/unbridged.js";
import { userPromptSubmitted } from "./events/user-prompt-submitted.js";

export const copilotEvents = [
  sessionStart,
  sessionEnd,
  userPromptSubmitted,
  userPromptTransformed,
  preToolUse,
  preMcpToolCall,
  postToolUse,
  postToolUseFailure,
  errorOccurred,
  agentStop,
  subagentStop,
  subagentStart,
  preCompact,
  permissionRequest,
  notification,
] as const;
