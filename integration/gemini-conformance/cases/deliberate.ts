// Cases where hookwire differs from Gemini CLI on purpose, each with its reason (docs/dialects.md lists them).
export const deliberateDifferences: Record<string, string> = {
  "stdin-pre-compress":
    "Gemini CLI 0.61 runs PreCompress (trigger auto) before every turn's compression check, even when nothing is compressed; hookwire runs it only when the host compacts (session_before_compact)",
};
