// Tool filters: a tool_call / tool_result handler may say which tools it can act on, so a host skips it for the rest.

/** Which tools (by the host's tool name) a handler can act on; it must be pure and cheap. */
export type ToolFilter = (toolName: string) => boolean;

const FILTER = Symbol.for("hookwire.toolFilter");

type Filtered = { [FILTER]?: ToolFilter };

/**
 * Mark a handler as acting only on the tools `handles` accepts. `runner.hasHandlersFor(event, tool)`
 * (which a tool wrapper asks once per tool, not per call) then leaves it out for every other tool.
 * The handler itself must still do nothing for those tools: a plain `emit` runs every handler.
 */
export function forTools<H extends (...args: never[]) => unknown>(handler: H, handles: ToolFilter): H {
  (handler as Filtered)[FILTER] = handles;
  return handler;
}

/** Whether a handler may act on this tool (unmarked handlers act on every tool). */
export function handlesTool(handler: unknown, toolName: string): boolean {
  const filter = (handler as Filtered)[FILTER];
  return filter === undefined || filter(toolName);
}
