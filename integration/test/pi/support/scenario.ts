// One differential case: load a module into pi and into hookwire, drive a whole session, compare transcripts.
import type { PiPackage } from "./pi-packages.js";
import { RecordingHost, type UIScript } from "./recording-host.js";
import { hookwireSide, piSide, type Registrations, type Side, type SystemKind } from "./sides.js";
import { realTools, TOOL_CALLS } from "./tools.js";
import { workspace } from "./workspace.js";

type Event = { type: string; [key: string]: unknown };

const user = { role: "user", content: [{ type: "text", text: "Fix the failing test" }] };
const assistant = {
  role: "assistant",
  content: [{ type: "text", text: "Looking at it." }],
  provider: "anthropic",
  model: "claude-sonnet-4",
  usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, totalTokens: 15, cost: { total: 0 } },
  stopReason: "stop",
};

/** The session both systems go through, in pi's life-cycle order; events a version lacks simply find no handler. */
export { assistant, user };

export function sessionScript(
  kind: SystemKind,
  cwd: string,
): Array<Event | { tools: true } | { commands: true }> {
  const script = fullScript(kind, cwd);
  if (kind === "extensions-0.73") return script;
  return script.filter((item) => !("type" in item) || PI_032_EVENTS.has(item.type));
}

/** The events pi 0.32's hook runner emits; the newer ones are not part of a 0.32 session. */
const PI_032_EVENTS = new Set([
  "session_start",
  "session_before_switch",
  "session_switch",
  "session_before_branch",
  "session_branch",
  "session_before_compact",
  "session_compact",
  "session_before_tree",
  "session_tree",
  "session_shutdown",
  "context",
  "before_agent_start",
  "agent_start",
  "agent_end",
  "turn_start",
  "turn_end",
]);

function fullScript(kind: SystemKind, cwd: string): Array<Event | { tools: true } | { commands: true }> {
  const compactPreparation = {
    firstKeptEntryId: "e1",
    messagesToSummarize: [user],
    turnPrefixMessages: [],
    isSplitTurn: false,
    tokensBefore: 1000,
    previousSummary: undefined,
    fileOps: { read: new Set<string>(), written: new Set<string>(), edited: new Set<string>() },
    settings: { enabled: true, reserveTokens: 1000, keepRecentTokens: 1000 },
  };
  const start =
    kind === "hooks-0.32" ? { type: "session_start" } : { type: "session_start", reason: "startup" };
  return [
    start,
    { type: "resources_discover", cwd, reason: "startup" },
    { type: "input", text: "?quick what is 2+2", source: "interactive" },
    { type: "input", text: "ping", source: "interactive" },
    { type: "input", text: "hello", source: "extension" },
    {
      type: "before_agent_start",
      prompt: "Fix the failing test",
      images: undefined,
      systemPrompt: "You are pi.",
    },
    { type: "agent_start" },
    { type: "turn_start", turnIndex: 0, timestamp: 0 },
    { type: "context", messages: [user, assistant] },
    { type: "before_provider_request", payload: { model: "claude-sonnet-4", messages: [], max_tokens: 100 } },
    { type: "after_provider_response", status: 200, headers: { "x-request-id": "r1" } },
    { type: "message_start", message: assistant },
    { type: "message_end", message: assistant },
    { tools: true },
    { type: "turn_end", turnIndex: 0, message: assistant, toolResults: [] },
    { type: "agent_end", messages: [user, assistant] },
    {
      type: "model_select",
      model: { provider: "anthropic", id: "claude-sonnet-4" },
      previousModel: undefined,
      source: "set",
    },
    { type: "thinking_level_select", level: "high", previousLevel: "off" },
    { type: "user_bash", command: "ls", excludeFromContext: false, cwd },
    {
      type: "session_before_compact",
      preparation: compactPreparation,
      branchEntries: [],
      customInstructions: undefined,
      signal: new AbortController().signal,
    },
    {
      type: "session_compact",
      compactionEntry: { id: "c1", type: "compaction", summary: "s" },
      fromHook: false,
    },
    {
      type: "session_before_tree",
      preparation: {
        targetId: "e1",
        oldLeafId: null,
        commonAncestorId: null,
        entriesToSummarize: [],
        userWantsSummary: false,
      },
      signal: new AbortController().signal,
    },
    { type: "session_tree", newLeafId: "e1", oldLeafId: null },
    { type: "session_before_fork", entryId: "e1", position: "before" },
    { type: "session_before_branch", entryId: "e1" },
    { type: "session_before_switch", reason: "new" },
    { commands: true },
    kind === "hooks-0.32" ? { type: "session_shutdown" } : { type: "session_shutdown", reason: "quit" },
  ];
}

export interface Transcript {
  loaded: boolean;
  loadError?: string;
  registrations?: Registrations;
  steps: Array<{ step: string; outcome?: unknown; host: unknown[][] }>;
  errors: string[];
  git: { log: string[]; status: string[] };
}

// A step that does not settle is recorded as such (on both sides alike) instead of hanging the suite.
const GUARD_MS = 15_000;
async function guarded(step: () => Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise((resolve) => {
    timer = setTimeout(() => resolve("[did not settle]"), GUARD_MS);
  });
  try {
    return await Promise.race([step(), hung]);
  } catch (error) {
    return `[threw ${(error as Error).message}]`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Host calls a module makes from its own timers (a spinner's setInterval) land in whichever step is
 * running when the timer fires, and how many fire depends on the machine's speed: they are taken out
 * of the steps and compared by kind only.
 */
export function withoutTimerCalls(
  t: Transcript,
  kinds: readonly string[],
): Transcript & { timerCalls: string[] } {
  const timerCalls = new Set<string>();
  const steps = t.steps.map((s) => ({
    ...s,
    host: s.host.filter((entry) => {
      if (!kinds.includes(String(entry[0]))) return true;
      timerCalls.add(String(entry[0]));
      return false;
    }),
  }));
  return { ...t, steps, timerCalls: [...timerCalls].sort() };
}

/** Run one module through one system in a fresh git workspace. */
export async function transcript(
  system: "pi" | "hookwire",
  kind: SystemKind,
  pkg: PiPackage,
  file: string,
  script: UIScript,
  sm: unknown,
  options: { dirty?: boolean } = {},
): Promise<Transcript> {
  const ws = workspace(`pi-${system}`, options);
  try {
    const host = new RecordingHost(ws.dir, script);
    const side: Side = await (system === "pi" ? piSide : hookwireSide)(kind, pkg, file, ws.dir, host, sm);
    const result: Transcript = {
      loaded: side.loaded,
      loadError: side.loadError,
      steps: [],
      errors: side.errors,
      git: ws.gitState(),
    };
    if (!side.loaded) return result;
    result.registrations = side.registrations();
    const tools = realTools(ws.dir);
    const step = async (name: string, run: () => Promise<unknown>) => {
      const before = host.log.length;
      const outcome = await guarded(run);
      result.steps.push({ step: name, outcome, host: host.log.slice(before) });
    };
    for (const item of sessionScript(kind, ws.dir)) {
      if ("tools" in item) {
        for (const [i, call] of TOOL_CALLS.entries()) {
          const tool = tools.find((t) => t.name === call.toolName);
          if (!tool) continue;
          await step(`tool ${call.toolName} ${JSON.stringify(call.input)}`, () =>
            side.callTool(tool, `call-${i}`, structuredClone(call.input)),
          );
        }
        continue;
      }
      if ("commands" in item) {
        for (const command of result.registrations.commands) {
          await step(`/${command.name}`, () => side.runCommand(command.name, ""));
        }
        for (const { shortcut } of result.registrations.shortcuts) {
          await step(`shortcut ${shortcut}`, () => side.runShortcut(shortcut));
        }
        continue;
      }
      await step(item.type, () => side.emit(item));
    }
    result.git = ws.gitState();
    return result;
  } finally {
    ws.remove();
  }
}
