// What Codex's events remember between events of one session.

export interface CodexState {
  /** Stop blocks in a row; past the bridge's `stopHookCap` the stop is allowed anyway. */
  consecutiveStopBlocks: number;
  /** The last PreCompact's trigger, which PostCompact reports too. */
  compactTrigger: "manual" | "auto";
}

export function createCodexState(): CodexState {
  return { consecutiveStopBlocks: 0, compactTrigger: "auto" };
}
