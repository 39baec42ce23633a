// `@hookwire/core/internal`: what hookwire's own packages share (files, processes, limits, messages, the
// settings bridge's several answers), kept out of the API hosts and hook authors import, which stays within its
// export count. No compatibility promise: it changes with the packages that use it.

export { callStateOf } from "./call-state.js";
export { nowMs } from "./clock.js";
export type { DeadlineOptions } from "./deadline.js";
export { DEFAULT_LOAD_TIMEOUT_MS, withDeadline } from "./deadline.js";
export { displayPath } from "./display-path.js";
export { loadTimeoutError, typeName } from "./errors.js";
export { didYouMean } from "./event-names.js";
export { holdExits } from "./exit-guard.js";
export { guardedHookOf } from "./guard.js";
export type { AnyHookHandler, HookActions } from "./instantiate.js";
export { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-depth.js";
export { lazyRequire } from "./lazy-require.js";
export { outranks } from "./permission.js";
export { RunScope } from "./process/live-runs.js";
export type { ProcessRun, RunProcessOptions } from "./process/run-process.js";
export { KILL_GRACE_MS, MAX_STREAM_BYTES, runProcess } from "./process/run-process.js";
export type { RegularFileOpen, RegularFileRead, UnreadableReason } from "./read-regular-file.js";
export { openRegularFile, readRegularFile } from "./read-regular-file.js";
export type { Answers } from "./several-answers.js";
export { severalAnswers } from "./several-answers.js";
export { sha256 } from "./sha256.js";
export { vendoredFile } from "./vendored-file.js";
