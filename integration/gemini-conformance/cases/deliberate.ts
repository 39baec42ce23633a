// Cases where hookwire differs from Gemini CLI on purpose, each with its reason (docs/dialects.md lists them).
export const deliberateDifferences: Record<string, string> = {};
