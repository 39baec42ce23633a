// Builds the typedoc site and follows its links: every module is named after its package, and the
// READMEs' links open rendered pages, not raw markdown files.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const out = mkdtempSync(path.join(tmpdir(), "hookwire-docs-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

let build: { status: number | null; stdout: string; stderr: string };
beforeAll(() => {
  build = spawnSync(
    process.execPath,
    [path.join(repoRoot, "node_modules/typedoc/bin/typedoc"), "--out", out],
    {
      cwd: repoRoot,
      encoding: "utf8",
      timeout: 170_000,
    },
  );
}, 180_000);

const pages = () =>
  readdirSync(out, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name));

describe("the API site", () => {
  it("builds without warnings", () => {
    expect(build.stdout + build.stderr).not.toContain("warning");
    expect(build.status).toBe(0);
  });

  it("names each module after its package and gives it a description", () => {
    const modules = readFileSync(path.join(out, "modules.html"), "utf8");
    for (const name of [
      "@hookwire/core",
      "@hookwire/loader",
      "@hookwire/settings-hooks",
      "@hookwire/tool-wrapper",
      "@hookwire/host-kit",
      "@hookwire/testing",
      "hookwire",
    ]) {
      expect(modules).toContain(`>${name}<`);
    }
    expect(modules).not.toMatch(/\/src</);
    const core = readFileSync(path.join(out, "modules/_hookwire_core.html"), "utf8");
    expect(core).toContain("combination policy per event kind");
  });

  it("resolves every relative link to a page it built, none to a markdown file", () => {
    const broken: string[] = [];
    for (const page of pages()) {
      for (const [, href = ""] of readFileSync(page, "utf8").matchAll(/href="([^"#]+)(?:#[^"]*)?"/g)) {
        if (/^[a-z]+:/.test(href)) continue;
        const target = path.resolve(path.dirname(page), href);
        if (href.endsWith(".md") || !existsSync(target)) broken.push(`${path.relative(out, page)} → ${href}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
