// Several hooks on one event: sequential groups (each sees the previous one's rewrite), parallel, dedupe, timeouts.
import type { GeminiCase } from "../src/case.js";
import { shellRan, specific } from "./helpers.js";

const tool = "run_shell_command";
const rewrite = specific("BeforeTool", { tool_input: { command: "echo first > ran.txt" } });

export const groupCases: GeminiCase[] = [
  {
    id: "group-sequential-rewrite",
    about: "sequential: the second hook sees the first hook's tool_input rewrite",
    project: {
      hooks: { BeforeTool: [{ matcher: tool, sequential: true, hooks: [{ run: "a" }, { run: "b" }] }] },
    },
    scripts: { a: { stdout: rewrite }, b: {} },
    calls: [shellRan],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "group-parallel-rewrite",
    about: "parallel (the default): the second hook sees the model's input",
    project: { hooks: { BeforeTool: [{ matcher: tool, hooks: [{ run: "a" }, { run: "b" }] }] } },
    scripts: { a: { stdout: rewrite }, b: {} },
    calls: [shellRan],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "group-sequential-any",
    about: "one sequential group makes the whole event sequential, across groups",
    project: {
      hooks: {
        BeforeTool: [
          { matcher: tool, sequential: true, hooks: [{ run: "a" }] },
          { matcher: tool, hooks: [{ run: "b" }] },
        ],
      },
    },
    scripts: { a: { stdout: rewrite }, b: {} },
    calls: [shellRan],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "group-sequential-deny-first",
    about: "sequential: a deny from the first hook does not stop the second from running",
    project: {
      hooks: { BeforeTool: [{ matcher: tool, sequential: true, hooks: [{ run: "a" }, { run: "b" }] }] },
    },
    scripts: { a: { stdout: { decision: "deny", reason: "REASON_MARK" } }, b: {} },
    calls: [shellRan],
    observe: { files: ["ran.txt"], markers: ["REASON_MARK"] },
  },
  {
    id: "group-two-reasons",
    about: "two denying hooks: both reasons reach the model",
    project: { hooks: { BeforeTool: [{ matcher: tool, hooks: [{ run: "a" }, { run: "b" }] }] } },
    scripts: {
      a: { stdout: { decision: "deny", reason: "REASON_A" } },
      b: { stdout: { decision: "deny", reason: "REASON_B" } },
    },
    calls: [shellRan],
    observe: { files: ["ran.txt"], markers: ["REASON_A", "REASON_B"] },
  },
  {
    id: "group-allow-and-deny",
    about: "one hook allows, another denies: deny wins",
    project: { hooks: { BeforeTool: [{ matcher: tool, hooks: [{ run: "a" }, { run: "b" }] }] } },
    scripts: {
      a: { stdout: { decision: "allow" } },
      b: { stdout: { decision: "deny", reason: "REASON_MARK" } },
    },
    calls: [shellRan],
    observe: { files: ["ran.txt"], markers: ["REASON_MARK"] },
  },
  {
    id: "group-dedupe",
    about: "the same command in two groups runs once",
    project: {
      hooks: {
        BeforeTool: [
          { matcher: tool, hooks: [{ run: "a" }] },
          { matcher: ".*", hooks: [{ run: "a" }] },
        ],
      },
    },
    scripts: { a: {} },
    calls: [shellRan],
    observe: { files: ["ran.txt"] },
  },
  {
    id: "group-timeout",
    about: "a hook slower than its timeout (ms) is a failed hook, not a block: the tool runs",
    project: { hooks: { BeforeTool: [{ matcher: tool, hooks: [{ run: "slow", timeout: 1000 }] }] } },
    scripts: { slow: { sleep: 4, exit: 2, stderr: "BLOCK_MARK" } },
    calls: [shellRan],
    observe: { files: ["ran.txt"], markers: ["BLOCK_MARK"] },
  },
  {
    id: "group-two-calls",
    about: "two tool calls, the hook blocks only the second (by run count)",
    project: { hooks: { BeforeTool: [{ matcher: tool, hooks: [{ run: "h" }] }] } },
    scripts: { h: { shell: '[ "$n" -gt 1 ] && { echo BLOCK_MARK >&2; exit 2; }' } },
    calls: [shellRan, { tool, input: { command: "echo two > two.txt", description: "write two.txt" } }],
    observe: { files: ["ran.txt", "two.txt"], markers: ["BLOCK_MARK"] },
  },
];
