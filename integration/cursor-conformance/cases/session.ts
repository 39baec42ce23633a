// Prompt, session and stop events: beforeSubmitPrompt, sessionStart / sessionEnd, stop with followup_message and loop_limit.
import type { CursorCase } from "../src/case.js";
import { COMMON, cursor, DOCS, RAN, shellRan } from "./helpers.js";

const log = {};
/** A stop hook that always asks for one more turn. */
const alwaysFollowUp = { stdout: { followup_message: "FOLLOW_MARK" } };

export const sessionCases: CursorCase[] = [
  {
    id: "prompt-input",
    about: "beforeSubmitPrompt gets the prompt and its attachments",
    source: `${DOCS.hooks}: beforeSubmitPrompt input {prompt, attachments}`,
    hookFiles: { "project/.cursor/hooks.json": cursor({ beforeSubmitPrompt: [{ run: "h" }] }) },
    scripts: { h: log },
    calls: [],
    prompt: "please go",
    expect: {
      requests: 1,
      hooks: {
        h: [{ ...COMMON, hook_event_name: "beforeSubmitPrompt", prompt: "please go", attachments: [] }],
      },
    },
  },
  {
    id: "prompt-block",
    about: "beforeSubmitPrompt continue: false: the prompt is never sent",
    source: `${DOCS.hooks}: beforeSubmitPrompt output {continue, user_message}`,
    hookFiles: { "project/.cursor/hooks.json": cursor({ beforeSubmitPrompt: [{ run: "h" }] }) },
    scripts: { h: { stdout: { continue: false, user_message: "USER_MARK" } } },
    calls: [shellRan],
    markers: ["USER_MARK"],
    observeFiles: ["ran.txt"],
    expect: { requests: 0, files: { "ran.txt": null }, markers: { USER_MARK: false } },
  },
  {
    id: "prompt-exit-2",
    about: "beforeSubmitPrompt exit 2 blocks the prompt",
    source: `${DOCS.hooks}: exit code 2 blocks the action`,
    hookFiles: { "project/.cursor/hooks.json": cursor({ beforeSubmitPrompt: [{ run: "h" }] }) },
    scripts: { h: { exit: 2 } },
    calls: [shellRan],
    observeFiles: ["ran.txt"],
    expect: { requests: 0, files: { "ran.txt": null } },
  },
  {
    id: "session-start-context-env",
    about: "sessionStart additional_context reaches the model; its env reaches later hooks",
    source: `${DOCS.hooks}: sessionStart output {env, additional_context, continue}`,
    hookFiles: {
      "project/.cursor/hooks.json": cursor({
        sessionStart: [{ run: "start" }],
        beforeShellExecution: [{ run: "shell" }],
      }),
    },
    scripts: {
      start: { stdout: { additional_context: "CTX_MARK", env: { HW_SESSION_VAR: "from-start" } } },
      shell: { shell: `printf '%s\\n' "$HW_SESSION_VAR" > '@P@/env.txt'` },
    },
    calls: [shellRan],
    markers: ["CTX_MARK"],
    observeFiles: ["env.txt", "ran.txt"],
    expect: {
      markers: { CTX_MARK: true },
      files: { "env.txt": "from-start\n", ...RAN },
      hooks: { start: [{ ...COMMON, hook_event_name: "sessionStart", session_id: "<string>" }], shell: [{}] },
    },
  },
  {
    id: "session-end",
    about: "sessionEnd runs once at the end with a reason",
    source: `${DOCS.hooks}: sessionEnd input {session_id, reason}; fire-and-forget`,
    hookFiles: { "project/.cursor/hooks.json": cursor({ sessionEnd: [{ run: "h" }] }) },
    scripts: { h: { stdout: { permission: "deny" } } },
    calls: [shellRan],
    observeFiles: ["ran.txt"],
    expect: {
      files: RAN,
      hooks: { h: [{ hook_event_name: "sessionEnd", session_id: "<string>", reason: "completed" }] },
    },
  },
  {
    id: "stop-followup-once",
    about: "stop followup_message is sent as the next user message; loop_count counts the follow-ups",
    source: `${DOCS.hooks}: stop input {status, loop_count}; output {followup_message}`,
    hookFiles: { "project/.cursor/hooks.json": cursor({ stop: [{ run: "h" }] }) },
    scripts: {
      h: {
        shell: `[ "$(wc -l < '@LOG@/h.jsonl' | tr -d ' ')" = 1 ] && { printf '%s\\n' '{"followup_message":"FOLLOW_MARK"}'; exit 0; }`,
      },
    },
    calls: [],
    markers: ["FOLLOW_MARK"],
    expect: {
      requests: 2,
      markers: { FOLLOW_MARK: true },
      hooks: {
        h: [
          { ...COMMON, hook_event_name: "stop", status: "completed", loop_count: 0 },
          { hook_event_name: "stop", status: "completed", loop_count: 1 },
        ],
      },
    },
  },
  {
    id: "stop-loop-limit-default",
    about: "a stop hook that always follows up is capped at 5 follow-ups by default",
    source: `${DOCS.hooks}: loop_limit defaults to 5 for stop / subagentStop`,
    hookFiles: { "project/.cursor/hooks.json": cursor({ stop: [{ run: "h" }] }) },
    scripts: { h: alwaysFollowUp },
    calls: [],
    expect: {
      requests: 6,
      hooks: { h: [0, 1, 2, 3, 4, 5].map((n) => ({ hook_event_name: "stop", loop_count: n })) },
    },
  },
  {
    id: "stop-loop-limit-custom",
    about: "loop_limit 2 caps the follow-ups at 2",
    source: `${DOCS.hooks}: loop_limit on a stop hook`,
    hookFiles: { "project/.cursor/hooks.json": cursor({ stop: [{ run: "h", loop_limit: 2 }] }) },
    scripts: { h: alwaysFollowUp },
    calls: [],
    expect: { requests: 3, hooks: { h: [0, 1, 2].map((n) => ({ loop_count: n })) } },
  },
];
