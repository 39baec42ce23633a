// Codex as a dialect: its files, events, tools and protocol in one object the whole package reads.

import type { Dialect } from "../../dialect-kit/types.js";
import { codexAgent } from "./agent.js";
import { codexEvents } from "./catalogue.js";
import { compileCodexMatcher } from "./matcher.js";
import { codexProtocol } from "./protocol.js";
import { codexSources } from "./sources.js";
import { type CodexState, createCodexState } from "./state.js";
import { codexTools } from "./tools.js";

export const codex: Dialect<CodexState> = {
  id: "codex",
  label: codexAgent.label,
  sources: codexSources,
  settings: {
    // Codex skips prompt and agent handlers with a warning; it has no http handlers.
    handlerTypes: ["command"],
    timeoutUnit: "seconds",
    handlerFields: [
      "type",
      "command",
      "timeout",
      "async",
      "statusMessage",
      "commandWindows",
      "additionalContextLimit",
      // Claude Code's, honoured by hookwire when it runs this file (Codex ignores it).
      "onFailure",
    ],
    // Codex launches every matching handler, even two identical ones.
    dedupe: false,
    // Codex merges its config layers key by key, the closest (project) winning: `[features] hooks` too.
    switchMerge: "last-file",
    handlerState: {
      key: "state",
      // `<file>:<event as snake_case>:<group index>:<handler index>`, as `codex app-server` hooks/list names them.
      id: (file, event, group, handler) =>
        `${file}:${event.replace(/(?<=[a-z])(?=[A-Z])/g, "_").toLowerCase()}:${group}:${handler}`,
    },
  },
  events: codexEvents,
  tools: codexTools,
  protocol: codexProtocol,
  // Codex sets no project variable for commands (plugins get PLUGIN_ROOT / PLUGIN_DATA); hooks run in the session's cwd.
  variables: { projectDir: [] },
  compileMatcher: (matcher) => compileCodexMatcher(matcher),
  createState: createCodexState,
  unsupported: [
    {
      field: "PermissionRequest",
      why: "runs on Codex's approval path (sandbox escalation, network access), which hookwire hosts do not have; validated and listed, never run.",
    },
    {
      field: "SubagentStart, SubagentStop, Interrupt",
      why: "hookwire hosts run no subagents and have no interrupt event; validated and listed, never run.",
    },
    {
      field: "prompt and agent handlers",
      why: 'Codex 0.169 skips them too ("prompt hooks are not supported yet"); reported, not run.',
    },
    {
      field: "[hooks.state.<key>].trusted_hash",
      why: "Codex's per-hook review; hookwire's own trust (a fingerprint of the project's hook files and what they run) decides instead. `enabled = false` is honoured.",
    },
    {
      field: "[projects.<path>].trust_level",
      why: "Codex's project trust; `hookwire trust` decides which projects' `.codex/` hooks run.",
    },
    {
      field: "$CODEX_HOME, parent folders' .codex/, plugins' hooks, requirements.toml managed hooks",
      why: "hookwire reads `~/.codex`, `<cwd>/.codex` and `/etc/codex` only.",
    },
    {
      field: "statusMessage, commandWindows, additionalContextLimit",
      why: "accepted and ignored: hookwire has no spinner, runs `command` on every platform, and caps hook text at 10,000 characters.",
    },
    {
      field: "updatedToolOutput, updatedMCPToolOutput (PostToolUse)",
      why: "Codex 0.169 does not apply them to shell calls; ignored.",
    },
    {
      field: "transcript_path",
      why: "points at hookwire's transcript (Claude Code's JSONL format), not Codex's rollout file.",
    },
    {
      field: "cwd of a call with workdir",
      why: "Codex reports an exec_command's workdir as the hook's cwd; hookwire's bash has no working-folder field, so cwd is the session's.",
    },
    {
      field: "a blank command",
      why: "Codex skips it with a warning; hookwire runs `sh -c` on it, which does nothing.",
    },
    {
      field: "suppressOutput",
      why: "Codex refuses it on PreToolUse and PostToolUse (the whole answer is ignored, as in hookwire); elsewhere it has nothing to hide.",
    },
  ],
};
