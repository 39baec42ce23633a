// Where the real pi packages are installed (npm aliases in integration/package.json), and what their examples are.
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const integrationRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface PiPackage {
  version: string;
  root: string;
  /** Import a file of the package's dist folder. */
  load<T = Record<string, unknown>>(distFile: string): Promise<T>;
  /** The jiti aliases pi's own loader gives modules, so hookwire resolves host imports to the same files. */
  aliases(): Record<string, string>;
}

function piPackage(alias: string): PiPackage {
  // The package's real folder (pnpm links it), so both systems name the examples by the same path.
  const root = realpathSync(path.join(integrationRoot, "node_modules", alias));
  const version = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version as string;
  const piRequire = createRequire(path.join(root, "dist/index.js"));
  const resolve = (specifier: string) => {
    try {
      return piRequire.resolve(specifier);
    } catch {
      return undefined;
    }
  };
  return {
    version,
    root,
    load: (distFile) => import(path.join(root, "dist", distFile)),
    aliases() {
      const entries: Array<[string, string | undefined]> = [
        ["@mariozechner/pi-coding-agent", path.join(root, "dist/index.js")],
        ["@mariozechner/pi-coding-agent/hooks", path.join(root, "dist/core/hooks/index.js")],
        ["@mariozechner/pi-tui", resolve("@mariozechner/pi-tui")],
        ["@mariozechner/pi-ai", resolve("@mariozechner/pi-ai")],
        ["@mariozechner/pi-agent-core", resolve("@mariozechner/pi-agent-core")],
        ["typebox", resolve("typebox")],
        ["@sinclair/typebox", resolve("@sinclair/typebox")?.replace(/\/build\/cjs\/index\.js$/, "")],
      ];
      return Object.fromEntries(
        entries.filter((e): e is [string, string] => e[1] !== undefined && existsSync(e[1])),
      );
    },
  };
}

export const pi032 = piPackage("pi-hooks-0-32");
export const pi073 = piPackage("pi-ext-0-73");
/** pi 1.6 (the `@earendil-works` scope): it runs on Node ≥ 22.19 only, so its suite drives it in a Node 22 process
 * (`node22()` of integration/hosts/src/node22.ts). */
export const pi16 = piPackage("pi-ext-1-6");

/** pi 0.32's hook discovery: the `.ts` files of a folder (sub-folders are not hooks). */
export function hookExamples(pkg: PiPackage): string[] {
  const dir = path.join(pkg.root, "examples/hooks");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".ts") && statSync(path.join(dir, name)).isFile())
    .sort()
    .map((name) => path.join(dir, name));
}

/** pi 0.73's and 1.6's extension discovery: `*.ts` files, and folders with a `pi.extensions` manifest or an index.ts. */
export function extensionExamples(pkg: PiPackage): string[] {
  const dir = path.join(pkg.root, "examples/extensions");
  const found: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const entry = path.join(dir, name);
    if (statSync(entry).isFile()) {
      if (name.endsWith(".ts") || name.endsWith(".js")) found.push(entry);
      continue;
    }
    const manifest = path.join(entry, "package.json");
    const declared = existsSync(manifest)
      ? ((JSON.parse(readFileSync(manifest, "utf8")).pi?.extensions as string[] | undefined) ?? [])
          .map((p) => path.resolve(entry, p))
          .filter((p) => existsSync(p))
      : [];
    if (declared.length > 0) found.push(...declared);
    else if (existsSync(path.join(entry, "index.ts"))) found.push(path.join(entry, "index.ts"));
  }
  return found;
}

/** An example named relative to its examples folder. */
export function exampleName(pkg: PiPackage, file: string): string {
  return path.relative(path.join(pkg.root, "examples"), file);
}
