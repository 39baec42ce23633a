// Cases where hookwire differs from the real Copilot CLI on purpose, each with its reason (docs/dialects.md).
export const deliberateDifferences: Record<string, string> = {
  "prompt-modified":
    "a native before_agent_start cannot replace the user's prompt; modifiedPrompt is dropped with a warning",
  "claude-settings":
    "a Claude-format file runs by Claude Code's protocol in hookwire: Claude Code's stdin (transcript_path, permission_mode, tool_use_id; Bash input without description)",
  "claude-format-github-hooks": "as claude-settings: Claude Code's stdin for a Claude-format file",
  "claude-exit-1":
    "a Claude-format hook that exits 1 is non-blocking in hookwire, as in Claude Code; Copilot denies (fail-closed)",
  "claude-and-native": "as claude-settings: the Claude-format file's hook gets Claude Code's stdin",
  "events-lifecycle":
    "sessionStart has no initialPrompt: a hookwire session starts before its first prompt is known",
  "session-start-context": "as events-lifecycle: sessionStart has no initialPrompt",
  "handler-powershell-only":
    "a handler with only powershell is reported at load (no bash command) and skipped; Copilot on Linux treats it as an erroring hook and denies every call",
};
