// Builds real runners from inline hook factories, and small real tools, for the wrapper tests.
import {
  createNoOpUIContext,
  type HookFactory,
  HookRunner,
  type HookRunnerInit,
  type HookUIContext,
  instantiateHook,
  type ToolDefinition,
  type ToolResult,
} from "@hookwire/core";

export const CWD = "/work/project";

/** A runner over the given hooks, keyed by hook path, in the given order. */
export async function runnerWith(
  hooks: Record<string, HookFactory>,
  init?: Partial<HookRunnerInit>,
): Promise<HookRunner> {
  const loaded = [];
  for (const [path, factory] of Object.entries(hooks)) {
    loaded.push(await instantiateHook(factory, { path, cwd: CWD }));
  }
  const runner = new HookRunner(loaded, { cwd: CWD });
  runner.initialize({ sendMessageHandler: () => {}, appendEntryHandler: () => {}, ...init });
  return runner;
}

/** A UI that answers every confirm with `answer` and records the questions. */
export function confirmingUI(answer: boolean): {
  ui: HookUIContext;
  asked: Array<{ title: string; message: string }>;
} {
  const asked: Array<{ title: string; message: string }> = [];
  const ui: HookUIContext = {
    ...createNoOpUIContext(),
    confirm: async (title, message) => {
      asked.push({ title, message });
      return answer;
    },
  };
  return { ui, asked };
}

export interface EchoCall {
  toolCallId: string;
  params: Record<string, unknown>;
  signal: AbortSignal | undefined;
  context: unknown;
}

/** A tool that echoes its params as text and records each call. */
export function echoTool(name = "echo"): ToolDefinition & { calls: EchoCall[] } {
  const calls: EchoCall[] = [];
  return {
    name,
    label: "Echo",
    description: "Echoes its input",
    parameters: { type: "object", properties: { text: { type: "string" } } },
    calls,
    async execute(toolCallId, params, signal, _onUpdate, context): Promise<ToolResult> {
      calls.push({ toolCallId, params, signal, context });
      return { content: [{ type: "text", text: JSON.stringify(params) }], details: { echoed: params } };
    },
  };
}

export function texts(result: ToolResult): string[] {
  return result.content.map((part) => (part.type === "text" ? part.text : `<${part.type}>`));
}

/** A runner whose one hook records the first part of every tool_result's content as text (`""` if not text). */
export async function runnerRecordingResultText(): Promise<{ runner: HookRunner; seen: string[] }> {
  const seen: string[] = [];
  const runner = await runnerWith({
    "observe.ts": (pi) =>
      void pi.on(
        "tool_result",
        (e) => void seen.push(e.content[0]?.type === "text" ? e.content[0].text : ""),
      ),
  });
  return { runner, seen };
}
