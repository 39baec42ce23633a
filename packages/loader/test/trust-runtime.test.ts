import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { HookError } from "@hookwire/core";
import { describe, expect, it } from "vitest";
import { type DiscoverOptions, discoverAndLoadHooks, HOOK_FORMATS, trustProject } from "../src/index.js";
import { tempDir } from "./helpers/fixtures.js";
import { sessionlessRunner } from "./helpers/runner.js";

interface Layout {
  root: string;
  cwd: string;
  home: string;
  options: DiscoverOptions;
  write(file: string, text: string, mode?: number): Promise<void>;
}

/** A project (optionally a subfolder of a monorepo) with its own home and trust store. */
async function layout(sub = "project"): Promise<Layout> {
  const root = await tempDir();
  const cwd = path.join(root, sub);
  const home = path.join(root, "home");
  await mkdir(cwd, { recursive: true });
  await mkdir(home, { recursive: true });
  const write = async (file: string, text: string, mode = 0o644) => {
    const full = path.resolve(cwd, file);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, text);
    await chmod(full, mode);
  };
  const options: DiscoverOptions = {
    home,
    formats: HOOK_FORMATS,
    trustStore: path.join(root, "trust.json"),
    fsCache: false,
  };
  return { root, cwd, home, options, write };
}

function preToolUse(command: string, args?: string[]) {
  return JSON.stringify({
    hooks: {
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command, ...(args ? { args } : {}) }] }],
    },
  });
}

/** Runs one bash tool call through what loaded and returns the errors reported. */
async function toolCall(cwd: string, hooks: Awaited<ReturnType<typeof discoverAndLoadHooks>>["hooks"]) {
  const runner = sessionlessRunner(hooks, cwd);
  const errors: HookError[] = [];
  runner.onError((error) => errors.push(error));
  const outcome = await runner.emitToolCall({ toolName: "bash", toolCallId: "1", input: { command: "ls" } });
  return { outcome, errors };
}

const PWN = 'touch "$CLAUDE_PROJECT_DIR/pwned"\n';

/** Module code that leaves `<cwd>/pwned` behind when it runs. */
const pwnModule = (cwd: string) =>
  `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(path.join(cwd, "pwned"))}, "");`;

/** A host's trust decision that approves what it was shown, after `file` was edited behind its back. */
function approveThenEdit(write: Layout["write"], file: string, text: string) {
  return async () => {
    await write(file, text);
    return true;
  };
}

// Each attack from the issue: a command whose script is reached some way, and the file an attacker edits.
const attacks: Array<{
  name: string;
  sub?: string;
  files: Record<string, string>;
  command: string;
  args?: string[];
  edit: string;
}> = [
  { name: "sh -c 'bash x.sh'", files: { "x.sh": "exit 0\n" }, command: "sh -c 'bash x.sh'", edit: "x.sh" },
  {
    name: "cd scripts && ./x.sh",
    files: { "scripts/x.sh": "#!/bin/sh\nexit 0\n" },
    command: "cd scripts && ./x.sh",
    edit: "scripts/x.sh",
  },
  {
    name: "a glob x*.sh",
    files: { "x1.sh": "exit 0\n" },
    command: 'for f in x*.sh; do sh "$f"; done; sh x*.sh',
    edit: "x1.sh",
  },
  {
    name: "exec form bash -c",
    files: { "x.sh": "exit 0\n" },
    command: "bash",
    args: ["-c", "sh x.sh"],
    edit: "x.sh",
  },
  {
    name: "npm run lint → package.json",
    files: { "package.json": JSON.stringify({ scripts: { lint: "sh lint.sh" } }), "lint.sh": "exit 0\n" },
    command: "npm run lint --silent",
    edit: "lint.sh",
  },
  {
    name: "a script outside the project folder",
    sub: "repo/app",
    files: { "../shared/x.sh": "exit 0\n" },
    command: "bash ../shared/x.sh",
    edit: "../shared/x.sh",
  },
  {
    name: "a helper a node script imports from another folder",
    files: {
      ".github/hooks/guard.mjs": 'import { check } from "../../lib/check.mjs";\ncheck();\n',
      "lib/check.mjs": "export const check = () => {};\n",
    },
    command: "node .github/hooks/guard.mjs",
    edit: "lib/check.mjs",
  },
  {
    name: "a helper's helper, and a CommonJS require without an extension",
    files: {
      "hooks/guard.cjs": 'const { check } = require("./lib/check");\ncheck();\n',
      "hooks/lib/check.js": 'module.exports = require("../../deep/inner.js");\n',
      "deep/inner.js": "module.exports = { check() {} };\n",
    },
    command: "node hooks/guard.cjs",
    edit: "deep/inner.js",
  },
  {
    name: "a literal dynamic import()",
    files: {
      "guard.mjs": 'const { check } = await import("./later.mjs");\ncheck();\n',
      "later.mjs": "export const check = () => {};\n",
    },
    command: "node guard.mjs",
    edit: "later.mjs",
  },
  {
    name: "two scripts that import each other (the walk ends)",
    files: {
      "a.mjs": 'import "./b.mjs";\nexport const a = 1;\n',
      "b.mjs": 'import "./a.mjs";\nimport "./c.mjs";\nexport const b = 1;\n',
      "c.mjs": "export const c = 1;\n",
    },
    command: "node a.mjs",
    edit: "c.mjs",
  },
];

describe("trust covers what a command really runs", () => {
  it.each(attacks)("untrusts the project when the script behind $name is edited", async (attack) => {
    const { cwd, options, write } = await layout(attack.sub);
    for (const [file, text] of Object.entries(attack.files)) await write(file, text, 0o755);
    await write(".claude/settings.json", preToolUse(attack.command, attack.args));
    const status = await trustProject(cwd, options);
    expect(
      status.items.some((item) => item.startsWith("script ") && item.endsWith(path.basename(attack.edit))),
    ).toBe(true);
    expect((await discoverAndLoadHooks([], cwd, options)).trust.trusted).toBe(true);
    await write(attack.edit, PWN, 0o755);
    const after = await discoverAndLoadHooks([], cwd, options);
    expect(after.trust.trusted).toBe(false);
  });

  it("untrusts the project when a helper in a subfolder of hooks/pre is edited", async () => {
    const { cwd, options, write } = await layout();
    await write(".claude/hooks/pre/bash.sh", "#!/bin/sh\nsh .claude/hooks/pre/lib/helper.sh\n", 0o755);
    await write(".claude/hooks/pre/lib/helper.sh", "exit 0\n");
    const status = await trustProject(cwd, options);
    expect(status.items).toContain("support .claude/hooks/pre/lib/helper.sh");
    await write(".claude/hooks/pre/lib/helper.sh", PWN);
    expect((await discoverAndLoadHooks([], cwd, options)).trust.trusted).toBe(false);
  });

  it("untrusts the project when a file in a symlinked helper folder outside it is edited", async () => {
    const { root, cwd, options, write } = await layout();
    await mkdir(path.join(root, "shared-lib"));
    await writeFile(path.join(root, "shared-lib", "util.mjs"), "export const ok = true;\n");
    await write(
      ".pi/hooks/guard.mjs",
      "import { ok } from './lib/util.mjs';\nexport default () => { void ok; };\n",
    );
    await symlink(path.join(root, "shared-lib"), path.join(cwd, ".pi/hooks/lib"));
    const status = await trustProject(cwd, options);
    expect(status.items).toContain("support .pi/hooks/lib/util.mjs");
    await writeFile(path.join(root, "shared-lib", "util.mjs"), "export const ok = false;\n");
    expect((await discoverAndLoadHooks([], cwd, options)).trust.trusted).toBe(false);
  });

  it("untrusts the project when a helper a hook module imports from outside its folder is edited", async () => {
    const { cwd, options, write } = await layout();
    // `../../lib/check.js` names lib/check.ts (TypeScript's convention), which imports ./rules.ts in turn.
    await write(
      ".pi/hooks/guard.ts",
      'import { check } from "../../lib/check.js";\nexport default (pi: { on(e: string, h: () => unknown): void }) => pi.on("tool_call", check);\n',
    );
    await write("lib/check.ts", 'import { rules } from "./rules.ts";\nexport const check = () => rules;\n');
    await write("lib/rules.ts", "export const rules = undefined;\n");
    const status = await trustProject(cwd, options);
    expect(status.items.filter((item) => item.startsWith("support "))).toEqual([
      "support lib/check.ts",
      "support lib/rules.ts",
    ]);
    expect((await discoverAndLoadHooks([], cwd, options)).trust.trusted).toBe(true);
    await write(
      "lib/rules.ts",
      'import { writeFileSync } from "node:fs";\nwriteFileSync("pwned", "");\nexport const rules = undefined;\n',
    );
    const after = await discoverAndLoadHooks([], cwd, options);
    expect(after.trust.trusted).toBe(false);
    expect(after.hooks).toEqual([]);
    expect(existsSync(path.join(cwd, "pwned"))).toBe(false);
  });

  it("follows a module's imports however they are spelled: no extension, a file: URL, a link out of the project", async () => {
    const { root, cwd, options, write } = await layout();
    await writeFile(path.join(root, "outside.ts"), "export const ok = true;\n");
    await write(".pi/hooks/guard.ts", 'import "../../lib/a";\nexport default () => {};\n');
    await write("lib/a.ts", `import ${JSON.stringify(pathToFileURL(path.join(cwd, "lib/b.ts")).href)};\n`);
    // A FIFO where an extensionless import looks first: skipped (never opened), and the walk goes on.
    execFileSync("mkfifo", [path.join(cwd, "lib/fifo")]);
    await write("lib/b.ts", 'import "./fifo";\nimport "./linked.ts";\n');
    await symlink(path.join(root, "outside.ts"), path.join(cwd, "lib/linked.ts"));
    const status = await trustProject(cwd, options);
    expect(status.items.filter((item) => item.startsWith("support "))).toEqual([
      "support lib/a.ts",
      "support lib/b.ts",
      "support lib/linked.ts",
    ]);
    await writeFile(path.join(root, "outside.ts"), `${pwnModule(cwd)}\n`);
    const after = await discoverAndLoadHooks([], cwd, options);
    expect(after.trust.trusted).toBe(false);
    expect(existsSync(path.join(cwd, "pwned"))).toBe(false);
  });

  it("checks what a project module imports right before it is imported", async () => {
    const { cwd, options, write } = await layout();
    await write(".pi/hooks/guard.mjs", 'import "../../lib/helper.mjs";\nexport default () => {};\n');
    await write("lib/helper.mjs", "export {};\n");
    const result = await discoverAndLoadHooks([], cwd, {
      ...options,
      trust: approveThenEdit(write, "lib/helper.mjs", `${pwnModule(cwd)}\n`),
    });
    expect(existsSync(path.join(cwd, "pwned"))).toBe(false);
    expect(result.errors.map((e) => e.error.reason)).toEqual(["trust-changed"]);
    expect(result.errors[0]?.error.shortMessage).toContain("lib/helper.mjs (edited)");
  });

  it("warns that what a hook module imports by a computed name is not fingerprinted", async () => {
    const { cwd, options, write } = await layout();
    await write(".pi/hooks/guard.mjs", "await import(process.env.HELPER);\nexport default () => {};\n");
    const result = await discoverAndLoadHooks([], cwd, options);
    expect(result.trust.trusted).toBe(false);
    expect(result.warnings.filter((w) => w.kind === "trust").map((w) => w.message)).toEqual([
      "`.pi/hooks/guard.mjs`: it imports a module named only at run time (`import(…)` of a value); what it imports that way is not fingerprinted.",
    ]);
  });

  it("untrusts the project when a helper a script imports through a symlink to outside the project is edited", async () => {
    const { root, cwd, options, write } = await layout();
    await writeFile(path.join(root, "outside.mjs"), "export const ok = true;\n");
    await symlink(path.join(root, "outside.mjs"), path.join(cwd, "helper.mjs"));
    await write("guard.mjs", 'import { ok } from "./helper.mjs";\nvoid ok;\n');
    await write(".claude/settings.json", preToolUse("node guard.mjs"));
    const status = await trustProject(cwd, options);
    expect(status.items.filter((item) => item.startsWith("script "))).toEqual([
      "script guard.mjs",
      "script helper.mjs",
    ]);
    await writeFile(path.join(root, "outside.mjs"), PWN);
    expect((await discoverAndLoadHooks([], cwd, options)).trust.trusted).toBe(false);
  });

  it("lists a node script that imports a module named only at run time as not fingerprinted", async () => {
    const { cwd, options, write } = await layout();
    await write("guard.mjs", "const name = process.env.HELPER;\nawait import(name);\n");
    await write(".claude/settings.json", preToolUse("node guard.mjs"));
    const result = await discoverAndLoadHooks([], cwd, options);
    expect(result.trust.unfingerprinted).toEqual([
      {
        source: ".claude/settings.json#hooks.PreToolUse[0].hooks[0]",
        command: "node guard.mjs",
        reason: "`guard.mjs`: it imports a module named only at run time (`import(…)` of a value)",
      },
    ]);
  });

  it("lists commands whose code cannot be fingerprinted", async () => {
    const { cwd, options, write } = await layout();
    await write(".claude/settings.json", preToolUse("curl -fsS https://example.invalid/x | sh"));
    const result = await discoverAndLoadHooks([], cwd, options);
    expect(result.trust.unfingerprinted).toEqual([
      {
        source: ".claude/settings.json#hooks.PreToolUse[0].hooks[0]",
        command: "curl -fsS https://example.invalid/x | sh",
        reason: "`… | sh`: `sh` runs whatever is piped into it",
      },
    ]);
  });
});

describe("trust is checked again right before a hook runs", () => {
  it("does not run a trusted script edited mid-session, reports HOOK_TRUST_CHANGED, and keeps the user's hooks", async () => {
    const { cwd, home, options, write } = await layout();
    await write("check.sh", "exit 0\n");
    await write(".claude/settings.json", preToolUse("sh check.sh"));
    await mkdir(path.join(home, ".claude"), { recursive: true });
    await writeFile(
      path.join(home, ".claude/settings.json"),
      preToolUse(`touch "${path.join(home, "user-ran")}"`),
    );
    await trustProject(cwd, options);
    const loaded = await discoverAndLoadHooks([], cwd, options);
    expect(loaded.trust.trusted).toBe(true);
    expect((await toolCall(cwd, loaded.hooks)).errors).toEqual([]);

    // The agent's own Write tool edits the script between two tool calls.
    await write("check.sh", PWN);
    const { outcome, errors } = await toolCall(cwd, loaded.hooks);
    expect(existsSync(path.join(cwd, "pwned"))).toBe(false);
    expect(existsSync(path.join(home, "user-ran"))).toBe(true);
    expect(outcome.block).not.toBe(true);
    expect(errors.map((e) => [e.code, e.hookPath, e.error])).toEqual([
      [
        "HOOK_TRUST_CHANGED",
        ".claude/settings.json#hooks.PreToolUse[0].hooks[0]",
        `check.sh (edited) changed since the project was trusted, so its hooks no longer run. Review the change, then run \`hookwire trust --cwd ${cwd}\` and reload the hooks.`,
      ],
    ]);
    expect(loaded.trust.guard?.revoked?.code).toBe("HOOK_TRUST_CHANGED");
  });

  it("keeps the project untrusted for the session once a change was seen, even if the file is put back", async () => {
    const { cwd, options, write } = await layout();
    await write(".claude/hooks/pre/bash.sh", "#!/bin/sh\nexit 0\n", 0o755);
    await trustProject(cwd, options);
    const loaded = await discoverAndLoadHooks([], cwd, options);
    await write(".claude/hooks/pre/bash.sh", `#!/bin/sh\n${PWN}`, 0o755);
    expect((await toolCall(cwd, loaded.hooks)).errors.map((e) => e.code)).toEqual(["HOOK_TRUST_CHANGED"]);
    await write(".claude/hooks/pre/bash.sh", "#!/bin/sh\nexit 0\n", 0o755);
    expect((await toolCall(cwd, loaded.hooks)).errors.map((e) => e.code)).toEqual(["HOOK_TRUST_CHANGED"]);
    expect(existsSync(path.join(cwd, "pwned"))).toBe(false);
  });

  it("notices a file replaced by one of the same size and time (a new inode)", async () => {
    const { cwd, options, write } = await layout();
    await write("a.sh", "exit 0\n");
    await write(".claude/settings.json", preToolUse("sh a.sh"));
    await trustProject(cwd, options);
    const loaded = await discoverAndLoadHooks([], cwd, options);
    const { rename, stat, utimes } = await import("node:fs/promises");
    const before = await stat(path.join(cwd, "a.sh"));
    await write("b.tmp", "exit 1\n");
    await utimes(path.join(cwd, "b.tmp"), before.atime, before.mtime);
    await rename(path.join(cwd, "b.tmp"), path.join(cwd, "a.sh"));
    expect((await toolCall(cwd, loaded.hooks)).errors.map((e) => e.code)).toEqual(["HOOK_TRUST_CHANGED"]);
  });

  it("checks a project module right before it is imported", async () => {
    const { cwd, options, write } = await layout();
    await write(".pi/hooks/guard.mjs", "export default () => {};\n");
    // The host approves what it was shown; the module is edited before it is imported.
    const result = await discoverAndLoadHooks([], cwd, {
      ...options,
      trust: approveThenEdit(write, ".pi/hooks/guard.mjs", `${pwnModule(cwd)}\nexport default () => {};\n`),
    });
    expect(existsSync(path.join(cwd, "pwned"))).toBe(false);
    expect(result.errors.map((e) => [e.error.reason, e.error.shortMessage])).toEqual([
      [
        "trust-changed",
        `Hook module \`.pi/hooks/guard.mjs\` was not imported: .pi/hooks/guard.mjs (edited) changed since the project was trusted, so its hooks no longer run. Review the change, then run \`hookwire trust --cwd ${cwd}\` and reload the hooks.`,
      ],
    ]);
  });
});

describe("discovery of an untrusted repository is bounded", () => {
  it("fingerprints a hook folder holding a FIFO and a link to /dev/zero without reading them, naming each", async () => {
    const { cwd, options, write } = await layout();
    await write(".pi/hooks/guard.mjs", "export default () => {};\n");
    const { execFileSync } = await import("node:child_process");
    execFileSync("mkfifo", [path.join(cwd, ".pi/hooks/pipe")]);
    await symlink("/dev/zero", path.join(cwd, ".pi/hooks/zero.js"));
    const result = await discoverAndLoadHooks([], cwd, options);
    expect(result.trust.trusted).toBe(false);
    expect(result.warnings.map((w) => w.message.replace(cwd, "<project>"))).toEqual([
      "`<project>/.pi/hooks/pipe` is a FIFO, not a regular file; it was not read.",
      "`<project>/.pi/hooks/zero.js` is a device file, not a regular file; it was not read.",
    ]);
    const status = await trustProject(cwd, options);
    expect(status.items).toEqual(["hook .pi/hooks/guard.mjs"]);
  });

  it("takes at most 256 files of a hook folder of 10,000 entries, says so, and still loads the user's hooks", async () => {
    const { cwd, home, options } = await layout();
    const pre = path.join(cwd, ".claude/hooks/pre");
    await mkdir(pre, { recursive: true });
    await Promise.all(Array.from({ length: 10_050 }, (_, i) => writeFile(path.join(pre, `h${i}.sh`), "")));
    await mkdir(path.join(home, ".claude/hooks/pre"), { recursive: true });
    await writeFile(path.join(home, ".claude/hooks/pre/bash.sh"), "exit 0\n");
    const result = await discoverAndLoadHooks([], cwd, options);
    expect(result.discovered.filter((e) => e.item.level === "project")).toHaveLength(256);
    expect(result.hooks.map((hook) => hook.path)).toEqual(["~/.claude/hooks/pre/bash.sh"]);
    expect(result.warnings.map((w) => w.message.replace(cwd, "<project>"))).toEqual([
      "`<project>/.claude/hooks/pre` holds more than 256 files; only the first 256 are read.",
      "`<project>/.claude/hooks/pre` holds more than 10000 files or nests too deep; the rest is not fingerprinted.",
    ]);
  }, 120_000);

  it("does not follow a link loop in a hook folder", async () => {
    const { cwd, options, write } = await layout();
    await write(".pi/hooks/guard.mjs", "export default () => {};\n");
    await symlink(path.join(cwd, ".pi/hooks"), path.join(cwd, ".pi/hooks/loop"));
    const status = await trustProject(cwd, options);
    expect(status.items).toEqual(["hook .pi/hooks/guard.mjs"]);
  });
});
