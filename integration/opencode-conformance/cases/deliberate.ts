// Cases where hookwire differs from opencode on purpose, with the reason (docs/dialects.md, "OpenCode plugins").
export const deliberateDifferences: Record<string, string> = {
  "folder-order":
    "opencode 1.18 loads a plugin folder in directory order (Bun.Glob scan, unsorted: c, a, b on the recording's ext4); " +
    "hookwire sorts by code point so every file system runs plugins in the same order.",
};
