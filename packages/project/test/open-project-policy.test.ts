// openProject with an installed policy: its hooks decide first, and a policy edited while held refuses every call.
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { HOOK_FORMATS } from "@hookwire/loader";
import { pinPolicy, policyDir, policyPaths, policyStatus } from "@hookwire/loader/policy";
import { openProject } from "@hookwire/project";
import { afterAll, describe, expect, it } from "vitest";

const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "hw-project-policy-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const NO_RM = "#!/bin/sh\nif grep -q 'rm -rf'; then echo 'team: no rm -rf' >&2; exit 2; fi\nexit 0\n";
const SETTINGS = JSON.stringify({
  hooks: {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [{ type: "command", command: 'sh "$CLAUDE_PROJECT_DIR"/.claude/hooks/no-rm.sh' }],
      },
    ],
  },
});

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A home with policy `team` installed and pinned, and an untrusted project with a `.git`. */
async function setup() {
  const home = path.join(root, `home-${Math.random().toString(36).slice(2)}`);
  const env = { XDG_CONFIG_HOME: path.join(home, ".config") };
  const paths = policyPaths({ home, env });
  const dir = policyDir(paths, "team");
  write(path.join(dir, ".claude/settings.json"), SETTINGS);
  write(path.join(dir, ".claude/hooks/no-rm.sh"), NO_RM);
  chmodSync(paths.root, 0o700);
  const source = { kind: "path", source: "/team", addedAt: "2026-01-01T00:00:00.000Z" };
  writeFileSync(paths.sources, JSON.stringify({ version: 1, policies: { team: source } }), { mode: 0o600 });
  await pinPolicy(dir, paths.pins, (await policyStatus(dir, paths.pins)).fingerprint);
  const project = path.join(home, "work/app");
  mkdirSync(path.join(project, ".git"), { recursive: true });
  const trustStore = path.join(home, "trust.json");
  const opened = await openProject({
    cwd: project,
    discover: { home, env, formats: HOOK_FORMATS, trustStore },
  });
  return { dir, opened };
}

const call = (command: string) => ({ toolName: "bash", toolCallId: "c1", input: { command } });

describe("openProject with a policy", () => {
  it("lets the policy's hook decide in a project with no hooks of its own", async () => {
    const { opened } = await setup();
    expect(opened.loaded.policies.map((policy) => [policy.name, policy.intact])).toEqual([["team", true]]);
    expect(await opened.gate.check(call("rm -rf /"))).toMatchObject({
      action: "deny",
      reason: "team: no rm -rf",
    });
    expect((await opened.gate.check(call("ls"))).action).not.toBe("deny");
  });

  it("refuses every call once a pinned file is edited while the project is open", async () => {
    const { dir, opened } = await setup();
    writeFileSync(path.join(dir, ".claude/hooks/no-rm.sh"), "#!/bin/sh\nexit 0\n");
    const verdict = await opened.gate.check(call("ls"));
    expect(verdict).toMatchObject({ action: "deny", denied: "refused" });
    expect(verdict.reason).toMatchInlineSnapshot(
      `"hookwire: the policy \`team\` does not match its pin: its files changed on disk since it was pinned. Tool calls are refused until you review it and pin it again: hookwire policy update team"`,
    );
  });
});
