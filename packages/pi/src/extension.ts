// The pi extension: the project's hooks loaded once per pi session and run on pi's own events, in pi's process.
import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { PI_EVENTS, type PiEvent, piEvents } from "./events.js";
import { piRunner, say } from "./host.js";
import { LiveContext } from "./live.js";
import { loadPiProject } from "./load.js";

/**
 * pi runs this factory at start-up and again for each new session. It subscribes only to the events some
 * loaded hook handles (a project with none costs pi nothing per event), and again after a handler registered
 * later adds an event.
 */
export default async function hookwire(pi: ExtensionAPI): Promise<void> {
  const live = new LiveContext();
  const project = await loadPiProject(process.cwd(), live);
  const pendingNotices = [...project.notices];
  const showNotices = (ctx: ExtensionContext) => {
    for (const text of pendingNotices.splice(0)) say(ctx, text, "warning");
  };
  const refusal = project.refusal;
  if (refusal) {
    // The project's guards changed since it was trusted, or an installed policy does not match its pin: no tool call
    // goes through unguarded (subscribed first, so pi stops at this block before the user's hooks see the call).
    pi.on("tool_call", async () => {
      const reason = refusal();
      return reason === undefined ? undefined : { block: true, reason };
    });
  }
  if (project.loaded.hooks.length === 0) {
    if (pendingNotices.length > 0) pi.on("session_start", async (_event, ctx) => showNotices(ctx));
    return;
  }
  const { runner, enter } = piRunner(pi, project.runner, live);
  const events = piEvents(runner, project.root, (ctx, reason) => say(ctx, `hookwire: ${reason}`, "warning"));
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
        enter(ctx);
        const result = await forward(event, ctx);
        subscribe();
        return result;
      });
    }
  };
  pi.on("session_start", async (_event, ctx) => {
    enter(ctx);
    showNotices(ctx);
  });
  subscribe();
  for (const command of runner.getRegisteredCommands()) {
    pi.registerCommand(command.name, {
      description: command.description,
      handler: async (args, ctx) => {
        enter(ctx);
        live.command = ctx;
        try {
          await command.handler(args, runner.createCommandContext());
        } finally {
          live.command = undefined;
        }
      },
    });
  }
}
