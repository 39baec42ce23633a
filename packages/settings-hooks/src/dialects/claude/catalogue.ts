// Claude Code's hook events, in the order of its hooks reference: the one list every per-event table derives from.
import { configChange } from "./events/config-change.js";
import { cwdChanged } from "./events/cwd-changed.js";
import { elicitation } from "./events/elicitation.js";
import { elicitationResult } from "./events/elicitation-result.js";
import { fileChanged } from "./events/file-changed.js";
import { instructionsLoaded } from "./events/instructions-loaded.js";
import { messageDisplay } from "./events/message-display.js";
import { notification } from "./events/notification.js";
import { permissionDenied } from "./events/permission-denied.js";
import { permissionRequest } from "./events/permission-request.js";
import { postCompact } from "./events/post-compact.js";
import { postToolBatch } from "./events/post-tool-batch.js";
import { postToolUse } from "./events/post-tool-use.js";
import { postToolUseFailure } from "./events/post-tool-use-failure.js";
import { preCompact } from "./events/pre-compact.js";
import { preToolUse } from "./events/pre-tool-use.js";
import { sessionEnd } from "./events/session-end.js";
import { sessionStart } from "./events/session-start.js";
import { setup } from "./events/setup.js";
import { stop } from "./events/stop.js";
import { stopFailure } from "./events/stop-failure.js";
import { subagentStart } from "./events/subagent-start.js";
import { subagentStop } from "./events/subagent-stop.js";
import { taskCompleted } from "./events/task-completed.js";
import { taskCreated } from "./events/task-created.js";
import { teammateIdle } from "./events/teammate-idle.js";
import { userPromptExpansion } from "./events/user-prompt-expansion.js";
import { userPromptSubmit } from "./events/user-prompt-submit.js";
import { worktreeCreate } from "./events/worktree-create.js";
import { worktreeRemove } from "./events/worktree-remove.js";

export const claudeEvents = [
  sessionStart,
  setup,
  userPromptSubmit,
  userPromptExpansion,
  preToolUse,
  permissionRequest,
  permissionDenied,
  postToolUse,
  postToolUseFailure,
  postToolBatch,
  notification,
  messageDisplay,
  subagentStart,
  subagentStop,
  taskCreated,
  taskCompleted,
  stop,
  stopFailure,
  teammateIdle,
  instructionsLoaded,
  configChange,
  cwdChanged,
  fileChanged,
  worktreeCreate,
  worktreeRemove,
  preCompact,
  postCompact,
  elicitation,
  elicitationResult,
  sessionEnd,
] as const;

/** Every Claude Code event name. */
export type ClaudeEventName = (typeof claudeEvents)[number]["name"];

const byName = new Map<string, (typeof claudeEvents)[number]>(claudeEvents.map((spec) => [spec.name, spec]));

/** The Claude Code event of that name (for modules that cannot import the dialect object itself). */
export function claudeEvent(name: string): (typeof claudeEvents)[number] | undefined {
  return byName.get(name);
}

/** Every Claude Code event, in its reference's order (its catalogue's); unknown names in a file get a "did you mean". */
export const CLAUDE_EVENT_NAMES: readonly ClaudeEventName[] = claudeEvents.map((spec) => spec.name);

/**
 * The input field a Claude Code event's matcher tests, or `undefined` when the event ignores matchers.
 * `FileChanged` is `undefined` too: its matcher names files to watch rather than filtering events.
 */
export function matcherField(event: string): string | undefined {
  const spec = claudeEvent(event);
  return spec?.matcher === "none" ? undefined : spec?.matcherField;
}
