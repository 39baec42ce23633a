// `hookwire policy`: a team's hooks from a real git repository (or npm, or a folder), pinned, run first everywhere.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { type CliRun, claudeBash } from "./cli-harness.js";
import {
  type InProcessOptions as RunOptions,
  type InProcessSandbox as Sandbox,
  sandboxInProcess as sandbox,
} from "./cli-in-process.js";
import { post, type Served, serve } from "./serve-harness.js";

vi.setConfig({ testTimeout: 120_000 });
// The built binary: `hookwire serve` (serve-harness.ts).
beforeAll(() => ensureBuilt(), 180_000);

/** A Claude Code guard that blocks any Bash call naming `rm -rf`, in the policy's own script. */
const CLAUDE_SETTINGS = JSON.stringify({
  hooks: {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [{ type: "command", command: 'sh "$CLAUDE_PROJECT_DIR"/.claude/hooks/no-rm.sh' }],
      },
    ],
  },
});
const NO_RM = "#!/bin/sh\nif grep -q 'rm -rf'; then echo 'team policy: no rm -rf' >&2; exit 2; fi\nexit 0\n";

function write(root: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

function git(cwd: string, ...args: string[]): void {
  execFileSync("git", ["-c", "user.email=team@example.invalid", "-c", "user.name=team", ...args], {
    cwd,
    stdio: "ignore",
  });
}

interface Team {
  box: Sandbox;
  /** The policy repository (a local git repository). */
  repo: string;
  url: string;
  /** The installed copy. */
  installed: string;
  run(args: string[], options?: RunOptions): Promise<CliRun>;
  /** A Claude Code PreToolUse of `command` in the project, through `hookwire hook`: the answer's hookSpecificOutput. */
  bash(
    command: string,
  ): Promise<{ permissionDecision?: string; permissionDecisionReason?: string } | undefined>;
  commit(file: string, text: string): void;
}

/** A project with no hooks of its own, and a team repository holding a Claude guard. */
function team(): Team {
  const box = sandbox("basic");
  for (const name of [".claude", ".hookwire"])
    rmSync(path.join(box.cwd, name), { recursive: true, force: true });
  const repo = path.join(path.dirname(box.home), "team-policy");
  write(repo, ".claude/settings.json", CLAUDE_SETTINGS);
  write(repo, ".claude/hooks/no-rm.sh", NO_RM);
  git(path.dirname(repo), "init", "-q", repo);
  git(repo, "add", "-A");
  git(repo, "commit", "-qm", "policy");
  const env = {
    HOOKWIRE_SERVER: "off",
    XDG_CACHE_HOME: path.join(box.home, ".cache"),
    XDG_STATE_HOME: path.join(box.home, ".local/state"),
    CLAUDE_PROJECT_DIR: undefined,
  };
  const run = (args: string[], options: RunOptions = {}) =>
    box.run(args, { ...options, env: { ...env, ...options.env } });
  const root = path.dirname(box.home);
  const clean = (text: string) => text.replaceAll(root, "<root>");
  return {
    box,
    repo,
    url: `file://${repo}`,
    installed: path.join(box.home, ".config/hookwire/policies/installed/team"),
    run: async (args, options) => {
      const out = await run(args, options);
      return { ...out, stdout: clean(out.stdout), stderr: clean(out.stderr) };
    },
    async bash(command) {
      const out = await run(["hook", "claude", "PreToolUse"], { input: claudeBash(box.cwd, command, "s1") });
      return out.stdout ? JSON.parse(out.stdout).hookSpecificOutput : undefined;
    },
    commit(file, text) {
      write(repo, file, text);
      git(repo, "add", "-A");
      git(repo, "commit", "-qm", `edit ${file}`);
    },
  };
}

/** Pins and times differ per run. */
const stable = (text: string) =>
  text.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "<time>").replace(/pin [0-9a-f]{12}/g, "pin <hash>");

describe("hookwire policy add", () => {
  it("installs a policy from a git repository only once it is confirmed, and lists it pinned", async () => {
    const t = team();
    const refused = await t.run(["policy", "add", t.url, "--name", "team"]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatchInlineSnapshot(`
      "Pinning the policy \`team\` lets these run (2 items):
        script .claude/hooks/no-rm.sh
        settings .claude/settings.json
      Not installed: \`team\`.
      "
    `);
    expect(refused.stderr).toMatchInlineSnapshot(`
      "hookwire: not pinned — there is no terminal to ask on. Review the above, then run \`hookwire policy add\` again with --yes.
      "
    `);
    expect(existsSync(t.installed)).toBe(false);
    expect((await t.bash("rm -rf build"))?.permissionDecision).toBeUndefined();

    const added = await t.run(["policy", "add", t.url, "--name", "team", "--yes"]);
    expect(added.code).toBe(0);
    expect(added.stdout).toMatchInlineSnapshot(`
      "Pinning the policy \`team\` lets these run (2 items):
        script .claude/hooks/no-rm.sh
        settings .claude/settings.json
      Pinned the policy \`team\` (2 items).
      Installed the policy \`team\` from file://<root>/team-policy: its hooks run first in every project.
      "
    `);
    expect(stable((await t.run(["policy"])).stdout)).toMatchInlineSnapshot(`
      "team  git file://<root>/team-policy
        pin <hash>, changed <time>; as pinned
      "
    `);
    // The clone's own metadata is not kept; the files are this user's alone.
    expect(existsSync(path.join(t.installed, ".git"))).toBe(false);
    const policies = path.dirname(path.dirname(t.installed));
    expect(statSync(policies).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(policies, "sources.json")).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(policies, "pins.json")).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(t.installed, ".claude/settings.json")).mode & 0o777).toBe(0o600);
  });

  it("refuses a second policy of the same name and names the fix", async () => {
    const t = team();
    expect((await t.run(["policy", "add", t.url, "--name", "team", "--yes"])).code).toBe(0);
    const again = await t.run(["policy", "add", t.url, "--name", "team", "--yes"]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(
      "A policy named `team` is installed already: `hookwire policy update team` fetches it again, --name picks another name.",
    );
  });

  it("removes a policy: its hooks stop, its pin and files are gone", async () => {
    const t = team();
    expect((await t.run(["policy", "add", t.url, "--name", "team", "--yes"])).code).toBe(0);
    expect((await t.run(["policy", "remove", "team"])).stdout).toMatchInlineSnapshot(`
      "Removed the policy \`team\`: its hooks no longer run.
      "
    `);
    expect(existsSync(t.installed)).toBe(false);
    expect((await t.bash("rm -rf build"))?.permissionDecision).toBeUndefined();
    expect((await t.run(["policy"])).stdout).toContain("No policies installed");
  });
});

describe("a policy's hooks run in every project", () => {
  it("blocks a tool call through hookwire hook claude PreToolUse in an untrusted project and in a trusted one", async () => {
    const t = team();
    // The project brings its own (untrusted) hook: it does not run, the policy's does.
    write(t.box.cwd, ".hookwire/hooks/pre-bash.sh", "#!/bin/sh\nexit 0\n");
    expect((await t.run(["policy", "add", t.url, "--name", "team", "--yes"])).code).toBe(0);
    expect(await t.bash("rm -rf build")).toMatchInlineSnapshot(`
      {
        "hookEventName": "PreToolUse",
        "permissionDecision": "deny",
        "permissionDecisionReason": "team policy: no rm -rf",
      }
    `);
    expect((await t.bash("ls"))?.permissionDecision).not.toBe("deny");
    expect((await t.run(["trust", "--yes"])).code).toBe(0);
    expect((await t.bash("rm -rf build"))?.permissionDecisionReason).toBe("team policy: no rm -rf");
  });

  it("lists the policy's settings handlers, and names its own file in list, the decision log and tool output, never one the project could hold at the same path", async () => {
    const t = team();
    // The project holds a file at the policy's path: an attribution relative to the folder would name it.
    write(t.box.cwd, ".claude/settings.json", "{}\n");
    expect((await t.run(["policy", "add", t.url, "--name", "team", "--yes"])).code).toBe(0);
    expect((await t.bash("rm -rf build"))?.permissionDecision).toBe("deny");
    const logged = (await t.run(["log", "--json"])).stdout;
    const hooks = (JSON.parse(logged) as { hook?: string }[]).map((record) => record.hook);
    expect(hooks).toEqual([
      "~/.config/hookwire/policies/installed/team/.claude/settings.json#hooks.PreToolUse[0].hooks[0]",
    ]);
    const list = (await t.run(["list"])).stdout;
    const handlers = list.slice(list.indexOf("settings handlers")).split("\n").slice(0, 3);
    expect(handlers).toMatchInlineSnapshot(`
      [
        "settings handlers (1)",
        "  PreToolUse Bash  command: sh "$CLAUDE_PROJECT_DIR"/.claude/hooks/no-rm.sh",
        "    ~/.config/hookwire/policies/installed/team/.claude/settings.json#hooks.PreToolUse[0].hooks[0] [policy team, Claude Code]",
      ]
    `);
    // explain shows it from the same source, marked the same way, first (it runs first).
    const explained = await t.run(["explain", "PreToolUse", "Bash"]);
    expect(explained.stdout.split("\n").slice(1)).toMatchInlineSnapshot(`
      [
        "✔ ~/.config/hookwire/policies/installed/team/.claude/settings.json#hooks.PreToolUse[0].hooks[0] [policy team, Claude Code]: fires: PreToolUse, matcher "Bash"",
        "1 of 1 would fire",
        "",
      ]
    `);
    const json = JSON.parse((await t.run(["explain", "PreToolUse", "--json"])).stdout) as {
      hooks: { policy?: string; fires: string }[];
    };
    expect(json.hooks.map((hook) => [hook.policy, hook.fires])).toEqual([["team", "maybe"]]);
    const tool = await t.run(["tool", "bash", "--input", '{"command":"rm -rf build"}']);
    expect(tool.stdout.split("\n").filter((line) => line.startsWith("✖"))).toMatchInlineSnapshot(`
      [
        "✖ blocked by ~/.config/hookwire/policies/installed/team/.claude/settings.json#hooks.PreToolUse[0].hooks[0]: team policy: no rm -rf",
      ]
    `);
  });

  it("marks a policy's module in list and explain as its settings handlers are, from the same source", async () => {
    const t = team();
    t.commit(".hookwire/hooks/audit.js", 'export default (pi) => pi.on("tool_call", () => undefined);\n');
    expect((await t.run(["policy", "add", t.url, "--name", "team", "--yes"])).code).toBe(0);
    const list = (await t.run(["list"])).stdout;
    expect(list.split("\n").filter((line) => line.includes("audit.js"))).toMatchInlineSnapshot(`
      [
        "  ~/.config/hookwire/policies/installed/team/.hookwire/hooks/audit.js  [policy team, module, native:.hookwire, project]  tool_call",
      ]
    `);
    const explained = (await t.run(["explain", "tool_call", "bash"])).stdout;
    expect(explained.split("\n").slice(1)).toMatchInlineSnapshot(`
      [
        "✔ ~/.config/hookwire/policies/installed/team/.claude/settings.json#hooks.PreToolUse[0].hooks[0] [policy team, Claude Code]: fires: PreToolUse, matcher "Bash"",
        "✔ ~/.config/hookwire/policies/installed/team/.hookwire/hooks/audit.js [policy team, module, native:.hookwire, project]: fires: 1 tool_call handler",
        "2 of 2 would fire",
        "",
      ]
    `);
  });

  it("refuses every tool call, naming the policy and the fix, once its files are edited on disk", async () => {
    const t = team();
    expect((await t.run(["policy", "add", t.url, "--name", "team", "--yes"])).code).toBe(0);
    // Someone edits the installed copy to let everything through.
    writeFileSync(path.join(t.installed, ".claude/hooks/no-rm.sh"), "#!/bin/sh\nexit 0\n");
    expect(await t.bash("ls")).toMatchInlineSnapshot(`
      {
        "hookEventName": "PreToolUse",
        "permissionDecision": "deny",
        "permissionDecisionReason": "hookwire: the policy \`team\` does not match its pin: its files changed on disk since it was pinned. Tool calls are refused until you review it and pin it again: hookwire policy update team",
      }
    `);
    expect(stable((await t.run(["policy"])).stdout)).toContain("CHANGED ON DISK: tool calls are refused");
    // The CLI's own tool calls go through the same check.
    const tool = await t.run(["tool", "bash", "--input", '{"command":"ls"}']);
    expect(tool.code).not.toBe(0);
    expect(tool.stdout.split("\n").filter((line) => line.startsWith("✖"))).toMatchInlineSnapshot(`
      [
        "✖ blocked: hookwire: the policy \`team\` does not match its pin: its files changed on disk since it was pinned. Tool calls are refused until you review it and pin it again: hookwire policy update team",
      ]
    `);
    const emit = await t.run([
      "emit",
      "tool_call",
      "--input",
      '{"toolName":"bash","input":{"command":"ls"}}',
    ]);
    expect(emit.code).not.toBe(0);
    expect(emit.stdout.split("\n").filter((line) => /^(result|✖)/.test(line))).toMatchInlineSnapshot(`
      [
        "result: {"block":true,"reason":"hookwire: the policy \`team\` does not match its pin: its files changed on disk since it was pinned. Tool calls are refused until you review it and pin it again: hookwire policy update team"}",
        "✖ blocked",
      ]
    `);
    // Removing the hook file (or the whole folder) is no way out either.
    rmSync(path.join(t.installed, ".claude"), { recursive: true });
    expect((await t.bash("ls"))?.permissionDecision).toBe("deny");
    rmSync(t.installed, { recursive: true });
    expect((await t.bash("ls"))?.permissionDecisionReason).toContain(
      "the policy `team` does not match its pin",
    );
    // `update` fetches it again from its source and pins what it shows.
    expect((await t.run(["policy", "update", "team", "--yes"])).code).toBe(0);
    expect((await t.bash("ls"))?.permissionDecision).not.toBe("deny");
    expect((await t.bash("rm -rf build"))?.permissionDecision).toBe("deny");
  });
});

describe("a policy in the resident server", () => {
  const running: Served[] = [];
  afterEach(async () => {
    for (const server of running.splice(0)) await server.stop();
  });

  it("refuses tool calls once the held policy is edited on disk, and runs the policy again once updated", async () => {
    const t = team();
    expect((await t.run(["policy", "add", t.url, "--name", "team", "--yes"])).code).toBe(0);
    const server = await serve(t.box);
    running.push(server);
    const answer = async (command: string) => {
      const body = claudeBash(t.box.cwd, command, "policy-serve-1");
      const reply = (await post(`${server.url}/claude`, body, server.headers)).json as {
        hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string };
      };
      return reply.hookSpecificOutput;
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
    expect((await answer("rm -rf build"))?.permissionDecisionReason).toBe("team policy: no rm -rf");
    expect((await answer("ls"))?.permissionDecision).not.toBe("deny");
    writeFileSync(path.join(t.installed, ".claude/hooks/no-rm.sh"), "#!/bin/sh\nexit 0\n");
    await settle();
    const refused = await answer("ls");
    expect(refused?.permissionDecision).toBe("deny");
    expect(refused?.permissionDecisionReason).toContain("hookwire policy update team");
    expect((await answer("rm -rf build"))?.permissionDecision).toBe("deny");
    expect((await t.run(["policy", "update", "team", "--yes"])).code).toBe(0);
    await settle();
    expect((await answer("ls"))?.permissionDecision).not.toBe("deny");
    expect((await answer("rm -rf build"))?.permissionDecisionReason).toBe("team policy: no rm -rf");
  });
});

describe("hookwire policy update", () => {
  it("shows the diff as trust does and pins the new hash only on confirmation", async () => {
    const t = team();
    expect((await t.run(["policy", "add", t.url, "--name", "team", "--yes"])).code).toBe(0);
    const before = (await t.run(["policy", "--json"])).stdout;
    t.commit(
      ".claude/hooks/no-rm.sh",
      "#!/bin/sh\nif grep -q 'rm -rf\\|curl'; then echo 'team policy: no rm -rf, no curl' >&2; exit 2; fi\nexit 0\n",
    );
    const shown = await t.run(["policy", "update", "team"]);
    expect(shown.code).toBe(1);
    expect(stable(shown.stdout)).toMatchInlineSnapshot(`
      "Changed since the policy \`team\` was pinned (<time>):
        edited  script .claude/hooks/no-rm.sh
      --- a/.claude/hooks/no-rm.sh
      +++ b/.claude/hooks/no-rm.sh
      @@ -1,3 +1,3 @@
       #!/bin/sh
      -if grep -q 'rm -rf'; then echo 'team policy: no rm -rf' >&2; exit 2; fi
      +if grep -q 'rm -rf\\|curl'; then echo 'team policy: no rm -rf, no curl' >&2; exit 2; fi
       exit 0
      Pinning the policy \`team\` lets these run (2 items):
        script .claude/hooks/no-rm.sh
        settings .claude/settings.json
      The policy \`team\` keeps its pin; nothing changed.
      "
    `);
    expect(shown.stderr).toMatchInlineSnapshot(`
      "hookwire: not pinned — there is no terminal to ask on. Review the above, then run \`hookwire policy update team\` again with --yes.
      "
    `);
    // Declined: the old files and pin stay, and they still run.
    expect((await t.run(["policy", "--json"])).stdout).toBe(before);
    expect((await t.bash("curl example.invalid"))?.permissionDecision).not.toBe("deny");

    const pinned = await t.run(["policy", "update", "--yes"]);
    expect(pinned.code).toBe(0);
    expect(pinned.stdout).toContain("Pinned the policy `team` (2 items).");
    const after = JSON.parse((await t.run(["policy", "--json"])).stdout).policies[0];
    expect(after.pin).not.toBe(JSON.parse(before).policies[0].pin);
    expect(after.intact).toBe(true);
    expect((await t.bash("curl example.invalid"))?.permissionDecisionReason).toBe(
      "team policy: no rm -rf, no curl",
    );
    expect((await t.run(["policy", "update", "team"])).stdout).toMatchInlineSnapshot(`
      "The policy \`team\` is as pinned; nothing changed.
      "
    `);
  });
});
