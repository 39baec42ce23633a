// Installs hookwire from this checkout as the README says (scripts/install-local.mjs: every published package packed
// and installed into a throwaway npm prefix), installs the libraries' tarballs into a consumer project, and uses
// them as a user would.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../../..");
const tsc = path.join(repoRoot, "node_modules/typescript/bin/tsc");
const PACKAGES = [
  "core",
  "shell-rules",
  "settings-hooks",
  "trust",
  "loader",
  "opencode-plugins",
  "tool-wrapper",
  "project",
  "host-kit",
  "testing",
  "cli",
];
/**
 * What `npm install -g` of the CLI may write, in bytes (the sum of the installed files' sizes, which does not
 * depend on the file system's block size). It was 103 MB with recheck's JAR and native binary and the native
 * tree-sitter-bash build, and is ~26 MB without them. 32 MB since the loader tells CommonJS from ES modules scope by
 * scope from the program's syntax tree: oxc-parser (the oxc release oxc-transform is, ~3.6 MB with its binding) made
 * it 31.0 MB.
 */
const MAX_INSTALL_BYTES = 32_000_000;

// npm must not see pnpm's settings for this test run; HOME stays, so npm's cache does too.
const npmEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^(npm_|pnpm_|PNPM_|NODE_PATH$)/i.test(key)),
);

let work = "";
let tarballs: Record<string, string> = {};
let prefix = "";
let consumer = "";
/** What npm said while installing the CLI globally, warnings included. */
let globalInstall = "";

function run(file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const result = spawnSync(file, args, {
    cwd: options.cwd ?? work,
    env: options.env ?? npmEnv,
    encoding: "utf8",
    timeout: 240_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function npm(args: string[], cwd: string, loglevel = "error"): string {
  const result = run(
    "npm",
    [...args, "--no-audit", "--no-fund", "--prefer-offline", `--loglevel=${loglevel}`],
    {
      cwd,
    },
  );
  if (result.code !== 0) throw new Error(`npm ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout + result.stderr;
}

/** Every regular file below `dir` (links are not followed). */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The folders of the installed packages below `dir` (each `node_modules/<name>` and `node_modules/@scope/<name>`). */
function installedPackages(dir: string): string[] {
  return filesBelow(dir)
    .filter((file) => path.basename(file) === "package.json")
    .map(path.dirname)
    .filter((folder) => /node_modules\/(@[^/]+\/)?[^/@]+$/.test(folder));
}

function declarationFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".d.ts"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

beforeAll(() => {
  ensureBuilt();
  work = mkdtempSync(path.join(tmpdir(), "hookwire-pack-"));
  const packs = path.join(work, "tarballs");
  prefix = path.join(work, "prefix");
  // The README's install from a checkout (`pnpm run install:global`), into a throwaway prefix.
  const install = run(
    process.execPath,
    [path.join(repoRoot, "scripts/install-local.mjs"), "--prefix", prefix, "--pack-destination", packs],
    { cwd: repoRoot },
  );
  globalInstall = install.stdout + install.stderr;
  if (install.code !== 0) throw new Error(`install-local failed:\n${globalInstall}`);
  tarballs = Object.fromEntries(
    readdirSync(packs)
      .map((file) => {
        const pkg = file.replace(/-\d+\.\d+\.\d+\.tgz$/, "").replace(/^hookwire-(?!\d)/, "@hookwire/");
        return [file === "hookwire-0.1.0.tgz" ? "hookwire" : pkg, path.join(packs, file)];
      })
      .filter(([name]) => name === "hookwire" || PACKAGES.includes(name!.replace("@hookwire/", ""))),
  );

  consumer = path.join(work, "consumer");
  mkdirSync(consumer);
  const deps = Object.fromEntries(Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`]));
  writeFileSync(
    path.join(consumer, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module", dependencies: deps, overrides: deps }),
  );
  npm(["install", "@types/node@20"], consumer);
}, 300_000);

afterAll(() => {
  if (work && !process.env.HOOKWIRE_KEEP_PACK) rmSync(work, { recursive: true, force: true });
});

describe("the packed packages", () => {
  it("ship LICENSE, README, dist with source maps that carry their sources, and what every export points at", () => {
    for (const name of Object.keys(tarballs)) {
      const dir = path.join(consumer, "node_modules", name);
      const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
      expect(existsSync(path.join(dir, "LICENSE")), `${name} LICENSE`).toBe(true);
      expect(existsSync(path.join(dir, "README.md")), `${name} README`).toBe(true);
      expect(pkg).toMatchObject({ license: "MIT", engines: { node: ">=20.5" }, repository: { type: "git" } });
      expect(pkg.homepage && pkg.bugs?.url, name).toBeTruthy();
      if (name.startsWith("@")) expect(pkg.publishConfig, name).toEqual({ access: "public" });
      for (const target of Object.values(pkg.exports["."] as Record<string, string>)) {
        expect(existsSync(path.join(dir, target)), `${name} exports ${target}`).toBe(true);
      }
      const map = JSON.parse(readFileSync(path.join(dir, "dist/index.js.map"), "utf8"));
      expect(map.sourcesContent?.[0], `${name} sourcesContent`).toEqual(expect.any(String));
      expect(JSON.stringify(pkg.dependencies ?? {})).not.toContain("workspace:");
      // The type-checks below skip library files (checking zod's and execa's takes most of a minute), so
      // this is what keeps our declarations from importing a package the consumer does not get.
      const allowed = new Set(Object.keys(pkg.dependencies ?? {}));
      for (const file of declarationFiles(path.join(dir, "dist"))) {
        for (const [, specifier = ""] of readFileSync(file, "utf8").matchAll(/from "([^"]+)"/g)) {
          if (specifier.startsWith(".") || specifier.startsWith("node:")) continue;
          const bare = specifier.startsWith("@")
            ? specifier.split("/").slice(0, 2).join("/")
            : specifier.split("/")[0];
          expect(allowed.has(bare!), `${path.relative(dir, file)} imports ${specifier}`).toBe(true);
        }
      }
    }
  });
});

describe("hookwire installed into an npm prefix", () => {
  it("is installed by the README's own command, which runs scripts/install-local.mjs", () => {
    const readme = readFileSync(path.join(repoRoot, "README.md"), "utf8");
    expect(readme).toContain("pnpm install && pnpm run install:global");
    const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    expect(scripts["install:global"]).toBe("node scripts/install-local.mjs");
    expect(readdirSync(path.join(prefix, "lib/node_modules/@hookwire")).sort()).toEqual(
      expect.arrayContaining(["pi", "opencode", "opencode-plugins", "core", "loader"]),
    );
  });

  it(`weighs at most ${MAX_INSTALL_BYTES / 1e6} MB`, () => {
    const bytes = filesBelow(prefix).reduce((sum, file) => sum + lstatSync(file).size, 0);
    expect(bytes).toBeLessThanOrEqual(MAX_INSTALL_BYTES);
  });

  it("installs no package that runs a script at install time, and npm warns of none", () => {
    const running = installedPackages(prefix).filter((dir) => {
      const { scripts = {} } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
      // npm runs `node-gyp rebuild` for a package with a binding.gyp and no install script of its own.
      return (
        ["preinstall", "install", "postinstall"].some((name) => name in scripts) ||
        existsSync(path.join(dir, "binding.gyp"))
      );
    });
    expect(running.map((dir) => path.relative(prefix, dir))).toEqual([]);
    expect(globalInstall).not.toMatch(/install.?scripts?/i);
  });

  const bin = () => path.join(prefix, "bin/hookwire");
  const home = () => path.join(work, "home");
  const hookwire = (args: string[], cwd = path.join(work, "project")) =>
    run(bin(), args, {
      cwd,
      env: {
        ...npmEnv,
        PATH: `${path.join(prefix, "bin")}${path.delimiter}${npmEnv.PATH}`,
        HOME: home(),
        XDG_CONFIG_HOME: path.join(home(), ".config"),
        NO_COLOR: "1",
      },
    });

  it("prints its version", () => {
    mkdirSync(home(), { recursive: true });
    expect(hookwire(["--version"], work)).toMatchObject({ code: 0, stdout: "0.1.0\n" });
  });

  it("runs the demo it ships, and leaves nothing behind", () => {
    const tmp = path.join(work, "demo-tmp");
    mkdirSync(tmp);
    const out = run(bin(), ["demo"], { env: { ...npmEnv, TMPDIR: tmp, HOME: home(), NO_COLOR: "1" } });
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    for (const line of [
      "loaded 8 hooks:",
      // The guard imports @hookwire/shell-rules from a temp folder with no node_modules: the host's copy.
      "✖ blocked by .hookwire/hooks/block-rm-rf.ts: user denied command",
      "✖ blocked by .claude/settings.json#hooks.PreToolUse[0].hooks[0]: Force-pushing is not allowed here",
      "API_KEY=[REDACTED]",
      "▶ command: /handoff continue with the release",
    ]) {
      expect(out.stdout).toContain(line);
    }
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("refuses the matchers that backtrack exponentially, with an input that shows it", () => {
    const project = path.join(work, "matchers");
    const claude = path.join(project, ".claude");
    mkdirSync(claude, { recursive: true });
    const matchers = ["(a+)+$", "(\\w+\\s?)*$", "^(a|a)*$", "^(Bash|Edit)+$"];
    const group = (matcher: string) => ({ matcher, hooks: [{ type: "command", command: "true" }] });
    writeFileSync(
      path.join(claude, "settings.json"),
      JSON.stringify({ hooks: { PreToolUse: matchers.map(group) } }),
    );
    expect(hookwire(["trust", "--yes"], project).code).toBe(0);
    const out = hookwire(["doctor", "--json"], project);
    expect(out.code).toBe(2);
    const { summary, findings } = JSON.parse(out.stdout);
    expect(summary).toMatchObject({ settingsHandlers: 1, errors: 3 });
    expect(
      findings.map((finding: { where: string; message: string }) => [
        finding.where,
        /^Matcher (".*") can backtrack exponentially: "(.+?)" makes it run/.exec(finding.message)?.slice(1),
      ]),
    ).toEqual(
      matchers
        .slice(0, 3)
        .map((matcher, index) => [
          `.claude/settings.json → hooks.PreToolUse[${index}].matcher`,
          [JSON.stringify(matcher), expect.stringMatching(/^.{16,}$/)],
        ]),
    );
  });

  it("lists, trusts, emits, runs a tool call and diagnoses a project", () => {
    const project = path.join(work, "project");
    cpSync(path.join(repoRoot, "packages/cli/test/fixtures/basic"), project, { recursive: true });
    const before = hookwire(["list"]);
    expect(before.stdout).toContain("untrusted, not loaded (2)");
    expect(before.stdout).toContain(`trust them with: hookwire trust --cwd ${project}`);
    expect(hookwire(["trust", "--yes"]).code).toBe(0);
    expect(hookwire(["list"]).stdout).toContain("/greet  Ask, then say hello");
    const emit = hookwire([
      "emit",
      "PreToolUse",
      "--input",
      '{"tool_name":"Bash","tool_input":{"command":"curl example.com"}}',
    ]);
    expect(emit.code).toBe(1);
    expect(emit.stdout).toContain("curl is blocked by policy");
    const tool = hookwire(["tool", "bash", "--input", '{"command":"rm -rf build"}']);
    expect(tool.code).toBe(1);
    expect(tool.stdout).toContain("✖ blocked by .hookwire/hooks/guard.ts: rm -rf is not allowed here");
    expect(hookwire(["doctor"])).toMatchObject({ code: 0 });
  });

  it("installs hookwire-hook beside hookwire: a committed agent file names no path of this machine, finds it on PATH and guards; without it the call is refused, saying how to install", () => {
    const project = path.join(work, "project");
    expect(hookwire(["connect", "gemini"]).code).toBe(0);
    expect(hookwire(["trust", "--yes"]).code).toBe(0);
    const settings = JSON.parse(readFileSync(path.join(project, ".gemini/settings.json"), "utf8"));
    const command: string = settings.hooks.BeforeTool[0].hooks[0].command;
    expect(command).not.toContain(work);
    expect(command).toContain("hookwire-hook hook gemini BeforeTool");
    const event = JSON.stringify({
      session_id: "pack",
      transcript_path: "",
      cwd: project,
      hook_event_name: "BeforeTool",
      tool_name: "run_shell_command",
      tool_input: { command: "rm -rf build" },
    });
    const asGemini = (PATH: string) =>
      spawnSync("sh", ["-c", command], {
        cwd: project,
        input: event,
        encoding: "utf8",
        timeout: 120_000,
        env: { PATH, HOME: home(), XDG_CONFIG_HOME: path.join(home(), ".config"), HOOKWIRE_SERVER: "off" },
      });
    const guarded = asGemini(`${path.join(prefix, "bin")}${path.delimiter}${npmEnv.PATH}`);
    expect(guarded.stdout + guarded.stderr).toContain("rm -rf is not allowed here");
    // The teammate without hookwire: the PATH has node and sh, no hookwire-hook.
    const without = asGemini(`${path.dirname(process.execPath)}${path.delimiter}/usr/bin:/bin`);
    expect(without.status).toBe(2);
    expect(without.stderr).toContain("hookwire is not installed");
  });
});

describe("a consumer project", () => {
  const typecheck = (compilerOptions: Record<string, unknown>) => {
    writeFileSync(
      path.join(consumer, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "ES2022",
          skipLibCheck: true,
          types: ["node"],
          ...compilerOptions,
        },
        include: ["host.ts", ".hookwire/hooks/*.ts"],
      }),
    );
    return run(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: consumer });
  };

  beforeAll(() => {
    cpSync(path.join(here, "consumer-host.ts"), path.join(consumer, "host.ts"));
    // The scaffolded hook is part of what must type-check: init promises types the editor resolves.
    const init = run(path.join(prefix, "bin/hookwire"), ["init"], {
      cwd: consumer,
      env: { ...npmEnv, HOME: path.join(work, "home") },
    });
    if (init.code !== 0) throw new Error(init.stderr);
  });

  it("type-checks a host and the scaffolded hook under nodenext", { timeout: 120_000 }, () => {
    const out = typecheck({ module: "NodeNext", moduleResolution: "NodeNext" });
    expect(out.stdout + out.stderr).toBe("");
    expect(out.code).toBe(0);
  });

  it("type-checks them under bundler resolution", { timeout: 120_000 }, () => {
    const out = typecheck({ module: "ESNext", moduleResolution: "Bundler" });
    expect(out.stdout + out.stderr).toBe("");
    expect(out.code).toBe(0);
  });

  it("runs a hook author's node:test file with @hookwire/testing", () => {
    cpSync(path.join(here, "author.test.mjs"), path.join(consumer, "author.test.mjs"));
    const out = run(process.execPath, ["--test", "--test-reporter=tap", "author.test.mjs"], {
      cwd: consumer,
    });
    expect(out.stdout).toMatch(/^# pass 1$/m);
    expect(out.code).toBe(0);
  });
});
