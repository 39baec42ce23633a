/**
 * OpenCode's plugins run as hookwire hooks, in any host: what a plugin module's exports mean (its factories, the
 * `ctx` they get, its hook names mapped to hookwire's events) and the tool table between the two. The loader finds
 * and trusts the plugins; a host hands this runtime to it (`pluginRuntimes.opencode`), as `@hookwire/project`'s
 * `openProject` and the `hookwire` CLI do.
 *
 * @packageDocumentation
 * @module @hookwire/opencode-plugins
 * @document ../README.md
 */
import type { PluginRuntime } from "@hookwire/loader";
import { opencodePlugin, pluginFactories } from "./load-plugin.js";

/** Runs OpenCode plugin modules (v1 server plugins, as opencode 1.18 reads them) as hookwire hooks. */
export const opencodePlugins: PluginRuntime = {
  label: "OpenCode plugin",
  hookOf(namespace, plugin) {
    const factories = pluginFactories(namespace);
    if (typeof factories === "string") return { problem: factories };
    return opencodePlugin(factories, plugin);
  },
};
