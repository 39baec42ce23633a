// Cases where hookwire differs from Claude Code on purpose, each with its reason (docs/settings-hooks.md lists them).
export const deliberateDifferences: Record<string, string> = {};
