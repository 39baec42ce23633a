// A host's session set up for settings hooks: the JSONL log with its Claude Code transcript, and the CLAUDE_ENV_FILE folder.
import path from "node:path";
import {
  defaultSessionEnvDir,
  SessionEnvironment,
  type SettingsHooksOptions,
} from "@hookwire/settings-hooks";
import { JsonlSessionManager } from "./session-manager.js";

export interface HookSessionOptions {
  /** Folder for the JSONL session files. */
  sessionDir: string;
  cwd: string;
  /** Where the Claude Code transcripts go. Default `<sessionDir>/transcripts`. */
  transcriptDir?: string;
  /** The CLAUDE_ENV_FILE folder. Default `defaultSessionEnvDir(<first session's id>)` (per user). */
  sessionEnvDir?: string;
}

export interface HookSession {
  session: JsonlSessionManager;
  sessionEnv: SessionEnvironment;
  /** For the settings-hook bridge (the loader's `settings` option): `hostSession` and `sessionEnv`. */
  settings: Pick<SettingsHooksOptions, "hostSession" | "sessionEnv">;
}

/**
 * Create the session before the hooks load, so the settings hooks get its `session_id` and transcript
 * and the bash tool applies what their SessionStart hooks export: pass `settings` to discovery, then
 * `session` and `sessionEnv` to `AgentHost`.
 */
export function createHookSession(options: HookSessionOptions): HookSession {
  const session = JsonlSessionManager.create(options.sessionDir, options.cwd, undefined, {
    transcriptDir: options.transcriptDir ?? path.join(options.sessionDir, "transcripts"),
  });
  const sessionEnv = new SessionEnvironment(
    options.sessionEnvDir ?? defaultSessionEnvDir(session.getSessionId()),
  );
  return { session, sessionEnv, settings: { hostSession: session.hookSession, sessionEnv } };
}
