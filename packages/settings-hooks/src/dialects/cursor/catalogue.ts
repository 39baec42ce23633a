// Cursor's hook events, in the order of its hooks reference: the one list every per-event table derives from.
import {
  afterFileEdit,
  afterMCPExecution,
  afterShellExecution,
  postToolUse,
  postToolUseFailure,
} from "./events/after-tool.js";
import {
  beforeMCPExecution,
  beforeReadFile,
  beforeShellExecution,
  preToolUse,
} from "./events/before-tool.js";
import { preCompact } from "./events/compact.js";
import { beforeSubmitPrompt } from "./events/prompt.js";
import { sessionEnd, sessionStart } from "./events/session.js";
import { afterAgentResponse, stop } from "./events/stop.js";
import {
  afterAgentThought,
  afterTabFileEdit,
  beforeTabFileRead,
  subagentStart,
  subagentStop,
} from "./events/unbridged.js";

export const cursorEvents = [
  sessionStart,
  sessionEnd,
  preToolUse,
  postToolUse,
  postToolUseFailure,
  subagentStart,
  subagentStop,
  beforeShellExecution,
  afterShellExecution,
  beforeMCPExecution,
  afterMCPExecution,
  beforeReadFile,
  afterFileEdit,
  beforeSubmitPrompt,
  preCompact,
  stop,
  afterAgentResponse,
  afterAgentThought,
  beforeTabFileRead,
  afterTabFileEdit,
] as const;
