// hookwire's table of what pi gives its extensions, against the table each installed pi builds for its own loader.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { piAliases } from "../../../packages/loader/src/load/pi-host.js";
import { type PiPackage, pi16, pi073 } from "./support/pi-packages.js";

/** The names in pi's own `getAliases()` table (`_aliases = { … }` in its extension loader), read from the package. */
function piOwnAliasNames(pkg: PiPackage): string[] {
  const text = readFileSync(path.join(pkg.root, "dist/core/extensions/loader.js"), "utf8");
  const table = /_aliases = \{([^}]*)\}/.exec(text)?.[1];
  if (table === undefined) throw new Error(`pi ${pkg.version}'s loader has no _aliases table: read it again`);
  return [...table.matchAll(/^\s*(?:"([^"]+)"|([\w$]+))\s*:/gm)].map((m) => (m[1] ?? m[2])!).sort();
}

describe.each([
  [pi16.version, pi16, "@earendil-works"],
  [pi073.version, pi073, "@mariozechner"],
] as const)("pi %s's aliases", (_version, pkg, scope) => {
  const ours = piAliases(pkg.root, scope);

  it("covers every name pi aliases for its extensions", () => {
    const names = piOwnAliasNames(pkg);
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name) => !(name in ours))).toEqual([]);
  });

  it("gives both scopes the running pi's own packages, and TypeBox under both its names", () => {
    const pi = pkg.root;
    expect(ours["@earendil-works/pi-coding-agent"]).toBe(path.join(pi, "dist/index.js"));
    expect(ours["@mariozechner/pi-coding-agent"]).toBe(path.join(pi, "dist/index.js"));
    expect(ours["@earendil-works/pi-tui"]).toBe(ours["@mariozechner/pi-tui"]);
    expect(ours["@earendil-works/pi-tui"]).toContain(`${scope}/pi-tui/`);
    expect(ours["@sinclair/typebox"]).toBe(ours.typebox);
    expect(ours.typebox).toMatch(/\/typebox\//);
  });
});

it("gives pi 1.6's extensions its pi-ai view (pi-ai with TypeBox's Type and StringEnum), as pi does", () => {
  const ours = piAliases(pi16.root, "@earendil-works");
  const view = path.join(pi16.root, "dist/core/extensions/pi-ai-extension-view.js");
  expect(ours["@earendil-works/pi-ai"]).toBe(view);
  expect(ours["@mariozechner/pi-ai/compat"]).toBe(view);
  // pi 0.73 had no view: its pi-ai is pi-ai itself.
  expect(piAliases(pi073.root, "@mariozechner")["@mariozechner/pi-ai"]).toContain("@mariozechner/pi-ai/");
});
