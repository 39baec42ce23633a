// The pi context of the event being handled: what hookwire's runner reads its UI, session and actions from.
import type { ExtensionCommandContext, ExtensionContext } from "@mariozechner/pi-coding-agent";

/**
 * pi hands every handler its context; hookwire's runner is built once, so it reads the context of the call in
 * progress through this holder (set before each emit). Before pi's first event there is none.
 */
export class LiveContext {
  ctx: ExtensionContext | undefined;
  /** Set while a command registered by a hook module runs: the session actions only commands have. */
  command: ExtensionCommandContext | undefined;
}
