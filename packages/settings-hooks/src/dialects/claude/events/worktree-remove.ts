// WorktreeRemove: when Claude Code removes a session's git worktree. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const worktreeRemove = unbridged({
  name: "WorktreeRemove",
  description: "When Claude Code removes a session's git worktree.",
  matcher: "none",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire hosts create no worktrees.",
});
