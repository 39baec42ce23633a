// The argument of an OpenCode plugin factory (opencode's PluginInput), from what hookwire has: no server.
import { exec, HookwireError } from "@hookwire/core";
import { createShell } from "./shell.js";

/** opencode's Project: `global` outside a git repository (worktree `/`), else keyed by the root commit. */
export interface OpencodeProject {
  id: string;
  worktree: string;
  /** Present (and `undefined`) outside git, as in opencode. */
  vcs: "git" | undefined;
  sandboxes: string[];
  time: { created: number; updated: number };
}

/** The git work tree and project of `cwd`, as opencode derives them (`/` and `global` outside git). */
export async function projectOf(cwd: string): Promise<OpencodeProject> {
  const now = Date.now();
  const top = await exec("git", ["rev-parse", "--show-toplevel"], { cwd, timeout: 5000 });
  if (top.code !== 0)
    return {
      id: "global",
      worktree: "/",
      vcs: undefined,
      sandboxes: [],
      time: { created: now, updated: now },
    };
  const worktree = top.stdout.trim();
  const roots = await exec("git", ["rev-list", "--max-parents=0", "--all"], { cwd, timeout: 5000 });
  const id = roots.stdout.split("\n").filter(Boolean).sort()[0] ?? "global";
  return { id, worktree, vcs: "git", sandboxes: [], time: { created: now, updated: now } };
}

/** `client` talks to an opencode server; hookwire has none, so any use fails with this, naming the plugin. */
function serverless(hookPath: string, member: string): HookwireError {
  return new HookwireError(
    "OPENCODE_UNSUPPORTED",
    `OpenCode plugin \`${hookPath}\` used ctx.${member}, which needs an opencode server; hookwire runs plugins without one.`,
  );
}

function clientProxy(hookPath: string, trail: string): unknown {
  return new Proxy(() => {}, {
    get(_target, key) {
      // Awaiting or printing the client must not throw; only using it does.
      if (typeof key === "symbol" || key === "then" || key === "toJSON") return undefined;
      return clientProxy(hookPath, `${trail}.${key}`);
    },
    apply() {
      return Promise.reject(serverless(hookPath, `${trail}()`));
    },
  });
}

export interface PluginInput {
  client: unknown;
  project: OpencodeProject;
  directory: string;
  worktree: string;
  experimental_workspace: { register(type: string, adapter: unknown): void };
  serverUrl: URL;
  $: ReturnType<typeof createShell>;
}

export function pluginInput(hookPath: string, directory: string, project: OpencodeProject): PluginInput {
  return {
    client: clientProxy(hookPath, "client"),
    project,
    directory,
    worktree: project.worktree,
    // Workspaces are opencode's (remote or sandboxed sessions); registering one has nothing to act on.
    experimental_workspace: { register() {} },
    // What opencode hands over when its server is not listening.
    serverUrl: new URL("http://localhost:4096"),
    $: createShell({ cwd: directory, env: {}, throws: true }),
  };
}
