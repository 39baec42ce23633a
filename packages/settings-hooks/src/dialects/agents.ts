// Every agent hookwire runs inside, by id: one spec each, in `dialects/<id>/agent.ts`. Discovery's markers and hook
// folders, connect, doctor, serve's watched folders and docs/hosts.md all read this; adding an agent is one folder
// (`dialects/<id>/`, with its dialect if it has settings hooks) and one line here.
import type { AgentId, AgentSpec, HookAgentSpec, PackageAgentId, PackageAgentSpec } from "./agent-spec.js";
import { claudeAgent } from "./claude/agent.js";
import { codexAgent } from "./codex/agent.js";
import { copilotAgent } from "./copilot/agent.js";
import { cursorAgent } from "./cursor/agent.js";
import { geminiAgent } from "./gemini/agent.js";
import { opencodeAgent } from "./opencode/agent.js";
import { piAgent } from "./pi/agent.js";

/** The command-hook agents first (in their dialects' order), then the in-process ones. */
const LIST: readonly AgentSpec[] = [
  claudeAgent,
  codexAgent,
  geminiAgent,
  copilotAgent,
  cursorAgent,
  piAgent,
  opencodeAgent,
];

export const AGENTS: Readonly<Record<AgentId, AgentSpec>> = Object.fromEntries(
  LIST.map((agent) => [agent.id, agent]),
) as Record<AgentId, AgentSpec>;

/** Every agent's id, in registry order. */
export const AGENT_IDS: readonly AgentId[] = LIST.map((agent) => agent.id);

/** The agents that start `hookwire hook` from their settings (one per settings dialect), and their ids. */
export const HOOK_AGENTS: readonly HookAgentSpec[] = LIST.filter((agent) => agent.kind === "hook");
export const HOOK_AGENT_IDS: readonly HookAgentSpec["id"][] = HOOK_AGENTS.map((agent) => agent.id);

/** The agents that load hookwire's package in their own process. */
export const PACKAGE_AGENTS: readonly PackageAgentSpec[] = LIST.filter((agent) => agent.kind === "package");

export const isAgentId = (id: string): id is AgentId => Object.hasOwn(AGENTS, id);

export const isPackageAgentId = (id: string): id is PackageAgentId =>
  isAgentId(id) && AGENTS[id].kind === "package";

export function hookAgent(id: HookAgentSpec["id"]): HookAgentSpec {
  const agent = AGENTS[id];
  if (agent?.kind !== "hook") throw new Error(`No command-hook agent "${id}" in dialects/agents.ts.`);
  return agent;
}

export function packageAgent(id: PackageAgentId): PackageAgentSpec {
  const agent = AGENTS[id];
  if (agent?.kind !== "package") throw new Error(`No in-process agent "${id}" in dialects/agents.ts.`);
  return agent;
}

/** hookwire's own folder: its native hooks and settings, in a project and in the home folder. */
export const HOOKWIRE_FOLDER = ".hookwire";

/** The folders of native hook modules, in the order their providers run: hookwire's own, then the agents'. */
export const NATIVE_HOOK_FOLDERS: readonly string[] = [
  HOOKWIRE_FOLDER,
  ...LIST.flatMap((agent) => (agent.hookFolders ?? []).filter((f) => f.style === "native").map((f) => f.dir)),
];

/** What marks a project root, in the order reported: `.git`, the native hook folders, then each agent's markers. */
export const PROJECT_MARKERS: readonly string[] = [
  ...new Set([".git", ...NATIVE_HOOK_FOLDERS, ...LIST.flatMap((agent) => agent.markers)]),
];

/** A hook folder's subfolders whose entries are hooks, by its style. */
const HOOK_SUBFOLDERS = {
  native: ["", "/hooks", "/hooks/pre", "/hooks/post"],
  claude: ["", "/hooks", "/hooks/pre", "/hooks/post"],
  codex: ["", "/hooks"],
} as const;

/**
 * Folders (relative to the project and the home folder) whose entries decide what discovery finds: each hook
 * folder and its subfolders, and each agent's settings and plugin folders. `hookwire serve` reloads on a change.
 */
export const WATCHED_FOLDERS: readonly string[] = [
  ...new Set([
    ...NATIVE_HOOK_FOLDERS.flatMap((dir) => HOOK_SUBFOLDERS.native.map((sub) => `${dir}${sub}`)),
    ...LIST.flatMap((agent) => [
      ...(agent.hookFolders ?? []).flatMap((f) => HOOK_SUBFOLDERS[f.style].map((sub) => `${f.dir}${sub}`)),
      ...agent.watched,
    ]),
  ]),
];
