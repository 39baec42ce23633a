// What Claude Code's events remember between events of one session.

export interface ClaudeState {
  /** Stop blocks in a row; past the bridge's `stopHookCap` the stop is allowed anyway. */
  consecutiveStopBlocks: number;
  /** The last PreCompact's trigger, which PostCompact reports too. */
  compactTrigger: "manual" | "auto";
}

export function createClaudeState(): ClaudeState {
  return { consecutiveStopBlocks: 0, compactTrigger: "auto" };
}
