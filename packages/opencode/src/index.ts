/**
 * hookwire inside opencode: an opencode plugin that loads the project's hookwire modules and other agents'
 * settings hooks with hookwire's discovery and trust, and runs them on opencode's tool hooks in its own process.
 *
 * Install: `hookwire connect opencode` (adds `"@hookwire/opencode"` to `plugin` in opencode.json).
 *
 * @packageDocumentation
 * @module @hookwire/opencode
 * @document ../README.md
 */
export { HookwirePlugin } from "./plugin.js";
