// Gemini CLI's hook events, in the order of its hooks reference: the one list every per-event table derives from.
import { afterAgent } from "./events/after-agent.js";
import { afterModel } from "./events/after-model.js";
import { afterTool } from "./events/after-tool.js";
import { beforeAgent } from "./events/before-agent.js";
import { beforeModel } from "./events/before-model.js";
import { beforeTool } from "./events/before-tool.js";
import { beforeToolSelection } from "./events/before-tool-selection.js";
import { notification } from "./events/notification.js";
import { preCompress } from "./events/pre-compress.js";
import { sessionEnd } from "./events/session-end.js";
import { sessionStart } from "./events/session-start.js";

export const geminiEvents = [
  beforeTool,
  afterTool,
  beforeAgent,
  afterAgent,
  beforeModel,
  beforeToolSelection,
  afterModel,
  sessionStart,
  sessionEnd,
  notification,
  preCompress,
] as const;

/** Every Gemini CLI event name. */
export type GeminiEventName = (typeof geminiEvents)[number]["name"];
