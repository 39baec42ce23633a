// A dialect's tool table as the rules engine reads tools: calls in the dialect's names and fields.
import type { RuleTools } from "@hookwire/shell-rules";
import { dialectToolName, findTool, toDialectCall } from "./tools.js";
import type { ToolTable } from "./types.js";

const built = new WeakMap<ToolTable, RuleTools>();

/** The table's `RuleTools`, built once per table (rules are evaluated on every tool call). */
export function ruleTools(table: ToolTable): RuleTools {
  let tools = built.get(table);
  if (!tools) {
    tools = {
      call(toolName, input) {
        // A native call is read in the dialect's terms; a call already in them passes through unchanged.
        const call = toDialectCall(table, toolName, input);
        const spec = call.spec ?? findTool(table, call.name);
        return { name: spec?.name ?? call.name, input: call.input, spec };
      },
      ruleToolName: (name) => dialectToolName(table, name),
      families: table.families,
    };
    built.set(table, tools);
  }
  return tools;
}
