// The built-in hook providers a host gets unless it chooses its own.
import { AGENTS, NATIVE_HOOK_FOLDERS } from "@hookwire/settings-hooks/agents";
import type { CapabilityProvider } from "../../capability/types.js";
import type { HookItem } from "../hook-item.js";
import { claudeHookProvider } from "./claude.js";
import { codexHookProvider } from "./codex.js";
import { nativeHookProvider } from "./native.js";
import { opencodePluginProvider } from "./opencode/provider.js";

/** The native hook folders: hookwire's own `.hookwire`, then the agents' (the registry's `native` hook folders). */
export const DEFAULT_APP_DIRS: readonly string[] = NATIVE_HOOK_FOLDERS;

/** The agents' hook folders of one style, in registry order. */
const folders = (style: "claude" | "codex") =>
  Object.values(AGENTS).flatMap((agent) =>
    (agent.hookFolders ?? []).filter((folder) => folder.style === style).map((folder) => folder.dir),
  );

/** Native providers for each app folder (priority 100, in the given order), then Claude-style (50), Codex-style (40), OpenCode (30). */
export function builtinHookProviders(
  options: { appDirs?: readonly string[] } = {},
): CapabilityProvider<HookItem>[] {
  return [
    ...(options.appDirs ?? DEFAULT_APP_DIRS).map((app) => nativeHookProvider({ app })),
    ...folders("claude").map((dir) => claudeHookProvider({ dir })),
    ...folders("codex").map((dir) => codexHookProvider({ dir })),
    opencodePluginProvider(),
  ];
}
