// The bridge's second step: the session its handlers run in — ids, the transcript it names, where large outputs go.
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { SessionInfo } from "../dialect-kit/session.js";
import { TRANSCRIPT_LIMITS, type TranscriptLimits, toolResultsDir } from "../large-output.js";
import { defaultOutputDir } from "../protocol/output.js";
import { sessionFileName } from "../session-env.js";
import { defaultTranscriptDir, TranscriptWriter } from "../transcript.js";
import type { SettingsHooksOptions } from "./options.js";

export interface BridgeSession {
  /** What every handler's input is built from; `transcriptPath` is the transcript's the bridge writes, if it writes one. */
  session: SessionInfo;
  /** The transcript the bridge writes: none when the host keeps its own, when told not to, or with no handlers. */
  transcript: TranscriptWriter | undefined;
  /** The bounds on large tool outputs handed to hooks: the transcript's, else the defaults. */
  outputLimits: Readonly<TranscriptLimits>;
  /** Where a large tool output handed to a hook is saved now, and whether a transcript names that folder. */
  toolResultsDirNow(): { dir: string; transcribed: boolean };
}

/** The session of a bridge of `handlerCount` handlers: its ids (the host's, else a random one) and its transcript. */
export function prepareSession(handlerCount: number, options: SettingsHooksOptions): BridgeSession {
  const session: SessionInfo = {
    sessionId: options.sessionId ?? randomUUID(),
    transcriptPath: options.transcriptPath,
    ...options.hostSession?.(),
    cwd: options.cwd,
    permissionMode: options.permissionMode,
    effort: options.effort,
  };
  const transcript =
    options.transcript instanceof TranscriptWriter
      ? options.transcript
      : options.transcriptPath !== undefined ||
          options.hostSession !== undefined ||
          options.transcript === false ||
          handlerCount === 0
        ? undefined
        : new TranscriptWriter({
            file: path.join(
              options.transcriptDir ?? defaultTranscriptDir(options.cwd),
              `${sessionFileName(session.sessionId)}.jsonl`,
            ),
            sessionId: session.sessionId,
            cwd: options.cwd,
          });
  if (transcript) session.transcriptPath = transcript.path;
  const outputLimits: Readonly<TranscriptLimits> = transcript?.limits ?? TRANSCRIPT_LIMITS;
  /**
   * Where a large tool output handed to a hook is saved: beside the transcript that names it (ours or the
   * host's, as Claude Code keeps `<session>/tool-results`), else in the output folder.
   */
  const toolResultsDirNow = (): { dir: string; transcribed: boolean } => {
    if (transcript) return { dir: transcript.toolResultsDir, transcribed: true };
    const transcriptPath = options.hostSession?.().transcriptPath ?? session.transcriptPath;
    return transcriptPath
      ? { dir: toolResultsDir(transcriptPath), transcribed: true }
      : { dir: path.join(options.outputDir ?? defaultOutputDir(), "tool-results"), transcribed: false };
  };
  return { session, transcript, outputLimits, toolResultsDirNow };
}
