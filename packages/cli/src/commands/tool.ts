// `hookwire tool <name>`: one tool call through HookToolWrapper (tool_call, permissions, tool_result).
import type { ContentPart, ToolDefinition, ToolResult } from "@hookwire/core";
import { createDefaultTools } from "@hookwire/host-kit";
import { policyGate } from "@hookwire/project";
import { HookToolWrapper } from "@hookwire/tool-wrapper";
import { defineCommand } from "citty";
import { createDebugLog, debugArg, debugWanted } from "../debug-print.js";
import { CliUsageError } from "../errors.js";
import { toolFromInput } from "../events.js";
import { exitCode, reportSkipped, reportSources } from "../findings-print.js";
import { readJsonArg, readJsonObject } from "../input.js";
import { observeProject, printMessages } from "../observe.js";
import { createOutput } from "../output.js";
import { shortPath } from "../project.js";
import { describeExchanges, scriptedUI, uiArgs } from "../scripted-ui.js";
import { cwdArgWithHooks, handlerTimeoutMs, jsonArg, listArg, timeoutArg } from "../shared-args.js";
import { permissionArgs, toolRules } from "../tool-permissions.js";
import { printTrace } from "../trace-print.js";
import { sourceFindings } from "./doctor-checks.js";

/** `--result`: a string → one text part; an array → the content; an object → `{content, details}`. */
function resultFrom(value: unknown): ToolResult {
  if (typeof value === "string") return { content: [{ type: "text", text: value }] };
  if (Array.isArray(value)) return { content: value as ContentPart[] };
  if (typeof value === "object" && value !== null && Array.isArray((value as ToolResult).content)) {
    return value as ToolResult;
  }
  throw new CliUsageError(
    '--result must be a string, an array of content parts, or {"content": [...], "details": …}.',
  );
}

/** Stands in for the real tool: returns `--result`, or echoes the input it finally received. */
function standInTool(name: string, result: ToolResult | undefined): ToolDefinition {
  return {
    name,
    description: `Stand-in for ${name}`,
    parameters: {},
    async execute(_id, params) {
      return result ?? { content: [{ type: "text", text: JSON.stringify(params) }] };
    },
  };
}

export const toolCommand = defineCommand({
  args: {
    name: {
      type: "positional",
      description: "Tool name: bash, read, write, edit, … (or Bash, Read, …)",
      required: true,
    },
    input: { type: "string", description: "Tool input as JSON, @file.json, or -", valueHint: "JSON" },
    result: {
      type: "string",
      description: "What the stand-in tool returns (default: echo the input)",
      valueHint: "JSON",
    },
    real: {
      type: "boolean",
      description:
        "Run the real bash/read/write/edit tool in --cwd instead (bash applies what SessionStart hooks exported)",
      default: false,
    },
    ...permissionArgs,
    ...uiArgs,
    ...cwdArgWithHooks,
    ...timeoutArg,
    ...debugArg,
    ...jsonArg,
  },
  async run({ args, rawArgs }) {
    const out = createOutput();
    const ui = scriptedUI(rawArgs);
    const { project, runner, messages, rows, errors } = await observeProject(
      args.cwd,
      listArg(rawArgs, "hook"),
      handlerTimeoutMs(args.timeout),
      debugWanted(args.debug) ? (root) => createDebugLog(out.error, root) : undefined,
      ui,
    );
    const rules = toolRules(project, rawArgs);
    const rawInput = readJsonObject(args.input, "--input", project.found.start);
    const problems = sourceFindings(project.result, project.cwd);
    if (!args.json) reportSources(out.error, out.errorColors, project, problems);
    const { toolName, input } = toolFromInput({ tool_name: args.name, tool_input: rawInput });
    const standIn =
      args.result === undefined
        ? undefined
        : resultFrom(readJsonArg(args.result, "--result", project.found.start));
    let tool = standInTool(toolName, standIn);
    if (args.real) {
      const real = createDefaultTools(project.cwd, project.sessionEnv).find(
        (candidate) => candidate.name === toolName,
      );
      if (!real)
        throw new CliUsageError(
          `--real: there is no real "${toolName}" tool; use bash, read, write or edit.`,
        );
      tool = real;
    }

    const wrapped = new HookToolWrapper(tool, runner, { permissions: rules.config, cwd: project.cwd });
    let result: ToolResult | undefined;
    let failure: { code?: string; message: string; hookPath?: string; rule?: string } | undefined;
    // An installed policy that no longer matches its pin refuses the call, as it does in every agent.
    const refusal = policyGate(project.result)?.();
    try {
      if (refusal !== undefined) throw { code: "TOOL_BLOCKED", message: refusal };
      result = await wrapped.execute("cli-call", input);
    } catch (error) {
      const e = error as { code?: string; message: string; hookPath?: string; rule?: string };
      failure = {
        code: e.code,
        message: e.message,
        hookPath: e.hookPath,
        ...(e.rule ? { rule: e.rule } : {}),
      };
    }
    const blocked = failure?.code === "TOOL_BLOCKED";
    if (args.json) {
      out.json({
        tool: toolName,
        input,
        result,
        error: failure,
        blocked,
        trace: rows,
        permissions: rules.sources,
        asked: ui.asked,
        messages,
        errors,
        project: { root: project.cwd, searched: project.found.searched, marker: project.found.marker },
        problems,
        skipped: project.result.skipped.map((item) => item.path),
      });
    } else {
      out.line(out.colors.bold(`${toolName} ${JSON.stringify(input)}`));
      printTrace(out, rows, project.cwd);
      printMessages(out, messages);
      for (const line of describeExchanges(ui.asked)) out.line(line);
      for (const error of errors) out.line(out.colors.yellow(`⚠ ${error}`));
      if (result) {
        out.line("result:");
        for (const part of result.content)
          out.line(`  ${part.type === "text" ? part.text : `[${part.type}]`}`);
      } else if (failure) {
        const by = failure.hookPath ? ` by ${shortPath(failure.hookPath, project.cwd)}` : "";
        out.line(out.colors.red(`✖ ${blocked ? `blocked${by}` : "failed"}: ${failure.message}`));
        if (!ui.hasUI && failure.message.includes("no UI was available")) {
          out.line("  (headless: an ask is denied; reply to it with --answer yes|no)");
        }
      }
      reportSkipped(out.error, out.errorColors, project.result.skipped, project.cwd);
    }
    process.exitCode = exitCode(problems, project.result.skipped, failure !== undefined);
  },
});
