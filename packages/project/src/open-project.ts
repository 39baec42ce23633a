// openProject: a project opened for an agent, one way for every host: its root, its hooks found and gated by
// trust, a runner over them, the trust state the user must hear of, and the gate its tool calls go through.
import { HookRunner, type HookRunnerOptions, type LoadedHook } from "@hookwire/core";
import {
  type DiscoverAndLoadResult,
  type DiscoverOptions,
  discoverAndLoadHooks,
  projectTrustStatus,
} from "@hookwire/loader";
import { findProjectRoot } from "@hookwire/loader/project-root";
import { ToolGate } from "@hookwire/tool-wrapper";
import type { TrustGuard } from "@hookwire/trust";
import { PLUGIN_RUNTIMES } from "./plugin-runtimes.js";
import { type NoticeWording, type ProjectTrust, trustNotice } from "./trust-state.js";

export interface OpenProjectOptions {
  /** Where the agent works: the project is the nearest marked folder at or above it (`findProjectRoot`). */
  cwd: string;
  /**
   * The root, when the host already fixed it (an agent session's: its first event's, or the agent's own project
   * variable): `cwd` is then not searched, so a later `cd` cannot move the project.
   */
  root?: string;
  /** Hook paths named by the user (the CLI's arguments), as `discoverAndLoadHooks` takes them. */
  configured?: readonly string[];
  /** Discovery as the host runs it: the formats it reads, the settings it leaves to the agent, the bridge's options. */
  discover?: DiscoverOptions;
  /** The runner's options besides its folder (the project root). */
  runner?: Omit<HookRunnerOptions, "cwd">;
  /** How the host words the trust notice. */
  wording?: NoticeWording;
  /**
   * The loaded hooks the runner runs (default: all). Discovery, trust and listings still cover every hook: a host that
   * runs a nested project beside the session's keeps only its project-level hooks (the user's already ran once).
   */
  keep?: (hook: LoadedHook) => boolean;
}

export interface OpenedProject {
  root: string;
  loaded: DiscoverAndLoadResult;
  /** Over `loaded.hooks`, not yet initialized: the host connects its own actions and UI. */
  runner: HookRunner;
  trust: ProjectTrust;
  /**
   * The tool calls' gate over `runner`: while the project's hooks changed since it was trusted, it refuses every
   * call (saying which files changed and how to trust them) instead of letting it through unguarded.
   */
  gate: ToolGate;
  /**
   * The gate's own refusal, asked before each tool call (absent when nothing can refuse): for a host that runs its
   * tool events without the gate (pi), so a broken policy or a changed project refuses there too.
   */
  refusal?: () => string | undefined;
  /** What the user must see once: the trust notice, load errors, discovery warnings, each a line. */
  notices: string[];
}

/** Discovers, checks trust, loads; the same for the CLI's `hook` and `serve`, pi, opencode. */
export async function openProject(options: OpenProjectOptions): Promise<OpenedProject> {
  const root = options.root ?? findProjectRoot(options.cwd).root;
  // OpenCode's plugins run in every host that opens a project (unless the host says otherwise).
  const discover: DiscoverOptions = { pluginRuntimes: PLUGIN_RUNTIMES, ...options.discover };
  const loaded = await discoverAndLoadHooks(options.configured ?? [], root, discover);
  const trust = await trustOf(root, loaded, discover, options.wording ?? {});
  // A nested project beside the session's (`keep`) leaves out the policies' hooks too: they ran in the session's.
  const fromPolicies = new Set(
    loaded.policies.flatMap((policy) => (policy.intact ? (policy.loaded?.hooks ?? []) : [])),
  );
  const keep = options.keep;
  const hooks = keep ? loaded.hooks.filter((hook) => !fromPolicies.has(hook) && keep(hook)) : loaded.hooks;
  const runner = new HookRunner(hooks, { ...options.runner, cwd: root });
  const broken = loaded.policies.filter((policy) => !policy.intact).map(policyRefusal);
  const policies = policyGate(loaded);
  const changed = trust.state === "changed" ? trust.notice : undefined;
  const refuse = () => {
    const policy = policies?.();
    return policy !== undefined && changed !== undefined ? `${policy}\n${changed}` : (policy ?? changed);
  };
  const refusal = policies === undefined && changed === undefined ? undefined : refuse;
  const gate = new ToolGate(runner, refusal === undefined ? {} : { refuse: refusal });
  const notices = [
    ...broken,
    ...(trust.state === "trusted" ? [] : [trust.notice]),
    ...loaded.errors.map((failure) => `hookwire: ${failure.error.message}`),
    ...loaded.warnings.map((warning) => `hookwire: ${warning.message}`),
  ];
  return { root, loaded, runner, trust, gate, ...(refusal ? { refusal } : {}), notices };
}

/**
 * Why a policy that does not match its pin refuses every tool call: its hooks are the team's guard, and running
 * without them (or with hooks nobody reviewed) is what a policy exists to prevent.
 */
function policyRefusal(policy: DiscoverAndLoadResult["policies"][number]): string {
  return (
    `hookwire: the policy \`${policy.name}\` does not match its pin: ${policy.problem ?? "it cannot be checked"}. ` +
    `Tool calls are refused until you review it and pin it again: hookwire policy update ${policy.name}`
  );
}

type Pinned = { policy: DiscoverAndLoadResult["policies"][number]; guard: TrustGuard };

/**
 * Why the user's installed policies refuse a tool call now, asked before each call (`undefined`: they do not), or no
 * check at all when there is no policy. Every host's tool calls go through it: the agents' through the gate
 * `openProject` builds, the CLI's `emit` and `tool` directly.
 */
export function policyGate(loaded: DiscoverAndLoadResult): (() => string | undefined) | undefined {
  const broken = loaded.policies.filter((policy) => !policy.intact).map(policyRefusal);
  if (broken.length > 0) {
    const refusal = broken.join("\n");
    return () => refusal;
  }
  const pinned = pinnedGuards(loaded);
  return pinned.length === 0 ? undefined : () => editedPolicy(pinned);
}

/** Each loaded policy's guard over its pinned files. */
function pinnedGuards(loaded: DiscoverAndLoadResult): Pinned[] {
  return loaded.policies.flatMap((policy) => {
    const guard = policy.intact ? policy.loaded?.trust.guard : undefined;
    return guard ? [{ policy, guard }] : [];
  });
}

/**
 * Checked before each tool call (a stat of each pinned file, its hash when the stat changed): a policy edited while
 * its hooks are held (pi, opencode, the server between rescans) refuses the call, as one edited before loading does.
 */
function editedPolicy(pinned: readonly Pinned[]): string | undefined {
  for (const { policy, guard } of pinned) {
    try {
      guard.verify([...guard.init.trusted.keys()]);
    } catch {
      return policyRefusal({ ...policy, problem: "its files changed on disk since it was pinned" });
    }
  }
  return undefined;
}

/** The reason the loader gives a project it has no trust record for (`decideTrust`): no second look needed. */
const NEVER_TRUSTED = "the project is not trusted";

/**
 * Whether the project's skipped hooks were never trusted or changed since they were: only then is the store read
 * again (for the changed files), so a trusted project pays nothing and a never-trusted one one string compare.
 */
async function trustOf(
  root: string,
  loaded: DiscoverAndLoadResult,
  discover: DiscoverOptions,
  wording: NoticeWording,
): Promise<ProjectTrust> {
  const first = loaded.skipped[0];
  if (!first) return { state: "trusted" };
  const base = { skipped: loaded.skipped.length, reason: first.reason };
  const command = wording.spell ? await wording.spell(first.trustCommand) : first.trustCommand;
  const told = (trust: Omit<Extract<ProjectTrust, { skipped: number }>, "notice" | "trustCommand">) => {
    const full = { ...trust, trustCommand: command };
    return {
      ...full,
      notice: trustNotice(full, { command, ...(wording.after ? { after: wording.after } : {}) }),
    };
  };
  // A host that decides trust itself (`trust: "none"` or a function) said no; nothing was trusted before.
  if (first.reason === NEVER_TRUSTED || discover.trust !== undefined)
    return told({ state: "untrusted", ...base });
  try {
    const status = await projectTrustStatus(root, discover);
    if (status.recorded === undefined || status.trusted) return told({ state: "untrusted", ...base });
    const changed = status.changes.map((change) => `${change.item} ${change.change}`);
    return told({ state: "changed", ...base, changed });
  } catch {
    // The store could not be read again: the loader's reason already says the hooks changed.
    return told({ state: "changed", ...base, changed: [] });
  }
}
