// Cases where hookwire does not do what Cursor's docs say, each with its reason (docs/dialects.md).
export const deliberateDifferences: Record<string, string> = {
  "session-start-context-env":
    "sessionStart's env is not exported to later hooks yet: hookwire's HookOutput has no slot for hook-set variables",
};
