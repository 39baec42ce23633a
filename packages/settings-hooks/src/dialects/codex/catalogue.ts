// Codex's hook events, in the order of its hooks reference: the one list every per-event table derives from.
import { interrupt } from "./events/interrupt.js";
import { permissionRequest } from "./events/permission-request.js";
import { postCompact } from "./events/post-compact.js";
import { postToolUse } from "./events/post-tool-use.js";
import { preCompact } from "./events/pre-compact.js";
import { preToolUse } from "./events/pre-tool-use.js";
import { sessionEnd } from "./events/session-end.js";
import { sessionStart } from "./events/session-start.js";
import { stop } from "./events/stop.js";
import { subagentStart } from "./events/subagent-start.js";
import { subagentStop } from "./events/subagent-stop.js";
import { userPromptSubmit } from "./events/user-prompt-submit.js";

export const codexEvents = [
  sessionStart,
  subagentStart,
  userPromptSubmit,
  preToolUse,
  permissionRequest,
  postToolUse,
  preCompact,
  postCompact,
  subagentStop,
  stop,
  interrupt,
  sessionEnd,
] as const;

/** Every Codex event name. */
export type CodexEventName = (typeof codexEvents)[number]["name"];
