// `hookwire --help` and `--version` load no ES module of hookwire's; commands load on use.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { stripVTControlCharacters } from "node:util";
import type { CommandDef } from "citty";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { COMMANDS, VERSION } from "../src/command-table.js";
import { renderedUsage } from "../src/help.js";
import { bin } from "./cli-harness.js";

/** The file URLs a real `hookwire` process loads, traced by a module loader hook. */
function modulesLoadedBy(args: string[]): { urls: string[]; stdout: string; status: number | null } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hookwire-trace-"));
  const hooks = path.join(dir, "hooks.mjs");
  writeFileSync(
    hooks,
    `import { writeSync } from "node:fs";
export async function load(url, context, next) {
  if (url.startsWith("file:")) writeSync(2, "LOADED " + url + "\\n");
  return next(url, context);
}
`,
  );
  const register = path.join(dir, "register.mjs");
  writeFileSync(
    register,
    `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  const run = spawnSync(process.execPath, ["--import", pathToFileURL(register).href, bin, ...args], {
    encoding: "utf8",
    cwd: dir,
  });
  const urls = run.stderr
    .split("\n")
    .filter((line) => line.startsWith("LOADED "))
    .map((line) => line.slice("LOADED ".length));
  return { urls, stdout: run.stdout, status: run.status };
}

const RUNTIME =
  /\/(zod|jiti|web-tree-sitter|tree-sitter-bash|recheck|tapable|diff)\/|packages\/(core|loader|settings-hooks|shell-rules|tool-wrapper|host-kit)\//;

describe("lazy loading", () => {
  beforeAll(() => ensureBuilt());

  it("answers --help with the usage the command table renders, loading no ES module of its own", async () => {
    const { urls, stdout, status } = modulesLoadedBy(["--help"]);
    expect(status).toBe(0);
    expect(stdout).toBe(`${stripVTControlCharacters(await renderedUsage())}\n`);
    expect(urls.filter((url) => url.includes("/packages/") && !url.endsWith("/bin/hookwire.js"))).toEqual([]);
  });

  it("prints the usage without colour when NO_COLOR is set or stdout is no terminal", () => {
    const plain = spawnSync(process.execPath, [bin], {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(plain.status).toBe(0);
    expect(plain.stdout).toBe(stripVTControlCharacters(plain.stdout));
    expect(plain.stdout).toContain("USAGE hookwire list|emit|");
  });

  it("leaves every other first argument to the CLI, also one named like an Object property", () => {
    const run = spawnSync(process.execPath, [bin, "constructor"], { encoding: "utf8" });
    expect({ status: run.status, stderr: run.stderr.split("\n")[0] }).toMatchInlineSnapshot(`
      {
        "status": 2,
        "stderr": "hookwire: Unknown command "constructor".",
      }
    `);
  });

  it("answers --version without importing the runtime", () => {
    const { urls, stdout, status } = modulesLoadedBy(["--version"]);
    expect(status).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(urls.filter((url) => RUNTIME.test(url))).toEqual([]);
  });

  it("imports only the command that runs", () => {
    const { urls, status } = modulesLoadedBy(["trust", "--help"]);
    expect(status).toBe(0);
    const commands = urls
      .filter((url) => url.includes("/cli/dist/commands/"))
      .map((url) => path.basename(url));
    expect(commands).toContain("trust.js");
    expect(commands).not.toContain("demo.js");
    expect(commands).not.toContain("emit.js");
  });

  it("gives each command the name and description of its table entry, which its module does not repeat", async () => {
    const modules = readdirSync(path.join(import.meta.dirname, "../src/commands"))
      .map((file) => file.replace(/\.ts$/, ""))
      .filter((name) => Object.hasOwn(COMMANDS, name));
    expect(modules.length).toBe(Object.keys(COMMANDS).length - 1);
    for (const file of modules) {
      const exported = Object.values(await import(`../src/commands/${file}.ts`)) as CommandDef[];
      const commands = exported.filter(
        (value) => typeof value === "object" && value !== null && "run" in value,
      );
      expect(commands.length, file).toBe(1);
      expect(commands[0]?.meta, `${file} declares meta: the command table holds it`).toBeUndefined();
    }
    for (const [name, entry] of Object.entries(COMMANDS)) {
      const command = await entry.load();
      expect(command.meta).toEqual({ name, description: entry.description });
    }
  });

  it("reports the version of its package.json", () => {
    const manifest = JSON.parse(readFileSync(path.join(import.meta.dirname, "../package.json"), "utf8"));
    expect(VERSION).toBe(manifest.version);
    expect(spawnSync(process.execPath, [bin, "--version"], { encoding: "utf8" }).stdout).toBe(`${VERSION}\n`);
  });
});
