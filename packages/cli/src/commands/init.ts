// `hookwire init [name]`: scaffolds a typed hook module (or, with --settings, a settings hook and its script).

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { tooling } from "@hookwire/settings-hooks";
import { defineCommand } from "citty";
import { CliUsageError } from "../errors.js";
import { devInstallCommand } from "../init/package-manager.js";
import { moduleTemplate, scriptTemplate, settingsEntry } from "../init/templates.js";
import { invokedAs } from "../invocation.js";
import { createOutput } from "../output.js";
import { resolveProject } from "../project.js";
import { cwdArg, jsonArg } from "../shared-args.js";

const { settingsJsonSchema } = tooling;

const NAME = /^[a-z0-9][a-z0-9._-]*$/i;

/** Whether an editor finds `name` from `from`: a node_modules folder at or above it (NODE_PATH is no editor's). */
function resolves(name: string, from: string): boolean {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "node_modules", name, "package.json"))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

function ensureAbsent(file: string, root: string): void {
  if (existsSync(file)) {
    throw new CliUsageError(
      `${path.relative(root, file)} already exists; pass another name (hookwire init <name>) or edit that file.`,
    );
  }
}

function writeNew(file: string, text: string, root: string, mode?: number): void {
  ensureAbsent(file, root);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text, mode === undefined ? undefined : { mode });
}

/**
 * Writes the settings format's JSON Schema to `.hookwire/schema/claude.json`, which `.claude/settings.json`'s
 * `$schema` names by a relative path: an editor checks the file offline, against the hookwire that wrote it.
 */
const SCHEMA_FILE = ".hookwire/schema/claude.json";

async function writeSchema(root: string): Promise<void> {
  const file = path.join(root, SCHEMA_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(await settingsJsonSchema("claude"), null, 2)}\n`);
}

/** Adds the matcher group to `.claude/settings.json`, creating the file when there is none. */
function addToSettings(file: string, entry: Record<string, unknown>, root: string, schema: string): void {
  let settings: Record<string, unknown> = {};
  if (existsSync(file)) {
    try {
      settings = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    } catch {
      throw new CliUsageError(
        `${path.relative(root, file)} is not valid JSON, so init cannot add to it. \`hookwire doctor\` shows where it breaks.`,
      );
    }
  }
  const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);
  const hooks = (settings.hooks ?? {}) as Record<string, unknown>;
  if (
    !isObject(settings) ||
    !isObject(hooks) ||
    !(hooks.PreToolUse === undefined || Array.isArray(hooks.PreToolUse))
  ) {
    throw new CliUsageError(
      `${path.relative(root, file)} does not have the shape init can add to ({"hooks": {"PreToolUse": [...]}}). \`hookwire doctor\` says what is wrong.`,
    );
  }
  hooks.PreToolUse = [...((hooks.PreToolUse as unknown[] | undefined) ?? []), entry];
  // `$schema` first, as editors show it; one the file already names is kept.
  settings = { $schema: settings.$schema ?? schema, ...settings, hooks };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
}

export const initCommand = defineCommand({
  args: {
    name: {
      type: "positional",
      description: "File name without extension (default: my-hook)",
      required: false,
    },
    settings: {
      type: "boolean",
      description: "A Claude-style settings hook: .claude/settings.json + a Node script",
      default: false,
    },
    ...cwdArg,
    ...jsonArg,
  },
  async run({ args }) {
    const out = createOutput();
    const name = args.name ?? "my-hook";
    if (!NAME.test(name)) {
      throw new CliUsageError(
        `Hook name ${JSON.stringify(name)} must be a file name: letters, digits, ".", "_", "-".`,
      );
    }
    const { root, start } = resolveProject(args.cwd);
    const cli = invokedAs();
    const cwdFlag = root === process.cwd() ? "" : ` --cwd ${JSON.stringify(root)}`;
    const created: string[] = [];
    const next: Array<{ command: string; why: string }> = [];
    let typesPackage: string;
    let tryIt: string;
    if (args.settings) {
      const script = `.claude/scripts/${name}.mjs`;
      // Settings first: when they cannot take the entry, no script is left behind.
      ensureAbsent(path.join(root, script), root);
      addToSettings(
        path.join(root, ".claude/settings.json"),
        settingsEntry(script),
        root,
        `../${SCHEMA_FILE}`,
      );
      writeNew(path.join(root, script), scriptTemplate(name), root, 0o755);
      await writeSchema(root);
      created.push(script, ".claude/settings.json", SCHEMA_FILE);
      typesPackage = "@hookwire/settings-hooks";
      tryIt = `${cli} emit PreToolUse${cwdFlag} --input '{"tool_name":"Bash","tool_input":{"command":"git push --force"}}'`;
    } else {
      const file = `.hookwire/hooks/${name}.ts`;
      writeNew(path.join(root, file), moduleTemplate(name), root);
      created.push(file);
      typesPackage = "@hookwire/core";
      tryIt = `${cli} emit tool_call${cwdFlag} --input '{"toolName":"bash","input":{"command":"rm -rf build"}}'`;
    }
    if (!resolves(typesPackage, root)) {
      next.push({
        command: `${devInstallCommand(root)} ${typesPackage}`,
        why: "types for your editor (the hook itself runs without it)",
      });
    }
    next.push({ command: `${cli} trust${cwdFlag}`, why: "project hooks run only once you trust them" });
    next.push({ command: tryIt, why: "fire one event through the new hook" });
    if (args.json) {
      out.json({ root, created, next });
      return;
    }
    if (root !== start) out.line(out.colors.dim(`project root ${root}`));
    for (const file of created) out.line(`${out.colors.green("✔")} wrote ${file}`);
    out.line("Next:");
    const width = Math.max(...next.map((step) => step.command.length));
    for (const step of next) out.line(`  ${step.command.padEnd(width)}  ${out.colors.dim(`# ${step.why}`)}`);
  },
});
