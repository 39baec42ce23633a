// Claude Code's handler protocol: the stdin JSON's common fields, the JSON output, and what exit codes mean.
import type { ProtocolSpec } from "../../dialect/types.js";
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
};
