/**
 * One way to open a project for an agent: its root, its hooks found and gated by trust, a runner over them, the
 * trust state its host must act on, and the gate its tool calls go through. The CLI's `hook` and `serve`,
 * `@hookwire/pi` and `@hookwire/opencode` open projects through it.
 *
 * @packageDocumentation
 * @module @hookwire/project
 * @document ../README.md
 */
export {
  collectFailures,
  describeFailures,
  failureRefusal,
  type HookFailure,
  hookFailure,
  readFailClosedSetting,
  userFailClosedRefusal,
} from "./fail-closed.js";
export type { OpenedProject, OpenProjectOptions } from "./open-project.js";
export { openProject, policyGate } from "./open-project.js";
export { PLUGIN_RUNTIMES } from "./plugin-runtimes.js";
export type { NoticeWording, ProjectTrust } from "./trust-state.js";
export { trustNotice } from "./trust-state.js";
