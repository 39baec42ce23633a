// Narrow surfaces: a package exports what a host or a hook author uses, and tests import the rest from `src`.
// Every entry point of every package (its index and each subpath of its exports map) has a budget here; the names
// are counted as a consumer sees them: every value and type the entry's declarations export.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const packagesDir = path.join(repoRoot, "packages");

/**
 * The most names each entry may export (`package` for its index, `package/subpath` for the others). A budget is
 * the entry's count when it was set (raising one is a decision a review sees, not drift), except core's index,
 * held to issue 37's 120 (93 when set): what only hookwire's own packages use is in `@hookwire/core/internal`,
 * every event type by name in `@hookwire/core/events`.
 */
const BUDGETS: Record<string, number> = {
  "@hookwire/core": 120,
  // pi 1.6's events (issue 41): each event type by name.
  "@hookwire/core/events": 80,
  // nowMs (issue 38): the call path's clock, which loads no node:perf_hooks; core, project, settings-hooks and the CLI
  // time a call with it. sha256 (issue 38): hookwire's one hash, which trust's private files exported and nine
  // modules of four packages each wrote again.
  "@hookwire/core/internal": 32,
  "@hookwire/host-kit": 29,
  // PluginRuntime, PluginRuntimes (issue 37): the contract a host hands opencode's plugin runtime through, now a
  // package of its own (the loader's opencode-tools subpath, 2 names, went with it).
  "@hookwire/loader": 40,
  // The user's hooks.json (turned-off hooks, and "onFailure": "block" since issue 36).
  "@hookwire/loader/user-config": 8,
  // The policy layer (issue 39): installed policies, their pins, `openPolicy` (a policy folder as hooks).
  "@hookwire/loader/policy": 14,
  "@hookwire/loader/project-root": 3,
  "@hookwire/opencode": 1,
  // Issue 37: opencode's plugin runtime out of the loader; the runtime a host hands the loader, and the tool table.
  "@hookwire/opencode-plugins": 1,
  "@hookwire/opencode-plugins/tools": 2,
  "@hookwire/pi": 2,
  // openProject and its trust notice, plus (issue 36) the failing-guard wording and the user's fail-closed setting
  // that the CLI, @hookwire/pi and @hookwire/opencode share instead of each keeping a copy; policyGate (issue 39's
  // follow-up): a broken policy refuses the CLI's `emit` and `tool` by the same check as every agent's gate.
  // PLUGIN_RUNTIMES (issue 37): opencode's plugin runtime, which openProject and the CLI both hand discovery.
  "@hookwire/project": 15,
  // The decision record every host writes (issue 37's follow-up: pi and opencode record too): its schema, the log's
  // writer and reader, the span spool, how an outcome is worded, and the in-process hosts' tool-call recorder.
  "@hookwire/project/records": 22,
  // SettingsTrustRead: what trust covers of a settings file (issue 36).
  "@hookwire/settings-hooks": 59,
  // The agent registry (issue 37): one AgentSpec per agent, what connect, doctor, discovery and serve read.
  // ManagedChannel: where an agent reads organisation settings (issue 39, connect --managed).
  "@hookwire/settings-hooks/agents": 27,
  // SHELL_ANALYSER_ID (issue 38): the analyser's identity, which keys trust's cache of shell analyses without
  // resolving and statting packages at every call.
  "@hookwire/shell-rules": 38,
  "@hookwire/testing": 16,
  "@hookwire/tool-wrapper": 28,
  // Trust (issue 37, item 5): the walk, the fingerprint, the decision, the guard, the records. Its lighter entries
  // (no settings-hooks or shell-rules) are what the loader's eager parts import: the one resolver and import reader
  // the module runner shares, the store and trust's errors, private per-user files (the loader's former entry).
  "@hookwire/trust": 24,
  "@hookwire/trust/modules": 12,
  "@hookwire/trust/store": 8,
  // defaultStateRoot: the state folder the decision log (now @hookwire/project's) and the CLI's records share.
  // sha256 went to @hookwire/core/internal (issue 38).
  "@hookwire/trust/private-files": 13,
  hookwire: 26,
};

interface Entry {
  name: string;
  source: string;
}

/** Every entry point of every package, from its exports map's `source` condition. */
function entries(): Entry[] {
  return readdirSync(packagesDir).flatMap((dir) => {
    const manifest = JSON.parse(readFileSync(path.join(packagesDir, dir, "package.json"), "utf8")) as {
      name: string;
      exports: Record<string, { source: string }>;
    };
    return Object.entries(manifest.exports).map(([subpath, conditions]) => ({
      name: subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
      source: path.join(packagesDir, dir, conditions.source),
    }));
  });
}

/** Every name each entry exports, values and types, sorted; one program for every entry (they share modules). */
function exportNames(sources: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram([...sources], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    customConditions: ["source"],
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  return new Map(
    sources.map((source) => {
      const module = checker.getSymbolAtLocation(program.getSourceFile(source)!)!;
      const names = checker
        .getExportsOfModule(module)
        .map((symbol) => symbol.name)
        .sort();
      return [source, names];
    }),
  );
}

describe("the public surface of a package", () => {
  const all = entries();
  let names = new Map<string, string[]>();
  beforeAll(() => {
    names = exportNames(all.map((entry) => entry.source));
  });

  it("has a budget for every entry point, and none for an entry that is gone", () => {
    expect(all.map((entry) => entry.name).sort()).toEqual(Object.keys(BUDGETS).sort());
  });

  it.each(all.map((entry) => [entry.name, entry.source] as const))(
    "%s stays within its budget",
    (name, source) => {
      const exported = names.get(source) ?? [];
      const limit = BUDGETS[name] ?? 0;
      expect(
        exported.length,
        `${name} exports ${exported.length} names:\n${exported.join(", ")}`,
      ).toBeLessThanOrEqual(limit);
      // Counted, not merely present: an entry that failed to resolve would export nothing.
      expect(exported.length).toBeGreaterThan(0);
    },
  );
});
