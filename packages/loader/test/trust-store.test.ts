import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { readTrustStore } from "@hookwire/trust/store";
import { describe, expect, it } from "vitest";
import {
  CapabilityRegistry,
  HOOK_FORMATS,
  projectTrustStatus,
  revokeProject,
  trustProject,
} from "../src/index.js";
import { defaultTrustStorePath } from "../src/user-config.js";
import { copyFixture, normalise, tempDir } from "./helpers/fixtures.js";

describe("trust store", () => {
  it("lives under XDG_CONFIG_HOME when set to an absolute path, else under ~/.config", () => {
    const home = path.resolve("/users/ada");
    expect(defaultTrustStorePath({ home, env: {} })).toBe(path.join(home, ".config/hookwire/trust.json"));
    expect(defaultTrustStorePath({ home, env: { XDG_CONFIG_HOME: path.resolve("/xdg") } })).toBe(
      path.resolve("/xdg/hookwire/trust.json"),
    );
    expect(defaultTrustStorePath({ home, env: { XDG_CONFIG_HOME: "relative" } })).toBe(
      path.join(home, ".config/hookwire/trust.json"),
    );
  });

  it("records, reports and revokes a project's trust, keyed by the project's real path", async () => {
    const root = await copyFixture("discovery");
    const cwd = path.join(root, "project");
    const options = {
      home: path.join(root, "home"),
      env: { XDG_CONFIG_HOME: path.join(root, "xdg") },
      settingsSources: [],
    };
    const before = await projectTrustStatus(cwd, options);
    expect(before).toMatchObject({
      root: cwd,
      trusted: false,
      store: path.join(root, "xdg/hookwire/trust.json"),
    });
    expect(before.recorded).toBeUndefined();

    await trustProject(cwd, options);
    const store = JSON.parse(await readFile(before.store, "utf8"));
    expect(Object.keys(store.projects)).toEqual([cwd]);
    expect(store.version).toBe(2);
    expect(Object.values(store.projects[cwd])).toEqual([
      expect.objectContaining({
        fingerprint: before.fingerprint,
        discovery: before.discovery,
        files: Object.fromEntries(
          before.items.map((item) => [item, expect.stringMatching(/^[0-9a-f]{64}$/)]),
        ),
      }),
    ]);
    expect((await projectTrustStatus(cwd, options)).trusted).toBe(true);

    expect(await revokeProject(cwd, options)).toBe(true);
    expect(await revokeProject(cwd, options)).toBe(false);
    expect((await readTrustStore(before.store)).projects).toEqual({});
  });

  it("treats a project without project items as trusted", async () => {
    const cwd = await tempDir();
    const status = await projectTrustStatus(cwd, {
      home: cwd,
      formats: HOOK_FORMATS,
      trustStore: path.join(cwd, "t.json"),
      registry: new CapabilityRegistry(),
      settingsSources: [],
    });
    expect(status).toMatchObject({ trusted: true, items: [] });
  });
});

describe("trust store under concurrency", () => {
  async function projects(count: number) {
    const root = await tempDir();
    const { mkdir } = await import("node:fs/promises");
    const dirs: string[] = [];
    for (let i = 0; i < count; i++) {
      const dir = path.join(root, `p${i}`);
      await mkdir(path.join(dir, ".claude/hooks/pre"), { recursive: true });
      await writeFile(path.join(dir, ".claude/hooks/pre/bash.sh"), `echo ${i}\n`);
      dirs.push(dir);
    }
    return { root, dirs, store: path.join(root, "config", "hookwire", "trust.json") };
  }

  it("keeps every record when 8 projects are trusted at once in one process", async () => {
    const { root, dirs, store } = await projects(8);
    const options = {
      home: path.join(root, "home"),
      formats: HOOK_FORMATS,
      trustStore: store,
      settingsSources: [],
    };
    await Promise.all(dirs.map((dir) => trustProject(dir, options)));
    expect(Object.keys((await readTrustStore(store)).projects).sort()).toEqual([...dirs].sort());
    const { readdir } = await import("node:fs/promises");
    // No temporary file is left behind; the trusted texts are kept beside the store for `hookwire trust`'s diffs.
    expect(await readdir(path.dirname(store))).toEqual(["trust-snapshots", "trust.json"]);
  });

  it("keeps the other records when trusting and revoking race", async () => {
    const { root, dirs, store } = await projects(6);
    const options = {
      home: path.join(root, "home"),
      formats: HOOK_FORMATS,
      trustStore: store,
      settingsSources: [],
    };
    await Promise.all(dirs.slice(0, 3).map((dir) => trustProject(dir, options)));
    await Promise.all([
      ...dirs.slice(3).map((dir) => trustProject(dir, options)),
      revokeProject(dirs[0]!, options),
    ]);
    expect(Object.keys((await readTrustStore(store)).projects).sort()).toEqual(dirs.slice(1).sort());
  });

  it("refuses a store anyone can write, with a warning instead of trusting from it", async () => {
    const { root, dirs, store } = await projects(1);
    const options = {
      home: path.join(root, "home"),
      formats: HOOK_FORMATS,
      trustStore: store,
      settingsSources: [],
    };
    await trustProject(dirs[0]!, options);
    const { chmod } = await import("node:fs/promises");
    await chmod(store, 0o666);
    const message = await readTrustStore(store).catch((e: Error) => normalise(e.message, root));
    expect(message).toMatchInlineSnapshot(
      `"The trust store \`<cwd>/config/hookwire/trust.json\` is not used because anyone can write it. Make it yours and private (\`chmod 700 <cwd>/config/hookwire && chmod 600 <cwd>/config/hookwire/trust.json\`)."`,
    );
    const { discoverAndLoadHooks } = await import("../src/index.js");
    const result = await discoverAndLoadHooks([], dirs[0]!, options);
    expect(result.trust.trusted).toBe(false);
    expect(result.warnings.map((w) => [w.kind, normalise(w.message, root)])).toEqual([
      ["trust", expect.stringContaining("is not used because anyone can write it")],
    ]);
    await expect(trustProject(dirs[0]!, options)).rejects.toThrow(/anyone can write it/);
  });

  it("refuses a store whose folder anyone can write", async () => {
    const { root, dirs, store } = await projects(1);
    const options = {
      home: path.join(root, "home"),
      formats: HOOK_FORMATS,
      trustStore: store,
      settingsSources: [],
    };
    await trustProject(dirs[0]!, options);
    const { chmod } = await import("node:fs/promises");
    await chmod(path.dirname(store), 0o777);
    await expect(readTrustStore(store)).rejects.toThrow(
      /its folder `.*` is writable by others: anyone can write it/,
    );
  });
});
