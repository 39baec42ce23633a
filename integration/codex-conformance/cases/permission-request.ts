// PermissionRequest: runs on the approval path (a call asking for escalation under --approve-for-me).
import type { ConformanceCase, ToolCall } from "../src/case.js";
import { oneHook, specific } from "./helpers.js";

const escalated: ToolCall = {
  tool: "exec_command",
  input: {
    cmd: "echo ran > ran.txt",
    sandbox_permissions: "require_escalated",
    justification: "write a file",
  },
};
const decide = (decision: Record<string, unknown>) => ({
  stdout: specific("PermissionRequest", { decision }),
});

const onApproval = (id: string, about: string, script: object, matcher = "Bash"): ConformanceCase => ({
  ...oneHook(id, about, "PermissionRequest", script, { matcher, calls: [escalated], markers: ["DENY_MARK"] }),
  approval: "on-request",
});

export const permissionRequestCases: ConformanceCase[] = [
  onApproval("perm-allow", "PermissionRequest allow: the escalated call runs", decide({ behavior: "allow" })),
  onApproval(
    "perm-deny",
    "PermissionRequest deny with a message: not run, the message to the model",
    decide({ behavior: "deny", message: "DENY_MARK" }),
  ),
  onApproval("perm-exit-2", "PermissionRequest exit 2: denied", { exit: 2, stderr: "DENY_MARK" }),
  onApproval(
    "perm-no-match",
    "PermissionRequest matcher that does not match",
    decide({ behavior: "allow" }),
    "Read",
  ),
  {
    ...oneHook(
      "perm-pre-and-request",
      "PreToolUse and PermissionRequest both see the call",
      "PreToolUse",
      {},
      {
        calls: [escalated],
      },
    ),
    hooks: {
      project: {
        PreToolUse: [{ hooks: [{ run: "pre" }] }],
        PermissionRequest: [{ hooks: [{ run: "h" }] }],
      },
    },
    scripts: { pre: {}, h: decide({ behavior: "allow" }) },
    approval: "on-request",
  },
];
