// opencode as hookwire connects to it: `@hookwire/opencode` in its config's plugin list, run in opencode's process.
import type { PackageAgentSpec } from "../agent-spec.js";
import { namesPackage } from "../package-item.js";

export const opencodeAgent: PackageAgentSpec = {
  kind: "package",
  id: "opencode",
  label: "opencode",
  package: "@hookwire/opencode",
  markers: [".opencode"],
  // Its plugin folders and config files (the loader's opencode provider reads them), project and user level.
  watched: [
    ".opencode",
    ".opencode/plugin",
    ".opencode/plugins",
    ".config/opencode",
    ".config/opencode/plugin",
    ".config/opencode/plugins",
  ],
  project: { files: ["opencode.jsonc", "opencode.json"], local: false },
  user: { files: [".config/opencode/opencode.jsonc", ".config/opencode/opencode.json"] },
  list: "plugin",
  item: "@hookwire/opencode",
  isOwn: namesPackage("@hookwire/opencode", "@hookwire/opencode"),
  gate: "opencode loads the plugin when it next starts (installing it from npm with --from-npm) and runs hookwire in its own process (under its Bun).",
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
  silencers: [],
  json: { comments: true, trailingCommas: true },
};
