// What GitHub Copilot CLI's events remember between events of one session.

export interface CopilotState {
  /** agentStop blocks in a row; past the bridge's `stopHookCap` the stop is allowed anyway. */
  consecutiveStopBlocks: number;
}

export function createCopilotState(): CopilotState {
  return { consecutiveStopBlocks: 0 };
}
