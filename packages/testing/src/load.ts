// Turns what a test names (module paths, inline factories, settings files or objects) into loaded hooks.
import path from "node:path";
import { type HookFactory, instantiateHook, type LoadedHook } from "@hookwire/core";
import { loadHooks } from "@hookwire/loader";
import {
  createSettingsHooks,
  formatIssues,
  readSettingsFile,
  type SettingsFileResult,
  type SettingsHooksOptions,
  type SettingsIssue,
  validateSettings,
} from "@hookwire/settings-hooks";
import { HookTesterLoadError } from "./errors.js";

/** A module path (relative to `cwd`), or a factory written in the test itself. */
export type ModuleSpec = string | HookFactory;
/** A settings file path (relative to `cwd`), or the parsed settings JSON. */
export type SettingsSpec = string | Record<string, unknown>;

export async function loadModules(modules: readonly ModuleSpec[], cwd: string): Promise<LoadedHook[]> {
  const hooks: LoadedHook[] = [];
  for (const [index, spec] of modules.entries()) {
    if (typeof spec === "function") {
      const hookPath = spec.name ? `<inline ${spec.name}>` : `<inline #${index + 1}>`;
      hooks.push(await instantiateHook(spec, { path: hookPath, cwd }));
      continue;
    }
    const { hooks: loaded, errors } = await loadHooks([spec], cwd);
    const failure = errors[0];
    if (failure) throw new HookTesterLoadError(spec, failure.error.message, { cause: failure.error });
    hooks.push(...loaded);
  }
  return hooks;
}

/** Reads each settings source; any error-level issue fails the load (warnings are returned). */
export async function loadSettings(
  specs: readonly SettingsSpec[],
  cwd: string,
  options: Partial<SettingsHooksOptions>,
): Promise<{ hook?: LoadedHook; warnings: SettingsIssue[] }> {
  const results: SettingsFileResult[] = [];
  for (const [index, spec] of specs.entries()) {
    if (typeof spec === "string") {
      const file = path.resolve(cwd, spec);
      const result = await readSettingsFile({ file, scope: "project", dialect: "claude" });
      if (!result.exists) throw new HookTesterLoadError(spec, `Settings file ${file} does not exist.`);
      results.push(result);
    } else {
      const source = {
        file: `<inline settings #${index + 1}>`,
        scope: "project" as const,
        dialect: "claude" as const,
      };
      results.push({ ...validateSettings(spec, source), exists: true });
    }
  }
  const issues = results.flatMap((result) => result.issues);
  const errors = issues.filter((issue) => issue.severity === "error");
  if (errors.length > 0) {
    throw new HookTesterLoadError(
      errors[0]!.file,
      `The settings given to createHookTester have errors:\n${formatIssues(errors, { cwd })}`,
    );
  }
  const warnings = issues.filter((issue) => issue.severity === "warning");
  const handlers = results.flatMap((result) => result.handlers);
  if (handlers.length === 0) return { warnings };
  const hook = await createSettingsHooks(handlers, {
    sessionId: "hookwire-testing",
    ...options,
    cwd,
    projectDir: options.projectDir ?? cwd,
  });
  return { hook, warnings };
}
