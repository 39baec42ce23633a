// Cursor as a dialect: its hooks.json files, events, tools and protocol (permission, followup_message, loop_limit).

import type { Dialect } from "../../dialect-kit/types.js";
import { compileMatcher } from "../../matcher.js";
import { cursorAgent } from "./agent.js";
import { cursorEvents } from "./catalogue.js";
import { cursorProtocol } from "./protocol.js";
import { cursorSources } from "./sources.js";
import { type CursorState, createCursorState } from "./state.js";
import { cursorTools } from "./tools.js";

export const cursor: Dialect<CursorState> = {
  id: "cursor",
  label: cursorAgent.label,
  sources: cursorSources,
  settings: {
    handlerTypes: ["command", "prompt"],
    timeoutUnit: "seconds",
    layout: "flat",
    version: { key: "version", value: 1 },
    defaultType: "command",
    // `onFailure`: Claude Code's, honoured by hookwire when it runs this file (Cursor has `failClosed`).
    handlerFields: ["type", "command", "timeout", "matcher", "failClosed", "loop_limit", "onFailure"],
  },
  events: cursorEvents,
  tools: cursorTools,
  protocol: cursorProtocol,
  variables: {
    // Cursor sets both, so Claude-style scripts find the project too.
    projectDir: ["CURSOR_PROJECT_DIR", "CLAUDE_PROJECT_DIR"],
  },
  compileMatcher: (matcher) => compileMatcher(matcher),
  createState: createCursorState,
  unsupported: [
    {
      field: "env (sessionStart answer)",
      why: "no slot for hook-exported variables in hookwire's HookOutput yet; dropped with a warning.",
    },
    { field: "user_message", why: "shown through the host UI (ctx.ui.notify), never sent to the model." },
    { field: "subagentStart, subagentStop", why: "hookwire hosts run no subagents of their own." },
    { field: "afterAgentThought", why: "hookwire has no event for thinking blocks." },
    {
      field: "beforeTabFileRead, afterTabFileEdit",
      why: "Tab completions are an editor feature, not an agent loop.",
    },
    {
      field: "conversation_id, generation_id, model, cursor_version, user_email",
      why: 'hookwire sends its session id (and prompt id) for the two ids, an empty model, "hookwire" as the version, null email.',
    },
    {
      field: "team / cloud-distributed hooks",
      why: "a Cursor server feature; enterprise /etc/cursor/hooks.json is read.",
    },
  ],
};
