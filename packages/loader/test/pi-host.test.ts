// Which pi runs this process (hookwire inside pi), and the aliases it gives hook modules: only pi's own package counts.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { piAliases, runningPi } from "../src/load/pi-host.js";

const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "hookwire-pi-host-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A pi install as npm lays it out: the package, its dist, and its dependencies beside it. */
function install(at: string, scope: string, name = `${scope}/pi-coding-agent`): string {
  const modules = path.join(root, at, "node_modules");
  const pi = path.join(modules, scope, "pi-coding-agent");
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  write(path.join(pi, "package.json"), JSON.stringify({ name, type: "module" }));
  write(path.join(pi, "dist/cli.js"), "");
  write(path.join(pi, "dist/index.js"), "export {};\n");
  const dependency = (pkg: string, exports: Record<string, string>) => {
    write(path.join(modules, pkg, "package.json"), JSON.stringify({ name: pkg, type: "module", exports }));
    for (const target of Object.values(exports)) write(path.join(modules, pkg, target), "export {};\n");
  };
  dependency(`${scope}/pi-tui`, { ".": "./dist/index.js" });
  dependency(`${scope}/pi-ai`, { ".": "./dist/index.js", "./oauth": "./dist/oauth.js" });
  dependency("typebox", { ".": "./build/index.mjs", "./value": "./build/value.mjs" });
  return pi;
}

describe("the running pi", () => {
  it("is the pi package its CLI belongs to, through a link, under either scope", () => {
    const pi = install("global", "@earendil-works");
    const bin = path.join(root, "global/bin/pi");
    mkdirSync(path.dirname(bin), { recursive: true });
    symlinkSync(path.join(pi, "dist/cli.js"), bin);
    expect(runningPi(bin)).toEqual({ root: pi, scope: "@earendil-works" });
    const old = install("old", "@mariozechner");
    expect(runningPi(path.join(old, "dist/cli.js"))).toEqual({ root: old, scope: "@mariozechner" });
  });

  it("is not a package that only borrows pi's folder name: another scope, another name in its manifest", () => {
    const other = install("other", "@someone");
    expect(runningPi(path.join(other, "dist/cli.js"))).toBeUndefined();
    const impostor = install("impostor", "@earendil-works", "not-pi");
    expect(runningPi(path.join(impostor, "dist/cli.js"))).toBeUndefined();
    expect(runningPi(path.join(root, "missing/cli.js"))).toBeUndefined();
    expect(runningPi(undefined)).toBeUndefined();
  });

  it("is not found, and nothing hangs, when its package.json is a FIFO", () => {
    const pi = install("fifo", "@earendil-works");
    rmSync(path.join(pi, "package.json"));
    execFileSync("mkfifo", [path.join(pi, "package.json")]);
    expect(runningPi(path.join(pi, "dist/cli.js"))).toBeUndefined();
  });
});

describe("pi's aliases", () => {
  it("name the running pi's own files under both scopes, and leave out what that pi does not have", () => {
    const pi = install("aliases", "@earendil-works");
    const modules = path.join(root, "aliases/node_modules");
    const alias = piAliases(pi, "@earendil-works");
    expect(alias["@mariozechner/pi-coding-agent"]).toBe(path.join(pi, "dist/index.js"));
    expect(alias["@earendil-works/pi-tui"]).toBe(path.join(modules, "@earendil-works/pi-tui/dist/index.js"));
    expect(alias["@mariozechner/pi-ai/oauth"]).toBe(
      path.join(modules, "@earendil-works/pi-ai/dist/oauth.js"),
    );
    // No extension view in this pi: pi-ai itself, as pi 0.73 gave it.
    expect(alias["@earendil-works/pi-ai"]).toBe(path.join(modules, "@earendil-works/pi-ai/dist/index.js"));
    expect(alias["@sinclair/typebox/value"]).toBe(path.join(modules, "typebox/build/value.mjs"));
    // Not in this install: not aliased (the hook's import then resolves, or fails, as any package's).
    expect(alias["@earendil-works/pi-agent-core"]).toBeUndefined();
    expect(alias["typebox/compile"]).toBeUndefined();
  });
});
