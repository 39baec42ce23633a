// The hookwire harness's own tools, with pi-style native names and inputs (bash {command}, read {path}, …).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { exec, type ToolDefinition, type ToolResult } from "@hookwire/core";

import picomatch from "picomatch";

function text(value: string) {
  return [{ type: "text" as const, text: value }];
}

/**
 * What the file tools say, in a host's own words: the errors the model reads, and what `write` and `edit`
 * return (text and `details`, which PostToolUse hooks and opencode's `metadata` see).
 */
export interface ToolWording {
  /** A required input missing or not a string. */
  invalidInput(tool: string, name: string, got: string): string;
  /** `read` of a file that does not exist. */
  readMissing(file: string, cwd: string): string;
  /** `edit` of a file that does not exist. */
  editMissing(file: string): string;
  /** `edit` of a file that does not hold the text to replace. */
  textMissing(file: string, oldText: string): string;
  wrote(file: string, originalFile: string | null): ToolResult;
  edited(file: string, originalFile: string): ToolResult;
}

/** Claude Code's wording: the default, and what every suite uses unless its host says otherwise. */
const CLAUDE_WORDING: ToolWording = {
  invalidInput: (tool, name, got) =>
    `InputValidationError: ${tool} requires "${name}" (a string), got ${got}`,
  readMissing: (_file, cwd) => `File does not exist. Current working directory: ${cwd}.`,
  editMissing: (file) => `File does not exist: ${file}`,
  textMissing: (_file, oldText) => `String to replace not found in file: ${oldText}`,
  wrote: (file, originalFile) => ({ content: text(`Wrote ${file}`), details: { originalFile } }),
  edited: (file, originalFile) => ({ content: text(`Edited ${file}`), details: { originalFile } }),
};

/** The string input `name` of a call, or the host's invalid-input error. */
export function stringParam(
  tool: string,
  params: Record<string, unknown>,
  name: string,
  wording: Pick<ToolWording, "invalidInput"> = CLAUDE_WORDING,
): string {
  const value = params[name];
  if (typeof value !== "string") throw new Error(wording.invalidInput(tool, name, typeof value));
  return value;
}

/** Project files, relative, skipping dot folders (hook scripts and settings live in `.claude`). */
function walk(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full, base));
    else out.push(path.relative(base, full));
  }
  return out.sort();
}

/** `read`, `write` and `edit` in `cwd`, saying what they say in `wording` (Claude Code's where left out). */
export function fileTools(cwd: string, wording: Partial<ToolWording> = {}): ToolDefinition[] {
  const say: ToolWording = { ...CLAUDE_WORDING, ...wording };
  const resolve = (file: string) => path.resolve(cwd, file);
  const param = (tool: string, params: Record<string, unknown>, name: string) =>
    stringParam(tool, params, name, say);
  return [
    {
      name: "read",
      description: "Read a file.",
      parameters: {},
      async execute(_id, params) {
        const file = resolve(param("read", params, "path"));
        if (!existsSync(file)) throw new Error(say.readMissing(file, cwd));
        return { content: text(readFileSync(file, "utf8")) };
      },
    },
    {
      name: "write",
      description: "Write a file.",
      parameters: {},
      async execute(_id, params) {
        const file = resolve(param("write", params, "path"));
        const content = param("write", params, "content");
        const originalFile = existsSync(file) ? readFileSync(file, "utf8") : null;
        writeFileSync(file, content);
        return say.wrote(file, originalFile);
      },
    },
    {
      name: "edit",
      description: "Replace text in a file.",
      parameters: {},
      async execute(_id, params) {
        const file = resolve(param("edit", params, "path"));
        const oldText = param("edit", params, "oldText");
        const newText = param("edit", params, "newText");
        if (!existsSync(file)) throw new Error(say.editMissing(file));
        const originalFile = readFileSync(file, "utf8");
        if (!originalFile.includes(oldText)) throw new Error(say.textMissing(file, oldText));
        writeFileSync(file, originalFile.replace(oldText, newText));
        return say.edited(file, originalFile);
      },
    },
  ];
}

/** `prelude`: shell text run before every Bash command (the session's CLAUDE_ENV_FILE exports). */
export function nativeTools(cwd: string, prelude: () => string = () => ""): ToolDefinition[] {
  const resolve = (file: string) => path.resolve(cwd, file);
  return [
    {
      name: "bash",
      description: "Run a shell command.",
      parameters: {},
      async execute(_id, params, signal) {
        const command = stringParam("bash", params, "command");
        const timeout = typeof params.timeout === "number" ? params.timeout * 1000 : 30_000;
        const script = `exec 2>&1\n${prelude()}\n${command}`;
        const result = await exec("bash", ["-c", script], { cwd, timeout, signal });
        const output = result.stdout.trimEnd();
        if (result.code !== 0 || result.killed)
          throw new Error(`Exit code ${result.code}\n${output}`.trimEnd());
        return { content: text(output), details: { exitCode: 0 } };
      },
    },
    ...fileTools(cwd),
    {
      name: "glob",
      description: "Find files by pattern.",
      parameters: {},
      async execute(_id, params) {
        const base = resolve(typeof params.path === "string" ? params.path : ".");
        const isMatch = picomatch(stringParam("glob", params, "pattern"));
        const filenames = walk(base).filter((file) => isMatch(file));
        return { content: text(filenames.join("\n") || "No files found"), details: { filenames } };
      },
    },
    {
      name: "grep",
      description: "Search file contents.",
      parameters: {},
      async execute(_id, params) {
        const base = resolve(typeof params.path === "string" ? params.path : ".");
        const regex = new RegExp(
          stringParam("grep", params, "pattern"),
          params.ignoreCase === true ? "i" : "",
        );
        const files = statSync(base).isDirectory() ? walk(base) : [path.basename(base)];
        const root = statSync(base).isDirectory() ? base : path.dirname(base);
        const lines: string[] = [];
        const filenames: string[] = [];
        for (const file of files) {
          const body = readFileSync(path.join(root, file), "utf8").split("\n");
          let hit = false;
          body.forEach((line, i) => {
            if (!regex.test(line)) return;
            hit = true;
            lines.push(`${file}:${i + 1}:${line}`);
          });
          if (hit) filenames.push(file);
        }
        const content = params.output_mode === "content";
        const shown = content ? lines.join("\n") : filenames.join("\n");
        return { content: text(shown || "No matches found"), details: { filenames } };
      },
    },
  ];
}
