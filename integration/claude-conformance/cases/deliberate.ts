// Cases where hookwire differs from Claude Code on purpose, each with its reason (docs/settings-hooks.md lists them).
export const deliberateDifferences: Record<string, string> = {
  "out-pre-updated-input-two-hooks":
    "when several hooks rewrite the input, hookwire takes the last in configuration order; Claude Code lets whichever finishes last win, which varies from run to run",
  "out-pre-updated-input-extra-field":
    "Claude Code drops updatedInput fields its own tool schema does not declare; hookwire cannot know a host tool's schema, so it hands the rewrite to the tool, which validates it",
  "perm-default-write-deny-rule":
    "Claude Code checks a file-path deny rule before PreToolUse hooks (the hook never runs); hookwire runs hooks first and checks rules on the input as hooks left it, so a rewrite cannot slip past a rule; the call is denied either way",
};
