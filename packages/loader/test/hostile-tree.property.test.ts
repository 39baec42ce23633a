// A property: whatever tree of links, deep JSON and odd names a repository holds, the user's own hooks run the same.
import { execFileSync } from "node:child_process";
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DiscoverOptions, discoverAndLoadHooks, HOOK_FORMATS } from "../src/index.js";
import { tempDir } from "./helpers/fixtures.js";

// Where each format looks in a project: a hostile tree is dropped into these.
const PLACES = [
  ".pi/hooks",
  ".pi/hooks/pre",
  ".hookwire",
  ".claude",
  ".claude/hooks/pre",
  ".codex",
  ".codex/hooks",
  ".gemini",
  ".github/hooks",
  ".cursor",
  ".opencode/plugin",
  ".opencode",
  "",
];
const NAMES = [
  "settings.json",
  "settings.local.json",
  "hooks.json",
  "config.toml",
  "opencode.json",
  "package.json",
  "x.json",
  "guard.mjs",
  "guard.ts",
  "bash.sh",
  "pre-bash",
  "hooks",
  "plugin",
  "pre",
  "..",
  "a b",
  "\u202eevil",
  "line\nbreak",
  "x".repeat(200),
];
const deepJson = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const contents = fc.oneof(
  fc.integer({ min: 1, max: 100_000 }).map(deepJson),
  fc
    .integer({ min: 1, max: 2000 })
    .map(
      (depth) =>
        `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x","args":${deepJson(depth)}}]}]}}`,
    ),
  fc.constant('{"plugin": ["file://evil/x.js", "./\\u0000.js", "../../../../etc/passwd"]}'),
  fc.constant('{"disableAllHooks": true, "hooksConfig": {"enabled": false, "disabled": ["guard"]}}'),
  fc.constant("[features]\nhooks = false\n"),
  fc.constant('export default () => { throw new Error("project"); };\n'),
  fc.string({ maxLength: 64 }),
);
// The files and folders each format reads, as [folder, name]: most entries land on one of them.
const TARGETS: Array<[string, string]> = [
  [".pi", "hooks"],
  [".claude/hooks", "pre"],
  [".codex", "hooks"],
  [".opencode", "plugin"],
  [".claude", "settings.json"],
  [".claude", "settings.local.json"],
  [".codex", "config.toml"],
  [".codex", "hooks.json"],
  [".gemini", "settings.json"],
  [".github/hooks", "x.json"],
  ["", "opencode.json"],
  [".opencode", "opencode.json"],
  [".cursor", "hooks.json"],
  [".pi/hooks", "guard.mjs"],
  ["", "package.json"],
];
const where = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TARGETS) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...PLACES), fc.constantFrom(...NAMES)) },
);
const entry = fc.record({
  where,
  kind: fc.constantFrom("file", "file", "dir", "link", "fifo"),
  contents,
  // A link to itself (`hooks -> hooks`), its folder, the folder above, a device, nothing, another hook folder. None
  // leads out of the test's own folder: under `trust: "all"` a link out of the project imports what it finds there.
  target: fc.constantFrom("self", ".", "..", "/dev/zero", "/nonexistent", "../.pi/hooks"),
});

type Entry = typeof entry extends fc.Arbitrary<infer T> ? T : never;

/** Drops one entry into the project; whatever the OS refuses (a name, a clash) is left out. */
async function place(cwd: string, item: Entry) {
  const [folder, name] = item.where;
  const dir = path.join(cwd, folder);
  const file = path.join(dir, name);
  try {
    await mkdir(dir, { recursive: true });
    if (item.kind === "dir") await mkdir(file, { recursive: true });
    else if (item.kind === "link") await symlink(item.target === "self" ? name : item.target, file);
    else if (item.kind === "fifo") execFileSync("mkfifo", [file], { stdio: "ignore" });
    // `wx`: never opens what an earlier entry made (a FIFO would block the write).
    else await writeFile(file, item.contents, { flag: "wx" });
  } catch {
    // A clash with an earlier entry or a name the file system refuses: the tree is what could be made.
  }
}

/** What of the user's runs: the user-level hooks loaded and the user's settings handlers. */
function userSide(loaded: Awaited<ReturnType<typeof discoverAndLoadHooks>>) {
  return {
    hooks: loaded.hooks.filter((hook) => hook.path.startsWith("~/")).map((hook) => hook.path),
    handlers: loaded.settings.handlers.filter((handler) => handler.scope === "user").map((h) => h.jsonPath),
  };
}

describe("a hostile project tree", () => {
  it("never changes which of the user's hooks run", async () => {
    const root = await tempDir();
    const home = path.join(root, "home");
    await mkdir(path.join(home, ".pi/hooks"), { recursive: true });
    await writeFile(
      path.join(home, ".pi/hooks/guard.mjs"),
      'export default (pi) => pi.on("tool_call", () => {});\n',
    );
    await mkdir(path.join(home, ".claude"), { recursive: true });
    await writeFile(
      path.join(home, ".claude/settings.json"),
      JSON.stringify({
        hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] },
      }),
    );
    const options: DiscoverOptions = {
      home,
      formats: HOOK_FORMATS,
      trustStore: path.join(root, "trust.json"),
      fsCache: false,
    };
    const empty = path.join(root, "empty");
    await mkdir(empty);
    const expected = userSide(await discoverAndLoadHooks([], empty, options));
    expect(expected.hooks).toEqual(["~/.pi/hooks/guard.mjs"]);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 12 }), async (entries) => {
        const cwd = path.join(root, `p${run++}`);
        await mkdir(cwd);
        for (const item of entries) await place(cwd, item);
        try {
          // Untrusted, and trusted: neither may change what of the user's runs.
          expect(userSide(await discoverAndLoadHooks([], cwd, options))).toEqual(expected);
          expect(userSide(await discoverAndLoadHooks([], cwd, { ...options, trust: "all" }))).toEqual(
            expected,
          );
        } finally {
          await rm(cwd, { recursive: true, force: true });
        }
      }),
      { numRuns: 60 },
    );
  }, 240_000);
});
