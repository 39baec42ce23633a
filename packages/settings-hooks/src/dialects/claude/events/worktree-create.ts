// WorktreeCreate: when Claude Code creates a git worktree for a session. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const worktreeCreate = unbridged({
  name: "WorktreeCreate",
  description: "When Claude Code creates a git worktree for a session.",
  matcher: "none",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire hosts create no worktrees.",
});
