// `hookwire emit <event>`: one event through the real pipeline, with the combined result and a per-hook trace.
import { policyGate } from "@hookwire/project";
import { defineCommand } from "citty";
import { createDebugLog, debugArg, debugWanted } from "../debug-print.js";
import { checkInput } from "../event-inputs.js";
import { buildEvent, resolveEventName } from "../events.js";
import { exitCode, reportSkipped, reportSources } from "../findings-print.js";
import { readJsonObject } from "../input.js";
import { observeProject, printMessages } from "../observe.js";
import { createOutput } from "../output.js";
import { describeExchanges, scriptedUI, uiArgs } from "../scripted-ui.js";
import { cwdArgWithHooks, handlerTimeoutMs, jsonArg, listArg, timeoutArg } from "../shared-args.js";
import { printTrace } from "../trace-print.js";
import { sourceFindings } from "./doctor-checks.js";

/** Whether the combined result of `event` stops the action: the CLI exits 1 for it. */
export function isBlocking(outcome: unknown): boolean {
  const value = outcome as { block?: boolean; cancel?: boolean } | undefined;
  if (!value || typeof value !== "object") return false;
  return value.block === true || value.cancel === true;
}

export const emitCommand = defineCommand({
  args: {
    event: {
      type: "positional",
      description: "tool_call, PreToolUse, session_start, SessionStart, …",
      required: true,
    },
    input: {
      type: "string",
      description: "Event fields as JSON, @file.json, or - for stdin",
      valueHint: "JSON",
    },
    ...uiArgs,
    ...cwdArgWithHooks,
    ...timeoutArg,
    ...debugArg,
    ...jsonArg,
  },
  async run({ args, rawArgs }) {
    const out = createOutput();
    const resolved = resolveEventName(args.event);
    const ui = scriptedUI(rawArgs);
    const { project, runner, messages, rows, errors } = await observeProject(
      args.cwd,
      listArg(rawArgs, "hook"),
      handlerTimeoutMs(args.timeout),
      debugWanted(args.debug) ? (root) => createDebugLog(out.error, root) : undefined,
      ui,
    );
    const input = readJsonObject(args.input, "--input", project.found.start);
    checkInput(resolved.event, input, args.input !== undefined);
    const payload = buildEvent(resolved, input);
    const problems = sourceFindings(project.result, project.cwd);
    if (!args.json) reportSources(out.error, out.errorColors, project, problems);

    let outcome: unknown;
    let thrown: string | undefined;
    // An installed policy that no longer matches its pin refuses a tool call, as it does in every agent.
    const refusal = payload.type === "tool_call" ? policyGate(project.result)?.() : undefined;
    try {
      outcome = refusal === undefined ? await runner.emit(payload) : { block: true, reason: refusal };
    } catch (error) {
      // tool_call handler errors propagate; a host blocks the call (fail-safe), so the CLI reports a block.
      thrown = (error as Error).message;
      outcome = { block: true, reason: thrown };
    }
    const blocked = isBlocking(outcome);
    if (args.json) {
      out.json({
        event: resolved.event,
        settingsEvent: resolved.settingsName,
        input: payload,
        outcome,
        blocked,
        trace: rows,
        asked: ui.asked,
        messages,
        errors,
        project: { root: project.cwd, searched: project.found.searched, marker: project.found.marker },
        problems,
        skipped: project.result.skipped.map((item) => item.path),
      });
    } else {
      const label = resolved.settingsName ? `${resolved.event} (${resolved.settingsName})` : resolved.event;
      const runs = rows.filter((row) => !row.settingsHandler).length;
      out.line(out.colors.bold(`${label}: ${runs} handler run${runs === 1 ? "" : "s"}`));
      printTrace(out, rows, project.cwd);
      printMessages(out, messages);
      for (const line of describeExchanges(ui.asked)) out.line(line);
      for (const error of errors) out.line(out.colors.yellow(`⚠ ${error}`));
      out.line(`result: ${outcome === undefined ? "(nothing)" : JSON.stringify(outcome)}`);
      if (blocked) out.line(out.colors.red("✖ blocked"));
      reportSkipped(out.error, out.errorColors, project.result.skipped, project.cwd);
    }
    process.exitCode = exitCode(problems, project.result.skipped, blocked);
  },
});
