// Claude Code's handler protocol: the stdin JSON's common fields, the JSON output, and what exit codes mean.

import { isRecord, text } from "../../dialect-kit/agent-hook.js";
import type { ProtocolSpec } from "../../dialect-kit/types.js";
import { interpretCommandRun } from "../../protocol/exit-code.js";
import { validateOutput } from "../../protocol/output.js";

export const claudeProtocol: ProtocolSpec = {
  input(event, fields, session) {
    const wanted = event.session;
    // Key order as Claude Code's: a hook that prints its input sees the same text.
    const ordered: Record<string, unknown> = {
      session_id: session.sessionId,
      transcript_path: session.transcriptPath ?? "",
      cwd: session.cwd,
    };
    if (wanted.includes("prompt_id") && session.promptId !== undefined) ordered.prompt_id = session.promptId;
    if (wanted.includes("permission_mode")) ordered.permission_mode = session.permissionMode ?? "default";
    if (wanted.includes("effort")) ordered.effort = { level: session.effort ?? "medium" };
    ordered.hook_event_name = event.name;
    return { ...ordered, ...fields };
  },
  // JSON fields: continue, stopReason, suppressOutput, systemMessage, decision "block", reason, hookSpecificOutput.
  output: validateOutput,
  // Exit 0 reads stdout, exit 2 blocks with stderr, any other code is a non-blocking error; a JSON object
  // on stdout counts whatever the code.
  exit: interpretCommandRun,
  session: (stdin) => ({
    sessionId: text(stdin.session_id),
    transcriptPath: text(stdin.transcript_path) || undefined,
    cwd: text(stdin.cwd),
    ...(typeof stdin.permission_mode === "string" ? { permissionMode: stdin.permission_mode } : {}),
    ...(typeof stdin.prompt_id === "string" ? { promptId: stdin.prompt_id } : {}),
    ...(isRecord(stdin.effort) && typeof stdin.effort.level === "string"
      ? { effort: stdin.effort.level }
      : {}),
  }),
  // hookwire's output is Claude Code's own JSON; only the fields other dialects keep aside go.
  encode: ({ extra: _extra, ...output }) => ({ stdout: JSON.stringify(output), unapplied: [] }),
};
