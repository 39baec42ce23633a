// The pi extension: the project's hooks loaded once per pi session and run on pi's own events, in pi's process.
import { toolCallRecords } from "@hookwire/project/records";
import type { ExtensionAPI, ExtensionContext, ToolCallEvent } from "@mariozechner/pi-coding-agent";
import { PI_EVENTS, type PiEvent, piEvents } from "./events.js";
import { piRunner, say } from "./host.js";
import { loadPiProject } from "./load.js";
import { recordedCall } from "./tool-events.js";

/**
 * pi runs this factory at start-up and again for each new session. It subscribes only to the events some
 * loaded hook handles (a project with none costs pi nothing per event), and again after a handler registered
 * later adds an event.
 */
export default async function hookwire(pi: ExtensionAPI): Promise<void> {
  const project = await loadPiProject(process.cwd());
  // Each tool call hookwire judged, in the decision log under pi's id (`hookwire log --agent pi`).
  const record = toolCallRecords("pi", project.root, project.loaded.skipped.length);
  const pendingNotices = [...project.notices];
  // What the user was told this session: a notice is shown once, at start or when it first applies.
  const told = new Set<string>();
  const tell = (ctx: ExtensionContext, text: string) => {
    if (told.has(text)) return;
    told.add(text);
    say(ctx, text, "warning");
  };
  const showNotices = (ctx: ExtensionContext) => {
    for (const text of pendingNotices.splice(0)) tell(ctx, text);
  };
  const refusal = project.refusal;
  if (refusal) {
    // The project's guards changed since it was trusted, or an installed policy does not match its pin: no tool call
    // goes through unguarded (subscribed first, so pi stops at this block before the user's hooks see the call). A
    // policy edited mid-session is told to the user at the call that finds it, not at the next session.
    pi.on("tool_call", async (event: ToolCallEvent, ctx) => {
      const reason = refusal();
      if (reason === undefined) return undefined;
      record(recordedCall(event, ctx))({ block: true, reason });
      // Several reasons (a broken policy and a changed project) are several notices, each told once.
      for (const line of reason.split("\n")) tell(ctx, line);
      return { block: true, reason };
    });
  }
  if (project.loaded.hooks.length === 0) {
    if (pendingNotices.length > 0) pi.on("session_start", async (_event, ctx) => showNotices(ctx));
    return;
  }
  const { runner, call, commandCall } = piRunner(pi, project.runner);
  const events = piEvents(
    runner,
    project.root,
    (ctx, reason) => say(ctx, `hookwire: ${reason}`, "warning"),
    record,
  );
  const subscribed = new Set<PiEvent>();
  let version = -1;
  const subscribe = () => {
    if (version === runner.handlersVersion) return;
    version = runner.handlersVersion;
    for (const name of PI_EVENTS) {
      if (subscribed.has(name) || !events.wanted(name)) continue;
      subscribed.add(name);
      const forward = events.handler(name);
      const on = pi.on as (
        event: string,
        handler: (event: unknown, ctx: ExtensionContext) => unknown,
      ) => void;
      on(name, async (event, ctx) => {
        const result = await forward(event, ctx, call(ctx));
        subscribe();
        return result;
      });
    }
  };
  pi.on("session_start", async (_event, ctx) => {
    call(ctx);
    showNotices(ctx);
  });
  subscribe();
  for (const command of runner.getRegisteredCommands()) {
    pi.registerCommand(command.name, {
      description: command.description,
      handler: async (args, ctx) => {
        const commandsCall = commandCall(ctx);
        await runner.withCall(commandsCall, () =>
          command.handler(args, runner.createCommandContext(commandsCall)),
        );
      },
    });
  }
}
