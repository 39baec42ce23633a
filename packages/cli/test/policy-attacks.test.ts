// `hookwire policy add` against hostile sources: names that leave the folder, option and transport injection,
// links out of the policy, huge files, a tarball with a link; and the npm and folder sources that should work.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { CliRun } from "./cli-harness.js";
import { type InProcessSandbox as Sandbox, sandboxInProcess as sandbox } from "./cli-in-process.js";

vi.setConfig({ testTimeout: 120_000 });

const SETTINGS = JSON.stringify({
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "exit 0" }] }] },
});

/** A sandbox and a policy folder beside its home, holding a Claude settings file. */
function setup(): {
  box: Sandbox;
  source: string;
  root: string;
  add: (...args: string[]) => Promise<CliRun>;
} {
  const box = sandbox("basic");
  const root = path.dirname(box.home);
  const source = path.join(root, "policy");
  mkdirSync(path.join(source, ".claude"), { recursive: true });
  writeFileSync(path.join(source, ".claude/settings.json"), SETTINGS);
  const add = async (...args: string[]) => {
    const out = await box.run(["policy", "add", ...args], {
      env: { HOOKWIRE_SERVER: "off", XDG_CACHE_HOME: path.join(box.home, ".cache") },
    });
    return {
      ...out,
      stderr: out.stderr.replaceAll(root, "<root>"),
      stdout: out.stdout.replaceAll(root, "<root>"),
    };
  };
  return { box, source, root, add };
}

/** What is in the policies folder besides the lists: no half-installed policy, no leftover fetch. */
function installed(box: Sandbox): string[] {
  const dir = path.join(box.home, ".config/hookwire/policies/installed");
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe("hookwire policy add refuses", () => {
  it.each(["../x", "..", "a/b", "/etc", ".hidden", "Team", "a".repeat(65), "x\ny"])(
    "the name %j",
    async (name) => {
      const { box, source, add } = setup();
      const out = await add(source, "--name", name, "--yes");
      expect(out.code).toBe(2);
      expect(out.stderr).toContain("is not a policy name");
      expect(out.stderr).toContain("Name it with --name <name>.");
      expect(installed(box)).toEqual([]);
    },
  );

  it("a source that starts with `-` (an option to git), before running anything", async () => {
    const { box, root, add } = setup();
    const marker = path.join(root, "pwned");
    const out = await add(`--upload-pack=touch ${marker}`, "--name", "x", "--yes");
    expect(out.code).toBe(2);
    expect(existsSync(marker)).toBe(false);
    expect(installed(box)).toEqual([]);
    // Given after `--`, so citty passes it as the source itself.
    const after = await add("--name", "x", "--yes", "--", `-u touch ${marker}`);
    expect(after.code).toBe(2);
    expect(after.stderr).toContain("it must not start with `-`");
    expect(existsSync(marker)).toBe(false);
  });

  it("git's ext:: transport, which runs a command, whether named outright or through a URL", async () => {
    const { box, root, add } = setup();
    const marker = path.join(root, "pwned");
    const out = await add(`ext::sh -c touch% ${marker}`, "--name", "x", "--yes");
    expect(out.code).toBe(2);
    expect(out.stderr).toMatchInlineSnapshot(`
      "hookwire: \`ext::sh -c touch% <root>/pwned\` names a git transport (\`ext::\`) that runs commands; a policy comes over https, ssh, git or file.
      "
    `);
    expect(existsSync(marker)).toBe(false);
    // A scheme git would hand to a helper is not fetched either.
    expect((await add("fd::17", "--name", "x", "--yes")).code).toBe(2);
    expect((await add("foo://host/x.git", "--name", "x", "--yes")).stderr).toContain(
      "not a policy source hookwire fetches",
    );
    expect(installed(box)).toEqual([]);
  });

  it("a link inside a folder policy, naming it, and installs nothing", async () => {
    const { box, source, add } = setup();
    symlinkSync("/etc/passwd", path.join(source, ".claude/passwd"));
    const out = await add(source, "--name", "team", "--yes");
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain(
      "`.claude/passwd` is a link: a policy holds its files themselves. Replace the link with the file it points to.",
    );
    expect(installed(box)).toEqual([]);
  });

  it("a link committed to a git policy, even one pointing inside it", async () => {
    const { box, source, add } = setup();
    symlinkSync(".claude/settings.json", path.join(source, "alias.json"));
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.email=a@example.invalid", "-c", "user.name=a", ...args], {
        cwd: source,
        stdio: "ignore",
      });
    git("init", "-q");
    git("add", "-A");
    git("commit", "-qm", "policy");
    const out = await add(`file://${source}`, "--name", "team", "--yes");
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain("`alias.json` is a link");
    expect(installed(box)).toEqual([]);
  });

  it("a file past the size bound, naming it", async () => {
    const { box, source, add } = setup();
    writeFileSync(path.join(source, "huge.bin"), Buffer.alloc(4 * 1024 * 1024 + 1));
    const out = await add(source, "--name", "team", "--yes");
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain("`huge.bin` is 4194305 bytes; a policy file may be at most 4194304.");
    expect(installed(box)).toEqual([]);
  });

  it("an npm tarball holding a link out of the package, before extracting it", async () => {
    const { box, root, add } = setup();
    const pkg = path.join(root, "package");
    mkdirSync(pkg);
    writeFileSync(path.join(pkg, "package.json"), '{"name": "@team/policy", "version": "1.0.0"}');
    symlinkSync("/etc/passwd", path.join(pkg, "passwd"));
    const tarball = path.join(root, "evil.tgz");
    execFileSync("tar", ["-czf", tarball, "-C", root, "package"]);
    const out = await add(`npm:${tarball}`, "--name", "team", "--yes");
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain(
      "The package holds `package/passwd -> /etc/passwd`, which is not a file or folder",
    );
    expect(installed(box)).toEqual([]);
  });
});

describe("hookwire policy add installs", () => {
  it("an npm package (npm pack, no scripts run), named after its folder", async () => {
    const { box, root, add } = setup();
    const pkg = path.join(root, "npm-policy");
    mkdirSync(path.join(pkg, ".claude"), { recursive: true });
    const marker = path.join(root, "prepare-ran");
    writeFileSync(
      path.join(pkg, "package.json"),
      JSON.stringify({ name: "@team/policy", version: "1.0.0", scripts: { prepare: `touch ${marker}` } }),
    );
    writeFileSync(path.join(pkg, ".claude/settings.json"), SETTINGS);
    const out = await add(`npm:${pkg}`, "--yes");
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("Installed the policy `npm-policy`");
    expect(installed(box)).toEqual(["npm-policy"]);
    expect(existsSync(marker)).toBe(false);
  });

  it("a folder, named after it", async () => {
    const { box, source, add } = setup();
    const out = await add(source, "--yes");
    expect(out.code).toBe(0);
    expect(out.stdout).toMatchInlineSnapshot(`
      "Pinning the policy \`policy\` lets these run (1 item):
        settings .claude/settings.json
      Pinned the policy \`policy\` (1 item).
      Installed the policy \`policy\` from <root>/policy: its hooks run first in every project.
      "
    `);
    expect(installed(box)).toEqual(["policy"]);
  });
});
