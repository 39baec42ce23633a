import { existsSync } from "node:fs";
import { chmod, mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type DiscoverOptions,
  discoverAndLoadHooks,
  HOOK_FORMATS,
  projectTrustStatus,
  trustProject,
} from "../src/index.js";
import { tempDir } from "./helpers/fixtures.js";
import { sessionlessRunner } from "./helpers/runner.js";

async function layout() {
  const root = await tempDir();
  const cwd = path.join(root, "project");
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

const settings = (command: string) =>
  JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }] } });

/** A hook module that imports `specifier` and registers a tool_call handler that calls what it got. */
const hookImporting = (specifier: string) =>
  `import lib from ${JSON.stringify(specifier)};\nexport default (pi: any) => { pi.on("tool_call", () => { void lib; }); };\n`;

/** bash's `${BASH_SOURCE[0]}`, spelled so it is not a template placeholder. */
const BASH_SOURCE = "$" + "{BASH_SOURCE[0]}";

const PWN = (cwd: string) =>
  `require("node:fs").writeFileSync(${JSON.stringify(path.join(cwd, "pwned"))}, "");\nmodule.exports = {};\n`;
const PWN_ESM = (cwd: string) =>
  `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(path.join(cwd, "pwned"))}, "");\nexport default {};\n`;

// Each attack from the issue: files that run some way trust missed, and the one an attacker edits after trust.
const escapes: Array<{
  name: string;
  files: (cwd: string) => Record<string, string>;
  edit: string;
  pwn: "cjs" | "esm";
}> = [
  {
    name: "a script under node_modules inside the project",
    files: () => ({
      ".claude/settings.json": settings("node node_modules/tool/run.mjs"),
      "node_modules/tool/run.mjs": "export {};\n",
    }),
    edit: "node_modules/tool/run.mjs",
    pwn: "esm",
  },
  {
    name: "a #subpath import (package.json imports)",
    files: () => ({
      "package.json": JSON.stringify({ name: "app", type: "module", imports: { "#lib": "./src/lib.mjs" } }),
      ".pi/hooks/guard.ts": hookImporting("#lib"),
      "src/lib.mjs": "export default {};\n",
    }),
    edit: "src/lib.mjs",
    pwn: "esm",
  },
  {
    name: "createRequire(import.meta.url)",
    files: () => ({
      ".pi/hooks/guard.mjs":
        'import { createRequire } from "node:module";\nconst load = createRequire(import.meta.url);\nconst lib = load("../../lib/lib.cjs");\nexport default (pi) => pi.on("tool_call", () => void lib);\n',
      "lib/lib.cjs": "module.exports = {};\n",
    }),
    edit: "lib/lib.cjs",
    pwn: "cjs",
  },
  {
    name: "the helper of an extensionless node script (node .claude/guard)",
    files: () => ({
      ".claude/settings.json": settings("node .claude/guard"),
      ".claude/guard": 'require("../lib/helper.cjs");\n',
      "lib/helper.cjs": "module.exports = {};\n",
    }),
    edit: "lib/helper.cjs",
    pwn: "cjs",
  },
  {
    name: "the helper of a #!/usr/bin/env node pre file",
    files: () => ({
      ".claude/hooks/pre/bash": '#!/usr/bin/env node\nrequire("../../../lib/helper.cjs");\n',
      "lib/helper.cjs": "module.exports = {};\n",
    }),
    edit: "lib/helper.cjs",
    pwn: "cjs",
  },
  {
    name: "what a .tsx helper imports",
    files: () => ({
      ".pi/hooks/guard.ts": hookImporting("../../ui/view.tsx"),
      "ui/view.tsx": 'import dep from "./dep.ts";\nexport default dep;\n',
      "ui/dep.ts": "export default {};\n",
    }),
    edit: "ui/dep.ts",
    pwn: "esm",
  },
  {
    name: "a .cts require that resolves to .ts",
    files: () => ({
      ".pi/hooks/guard.cts":
        'const lib = require("../../lib/impl");\nmodule.exports = (pi: any) => pi.on("tool_call", () => void lib);\n',
      "lib/impl.ts": "module.exports = {};\n",
    }),
    edit: "lib/impl.ts",
    pwn: "cjs",
  },
  {
    name: "a folder's package.json main",
    files: () => ({
      ".pi/hooks/guard.ts": hookImporting("../../shared"),
      "shared/package.json": JSON.stringify({ main: "./impl.mjs" }),
      "shared/impl.mjs": "export default {};\n",
    }),
    edit: "shared/impl.mjs",
    pwn: "esm",
  },
  {
    name: "a package in the project's node_modules a hook imports by name",
    files: () => ({
      ".pi/hooks/guard.ts": hookImporting("helper-pkg/sub"),
      "node_modules/helper-pkg/package.json": JSON.stringify({
        name: "helper-pkg",
        exports: { "./sub": { import: "./esm/sub.mjs", require: "./cjs/sub.cjs" } },
      }),
      "node_modules/helper-pkg/esm/sub.mjs": "export default {};\n",
    }),
    edit: "node_modules/helper-pkg/esm/sub.mjs",
    pwn: "esm",
  },
  ...[
    "npm run --silent hk",
    "npm run -s hk",
    "npm --loglevel silent run hk",
    "pnpm run -s hk",
    "yarn -s run hk",
  ].map((command) => ({
    name: `${command} (an option before the script) whose script runs sh .claude/hooks/x.sh`,
    files: () => ({
      ".claude/settings.json": settings(command),
      "package.json": JSON.stringify({ scripts: { hk: "sh .claude/hooks/x.sh" } }),
      ".claude/hooks/x.sh": "exit 0\n",
    }),
    edit: ".claude/hooks/x.sh",
    pwn: "esm" as const,
  })),
  {
    name: 'a file a shell script sources with $(dirname "$0")',
    files: () => ({
      ".claude/settings.json": settings("bash tools/guard.sh"),
      "tools/guard.sh": '#!/bin/bash\nsource "$(dirname "$0")/lib.sh"\ncheck\n',
      "tools/lib.sh": "check() { exit 0; }\n",
    }),
    edit: "tools/lib.sh",
    pwn: "esm",
  },
  {
    name: `a file sourced through a variable set once (DIR=$(cd "$(dirname "${BASH_SOURCE}")" && pwd))`,
    files: () => ({
      ".claude/settings.json": settings("./tools/guard.sh"),
      "tools/guard.sh": `#!/usr/bin/env bash\nDIR="$(cd "$(dirname "${BASH_SOURCE}")" && pwd)"\n. "$DIR/lib/common.sh"\n`,
      "tools/lib/common.sh": "source ./tools/lib/deeper.sh\n",
      "tools/lib/deeper.sh": "true\n",
    }),
    edit: "tools/lib/deeper.sh",
    pwn: "esm",
  },
  {
    name: "a file an extensionless script run by bash sources",
    files: () => ({
      ".claude/settings.json": settings("bash tools/guard"),
      "tools/guard": "source tools/lib\n",
      "tools/lib": "true\n",
    }),
    edit: "tools/lib",
    pwn: "esm",
  },
  {
    name: "a Python module beside the script",
    files: () => ({
      ".claude/settings.json": settings("python3 tools/guard.py"),
      "tools/guard.py": "import json\nimport helper\n",
      "tools/helper.py": "from .inner import x\n",
    }),
    edit: "tools/helper.py",
    pwn: "esm",
  },
  {
    name: "a module of a Python package beside the script (from pkg import mod, from . import sub)",
    files: () => ({
      ".claude/settings.json": settings("python3 tools/guard.py"),
      "tools/guard.py": "from checks import rules\n",
      "tools/checks/__init__.py": "from . import shared\n",
      "tools/checks/rules.py": "X = 1\n",
      "tools/checks/shared.py": "Y = 1\n",
    }),
    edit: "tools/checks/shared.py",
    pwn: "esm",
  },
  {
    name: "npm run hk whose script runs sh .claude/hooks/x.sh",
    files: () => ({
      ".claude/settings.json": settings("npm run hk"),
      "package.json": JSON.stringify({ scripts: { hk: "sh .claude/hooks/x.sh" } }),
      ".claude/hooks/x.sh": "exit 0\n",
    }),
    edit: ".claude/hooks/x.sh",
    pwn: "esm",
  },
];

describe("files that run cannot escape the fingerprint", () => {
  it.each(escapes)("untrusts the project when $name is edited", async (attack) => {
    const { cwd, options, write } = await layout();
    for (const [file, text] of Object.entries(attack.files(cwd))) await write(file, text, 0o755);
    const status = await trustProject(cwd, options);
    expect(status.items.map((item) => item.replace(/^\w+ /, ""))).toContain(attack.edit);
    await write(attack.edit, attack.pwn === "cjs" ? PWN(cwd) : PWN_ESM(cwd), 0o755);
    expect((await projectTrustStatus(cwd, options)).trusted).toBe(false);
    const loaded = await discoverAndLoadHooks([], cwd, options);
    expect(loaded.trust.trusted).toBe(false);
    await sessionlessRunner(loaded.hooks, cwd).emitToolCall({
      toolName: "bash",
      toolCallId: "1",
      input: { command: "ls" },
    });
    expect(existsSync(path.join(cwd, "pwned"))).toBe(false);
  });

  it("runs the link the fingerprint covered, not a .ts beside it", async () => {
    const { root, cwd, options, write } = await layout();
    await write(".pi/hooks/guard.ts", hookImporting("./lib.js").replace("void lib;", "return lib as any;"));
    await writeFile(
      path.join(root, "elsewhere.js"),
      'export default { block: true, reason: "from the link" };\n',
    );
    await symlink(path.join(root, "elsewhere.js"), path.join(cwd, ".pi/hooks/lib.js"));
    await write(".pi/hooks/lib.ts", 'export default { block: true, reason: "from lib.ts" };\n');
    await trustProject(cwd, options);
    const loaded = await discoverAndLoadHooks([], cwd, options);
    const outcome = await sessionlessRunner(loaded.hooks, cwd).emitToolCall({
      toolName: "bash",
      toolCallId: "1",
      input: { command: "ls" },
    });
    expect(outcome).toMatchObject({ block: true, reason: "from the link" });
    await writeFile(path.join(root, "elsewhere.js"), "export default {};\n");
    expect((await projectTrustStatus(cwd, options)).trusted).toBe(false);
  });

  it("stays trusted when a file the command only writes changes, and untrusts when the script it runs does", async () => {
    const { cwd, options, write } = await layout();
    await write(".claude/settings.json", settings("touch .claude/ran.txt && bash .claude/hooks/guard.sh"));
    await write(".claude/ran.txt", "");
    await write(".claude/hooks/guard.sh", "exit 0\n");
    const status = await trustProject(cwd, options);
    expect(status.items.map((item) => item.replace(/^\w+ /, ""))).not.toContain(".claude/ran.txt");
    // What every run of the hook does to the file it touches.
    await write(".claude/ran.txt", "touched\n");
    expect((await projectTrustStatus(cwd, options)).trusted).toBe(true);
    await write(".claude/hooks/guard.sh", "exit 2\n");
    expect((await projectTrustStatus(cwd, options)).trusted).toBe(false);
  });

  it("lists what a script loads that cannot be followed, saying why", async () => {
    const { cwd, options, write } = await layout();
    await write(
      ".claude/settings.json",
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              hooks: [
                { type: "command", command: "python3 tools/guard.py" },
                { type: "command", command: "bash tools/guard.sh" },
                { type: "command", command: "source tools/missing.sh" },
              ],
            },
          ],
        },
      }),
    );
    await write(
      "tools/guard.py",
      "import json, sys\nimport importlib\nm = importlib.import_module(sys.argv[1])\nfrom .nowhere import x\n",
    );
    await write("tools/guard.sh", '#!/bin/bash\nsource "$LIB/lib.sh"\nsource "$(pick)"\n');
    const status = await projectTrustStatus(cwd, options);
    expect(status.unfingerprinted.map((u) => `${u.command}: ${u.reason}`)).toMatchInlineSnapshot(`
      [
        "python3 tools/guard.py: \`tools/guard.py\`: it imports modules named only at run time, which are not fingerprinted",
        "python3 tools/guard.py: \`tools/guard.py\`: \`from .nowhere import\` names no module beside it",
        "python3 tools/guard.py: \`tools/guard.py\`: it imports \`importlib\`, \`json\`, \`sys\` from outside its folder (the standard library or installed packages), which are not fingerprinted",
        "bash tools/guard.sh: \`tools/guard.sh\`: \`source $LIB/lib.sh\`: it sources a file named only at run time, which is not fingerprinted",
        "bash tools/guard.sh: \`tools/guard.sh\`: \`source $(pick)\`: it sources a file named only at run time, which is not fingerprinted",
      ]
    `);
    // The missing file is covered as missing: creating it is new code.
    expect(status.items).toContain("script tools/missing.sh");
    await trustProject(cwd, options);
    await write("tools/missing.sh", "rm -rf ~\n");
    expect((await projectTrustStatus(cwd, options)).trusted).toBe(false);
  });

  it("ends a loop of scripts sourcing each other, and a chain deeper than it follows is listed", async () => {
    const { cwd, options, write } = await layout();
    await write(".claude/settings.json", settings("bash a.sh"));
    await write("a.sh", "source b.sh\n");
    await write("b.sh", "source a.sh\nsource c0.sh\n");
    for (let i = 0; i < 12; i++) await write(`c${i}.sh`, `. c${i + 1}.sh\n`);
    await symlink(path.join(cwd, "a.sh"), path.join(cwd, "c12.sh"));
    const status = await projectTrustStatus(cwd, options);
    expect(status.items).toContain("script c6.sh");
    expect(status.items).not.toContain("script c7.sh");
    expect(status.unfingerprinted.map((u) => u.reason)).toMatchInlineSnapshot(`
      [
        "\`c6.sh\`: \`. c7.sh\`: sourced files nest deeper than 8 levels or number more than 64; the rest are not read",
      ]
    `);
  });

  it("lists a script too large to read for what it sources", async () => {
    const { cwd, options, write } = await layout();
    await write(".claude/settings.json", settings("bash big.sh"));
    await write("big.sh", `source lib.sh\n${"# padding\n".repeat(30_000)}`);
    const status = await projectTrustStatus(cwd, options);
    expect(status.unfingerprinted.map((u) => u.reason)).toMatchInlineSnapshot(`
      [
        "\`big.sh\`: it is larger than 262144 bytes; what it sources is not read",
      ]
    `);
  });

  it("hashes an opencode.json plugin outside the project and what it imports, never its whole folder", async () => {
    const { root, cwd, options, write } = await layout();
    const foreign = path.join(root, "system-plugins");
    await mkdir(foreign, { recursive: true });
    for (let i = 0; i < 300; i++) await writeFile(path.join(foreign, `other-${i}.js`), "export {};\n");
    await writeFile(
      path.join(foreign, "guard.js"),
      'import lib from "./lib.js";\nexport const Guard = async () => ({ "tool.execute.before": async () => void lib });\n',
    );
    await writeFile(path.join(foreign, "lib.js"), "export default {};\n");
    await write("opencode.json", JSON.stringify({ plugin: [path.join(foreign, "guard.js")] }));
    const status = await trustProject(cwd, options);
    expect(status.items).toEqual(["hook ../system-plugins/guard.js", "support ../system-plugins/lib.js"]);
    await writeFile(path.join(foreign, "other-7.js"), "export const x = 1;\n");
    expect((await projectTrustStatus(cwd, options)).trusted).toBe(true);
    await writeFile(path.join(foreign, "lib.js"), PWN_ESM(cwd));
    expect((await projectTrustStatus(cwd, options)).trusted).toBe(false);
  });

  it("does not walk or hash a tree outside the project that a glob names", async () => {
    const { root, cwd, options, write } = await layout();
    await mkdir(path.join(root, "big/a/b"), { recursive: true });
    await writeFile(path.join(root, "big/a/b/file.txt"), "x");
    await write(".claude/settings.json", settings(`cat ${root}/big/**/*`));
    const status = await projectTrustStatus(cwd, options);
    expect(status.items).toEqual(["settings .claude/settings.json"]);
    expect(status.unfingerprinted.map((u) => u.reason)).toEqual([
      `\`${root}/big/**/*\`: a glob outside the project is not expanded; what it matches is not fingerprinted`,
    ]);
  });
});
