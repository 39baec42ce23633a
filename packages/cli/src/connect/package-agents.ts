// The agents that run hookwire inside their own process (pi, opencode): hookwire's package in a list of their settings.
import type { NativeEventName } from "@hookwire/core";
import type { DialectId } from "@hookwire/settings-hooks";
import { AGENT_IDS } from "./agents.js";
import type { Effect } from "./capabilities.js";

/**
 * An agent that runs hookwire inside its own process (no `hookwire hook` per event): connect adds hookwire's
 * package to a list in the agent's settings, and the agent loads it at start.
 */
export interface PackageAgent {
  id: PackageAgentId;
  label: string;
  /** Project scope: candidate files relative to the project, the first that exists taken (else the last). */
  project: { files: readonly string[]; local: false };
  /** User scope (`--user`): candidate files relative to the home folder. */
  user: { files: readonly string[] };
  /** The top-level key of the list, and the item connect adds to it. */
  list: string;
  item: string;
  /** hookwire's item however it is written (a pinned version, a path to the package). */
  isOwn(item: unknown): boolean;
  /** What happens next: the agent installs or loads the package. */
  gate: string;
  /** What of the project the agent runs itself, so the package leaves it out (no hook runs twice). */
  runsItself: string;
  /**
   * The agent's hooks the package runs hookwire on (docs/hosts.md): the native event each becomes and what of
   * a hook's answer the agent takes there. The package's tests hold it to this list.
   */
  events: readonly PackageEvent[];
  /** What else to know of the agent's events (the rest of pi's, what opencode refuses), as one sentence. */
  notes: string;
  /** A hook's line for the user (`ctx.ui.notify`, a settings hook's `systemMessage`) reaches the agent's UI. */
  showsLines: boolean;
  /** A hook's `ctx.ui.setStatus` reaches the agent's UI (pi's footer). */
  showsStatus?: boolean;
}

export interface PackageEvent {
  event: string;
  native: NativeEventName;
  applies: readonly Effect[];
}

export type PackageAgentId = "pi" | "opencode";

/** `npm:@hookwire/pi`, `npm:@hookwire/pi@1.2.3`, `@hookwire/opencode@latest`: the package, any version. */
const names = (spec: string) => (item: unknown) =>
  typeof item === "string" &&
  (item === spec || (item.startsWith(`${spec}@`) && !item.slice(spec.length + 1).includes("/")));

export const PACKAGE_AGENTS: Readonly<Record<PackageAgentId, PackageAgent>> = {
  pi: {
    id: "pi",
    label: "pi",
    // Where `pi install -l` and `pi install` write; pi installs a project's missing packages when it starts.
    project: { files: [".pi/settings.json"], local: false },
    user: { files: [".pi/agent/settings.json"] },
    list: "packages",
    item: "npm:@hookwire/pi",
    isOwn: names("npm:@hookwire/pi"),
    gate: "pi installs the package from npm when it next starts (as `pi install npm:@hookwire/pi` does) and runs hookwire in its own process.",
    runsItself: "its own extensions (`.pi/extensions`, pi packages): none is a hookwire format",
    // packages/pi/src/events.ts, each answered in pi's own result shape.
    events: [
      { event: "tool_call", native: "tool_call", applies: ["deny", "ask", "rewrite", "context"] },
      { event: "tool_result", native: "tool_result", applies: ["context", "output"] },
      { event: "before_agent_start", native: "before_agent_start", applies: ["context", "refusePrompt"] },
      // A follow-up sent from agent_end never reaches the model in pi 0.73.1 (print or RPC mode; measured:
      // integration/hosts/capabilities.json): pi is still streaming then, and queues it for a turn that never comes.
      { event: "agent_end", native: "agent_end", applies: [] },
    ],
    notes:
      "A hook's ask is pi's confirm dialog (refused without a UI); `context` gives pi the messages as the hooks left " +
      "them; every other pi event reaches hooks as the native event of the same name, its result returned to pi.",
    showsLines: true,
    showsStatus: true,
  },
  opencode: {
    id: "opencode",
    label: "opencode",
    project: { files: ["opencode.jsonc", "opencode.json"], local: false },
    user: { files: [".config/opencode/opencode.jsonc", ".config/opencode/opencode.json"] },
    list: "plugin",
    item: "@hookwire/opencode",
    isOwn: names("@hookwire/opencode"),
    gate: "opencode installs the plugin from npm when it next starts and runs hookwire in its own process (under its Bun).",
    runsItself:
      "its own plugins (`.opencode/plugin(s)/`, the `plugin` lists): the package loads every other format",
    // packages/opencode/src/plugin.ts: opencode 1.18's v1 plugin shape has no session, prompt or stop hooks.
    events: [
      // The call's context reaches the model with the result.
      { event: "tool.execute.before", native: "tool_call", applies: ["deny", "rewrite", "context"] },
      { event: "tool.execute.after", native: "tool_result", applies: ["context", "output"] },
    ],
    notes:
      "A hook's ask or defer refuses the call (a plugin cannot ask opencode's user); sessions, prompts and Stop " +
      "have no plugin hook in opencode 1.18, and a hook's line for the user goes to stderr.",
    showsLines: false,
  },
};

/** Every agent connect knows: the command-hook agents, then the in-process ones. */
export type ConnectId = DialectId | PackageAgentId;
export const CONNECT_IDS: readonly ConnectId[] = [
  ...AGENT_IDS,
  ...(Object.keys(PACKAGE_AGENTS) as PackageAgentId[]),
];

export const isPackageAgent = (id: ConnectId): id is PackageAgentId => Object.hasOwn(PACKAGE_AGENTS, id);
