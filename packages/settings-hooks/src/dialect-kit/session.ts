// The session a settings handler runs in, as the bridge knows it: what every dialect's input is built from.

/** The session's ids and state, read by every dialect's protocol when it writes a handler's input. */
export interface SessionInfo {
  sessionId: string;
  transcriptPath?: string;
  cwd: string;
  permissionMode?: string;
  /** The current prompt's id; absent before the first prompt. */
  promptId?: string;
  /** The model's effort level. Default `"medium"`. */
  effort?: string;
}
