// The user's fail-closed switch, one reading for every host (the CLI's adapter, pi, opencode): `"onFailure": "block"` in
// the user's hooks.json makes a tool call that a hook failed on refused, naming the hooks and why.
import { readFileSync } from "node:fs";
import { type CallContext, type HookError, isHookError } from "@hookwire/core";
import { defaultHooksConfigPath } from "@hookwire/loader/user-config";

/** What the user's hooks config says about failing hooks; `problem` when its value is not one hookwire knows. */
export interface FailClosedSetting {
  block: boolean;
  file: string;
  problem?: string;
}

/**
 * `$XDG_CONFIG_HOME/hookwire/hooks.json` (where `hookwire hooks disable` writes): `"onFailure": "block"` makes
 * any hook that fails on a tool event refuse the call in every connected agent, pi and opencode included; `"continue"` or no key, not.
 * Any other value reads as `"block"` (the safe side), with a problem to show. Read at each call (a small file):
 * a change applies to the next call, in `hookwire serve` too. An unreadable file is the hooks config's own
 * problem (discovery reports it); here it turns nothing on.
 */
export function readFailClosedSetting(file = defaultHooksConfigPath()): FailClosedSetting {
  let value: unknown;
  try {
    value = (JSON.parse(readFileSync(file, "utf8")) as { onFailure?: unknown } | null)?.onFailure;
  } catch {
    return { block: false, file };
  }
  if (value === undefined || value === "continue") return { block: false, file };
  if (value === "block") return { block: true, file };
  const problem = `"onFailure" in ${file} must be "block" or "continue", got ${JSON.stringify(value)}; read as "block".`;
  return { block: true, file, problem };
}

/** One hook that failed on the call: it threw, timed out, could not start, exited badly, or printed unreadable output. */
export interface HookFailure {
  hookPath: string;
  /** Why, in one line: the failure's own message (`exited with code 127: …`, `handler did not settle within …`). */
  why: string;
}

/**
 * Codes that say a hook failed, as opposed to one part of its answer being ignored (`HOOK_OUTPUT_IGNORED`, a
 * warning) or hookwire's own bookkeeping.
 */
const NOT_FAILURES = new Set(["HOOK_OUTPUT_IGNORED"]);

/** The failure a reported or thrown error stands for, when it is a hook's (a HookError) and one that failed. */
export function hookFailure(error: unknown): HookFailure | undefined {
  if (!isHookError(error) || NOT_FAILURES.has(error.code)) return undefined;
  return { hookPath: error.hookPath, why: error.error };
}

/** `hook (why); other (why)`: each failed hook named once, with its reason. */
export function describeFailures(failures: readonly HookFailure[]): string {
  const seen = new Map<string, string>();
  for (const failure of failures) if (!seen.has(failure.hookPath)) seen.set(failure.hookPath, failure.why);
  return [...seen].map(([hookPath, why]) => `\`${hookPath}\` failed (${why})`).join("; ");
}

/** The reason a tool call is refused because hooks failed on it, naming them and what made it fail-closed. */
export function failureRefusal(failures: readonly HookFailure[], why: string): string {
  return `hookwire: ${describeFailures(failures)}; the call is refused (fail-closed hooks: ${why}).`;
}

/**
 * `call` with a host that collects the hooks failing on it into `failures`, as the runner tells each call's host
 * (`CallHost.onError`: core keeps the call with its handlers, so two tool calls at once, as opencode runs them, each
 * see their own). For the in-process hosts, whose hooks report failures instead of throwing (a settings command
 * exiting 127). An `onError` the call's host already had still hears every error.
 */
export function collectFailures(call: CallContext = {}): { call: CallContext; failures: HookFailure[] } {
  const failures: HookFailure[] = [];
  const heard = call.host?.onError;
  const onError = (error: HookError) => {
    heard?.(error);
    const failure = hookFailure(error);
    if (failure) failures.push(failure);
  };
  return { call: { ...call, host: { ...call.host, onError } }, failures };
}

/**
 * Why a tool call that `failures` happened on is refused under the user's setting, or `undefined` (no failure, or
 * the setting is off). A setting hookwire cannot read as `"block"` or `"continue"` counts as `"block"` and says so.
 */
export function userFailClosedRefusal(
  failures: readonly HookFailure[],
  setting: FailClosedSetting = readFailClosedSetting(),
): string | undefined {
  if (failures.length === 0 || !setting.block) return undefined;
  const refusal = failureRefusal(failures, `"onFailure": "block" in ${setting.file}`);
  return setting.problem ? `${refusal} ${setting.problem}` : refusal;
}
