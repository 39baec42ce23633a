// Cases where hookwire differs from Codex on purpose, each with its reason (docs/dialects.md, Codex section, lists them).
const permissionRequest =
  "PermissionRequest runs on Codex's approval path (sandbox escalation under --approve-for-me); hookwire hosts have no such step, so the event is validated and listed but never run";

export const deliberateDifferences: Record<string, string> = {
  "trust-user-hooks-unreviewed":
    "Codex runs a user hook only once it was reviewed (trusted_hash); in hookwire user files are the user's own and trusted, as every user-level source — only project files need trust",
  "stdin-workdir":
    "Codex reports a call's workdir as the hook's cwd; hookwire's bash tool has no working-folder field, so cwd is the session's",
  "perm-allow": permissionRequest,
  "perm-deny": permissionRequest,
  "perm-exit-2": permissionRequest,
  "perm-no-match": permissionRequest,
  "perm-pre-and-request": permissionRequest,
};
