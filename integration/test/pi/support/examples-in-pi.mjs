// Preloaded into a real pi (`node --import <this> <pi>/dist/cli.js`): loads pi's example extensions through pi's own
// loader and through hookwire's, prints what each registered as JSON, and exits before pi's CLI starts.
//
// hookwire's loader runs with no `alias` option: it finds the pi this process runs, as inside pi, and gives hook
// modules pi's own packages. The project (`cwd`) is an empty folder: nothing is installed there.
// Input (environment): EXAMPLES (JSON list of files), PROJECT (the empty folder), LOADER (hookwire's loader entry).
import path from "node:path";
import { pathToFileURL } from "node:url";

const examples = JSON.parse(process.env.EXAMPLES ?? "[]");
const cwd = process.env.PROJECT;
const piRoot = path.resolve(path.dirname(process.argv[1]), "..");
const { loadExtensions } = await import(
  pathToFileURL(path.join(piRoot, "dist/core/extensions/loader.js")).href
);
const { loadHooks } = await import(pathToFileURL(process.env.LOADER).href);

/** What a module registered, by name only: the same fields for pi's Extension and hookwire's LoadedHook. */
function registrations(module) {
  const names = (map) => [...(map?.keys() ?? [])].map(String).sort();
  return {
    events: [...module.handlers]
      .filter(([, list]) => list.length > 0)
      .map(([name]) => name)
      .sort(),
    commands: names(module.commands),
    tools: names(module.tools),
    flags: names(module.flags),
    shortcuts: names(module.shortcuts),
    renderers: names(module.messageRenderers),
  };
}

/** The first line of a load failure, without the paths that differ between the two loaders. */
function why(text) {
  const missing = /Cannot find (?:module|package) '([^']+)'/.exec(text);
  return missing ? `Cannot find module '${missing[1]}'` : text.split("\n")[0];
}

const results = [];
for (const file of examples) {
  const pi = await loadExtensions([file], cwd);
  const hw = await loadHooks([file], cwd, { fsCache: false, moduleCache: false });
  const hwError = hw.errors[0]?.error;
  const hwText = hwError
    ? String(hwError.cause instanceof Error ? hwError.cause.message : hwError.message)
    : "";
  results.push({
    file,
    pi: pi.extensions[0]
      ? { loaded: true, registrations: registrations(pi.extensions[0]) }
      : { loaded: false, error: why(pi.errors[0]?.error ?? "no extension") },
    hookwire: hw.hooks[0]
      ? { loaded: true, registrations: registrations(hw.hooks[0]) }
      : { loaded: false, error: why(hwText || "no hook") },
  });
}
process.stdout.write(`${JSON.stringify(results)}\n`, () => process.exit(0));
