// Cases where hookwire differs from opencode on purpose, with the reason (docs/dialects.md, "OpenCode plugins").
export const deliberateDifferences: Record<string, string> = {};
