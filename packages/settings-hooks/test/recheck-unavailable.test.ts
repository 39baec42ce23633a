// A matcher regex is checked with recheck; an install where recheck cannot load refuses the matcher (fails closed).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const root = mkdtempSync(path.join(tmpdir(), "hw-recheck-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * A copy of the built package whose `dist/vendor/recheck.cjs` is missing and whose `node_modules` has every
 * dependency but recheck: what a broken install looks like to the package's own loader.
 */
function brokenInstall(): string {
  const copy = path.join(root, "settings-hooks");
  cpSync(path.join(packageDir, "package.json"), path.join(copy, "package.json"));
  cpSync(path.join(packageDir, "dist"), path.join(copy, "dist"), { recursive: true });
  rmSync(path.join(copy, "dist", "vendor", "recheck.cjs"));
  const modules = path.join(packageDir, "node_modules");
  for (const entry of readdirSync(modules)) {
    if (entry === "recheck" || entry.startsWith(".")) continue;
    mkdirSync(path.join(copy, "node_modules"), { recursive: true });
    symlinkSync(path.join(modules, entry), path.join(copy, "node_modules", entry));
  }
  return copy;
}

let copy: string;
beforeAll(() => {
  ensureBuilt();
  copy = brokenInstall();
}, 180_000);

it("refuses a regex matcher it cannot check, naming the file and JSON path and why", () => {
  const project = path.join(root, "project");
  mkdirSync(project, { recursive: true });
  const file = path.join(project, "settings.json");
  writeFileSync(
    file,
    JSON.stringify({
      hooks: {
        PreToolUse: [
          { matcher: "(Bash|Edit)+", hooks: [{ type: "command", command: "true" }] },
          { matcher: "Bash|Edit", hooks: [{ type: "command", command: "true" }] },
        ],
      },
    }),
  );
  const script = `
    import { readSettingsFile } from ${JSON.stringify(path.join(copy, "dist", "index.js"))};
    const result = await readSettingsFile({ file: ${JSON.stringify(file)}, scope: "project", dialect: "claude" });
    console.log(JSON.stringify({ issues: result.issues, handlers: result.handlers.map((h) => h.matcher) }));
  `;
  // pnpm's NODE_PATH (set for the scripts it runs) would find the workspace's recheck; an installed package has none.
  const { NODE_PATH: _, ...env } = process.env;
  const out = JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", env }),
  );
  // The group whose matcher needs recheck is skipped; exact names need no check and still run.
  expect(out.handlers).toEqual(["Bash|Edit"]);
  const normalise = (text: string) =>
    text.replaceAll(root, "<root>").replace(/chunks\/[\w.-]+\.js/, "chunks/<chunk>.js");
  expect(
    out.issues.map((issue: { message: string; file: string }) => ({
      ...issue,
      file: normalise(issue.file),
      message: normalise(issue.message),
    })),
  ).toMatchInlineSnapshot(`
    [
      {
        "code": "UNSAFE_MATCHER",
        "file": "<root>/project/settings.json",
        "message": "Matcher "(Bash|Edit)+" could not be checked for catastrophic backtracking, so it is not used: recheck did not run (dist/vendor/recheck.cjs is missing from the package of file://<root>/settings-hooks/dist/chunks/<chunk>.js (its build copies it there from recheck/lib/browser.js): reinstall the package, or build it.). Repair the install, or list exact names like "Edit|Write", which need no check. This group is skipped.",
        "path": "hooks.PreToolUse[0].matcher",
        "severity": "error",
      },
    ]
  `);
});
