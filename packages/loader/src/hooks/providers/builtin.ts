// The built-in hook providers a host gets unless it chooses its own.
import type { CapabilityProvider } from "../../capability/types.js";
import { opencodePluginProvider } from "../../opencode/provider.js";
import type { HookItem } from "../hook-item.js";
import { claudeHookProvider } from "./claude.js";
import { codexHookProvider } from "./codex.js";
import { nativeHookProvider } from "./native.js";

export const DEFAULT_APP_DIRS: readonly string[] = [".hookwire", ".pi", ".omp"];

/** Native providers for each app folder (priority 100, in the given order), then Claude (50), Codex (40), OpenCode (30). */
export function builtinHookProviders(
  options: { appDirs?: readonly string[] } = {},
): CapabilityProvider<HookItem>[] {
  return [
    ...(options.appDirs ?? DEFAULT_APP_DIRS).map((app) => nativeHookProvider({ app })),
    claudeHookProvider(),
    codexHookProvider(),
    opencodePluginProvider(),
  ];
}
