// A settings file's fingerprint covers what decides which hooks run and what they run, and nothing else.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { settingsTrustRead } from "@hookwire/settings-hooks";
import { describe, expect, it } from "vitest";
import {
  type DiscoverOptions,
  discoverAndLoadHooks,
  HOOK_FORMATS,
  projectTrustStatus,
  trustProject,
} from "../src/index.js";
import { tempDir } from "./helpers/fixtures.js";

async function layout(files: Record<string, string>) {
  const root = await tempDir();
  const cwd = path.join(root, "project");
  const home = path.join(root, "home");
  await mkdir(home, { recursive: true });
  const write = async (file: string, text: string) => {
    await mkdir(path.dirname(path.join(cwd, file)), { recursive: true });
    await writeFile(path.join(cwd, file), text);
  };
  for (const [file, text] of Object.entries(files)) await write(file, text);
  const options: DiscoverOptions = {
    home,
    formats: HOOK_FORMATS,
    trustStore: path.join(root, "trust.json"),
    fsCache: false,
  };
  return { root, cwd, options, write };
}

const guard = (matcher = "Bash") => ({
  PreToolUse: [{ matcher, hooks: [{ type: "command", command: "exit 0" }] }],
});
const claude = (extra: Record<string, unknown> = {}) => JSON.stringify({ hooks: guard(), ...extra }, null, 2);
const gemini = (extra: Record<string, unknown> = {}) =>
  JSON.stringify(
    {
      hooks: {
        BeforeTool: [{ matcher: "run_shell_command", hooks: [{ type: "command", command: "exit 0" }] }],
      },
      ...extra,
    },
    null,
    2,
  );
const codexToml = (extra = "") =>
  `model = "o3"\n${extra}\n[[hooks.PreToolUse]]\nmatcher = "Bash"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "exit 0"\n`;

interface Edit {
  name: string;
  file: string;
  before: string;
  after: string;
}

// The everyday edits agents and users make: none of them changes a hook.
const harmless: Edit[] = [
  {
    name: "connect --http puts the user's token in env.HOOKWIRE_TOKEN (it changes no hook; a secret is not fingerprinted)",
    file: ".claude/settings.local.json",
    before: claude(),
    after: claude({ env: { HOOKWIRE_TOKEN: "t".repeat(43) } }),
  },
  {
    name: "a new token beside the user's own env",
    file: ".claude/settings.local.json",
    before: claude({ env: { A: "1", HOOKWIRE_TOKEN: "t".repeat(43) } }),
    after: claude({ env: { A: "1", HOOKWIRE_TOKEN: "u".repeat(43) } }),
  },
  {
    name: "Claude Code writes a permissions.allow rule into settings.local.json",
    file: ".claude/settings.local.json",
    before: JSON.stringify({ permissions: { allow: ["Bash(ls)"] } }),
    after: JSON.stringify({ permissions: { allow: ["Bash(ls)", "Bash(npm test)"] } }),
  },
  {
    name: "Claude Code creates settings.local.json with a permission rule",
    file: ".claude/settings.local.json",
    before: "{}",
    after: JSON.stringify({ permissions: { allow: ["Bash(git status)"] } }, null, 2),
  },
  {
    name: "a model change beside the hooks in .claude/settings.json",
    file: ".claude/settings.json",
    before: claude({ model: "sonnet" }),
    after: claude({ model: "opus", permissions: { deny: ["Read(.env)"] } }),
  },
  {
    name: "a theme and an output style",
    file: ".claude/settings.json",
    before: claude(),
    after: claude({
      theme: "dark",
      outputStyle: "Explanatory",
      statusLine: { type: "command", command: "x" },
    }),
  },
  {
    name: "a model change in .gemini/settings.json",
    file: ".gemini/settings.json",
    before: gemini({ model: { name: "gemini-2.5-pro" } }),
    after: gemini({ model: { name: "gemini-2.5-flash" }, ui: { theme: "Dracula" } }),
  },
  {
    name: "a model change in .codex/config.toml",
    file: ".codex/config.toml",
    before: codexToml(),
    after: codexToml().replace('"o3"', '"gpt-5"'),
  },
  {
    name: "the same hooks reformatted, keys reordered",
    file: ".claude/settings.json",
    before: claude({ model: "x" }),
    after: JSON.stringify({ model: "x", hooks: guard() }),
  },
];

// Each of these changes which hooks run or what they run: it must untrust, however it is spelled.
const hookChanges: Edit[] = [
  {
    name: "an env entry beside hookwire's token",
    file: ".claude/settings.local.json",
    before: claude({ env: { HOOKWIRE_TOKEN: "t".repeat(43) } }),
    after: claude({ env: { HOOKWIRE_TOKEN: "t".repeat(43), NODE_OPTIONS: "--require ./evil.js" } }),
  },
  {
    name: "a variable only spelled like the token (another case is another variable)",
    file: ".claude/settings.local.json",
    before: claude(),
    after: claude({ env: { hookwire_token: "x" } }),
  },
  {
    name: "an env entry (every hook's environment)",
    file: ".claude/settings.json",
    before: claude(),
    after: claude({ env: { NODE_OPTIONS: "--require ./evil.js" } }),
  },
  {
    name: "PATH in env",
    file: ".claude/settings.local.json",
    before: JSON.stringify({ env: { PATH: "/usr/bin:/bin" } }),
    after: JSON.stringify({ env: { PATH: "./bin:/usr/bin:/bin" } }),
  },
  {
    name: "a matcher",
    file: ".claude/settings.json",
    before: claude(),
    after: JSON.stringify({ hooks: guard("Read") }),
  },
  {
    name: "a plugin enabled",
    file: ".claude/settings.json",
    before: claude({ enabledPlugins: { "a@m": false } }),
    after: claude({ enabledPlugins: { "a@m": true } }),
  },
  {
    name: "a marketplace added",
    file: ".claude/settings.json",
    before: claude(),
    after: claude({ extraKnownMarketplaces: { m: { source: { source: "github", repo: "x/y" } } } }),
  },
  {
    name: "disableAllHooks",
    file: ".claude/settings.json",
    before: claude(),
    after: claude({ disableAllHooks: true }),
  },
  {
    name: "an http hook's allowed env vars",
    file: ".claude/settings.json",
    before: claude({ httpHookAllowedEnvVars: [] }),
    after: claude({ httpHookAllowedEnvVars: ["AWS_SECRET_ACCESS_KEY"] }),
  },
  {
    name: 'hooks spelled with an escape ("hoo\\u006bs")',
    file: ".claude/settings.json",
    before: JSON.stringify({ permissions: { allow: [] } }),
    after: `{"permissions": {"allow": []}, "hoo\\u006bs": ${JSON.stringify(guard())}}`,
  },
  {
    name: "the last of two hooks keys (the one JSON parsers keep)",
    file: ".claude/settings.json",
    before: `{"hooks": {}, "hooks": ${JSON.stringify(guard())}}`,
    after: `{"hooks": {}, "hooks": ${JSON.stringify(guard("Write"))}}`,
  },
  {
    name: "a key spelled in another case (Hooks)",
    file: ".claude/settings.json",
    before: claude(),
    after: claude({ Hooks: guard("Write") }),
  },
  {
    name: "a top-level key hookwire does not know",
    file: ".claude/settings.json",
    before: claude(),
    after: claude({ hookPolicy: { run: "./x.sh" } }),
  },
  {
    name: "Gemini's hooksConfig.disabled",
    file: ".gemini/settings.json",
    before: gemini(),
    after: gemini({ hooksConfig: { disabled: ["exit 0"] } }),
  },
  {
    name: "Gemini's extensions list",
    file: ".gemini/settings.json",
    before: gemini({ extensions: { disabled: ["guard"] } }),
    after: gemini({ extensions: { disabled: [] } }),
  },
  {
    name: "Codex's [features] hooks",
    file: ".codex/config.toml",
    before: codexToml(),
    after: codexToml("[features]\nhooks = false\n"),
  },
  {
    name: "Codex's shell environment policy",
    file: ".codex/config.toml",
    before: codexToml(),
    after: codexToml('[shell_environment_policy]\nset = { PATH = "./bin" }\n'),
  },
  {
    name: "a settings file that no longer parses",
    file: ".claude/settings.json",
    before: claude(),
    after: `${claude()}\n// a comment\n`,
  },
];

async function trustedThenEdited(edit: Edit) {
  const project = await layout({
    [edit.file]: edit.before,
    ".pi/hooks/guard.ts": "export default () => {};\n",
  });
  await trustProject(project.cwd, project.options);
  expect((await projectTrustStatus(project.cwd, project.options)).trusted).toBe(true);
  await project.write(edit.file, edit.after);
  return project;
}

describe("a settings file's trust covers its hook settings", () => {
  it.each(harmless)("stays trusted after $name", async (edit) => {
    const { cwd, options } = await trustedThenEdited(edit);
    const status = await projectTrustStatus(cwd, options);
    expect(status.changes).toEqual([]);
    expect(status.trusted).toBe(true);
    expect((await discoverAndLoadHooks([], cwd, options)).trust.trusted).toBe(true);
  });

  it.each(hookChanges)("untrusts the project after $name", async (edit) => {
    const { cwd, options } = await trustedThenEdited(edit);
    const status = await projectTrustStatus(cwd, options);
    expect(status.trusted).toBe(false);
    expect(status.changes.map((change) => change.item)).toEqual([`settings ${edit.file}`]);
    expect((await discoverAndLoadHooks([], cwd, options)).trust.trusted).toBe(false);
  });

  it("shows only the hook settings in the diff of `hookwire trust`", async () => {
    const { cwd, options } = await trustedThenEdited({
      name: "",
      file: ".claude/settings.json",
      before: claude({ model: "sonnet", permissions: { allow: ["Bash(ls)"] } }),
      after: claude({ model: "opus", permissions: { allow: ["Bash(*)"] }, env: { DEBUG: "1" } }),
    });
    const [change] = (await projectTrustStatus(cwd, options)).changes;
    expect(change?.diff).toMatchInlineSnapshot(`
      {
        "after": "{
        "env": {
          "DEBUG": "1"
        },
        "hooks": {
          "PreToolUse": [
            {
              "hooks": [
                {
                  "command": "exit 0",
                  "type": "command"
                }
              ],
              "matcher": "Bash"
            }
          ]
        }
      }
      ",
        "before": "{
        "hooks": {
          "PreToolUse": [
            {
              "hooks": [
                {
                  "command": "exit 0",
                  "type": "command"
                }
              ],
              "matcher": "Bash"
            }
          ]
        }
      }
      ",
      }
    `);
  });

  it("keeps a project trusted by an earlier hookwire (whole-file digests) trusted until the file changes", async () => {
    const text = claude({ model: "sonnet" });
    const { root, cwd, options, write } = await layout({
      ".claude/settings.json": text,
      ".pi/hooks/guard.ts": "export default () => {};\n",
    });
    await trustProject(cwd, options);
    // The record as hookwire wrote it before: the settings item's digest of the whole file, no `settings` marker.
    const store = JSON.parse(await readFile(path.join(root, "trust.json"), "utf8"));
    const records = Object.values(store.projects)[0] as Record<string, Record<string, unknown>>;
    const record = Object.values(records)[0] as { files: Record<string, string>; settings?: string };
    const legacy = settingsTrustRead(text, {
      dialect: "claude",
      scope: "project",
      file: "x",
    } as never).legacy;
    record.files["settings .claude/settings.json"] = legacy as string;
    delete record.settings;
    await writeFile(path.join(root, "trust.json"), JSON.stringify(store));
    expect((await projectTrustStatus(cwd, options)).trusted).toBe(true);
    await write(".claude/settings.json", claude({ model: "opus" }));
    const status = await projectTrustStatus(cwd, options);
    expect(status.trusted).toBe(false);
    expect(status.changes.map((change) => change.diff)).toMatchInlineSnapshot(`
      [
        {
          "why": "it was trusted by an earlier hookwire, which covered the whole file; trusting it again covers only its hook settings",
        },
      ]
    `);
    expect((await trustProject(cwd, options)).trusted).toBe(true);
    await write(".claude/settings.json", claude({ model: "haiku" }));
    expect((await projectTrustStatus(cwd, options)).trusted).toBe(true);
  });

  it("shows no change for a permissions-only local file an earlier record covered whole", async () => {
    const local = JSON.stringify({ permissions: { allow: ["Bash(ls)"] } });
    const { root, cwd, options } = await layout({
      ".claude/settings.json": claude(),
      ".claude/settings.local.json": local,
    });
    await trustProject(cwd, options);
    const store = JSON.parse(await readFile(path.join(root, "trust.json"), "utf8"));
    const records = Object.values(store.projects)[0] as Record<string, Record<string, unknown>>;
    const record = Object.values(records)[0] as { files: Record<string, string>; settings?: string };
    record.files["settings .claude/settings.local.json"] = "0".repeat(64);
    delete record.settings;
    await writeFile(path.join(root, "trust.json"), JSON.stringify(store));
    const status = await projectTrustStatus(cwd, options);
    expect(status.trusted).toBe(true);
    expect(status.changes).toEqual([]);
  });

  it("fingerprints a settings file nested past the reader's limit byte for byte, without overflowing", async () => {
    const deep = `{"hooks": ${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
    const { cwd, options, write } = await trustedThenEdited({
      name: "",
      file: ".claude/settings.json",
      before: deep,
      after: deep,
    });
    expect((await projectTrustStatus(cwd, options)).trusted).toBe(true);
    await write(".claude/settings.json", deep.replace('"hooks"', '"model"'));
    expect((await projectTrustStatus(cwd, options)).trusted).toBe(false);
  });
});
