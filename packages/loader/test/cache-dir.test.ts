import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmod, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { createJiti } from "jiti";
import { describe, expect, it } from "vitest";
import { defaultCacheRoot, loadHooks } from "../src/index.js";
import { defaultModuleCacheDir, MAX_MODULE_BYTES } from "../src/load/module-importer.js";
import { tempDir } from "./helpers/fixtures.js";

/** A hook module that needs jiti (a relative runtime import), saying which helper ran. */
async function moduleWithHelper(dir: string): Promise<string> {
  await writeFile(path.join(dir, "lib.ts"), 'export const who: string = "the source";\n');
  const file = path.join(dir, "guard.ts");
  await writeFile(
    file,
    'import { who } from "./lib.ts";\nexport default (pi: any) => { pi.registerCommand("who", { description: who, handler() {} }); };\n',
  );
  return file;
}

describe("transform caches", () => {
  it("live under $XDG_CACHE_HOME/hookwire (else ~/.cache/hookwire), never the temp folder", () => {
    expect(defaultCacheRoot({ XDG_CACHE_HOME: "/x/cache" })).toBe("/x/cache/hookwire");
    expect(defaultModuleCacheDir({ XDG_CACHE_HOME: "/x/cache" })).toBe("/x/cache/hookwire/modules");
    expect(defaultCacheRoot({ XDG_CACHE_HOME: "relative" })).toMatch(/\/\.cache\/hookwire$/);
  });

  it("do not run a rewritten jiti cache file planted in the shared temp folder", async () => {
    const sandbox = await tempDir();
    const project = path.join(sandbox, "project");
    await mkdir(project);
    const file = await moduleWithHelper(project);
    const saved = { TMPDIR: process.env.TMPDIR, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME };
    try {
      // The attacker: jiti's own default cache is <temp>/jiti; let it cache the helper, then rewrite it.
      process.env.TMPDIR = path.join(sandbox, "tmp");
      await mkdir(process.env.TMPDIR);
      const attacker = () =>
        createJiti(path.join(sandbox, "host.js"), {
          fsCache: true,
          moduleCache: false,
          interopDefault: false,
        });
      await attacker().import(file);
      const shared = path.join(process.env.TMPDIR, "jiti");
      for (const name of await readdir(shared)) {
        const text = await readFile(path.join(shared, name), "utf8");
        await writeFile(path.join(shared, name), text.replace("the source", "the planted cache"));
      }
      const fooled = (await attacker().import(path.join(project, "lib.ts"))) as { who: string };
      expect(fooled.who).toBe("the planted cache");

      process.env.XDG_CACHE_HOME = path.join(sandbox, "xdg");
      const { hooks, errors } = await loadHooks([file], project, { moduleCache: false });
      expect(errors).toEqual([]);
      expect(hooks[0]?.commands.get("who")?.description).toBe("the source");
      const modules = path.join(sandbox, "xdg", "hookwire", "modules");
      expect((await stat(modules)).mode & 0o777).toBe(0o700);
      expect((await readdir(modules)).sort()).toEqual([
        expect.stringMatching(/^guard\.ts\.[0-9a-f]{32}\.js$/),
        expect.stringMatching(/^lib\.ts\.[0-9a-f]{32}\.js$/),
      ]);
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  it("keep the cache in a folder only this user can open (mode 0700), and the folder holding it too", async () => {
    const project = await tempDir();
    const file = await moduleWithHelper(project);
    const cache = path.join(await tempDir(), "cache");
    await mkdir(cache, { mode: 0o777 });
    await chmod(cache, 0o777);
    const { errors } = await loadHooks([file], project, { fsCache: cache, moduleCache: false });
    expect(errors).toEqual([]);
    expect((await stat(cache)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(cache, "hookwire"))).mode & 0o777).toBe(0o700);
    expect((await readdir(path.join(cache, "hookwire"))).filter((name) => name.endsWith(".js"))).toHaveLength(
      2,
    );
  });

  describe("a cache entry that is not what was written for this source is never run", () => {
    /** Loads the hook with its helper from `cache` and says which helper text it ran. */
    const who = async (project: string, cache: string) => {
      const { hooks, errors } = await loadHooks([path.join(project, "guard.ts")], project, {
        fsCache: cache,
        moduleCache: false,
      });
      expect(errors).toEqual([]);
      return hooks[0]?.commands.get("who")?.description;
    };
    const entryOf = async (cache: string, name: string) => {
      const found = (await readdir(path.join(cache, "hookwire"))).find((f) => f.startsWith(`${name}.`));
      return path.join(cache, "hookwire", found ?? "missing");
    };
    const setup = async () => {
      const project = await tempDir();
      await moduleWithHelper(project);
      const cache = await tempDir();
      expect(await who(project, cache)).toBe("the source");
      return { project, cache, lib: await entryOf(cache, "lib.ts") };
    };

    it("rewritten in place: the body no longer matches the hash stored with it", async () => {
      const { project, cache, lib } = await setup();
      await writeFile(lib, (await readFile(lib, "utf8")).replace("the source", "the planted cache"));
      expect(await who(project, cache)).toBe("the source");
      // Transformed again and written over the rewritten entry.
      expect(await readFile(lib, "utf8")).not.toContain("the planted cache");
    });

    it("rewritten with a matching hash of the new body, but for another source (the key differs)", async () => {
      const { project, cache, lib } = await setup();
      const planted = await readFile(lib, "utf8");
      await writeFile(path.join(project, "lib.ts"), 'export const who: string = "the new source";\n');
      expect(await who(project, cache)).toBe("the new source");
      // The old entry renamed to the new source's name: its header names the old key.
      const fresh = await entryOf(cache, "lib.ts");
      const entries = (await readdir(path.join(cache, "hookwire"))).filter((f) => f.startsWith("lib.ts."));
      const newest = entries.map((f) => path.join(cache, "hookwire", f)).find((f) => f !== lib) ?? fresh;
      await writeFile(newest, planted);
      expect(await who(project, cache)).toBe("the new source");
    });

    it("truncated (a write cut short): the body no longer matches its hash", async () => {
      const { project, cache, lib } = await setup();
      const text = await readFile(lib, "utf8");
      await writeFile(lib, text.slice(0, text.indexOf("the source")));
      expect(await who(project, cache)).toBe("the source");
      expect(await readFile(lib, "utf8")).toBe(text);
    });

    it("a symbolic link in its place, even to an entry of this user with the right key and hash", async () => {
      const { project, cache, lib } = await setup();
      const elsewhere = path.join(await tempDir(), "elsewhere.js");
      // A consistent entry (header hash matches the body) that runs other code.
      const [header = "", ...body] = (await readFile(lib, "utf8")).split("\n");
      const code = body.join("\n").replace("the source", "the planted cache");
      const meta = JSON.parse(header.slice(header.indexOf("{")));
      meta.sha256 = createHash("sha256").update(code).digest("hex");
      await writeFile(elsewhere, `${header.slice(0, header.indexOf("{"))}${JSON.stringify(meta)}\n${code}`, {
        mode: 0o600,
      });
      await rm(lib);
      await symlink(elsewhere, lib);
      expect(await who(project, cache)).toBe("the source");
    });

    it("a FIFO in its place: refused without waiting for a writer", async () => {
      const { project, cache, lib } = await setup();
      await rm(lib);
      execFileSync("mkfifo", ["-m", "600", lib]);
      expect(await who(project, cache)).toBe("the source");
    });

    it("writable by others: not used", async () => {
      const { project, cache, lib } = await setup();
      await writeFile(lib, (await readFile(lib, "utf8")).replace("the source", "the planted cache"));
      await chmod(lib, 0o666);
      expect(await who(project, cache)).toBe("the source");
    });
  });

  it("refuses a hook module over the size cap", async () => {
    const project = await tempDir();
    const big = path.join(project, "big.ts");
    await writeFile(big, `export default () => {};\n//${"x".repeat(MAX_MODULE_BYTES)}\n`);
    const { errors } = await loadHooks([big], project, { fsCache: false });
    expect(errors[0]?.error.shortMessage).toMatch(
      /could not be imported: .*big\.ts is \d+ bytes, over the limit of 8388608; hook modules must be regular files/,
    );
  });
});
