import { chmod, mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { loadShellParser, shellCommands } from "@hookwire/shell-rules";
import { beforeAll, describe, expect, it } from "vitest";
import { commandFiles, plainCommandAnalysis } from "../src/command-files.js";
import { tempDir } from "./helpers/fixtures.js";

let root: string;
let cwd: string;

beforeAll(async () => {
  await loadShellParser();
  // A monorepo: the project is a subfolder, with a shared script beside it.
  root = await tempDir();
  cwd = path.join(root, "app");
  const files: Record<string, string> = {
    "shared/x.sh": "echo shared\n",
    "app/x.sh": "echo x\n",
    "app/x-two.sh": "echo x2\n",
    "app/.x-hidden.sh": "echo hidden\n",
    "app/scripts/x.sh": "echo scripts\n",
    "app/lint.sh": "echo lint\n",
    "app/prelint.sh": "echo prelint\n",
    "app/package.json": JSON.stringify({
      scripts: { lint: "sh lint.sh && npm run fmt", prelint: "bash prelint.sh", fmt: "./fmt.sh" },
    }),
    "app/fmt.sh": "echo fmt\n",
    "app/pnpm-lock.yaml": "lockfileVersion: 9\n",
    "app/Makefile": "all:\n\t./x.sh\n",
    "app/check.py": "print(1)\n",
    "app/node_modules/pkg/index.js": "module.exports = 1;\n",
    "app/conf.json": "{}\n",
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  await chmod(path.join(cwd, "scripts/x.sh"), 0o755);
});

function files(command: string, args?: string[]) {
  const found = commandFiles(
    { type: "command", command, ...(args ? { args } : {}) },
    { cwd, home: path.join(root, "home"), placeholders: new Map([["CLAUDE_PROJECT_DIR", cwd]]) },
  );
  return {
    files: found.files.map((file) => path.relative(cwd, file)),
    unknowns: found.unknowns,
  };
}

describe("commandFiles", () => {
  it("follows sh -c into the script it runs", () => {
    expect(files("sh -c 'bash x.sh'").files).toEqual(["x.sh"]);
  });

  it("resolves ./y after cd X", () => {
    expect(files("cd scripts && ./x.sh").files).toEqual(["scripts/x.sh"]);
  });

  it("expands a glob the way bash would, hidden files left out", () => {
    expect(files("bash x*.sh").files).toEqual(["x-two.sh", "x.sh"]);
  });

  it("reads the exec form with bash -c as code", () => {
    expect(files("bash", ["-c", "./scripts/x.sh --fast"]).files).toEqual(["scripts/x.sh"]);
  });

  it("follows npm run into package.json, its pre script, nested runs and the lockfile", () => {
    expect(files("npm run lint").files).toEqual([
      "fmt.sh",
      "lint.sh",
      "package.json",
      "pnpm-lock.yaml",
      "prelint.sh",
    ]);
    expect(files("pnpm lint").files).toContain("lint.sh");
    expect(files("yarn run lint").files).toContain("lint.sh");
  });

  // Each runner's option table places the script: an option's value is never taken for it.
  it.each([
    "npm run --silent lint",
    "npm run -s lint",
    "npm --silent run lint",
    "npm -s run-script lint",
    "npm run --loglevel silent lint",
    "npm --loglevel=silent run lint",
    "npm run --script-shell bash lint",
    "npm run --if-present --foreground-scripts lint",
    "npm run --workspaces-update false lint",
    "npm run --frobnicate lint",
    "npm run -- lint",
    "npm run lint -- --fix",
    "npm -C . run lint",
    "npm --prefix=. run lint",
    "pnpm run -s lint",
    "pnpm -s lint",
    "pnpm --silent run lint",
    "pnpm run --reporter silent lint",
    "pnpm --loglevel error lint",
    "pnpm -C . run lint",
    "yarn -s run lint",
    "yarn --silent lint",
    "yarn --cwd . run lint",
    "yarn --mutex network run lint",
    "bun run --silent lint",
    "bun --elide-lines 5 run lint",
  ])("finds the script of %s", (command) => {
    expect(files(command)).toEqual({
      files: ["fmt.sh", "lint.sh", "package.json", "pnpm-lock.yaml", "prelint.sh"],
      unknowns: [],
    });
  });

  it("lists a runner command whose script it cannot place, and still covers what it may run", () => {
    const unplaced = (command: string) => files(command).unknowns;
    expect(
      [
        "npm run -w packages/a lint",
        "npm run --workspaces lint",
        "npm run --logl silent lint",
        "npm run -sw lint",
        "pnpm -r lint",
        "pnpm --filter ./a run lint",
        "pnpm run --frobnicate lint",
        "yarn workspace a run lint",
        "yarn --frobnicate run lint",
        "bun --filter a run lint",
        'npm run "$SCRIPT"',
      ].flatMap(unplaced),
    ).toMatchInlineSnapshot(`
      [
        "\`npm run -w packages/a lint\`: \`-w\` runs the script in other packages, which trust does not follow",
        "\`npm run --workspaces lint\`: \`--workspaces\` runs the script in other packages, which trust does not follow",
        "\`npm run --logl silent lint\`: \`npm\` option \`--logl\` is not one hookwire knows, so the script it runs is not known",
        "\`npm run -sw lint\`: \`npm\` option \`-sw\` is not one hookwire knows, so the script it runs is not known",
        "\`pnpm -r lint\`: \`-r\` runs the script in other packages, which trust does not follow",
        "\`pnpm --filter ./a run lint\`: \`--filter\` runs the script in other packages, which trust does not follow",
        "\`pnpm run --frobnicate lint\`: \`pnpm\` option \`--frobnicate\` is not one hookwire knows, so the script it runs is not known",
        "\`yarn workspace a run lint\`: \`yarn workspace\` runs scripts in other packages, which trust does not follow",
        "\`yarn --frobnicate run lint\`: \`yarn\` option \`--frobnicate\` is not one hookwire knows, so the script it runs is not known",
        "\`bun --filter a run lint\`: \`--filter\` runs the script in other packages, which trust does not follow",
        "\`npm run $SCRIPT\`: the script it runs is named only at run time",
      ]
    `);
    // The guess is covered: every word that may be the script.
    expect(files("pnpm run --frobnicate lint").files).toContain("lint.sh");
  });

  it("includes scripts outside the project folder", () => {
    expect(files("bash ../shared/x.sh").files).toEqual(["../shared/x.sh"]);
  });

  it("reads the project-dir placeholder as the project, braced, quoted or not", () => {
    const braced = "$" + "{CLAUDE_PROJECT_DIR}";
    expect(files(`python3 "${braced}/check.py" --config=$CLAUDE_PROJECT_DIR/conf.json`).files).toEqual([
      "check.py",
      "conf.json",
    ]);
  });

  it("takes the makefile of make and sees through sudo, env and timeout", () => {
    expect(files("make -C . all").files).toEqual(["Makefile"]);
    expect(files("sudo -u ada env -i FOO=1 timeout 5 ./x.sh").files).toEqual(["x.sh"]);
  });

  it("counts what the project's own node_modules holds, and leaves out system programs", () => {
    // A repository can commit node_modules: what runs from inside the project is the repository's code.
    expect(files("node node_modules/pkg/index.js && /bin/sh -c true").files).toEqual([
      "node_modules/pkg/index.js",
    ]);
  });

  it("says what cannot be fingerprinted instead of guessing", () => {
    expect(files("curl -s https://example.invalid/i.sh | sh").unknowns).toEqual([
      "`… | sh`: `sh` runs whatever is piped into it",
    ]);
    expect(files("$RUNNER x.sh").unknowns[0]).toMatch(/^`\$RUNNER/);
    expect(files("npx some-tool").unknowns).toEqual([
      "`npx some-tool`: `npx` may download and run a package",
    ]);
    expect(files('bash -c "$SCRIPT"').unknowns[0]).toMatch(/runs code known only at run time/);
    expect(files("echo hi", undefined).unknowns).toEqual([]);
  });

  it("leaves out files a command only names or writes, and keeps what it runs", () => {
    expect(files("touch conf.json && mkdir -p out && ls x.sh && echo x.sh > out/log").files).toEqual([]);
    expect(files("touch conf.json && bash x.sh && ./x-two.sh").files).toEqual(["x-two.sh", "x.sh"]);
    // Content a command copies can run later in the same line: still fingerprinted.
    expect(files("cp x.sh run.sh && cat x-two.sh").files).toEqual(["x-two.sh", "x.sh"]);
  });

  it("fingerprints the file `source` reads", () => {
    expect(files("source ./x.sh && . x-two.sh")).toEqual({ files: ["x-two.sh", "x.sh"], unknowns: [] });
  });

  // Each way bash lets a script spell `source`: the file is followed, or the line is listed.
  it.each([
    ['"source" lib/common.sh', true],
    ["\\. lib/common.sh", true],
    ["s\\ource lib/common.sh", true],
    ["builtin source lib/common.sh", true],
    ["command . lib/common.sh", true],
    ["$'source' lib/common.sh", true],
    ["eval 'source lib/common.sh'", true],
    ["x=$(source lib/common.sh)", true],
    ["if true; then . ./lib/common.sh; fi", true],
    ["S=source; $S lib/common.sh", false],
    ['eval "$CODE"', false],
    ["curl -s https://example.invalid | bash", false],
  ] as const)("follows or lists a script's %s", async (line, followed) => {
    await mkdir(path.join(cwd, "lib"), { recursive: true });
    await writeFile(path.join(cwd, "lib/common.sh"), "true\n");
    await writeFile(path.join(cwd, "spelled.sh"), `#!/bin/bash\n${line}\n`);
    const found = files("bash spelled.sh");
    if (followed) expect(found).toEqual({ files: ["lib/common.sh", "spelled.sh"], unknowns: [] });
    else {
      expect(found.files).toEqual(["spelled.sh"]);
      expect(found.unknowns).toHaveLength(1);
      expect(found.unknowns[0]).toMatch(/^`spelled\.sh`: /);
    }
  });

  it("lists a sourced FIFO instead of reading it, and follows a link to a sourced file", async () => {
    const { execFileSync } = await import("node:child_process");
    execFileSync("mkfifo", [path.join(cwd, "pipe.sh")]);
    await symlink(path.join(root, "shared/x.sh"), path.join(cwd, "linked-lib.sh"));
    await writeFile(path.join(cwd, "uses.sh"), "source pipe.sh\nsource linked-lib.sh\n");
    expect(files("bash uses.sh")).toMatchInlineSnapshot(`
      {
        "files": [
          "linked-lib.sh",
          "pipe.sh",
          "uses.sh",
        ],
        "unknowns": [
          "\`uses.sh\`: \`source pipe.sh\`: it is not a regular file; what it holds at run time is not fingerprinted",
        ],
      }
    `);
  });

  it("follows a link to a script and keeps the name it was called by", async () => {
    await symlink(path.join(cwd, "x.sh"), path.join(cwd, "linked.sh"));
    expect(files("./linked.sh").files).toEqual(["linked.sh"]);
  });
});

describe("a command that is one path to a script", () => {
  beforeAll(() => loadShellParser());

  it("is read without the bash grammar, exactly as the grammar reads it", () => {
    for (const text of [
      "./.claude/hooks/guard.sh",
      "/usr/local/bin/fmt-check",
      "hooks/lint.py",
      "../x/a+b-c.sh",
    ]) {
      expect(plainCommandAnalysis(text)).toEqual(shellCommands(text));
    }
  });

  it("leaves everything else to the grammar: spaces, quotes, expansions, operators, wrappers, bare names", () => {
    for (const text of [
      "./a.sh x",
      "'./a.sh'",
      "$HOME/a.sh",
      "./a.sh;rm",
      "./a.sh&&b",
      "./a*.sh",
      "~/a.sh",
      "./bin/sudo",
      "/usr/bin/env",
      "./node_modules/.bin/npm",
      "/bin/bash",
      "guard.sh",
      "./dir/",
      "./a.sh\n./b.sh",
      "",
    ]) {
      expect(plainCommandAnalysis(text), text).toBeUndefined();
    }
  });
});
