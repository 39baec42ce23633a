// What Cursor's events remember between events of one conversation.

export interface CursorState {
  /** Follow-ups stop hooks caused so far (`loop_count`), and per hook (its `loop_limit`). */
  loopCount: number;
  followUpsBy: Map<string, number>;
  /** Variables sessionStart hooks exported (`env`): every later hook command gets them. */
  env: Record<string, string>;
}

export function createCursorState(): CursorState {
  return { loopCount: 0, followUpsBy: new Map(), env: {} };
}
