// A small real host: one HookRunner over the given hooks, wrapped probe tools, and everything hooks reported.
import {
  createNoOpUIContext,
  type HookError,
  type HookMessage,
  HookRunner,
  type HookUIContext,
  type LoadedHook,
  type ToolDefinition,
} from "@hookwire/core";
import { HookToolWrapper, type HookToolWrapperOptions } from "@hookwire/tool-wrapper";

export interface TestHost {
  runner: HookRunner;
  /** Every HookError the runner reported, in order. */
  errors: HookError[];
  messages: Array<{ message: HookMessage; options: unknown; hookPath: string }>;
  notices: Array<{ text: string; type: string | undefined }>;
  /** Tool calls that actually reached a probe tool: `[toolName, toolCallId, input]`. */
  runs: Array<[string, string, Record<string, unknown>]>;
  tool(name: string, options?: HookToolWrapperOptions): HookToolWrapper;
}

export const TOOL_OUTPUT = "probe tool output";

export function createHost(
  hooks: readonly LoadedHook[],
  options: { cwd: string; handlerTimeout?: number; ui?: Partial<HookUIContext>; hasUI?: boolean },
): TestHost {
  const runner = new HookRunner(hooks, { cwd: options.cwd, handlerTimeout: options.handlerTimeout });
  const host: TestHost = {
    runner,
    errors: [],
    messages: [],
    notices: [],
    runs: [],
    tool(name, wrapperOptions) {
      const probe: ToolDefinition = {
        name,
        description: `probe ${name}`,
        parameters: {},
        execute: async (toolCallId, params) => {
          host.runs.push([name, toolCallId, params]);
          return { content: [{ type: "text", text: TOOL_OUTPUT }], details: { toolCallId } };
        },
      };
      return new HookToolWrapper(probe, runner, wrapperOptions);
    },
  };
  runner.onError((error) => host.errors.push(error));
  const ui: HookUIContext = {
    ...createNoOpUIContext(),
    notify: (text: string, type?: string) => void host.notices.push({ text, type }),
    ...options.ui,
  } as HookUIContext;
  runner.initialize({
    sendMessageHandler: (message, messageOptions, hookPath) =>
      void host.messages.push({ message, options: messageOptions, hookPath }),
    appendEntryHandler: () => {},
    uiContext: ui,
    hasUI: options.hasUI ?? false,
  });
  return host;
}

/** The text parts of a tool result, joined. */
export function textOf(result: { content: Array<{ type: string; text?: string }> }): string {
  return result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
}

/** The rejection of a promise, or a failure when it resolved. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to be rejected, but it resolved");
}
