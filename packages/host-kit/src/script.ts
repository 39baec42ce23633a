// The scripted "model": a JSONL file of prompts (with the tool calls the model makes) and slash commands.
import { readFileSync } from "node:fs";
import { ScriptError } from "./errors.js";

export interface ScriptedToolCall {
  tool: string;
  input: Record<string, unknown>;
}

export type ScriptStep =
  | { kind: "prompt"; prompt: string; calls: ScriptedToolCall[]; reply: string; answers: boolean[] }
  | { kind: "command"; command: string; answers: boolean[] };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function parseAnswers(value: unknown, fail: (message: string) => never): boolean[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === "boolean")) {
    fail(`"confirm" must be an array of booleans (the user's answers to confirm prompts, in order).`);
  }
  return value as boolean[];
}

function parseCalls(value: unknown, fail: (message: string) => never): ScriptedToolCall[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(`"calls" must be an array of {"tool": "bash", "input": {…}}.`);
  return (value as unknown[]).map((call, i) => {
    if (!isObject(call) || typeof call.tool !== "string" || !isObject(call.input)) {
      fail(`calls[${i}] must be {"tool": string, "input": object}.`);
    }
    return { tool: call.tool as string, input: call.input as Record<string, unknown> };
  });
}

/** Parse script text; `file` names the source in errors. Blank lines and `#` comments are skipped. */
export function parseScript(text: string, file: string): ScriptStep[] {
  const steps: ScriptStep[] = [];
  for (const [index, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const fail = (message: string): never => {
      throw new ScriptError({ file, line: index + 1, message });
    };
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (cause) {
      throw new ScriptError({
        file,
        line: index + 1,
        message: `not valid JSON (${(cause as Error).message}).`,
        cause,
      });
    }
    if (!isObject(value)) return fail('expected an object with "prompt" or "command".');
    const answers = parseAnswers(value.confirm, fail);
    if (typeof value.command === "string") {
      if (!value.command.startsWith("/"))
        fail(`"command" must start with "/", got ${JSON.stringify(value.command)}.`);
      steps.push({ kind: "command", command: value.command, answers });
      continue;
    }
    if (typeof value.prompt !== "string")
      return fail('expected "prompt": string or "command": "/name args".');
    if (value.reply !== undefined && typeof value.reply !== "string") fail(`"reply" must be a string.`);
    steps.push({
      kind: "prompt",
      prompt: value.prompt,
      calls: parseCalls(value.calls, fail),
      reply: (value.reply as string | undefined) ?? "Done.",
      answers,
    });
  }
  return steps;
}

export function readScript(file: string): ScriptStep[] {
  return parseScript(readFileSync(file, "utf8"), file);
}
