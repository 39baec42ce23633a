// The runtimes of other agents' plugin modules every hookwire host brings: opencode's, imported with its first plugin.
import type { PluginRuntimes } from "@hookwire/loader";

/** What `openProject` hands discovery, and the CLI too: a project's OpenCode plugins run wherever hookwire runs. */
export const PLUGIN_RUNTIMES: PluginRuntimes = {
  // Most projects have no OpenCode plugin: the runtime is imported with the first one found.
  opencode: async () => (await import("@hookwire/opencode-plugins")).opencodePlugins,
};
