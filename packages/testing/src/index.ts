/**
 * A test kit for hook authors: load hook modules or settings files the way a host does, emit
 * events, script the UI's answers, run a tool call through the wrapper with a stand-in tool, and
 * assert on what the hooks did. Framework-free: works with vitest, node:test, or anything else.
 *
 * @packageDocumentation
 * @module @hookwire/testing
 * @document ../README.md
 */

export type { TestingErrorCode } from "./errors.js";
export { HookTesterLoadError } from "./errors.js";
export type { ModuleSpec, SettingsSpec } from "./load.js";
export type { AskedQuestion, Notification, UIAnswers } from "./scripted-ui.js";
export type {
  AppendedEntry,
  HookTester,
  HookTesterOptions,
  LoadWarning,
  NewSession,
  SentMessage,
} from "./tester.js";
export { createHookTester } from "./tester.js";
export type { ToolCallOptions, ToolCallReport } from "./tool-call.js";
