// Preloaded into a real pi (`node --import <this> <pi>/dist/cli.js`): loads pi's example extensions through pi's own
// loader and through hookwire's, answers tool calls (for those that guard tools) and the `input` and `user_bash`
// events (for those that handle them) through pi's ExtensionRunner and hookwire's HookRunner, prints it all as JSON,
// and exits before pi's CLI starts.
//
// hookwire's loader runs with no `alias` option: it finds the pi this process runs, as inside pi, and gives hook
// modules pi's own packages. The project (`cwd`) is an empty folder: nothing is installed there.
// Input (environment): EXAMPLES (JSON list of files), PROJECT (the empty folder), LOADER (hookwire's loader entry).

import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const examples = JSON.parse(process.env.EXAMPLES ?? "[]");
const cwd = process.env.PROJECT;
const piRoot = path.resolve(path.dirname(process.argv[1]), "..");
const { loadExtensions } = await import(
  pathToFileURL(path.join(piRoot, "dist/core/extensions/loader.js")).href
);
const { loadHooks } = await import(pathToFileURL(process.env.LOADER).href);
const { ExtensionRunner } = await import(
  pathToFileURL(path.join(piRoot, "dist/core/extensions/runner.js")).href
);
const { SessionManager } = await import(
  pathToFileURL(path.join(piRoot, "dist/core/session-manager.js")).href
);
// hookwire's runner: the core package the loader itself imports.
const { HookRunner } = await import(
  pathToFileURL(createRequire(process.env.LOADER).resolve("@hookwire/core")).href
);

/** Tool calls a guard decides on, as the model would make them; each answered by both runners without a UI. */
const CALLS = [
  { toolName: "bash", input: { command: "rm -rf build" } },
  { toolName: "bash", input: { command: "sudo reboot" } },
  { toolName: "bash", input: { command: "ls" } },
  { toolName: "write", input: { path: ".env", content: "SECRET=1" } },
  { toolName: "edit", input: { path: "node_modules/x/index.js", oldText: "a", newText: "b" } },
  { toolName: "read", input: { path: "README.md" } },
];

/**
 * pi 1.6's events before a prompt reaches the model or a `!` command runs, which @hookwire/pi forwards as they come:
 * what a user types (plain, the examples' `?quick` and inline `!{…}` forms, from an extension, while steering), and
 * the `!`/`!!` commands (plain, an interactive program, the `i ` prefix).
 */
const INPUTS = [
  { text: "hello", source: "interactive" },
  { text: "?quick what is a monad", source: "interactive" },
  { text: "?quick ", source: "interactive" },
  { text: "ping", source: "rpc" },
  { text: "show me !{echo inline} now", source: "interactive" },
  { text: "!ls", source: "interactive" },
  { text: "?quick from an extension", source: "extension" },
  { text: "review the diff", source: "interactive", streamingBehavior: "steer" },
  { text: "review the diff", source: "interactive", streamingBehavior: "followUp" },
];
const BASH = [
  { command: "ls", excludeFromContext: false },
  { command: "vim notes.txt", excludeFromContext: false },
  { command: "i ls", excludeFromContext: false },
  { command: "echo quiet", excludeFromContext: true },
];

/** An answer as data: functions (a user_bash `operations` object's) by name only. */
const plain = (value) =>
  value === undefined
    ? undefined
    : JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === "function" ? `[function ${v.name}]` : v)));

/** What pi 1.6's ExtensionRunner and hookwire's runner answer to each `input` and `user_bash` event, without a UI. */
async function promptEvents(extension, runtime, hook) {
  const pi = new ExtensionRunner([extension], runtime, cwd, SessionManager.inMemory(cwd), undefined);
  const hw = new HookRunner([hook], { cwd });
  const hwErrors = [];
  hw.onError((error) => hwErrors.push(error.message));
  const has = (name) => extension.handlers.get(name)?.length > 0;
  const answers = [];
  const both = async (label, ofPi, ofHw) => {
    const errorsBefore = hwErrors.length;
    const p = await ofPi().then(plain, (error) => ({ threw: String(error.message ?? error) }));
    const h = await ofHw().then(plain, (error) => ({ threw: String(error.message ?? error) }));
    const failed = hwErrors.slice(errorsBefore);
    answers.push({
      event: label,
      pi: p,
      hookwire: failed.length > 0 && h === undefined ? { threw: failed[0] } : h,
    });
  };
  if (has("input"))
    for (const input of INPUTS)
      await both(
        `input ${JSON.stringify(input)}`,
        () => pi.emitInput(input.text, undefined, input.source, input.streamingBehavior),
        () => hw.emit({ type: "input", images: undefined, ...input }),
      );
  if (has("user_bash"))
    for (const bash of BASH) {
      const event = { type: "user_bash", ...bash, cwd };
      await both(
        `user_bash ${JSON.stringify(bash)}`,
        () => pi.emitUserBash(structuredClone(event)),
        () => hw.emit(structuredClone(event)),
      );
    }
  return answers.length > 0 ? answers : undefined;
}

/** What pi's runner (as AgentSession runs it before a tool) and hookwire's answer for each call. */
async function toolCalls(extension, runtime, hook) {
  const pi = new ExtensionRunner([extension], runtime, cwd, SessionManager.inMemory(cwd), undefined);
  const hw = new HookRunner([hook], { cwd });
  const answers = [];
  for (const [at, call] of CALLS.entries()) {
    const event = { type: "tool_call", toolCallId: `call-${at}`, ...call, input: { ...call.input } };
    const ofPi = await pi.emitToolCall(structuredClone(event)).catch((error) => ({ threw: String(error) }));
    const ofHw = await hw.emit(structuredClone(event));
    answers.push({
      call: `${call.toolName} ${JSON.stringify(call.input)}`,
      pi: { block: ofPi?.block === true, reason: ofPi?.block ? ofPi.reason : undefined, threw: ofPi?.threw },
      hookwire: { block: ofHw.block, reason: ofHw.block ? ofHw.reason : undefined, threw: undefined },
    });
  }
  return answers;
}

/** What a module registered, by name only: the same fields for pi's Extension and hookwire's LoadedHook. */
function registrations(module) {
  const names = (map) => [...(map?.keys() ?? [])].map(String).sort();
  return {
    events: [...module.handlers]
      .filter(([, list]) => list.length > 0)
      .map(([name]) => name)
      .sort(),
    commands: names(module.commands),
    tools: names(module.tools),
    flags: names(module.flags),
    shortcuts: names(module.shortcuts),
    renderers: names(module.messageRenderers),
  };
}

/** The first line of a load failure, without the paths that differ between the two loaders. */
function why(text) {
  const missing = /Cannot find (?:module|package) '([^']+)'/.exec(text);
  return missing ? `Cannot find module '${missing[1]}'` : text.split("\n")[0];
}

const results = [];
for (const file of examples) {
  const pi = await loadExtensions([file], cwd);
  const hw = await loadHooks([file], cwd, { fsCache: false, moduleCache: false });
  const hwError = hw.errors[0]?.error;
  const hwText = hwError
    ? String(hwError.cause instanceof Error ? hwError.cause.message : hwError.message)
    : "";
  const calls =
    pi.extensions[0]?.handlers.get("tool_call")?.length && hw.hooks[0]?.handlers.get("tool_call")?.length
      ? await toolCalls(pi.extensions[0], pi.runtime, hw.hooks[0])
      : undefined;
  const prompts =
    pi.extensions[0] && hw.hooks[0]
      ? await promptEvents(pi.extensions[0], pi.runtime, hw.hooks[0])
      : undefined;
  results.push({
    file,
    calls,
    prompts,
    pi: pi.extensions[0]
      ? { loaded: true, registrations: registrations(pi.extensions[0]) }
      : { loaded: false, error: why(pi.errors[0]?.error ?? "no extension") },
    hookwire: hw.hooks[0]
      ? { loaded: true, registrations: registrations(hw.hooks[0]) }
      : { loaded: false, error: why(hwText || "no hook") },
  });
}
process.stdout.write(`${JSON.stringify(results)}\n`, () => process.exit(0));
