// Another real local user shares XDG_CACHE_HOME and swaps the transform cache while the victim's host runs.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";

const root = process.getuid?.() === 0;
const canAddUsers = root && spawnSync("useradd", ["--help"]).status === 0;
const LOADER = pathToFileURL(path.resolve(import.meta.dirname, "../dist/index.js")).href;

/** Runs a child, resolving with its exit code and output. */
function run(command: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env } });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += String(chunk);
    });
    child.stderr.on("data", (chunk) => {
      out += String(chunk);
    });
    child.on("close", (code) => resolve({ code, out }));
  });
}

describe.skipIf(!canAddUsers)(
  "a cache another local user can rename (runs as root to create that user; skipped otherwise)",
  () => {
    const user = `hwatk${randomBytes(3).toString("hex")}`;
    // Not the test run's temp folder: the other user must reach this one.
    const shared = mkdtempSync("/tmp/hookwire-shared-");

    beforeAll(() => {
      ensureBuilt();
      const added = spawnSync("useradd", ["--no-create-home", "--shell", "/usr/sbin/nologin", user]);
      if (added.status !== 0) throw new Error(`useradd failed: ${added.stderr}`);
      chmodSync(shared, 0o777);
    }, 300_000);
    afterAll(() => {
      spawnSync("userdel", [user]);
      rmSync(shared, { recursive: true, force: true });
    });

    it("never runs what the other user planted in the module cache in the middle of a host's start", async () => {
      const cache = path.join(shared, "cache");
      const project = path.join(shared, "project");
      const ready = path.join(shared, "ready");
      const swapped = path.join(shared, "swapped");
      const pwned = path.join(shared, "pwned");
      mkdirSync(cache, { mode: 0o777 });
      chmodSync(cache, 0o777);
      mkdirSync(project, { mode: 0o755 });
      // The first hook (and its CommonJS helper) runs and then waits: the other user acts meanwhile.
      writeFileSync(
        path.join(project, "first.ts"),
        `import helper from "./helper.cts";
import { existsSync, writeFileSync } from "node:fs";
writeFileSync(${JSON.stringify(ready)}, "");
while (!existsSync(${JSON.stringify(swapped)})) await new Promise((r) => setTimeout(r, 20));
export default (pi: unknown) => void helper;
`,
      );
      writeFileSync(path.join(project, "helper.cts"), "module.exports = 1;\n");
      writeFileSync(path.join(project, "second.cts"), "module.exports = () => {};\n");
      // The other user owns the `hookwire` folder of the shared cache before the victim first runs.
      const mkdir = spawnSync("runuser", [
        "-u",
        user,
        "--",
        "mkdir",
        "-m",
        "0777",
        path.join(cache, "hookwire"),
      ]);
      expect(mkdir.status).toBe(0);

      const attacker = path.join(shared, "attacker.cjs");
      const second = path.join(project, "second.cts");
      writeFileSync(
        attacker,
        `const fs = require("node:fs"), path = require("node:path"), { createHash } = require("node:crypto");
const wait = () => new Promise((r) => setTimeout(r, 20));
const sha256 = (text) => createHash("sha256").update(text).digest("hex");
(async () => {
  while (!fs.existsSync(${JSON.stringify(ready)})) await wait();
  const modules = path.join(${JSON.stringify(cache)}, "hookwire", "modules");
  if (fs.existsSync(modules)) fs.renameSync(modules, modules + "-victim");
  fs.mkdirSync(modules, { mode: 0o755 });
  // The entry the runner looks for: the same name, key and hash it would write, with code of ours.
  const source = fs.readFileSync(${JSON.stringify(second)}, "utf8");
  for (const version of ["1", "2", "3", "4", "5", "6", "7"]) {
    const key = sha256(version + "\\0" + ${JSON.stringify(second)} + "\\0" + source);
    const code = 'require("node:fs").writeFileSync(${JSON.stringify(pwned)}, "");\\nmodule.exports = () => {};';
    const header = JSON.stringify({ key, sha256: sha256(code), deps: [], dynamicDeps: [], commonjs: true, kind: "commonjs", requires: ["node:fs"] });
    fs.writeFileSync(path.join(modules, "second.cts." + key.slice(0, 32) + ".js"), "//hookwire-module " + header + "\\n" + code);
  }
  fs.writeFileSync(${JSON.stringify(swapped)}, "");
})();
`,
      );
      const victim = path.join(shared, "victim.mjs");
      writeFileSync(
        victim,
        `const { loadHooks } = await import(${JSON.stringify(LOADER)});
const { errors } = await loadHooks(["first.ts", "second.cts"], ${JSON.stringify(project)}, { loadTimeout: 0 });
console.log(JSON.stringify(errors.map((e) => e.error.message)));
`,
      );
      const [host, other] = await Promise.all([
        run(process.execPath, [victim], { XDG_CACHE_HOME: cache }),
        run("runuser", ["-u", user, "--", process.execPath, attacker], {}),
      ]);
      expect(other.code, other.out).toBe(0);
      expect(host.out.trim()).toBe("[]");
      expect(existsSync(pwned)).toBe(false);
    }, 120_000);
  },
);
