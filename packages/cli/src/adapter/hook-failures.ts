// Hooks that failed during one agent call: which and why, the refusal fail-closed hooks make of them, the log's line.
import { errorMessage, type HookError } from "@hookwire/core";
import { failureRefusal, type HookFailure, hookFailure, readFailClosedSetting } from "@hookwire/project";

/**
 * The call's failures, collected from the runner's reports. Each is said in the answer at every call it happens
 * in (`notes`), not once per session as other notes: the guard is off each time. Other errors go to `note`.
 */
export function failureSink(notes: string[], note: (text: string) => void) {
  const failures: HookFailure[] = [];
  const add = (failure: HookFailure, text: string) => {
    failures.push(failure);
    if (!notes.includes(text)) notes.push(text);
  };
  const failed = (error: HookError) => {
    const failure = hookFailure(error);
    const text = `hookwire: ${error.message}`;
    if (!failure) note(text);
    else add(failure, text);
  };
  /** A hook that did not load (a syntax error, a factory that threw): a guard that is not there fails too. */
  const notLoaded = (hookPath: string, message: string) =>
    add({ hookPath, why: `did not load: ${message}` }, `hookwire: ${message}`);
  return { failures, failed, notLoaded };
}

/**
 * A tool call's outcome when hooks failed on it: refused, naming them, when fail-closed hooks are on (the
 * command's `--fail-closed-hooks`, else the user's setting, read only now); otherwise as it was.
 */
export function closeOnFailure(
  outcome: unknown,
  failures: readonly HookFailure[],
  flag: boolean,
  note: (text: string) => void,
): unknown {
  if (failures.length === 0 || (outcome as { block?: boolean } | undefined)?.block === true) return outcome;
  if (flag) return refusedForFailures(failures, "connected with --fail-closed-hooks");
  const setting = readFailClosedSetting();
  if (setting.problem) note(`hookwire: ${setting.problem}`);
  if (!setting.block) return outcome;
  return refusedForFailures(failures, `"onFailure": "block" in ${setting.file}`);
}

/** A refused tool call's outcome, as the runner folds one, with the hook that refused it. */
const refusal = (reason: string, blockedBy: string) => ({
  block: true,
  reason,
  blockedBy,
  input: {},
  inputModified: false,
  additionalContext: [],
});

/** The tool_call outcome that refuses the call because hooks failed (fail-closed hooks), naming them. */
function refusedForFailures(failures: readonly HookFailure[], why: string) {
  const first = failures[0] as HookFailure;
  return refusal(failureRefusal(failures, why), first.hookPath);
}

/**
 * The outcome of a tool call whose handler threw (the runner propagates it): refused, naming the hook, as
 * a failure of that hook (or of hookwire, for anything else).
 */
export function thrownOutcome(error: unknown, failures: HookFailure[]) {
  const failure = hookFailure(error) ?? { hookPath: "hookwire", why: errorMessage(error) };
  failures.push(failure);
  return refusal(errorMessage(error), failure.hookPath);
}
