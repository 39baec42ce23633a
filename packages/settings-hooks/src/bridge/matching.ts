// Which prepared handlers one occurrence of an event runs (matcher, `if` rule), and the fast path for tools no matcher takes.
import type { NativeEventName } from "@hookwire/core";
import { matchesRule } from "@hookwire/shell-rules";
import { dialectOf } from "../compiled.js";
import { ruleTools } from "../dialect-kit/rule-tools.js";
import { nativeTool } from "../dialect-kit/tools.js";
import type { AnyBridgedEvent, Dialect, DialectToolCall } from "../dialect-kit/types.js";
import type { BridgeContext } from "./context.js";
import type { Prepared } from "./select.js";

/** Why `p` does not run for this occurrence of its event, or undefined when it does. */
export function notSelected(
  p: Prepared,
  spec: AnyBridgedEvent,
  input: Record<string, unknown>,
  tool: DialectToolCall | undefined,
  cwd: string,
): string | undefined {
  const matcher = JSON.stringify(p.handler.matcher ?? "");
  // The agents never run a handler whose `if` sits on an event without a tool call.
  if (p.rule && !spec.tool) return `its "if" rule applies only to tool events, and ${spec.name} is not one`;
  if (tool) {
    // The dialect's tool name, exactly: a matcher `bash` does not fire on `Bash`.
    if (!p.matches(tool.name)) return `matcher ${matcher} does not match tool "${tool.name}"`;
    const rule = p.rule;
    if (!rule) return undefined;
    const toolCall = { toolName: tool.name, input: tool.input, cwd };
    const ruleOptions = { mode: "if-filter" as const, tools: ruleTools(dialectOf(p.handler).tools) };
    if (matchesRule(rule, toolCall, ruleOptions)) return undefined;
    return `its "if" rule ${JSON.stringify((p.handler.config as { if?: string }).if ?? "")} does not match this ${tool.name} call`;
  }
  const field = spec.matcherField;
  if (field === undefined) return undefined;
  const value = typeof input[field] === "string" ? (input[field] as string) : "";
  return p.matches(value) ? undefined : `matcher ${matcher} does not match ${field} "${value}"`;
}

/** The handlers of `spec` this occurrence runs, in order; with debugging on, each one left out is told why. */
export function selected(
  bridge: BridgeContext,
  spec: AnyBridgedEvent,
  input: Record<string, unknown>,
  tool?: DialectToolCall,
): Prepared[] {
  return bridge.prepared.filter((p) => {
    if (p.spec !== spec) return false;
    const why = notSelected(p, spec, input, tool, bridge.cwd);
    if (why !== undefined && bridge.debug) bridge.skipped(p, why);
    return why === undefined;
  });
}

/**
 * Fast path, asked once per event and tool: does any handler's matcher take this tool? A tool no matcher takes
 * costs a map lookup, whatever its input or output (no hook input is built). With unusable handlers every tool
 * counts, so the first emit reports them.
 */
export class ToolMatches {
  readonly #known = new Map<AnyBridgedEvent, Map<string, boolean>>();

  constructor(private readonly bridge: BridgeContext) {}

  /** Whether some handler of the dialect's tool event `spec` may run for `toolName` (a native name). */
  event(dialect: Dialect, spec: AnyBridgedEvent, toolName: string): boolean {
    let byTool = this.#known.get(spec);
    if (!byTool) {
      byTool = new Map();
      this.#known.set(spec, byTool);
    }
    let found = byTool.get(toolName);
    if (found === undefined) {
      const { bridge } = this;
      const name = nativeTool(dialect.tools, toolName)?.name ?? toolName;
      found =
        bridge.has(dialect, spec) &&
        (bridge.problems.length > 0 || bridge.prepared.some((p) => p.spec === spec && p.matches(name)));
      byTool.set(toolName, found);
    }
    return found;
  }

  /** Whether some dialect's tool event on `native` may run for `toolName`. */
  any(native: NativeEventName, toolName: string): boolean {
    return this.bridge.toolEvents.some(
      ({ dialect, spec }) => spec.native === native && this.event(dialect, spec, toolName),
    );
  }
}
