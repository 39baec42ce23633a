// Cases about tool.execute.before / tool.execute.after: blocking, argument and output rewrites, tool names.
import type { PluginCase } from "../src/case.js";
import { bash, edit, plugin, read, write } from "./helpers.js";

const P = ".opencode/plugin";

export const toolCases: PluginCase[] = [
  {
    id: "block-bash-throw",
    about: "a throw in tool.execute.before blocks bash; the model reads the message",
    files: {
      [`${P}/guard.ts`]: plugin(`export const Guard = async () => ({
  "tool.execute.before": async (input: any) => { if (input.tool === "bash") throw new Error("BLOCKED_MARK by plugin") },
})`),
    },
    calls: [bash("echo hi > out.txt")],
    markers: ["BLOCKED_MARK"],
  },
  {
    id: "block-only-write",
    about: "a guard for write lets bash through",
    files: {
      [`${P}/guard.ts`]: plugin(`export const Guard = async () => ({
  "tool.execute.before": async (input: any) => { if (input.tool === "write") throw new Error("NO_WRITES") },
})`),
    },
    calls: [bash("echo ran > out.txt")],
    markers: ["NO_WRITES"],
  },
  {
    id: "block-write",
    about: "a throw for write: the file is not written",
    files: {
      [`${P}/guard.ts`]: plugin(`export const Guard = async () => ({
  "tool.execute.before": async (input: any, output: any) => { log({ tool: input.tool, keys: Object.keys(output.args).sort() }); if (input.tool === "write") throw new Error("NO_WRITES") },
})`),
    },
    calls: [write("notes.txt", "secret")],
    markers: ["NO_WRITES"],
  },
  {
    id: "args-mutate-command",
    about: "mutating output.args.command changes what bash runs",
    files: {
      [`${P}/rewrite.ts`]: plugin(`export const Rewrite = async () => ({
  "tool.execute.before": async (input: any, output: any) => { if (input.tool === "bash") output.args.command = "echo MUTATED > out.txt" },
})`),
    },
    calls: [bash("echo original > out.txt")],
  },
  {
    id: "args-replace-object",
    about: "assigning a new output.args object",
    files: {
      [`${P}/rewrite.ts`]: plugin(`export const Rewrite = async () => ({
  "tool.execute.before": async (input: any, output: any) => { output.args = { ...output.args, command: "echo REPLACED > out.txt" } },
})`),
    },
    calls: [bash("echo original > out.txt")],
  },
  {
    id: "args-mutation-seen-by-after",
    about: "tool.execute.after sees the rewritten arguments",
    files: {
      [`${P}/rewrite.ts`]: plugin(`export const Rewrite = async () => ({
  "tool.execute.before": async (_input: any, output: any) => { output.args.command = "echo second > out.txt" },
  "tool.execute.after": async (input: any) => { log({ after: input.args.command }) },
})`),
    },
    calls: [bash("echo first > out.txt")],
  },
  {
    id: "before-input-shape",
    about: "tool.execute.before gets { tool, sessionID, callID } and { args }",
    files: {
      [`${P}/probe.ts`]: plugin(`export const Probe = async () => ({
  "tool.execute.before": async (input: any, output: any) => { log({ input: Object.keys(input).sort(), tool: input.tool, session: typeof input.sessionID, call: typeof input.callID, output: Object.keys(output), args: output.args }) },
})`),
    },
    calls: [bash("echo hi", "say hi")],
  },
  {
    id: "after-input-shape",
    about: "tool.execute.after gets { tool, sessionID, callID, args } and { title, output, metadata }",
    files: {
      [`${P}/probe.ts`]: plugin(`export const Probe = async () => ({
  "tool.execute.after": async (input: any, output: any) => { log({ input: Object.keys(input).sort(), args: input.args, output: Object.keys(output).sort(), title: output.title, text: output.output, exit: output.metadata?.exit }) },
})`),
    },
    calls: [bash("echo AFTER_TEXT")],
  },
  {
    id: "after-output-replaced",
    about: "setting output.output in tool.execute.after changes what the model reads",
    files: {
      [`${P}/redact.ts`]: plugin(`export const Redact = async () => ({
  "tool.execute.after": async (_input: any, output: any) => { output.output = output.output.replace("SECRET_MARK", "REDACTED_MARK") },
})`),
    },
    calls: [bash("echo SECRET_MARK")],
    markers: ["SECRET_MARK", "REDACTED_MARK"],
  },
  {
    id: "after-throw",
    about: "a throw in tool.execute.after: the command ran, the model reads the message",
    files: {
      [`${P}/after.ts`]: plugin(`export const After = async () => ({
  "tool.execute.after": async () => { throw new Error("AFTER_THREW") },
})`),
    },
    calls: [bash("echo ran > out.txt; echo OUT_MARK")],
    markers: ["AFTER_THREW", "OUT_MARK"],
  },
  {
    id: "after-nonzero-exit",
    about: "a command exiting non-zero still runs tool.execute.after",
    files: {
      [`${P}/after.ts`]: plugin(`export const After = async () => ({
  "tool.execute.after": async (input: any, output: any) => { log({ tool: input.tool, exit: output.metadata?.exit }) },
})`),
    },
    calls: [bash("echo EXIT_MARK; exit 3")],
    markers: ["EXIT_MARK"],
  },
  {
    id: "write-args",
    about: "write arguments arrive as { filePath, content }",
    files: {
      [`${P}/probe.ts`]: plugin(`export const Probe = async () => ({
  "tool.execute.before": async (input: any, output: any) => { log({ tool: input.tool, args: output.args }) },
})`),
    },
    calls: [write("note.txt", "hello")],
  },
  {
    id: "write-content-rewrite",
    about: "rewriting output.args.content changes what is written",
    files: {
      [`${P}/rewrite.ts`]: plugin(`export const Rewrite = async () => ({
  "tool.execute.before": async (input: any, output: any) => { if (input.tool === "write") output.args.content = "rewritten by plugin" },
})`),
    },
    calls: [write("note.txt", "original")],
  },
  {
    id: "edit-args-rewrite",
    about: "edit arguments { filePath, oldString, newString }; rewriting newString",
    files: {
      "doc.txt": "hello world\n",
      [`${P}/rewrite.ts`]: plugin(`export const Rewrite = async () => ({
  "tool.execute.before": async (input: any, output: any) => { if (input.tool !== "edit") return; log({ keys: Object.keys(output.args).sort() }); output.args.newString = "plugin" },
})`),
    },
    calls: [edit("doc.txt", "world", "model")],
  },
  {
    id: "read-tool-name",
    about: "read calls reach plugins as tool read with filePath",
    files: {
      "doc.txt": "READ_MARK\n",
      [`${P}/probe.ts`]: plugin(`export const Probe = async () => ({
  "tool.execute.before": async (input: any, output: any) => { log({ tool: input.tool, file: typeof output.args.filePath, path: output.args.path }) },
})`),
    },
    calls: [read("doc.txt")],
    markers: ["READ_MARK"],
  },
  {
    id: "second-call-blocked",
    about: "two calls, the guard blocks only the second",
    files: {
      [`${P}/guard.ts`]: plugin(`export const Guard = async () => ({
  "tool.execute.before": async (_input: any, output: any) => { if (String(output.args.command).includes("rm -rf")) throw new Error("NO_RM_MARK") },
})`),
    },
    calls: [bash("echo FIRST_MARK > first.txt; echo FIRST_MARK"), bash("rm -rf first.txt")],
    markers: ["FIRST_MARK", "NO_RM_MARK"],
  },
];
