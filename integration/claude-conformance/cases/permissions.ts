// Permission modes and rules against hook decisions ("allow is not bypass").
import type { ConformanceCase, ToolCall } from "../src/case.js";
import { specific } from "./helpers.js";

const decide = (decision: string) => ({
  stdout: specific("PreToolUse", { permissionDecision: decision, permissionDecisionReason: "REASON_MARK" }),
});
// Neither read-only (Claude Code approves those itself) nor a file edit it can see, so only rules and
// hooks decide; the PostToolUse hook `ran` shows whether it ran.
const touch: ToolCall = { tool: "Bash", input: { command: "make check" } };
const write: ToolCall = { tool: "Write", input: { file_path: "@P@/w.txt", content: "w\n" } };

function perm(
  id: string,
  about: string,
  mode: ConformanceCase["permissionMode"],
  decision: string | undefined,
  permissions: ConformanceCase["settings"]["permissions"],
  calls: ToolCall[] = [touch],
): ConformanceCase {
  return {
    id: `perm-${id}`,
    about,
    permissionMode: mode,
    settings: {
      permissions,
      hooks: {
        ...(decision ? { PreToolUse: [{ matcher: "*", hooks: [{ run: "h" }] }] } : {}),
        PostToolUse: [{ matcher: "*", hooks: [{ run: "ran" }] }],
      },
    },
    scripts: { h: decision ? decide(decision) : {}, ran: {} },
    calls,
    files: { Makefile: "check:\n\t@true\n" },
    observe: { files: ["ran.txt", "w.txt"], markers: ["REASON_MARK"] },
  };
}

export const permissionCases: ConformanceCase[] = [
  perm(
    "default-no-hook",
    "default mode, no rule, no hook: Bash is not approved headless",
    "default",
    undefined,
    undefined,
  ),
  perm("default-hook-allow", "default mode, a hook allows Bash", "default", "allow", undefined),
  perm("default-hook-ask", "default mode, a hook asks", "default", "ask", undefined),
  perm("default-allow-rule", "default mode, an allow rule", "default", undefined, {
    allow: ["Bash(make check)"],
  }),
  perm("default-allow-rule-hook-deny", "an allow rule, a hook denies", "default", "deny", {
    allow: ["Bash(make check)"],
  }),
  perm("default-allow-rule-hook-ask", "an allow rule, a hook asks", "default", "ask", {
    allow: ["Bash(make check)"],
  }),
  perm("deny-rule-hook-allow", "a deny rule beats a hook's allow", "default", "allow", {
    deny: ["Bash(make check)"],
  }),
  perm(
    "bypass-deny-rule-hook-allow",
    "bypassPermissions: a deny rule still beats a hook's allow",
    "bypassPermissions",
    "allow",
    { deny: ["Bash(make check)"] },
  ),
  perm("bypass-ask-rule", "bypassPermissions with an ask rule, headless", "bypassPermissions", undefined, {
    ask: ["Bash(make check)"],
  }),
  perm("ask-rule-hook-allow", "an ask rule against a hook's allow, headless", "default", "allow", {
    ask: ["Bash(make check)"],
  }),
  perm(
    "accept-edits-write",
    "acceptEdits mode: Write runs without a hook",
    "acceptEdits",
    undefined,
    undefined,
    [write],
  ),
  perm(
    "default-write-no-hook",
    "default mode: Write is not approved headless",
    "default",
    undefined,
    undefined,
    [write],
  ),
  perm("default-write-hook-allow", "default mode, a hook allows Write", "default", "allow", undefined, [
    write,
  ]),
  perm(
    "default-write-deny-rule",
    "a Write deny rule on the path, a hook allows",
    "default",
    "allow",
    { deny: ["Edit(./w.txt)"] },
    [write],
  ),
  perm("plan-mode-write", "plan mode: Write with a hook's allow", "plan", "allow", undefined, [write]),
];
