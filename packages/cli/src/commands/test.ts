// `hookwire test [--watch]`: runs the fixtures in `.hookwire/tests/*.json` through emit and names each that fails.
import { watch } from "node:fs";
import path from "node:path";
import { didYouMean } from "@hookwire/core/internal";
import { defineCommand } from "citty";
import { EXIT } from "../errors.js";
import { emitJson, FIXTURE_DIR, fixtureFiles, readFixture } from "../fixtures.js";
import { createOutput, type Output } from "../output.js";
import { resolveProject } from "../project.js";
import { cwdArg, jsonArg } from "../shared-args.js";
import { type SubsetDifference, subsetDifference } from "../subset-diff.js";

interface FixtureResult {
  name: string;
  passed: boolean;
  /** Why it failed: the first differing path, or a fixture that could not run. */
  failure?: string;
}

const show = (value: unknown) => (value === undefined ? "undefined" : JSON.stringify(value));

/**
 * Why a fixture's event did not run as the project runs it, whatever its `expect`: emit refused it (a usage
 * error: an unknown event, bad input), or project hooks were skipped as untrusted — a result without them says
 * nothing about the project's hooks. A fixture that names `error` or `skipped` in its `expect` tests that itself.
 */
function notRun(expect: Record<string, unknown>, actual: Record<string, unknown>): string | undefined {
  const error = actual.error as { message?: string } | undefined;
  if (error && !("error" in expect))
    return `the event did not run: ${error.message ?? JSON.stringify(error)}`;
  const skipped = Array.isArray(actual.skipped) ? (actual.skipped as string[]) : [];
  if (skipped.length > 0 && !("skipped" in expect)) {
    const fix = (actual.problems as { fix?: string }[] | undefined)?.find((p) => p.fix)?.fix;
    const what = `${skipped.length} project hook source${skipped.length === 1 ? " was" : "s were"}`;
    return `ran untrusted: ${what} skipped (not trusted): ${skipped.join(", ")}; the result is without them${fix ? `. Review and trust them: ${fix}` : ""}`;
  }
  return undefined;
}

/** The first difference, said; a key emit never prints gets the closest one it does (`block` → `blocked`). */
function describeDifference(difference: SubsetDifference): string {
  const where = `expect.${difference.path}`;
  if (difference.keys) {
    const key = difference.path.split(/[.[]/).at(-1)?.replace(/["\]]/g, "") ?? "";
    const hint = didYouMean(key, difference.keys);
    if (hint)
      return `${where}: emit prints no ${JSON.stringify(key)} here; did you mean ${JSON.stringify(hint)}?`;
  }
  return `${where}: expected ${show(difference.expected)}, got ${show(difference.actual)}`;
}

async function runFixtures(root: string): Promise<FixtureResult[]> {
  const results: FixtureResult[] = [];
  for (const file of fixtureFiles(root)) {
    const fixture = readFixture(file, path.relative(root, file));
    if ("problem" in fixture) {
      results.push({ name: fixture.name, passed: false, failure: fixture.problem });
      continue;
    }
    try {
      const actual = await emitJson(root, fixture.event, fixture.input);
      const cause = notRun(fixture.expect, actual);
      const difference = cause ? undefined : subsetDifference(fixture.expect, actual);
      const failure = cause ?? (difference ? describeDifference(difference) : undefined);
      results.push(
        failure ? { name: fixture.name, passed: false, failure } : { name: fixture.name, passed: true },
      );
    } catch (error) {
      results.push({ name: fixture.name, passed: false, failure: (error as Error).message });
    }
  }
  return results;
}

function report(out: Output, results: readonly FixtureResult[], json: boolean): boolean {
  const failed = results.filter((r) => !r.passed);
  if (json) {
    out.json({ passed: results.length - failed.length, failed: failed.length, results });
    return failed.length === 0 && results.length > 0;
  }
  for (const r of results) {
    out.line(r.passed ? `✔ ${r.name}` : out.colors.red(`✖ ${r.name}`));
    if (r.failure) out.line(`    ${r.failure}`);
  }
  if (results.length === 0) out.line(`no fixtures in ${FIXTURE_DIR}/*.json (hookwire record writes one)`);
  else out.line(`${results.length - failed.length} passed, ${failed.length} failed`);
  return failed.length === 0 && results.length > 0;
}

export const testCommand = defineCommand({
  args: {
    watch: {
      type: "boolean",
      description: "Run again whenever a file of the project changes",
      default: false,
    },
    ...cwdArg,
    ...jsonArg,
  },
  async run({ args }) {
    const out = createOutput();
    const { root } = resolveProject(args.cwd);
    const once = async () => report(out, await runFixtures(root), args.json);
    const ok = await once();
    if (!args.watch) {
      process.exitCode = ok ? EXIT.ok : fixtureFiles(root).length === 0 ? EXIT.usage : EXIT.blocked;
      return;
    }
    // A hook, a script, a settings file or a fixture changed: run everything again once the writes settle.
    let timer: NodeJS.Timeout | undefined;
    let running = Promise.resolve();
    const watcher = watch(root, { recursive: true }, (_event, file) => {
      if (file && /(^|[/\\])(node_modules|\.git)([/\\]|$)/.test(file)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        running = running.then(async () => {
          out.line(`\n— ${file ?? "a file"} changed, running again`);
          await once();
        });
      }, 150);
    });
    out.line(`watching ${root} (Ctrl-C to stop)`);
    await new Promise<void>((resolve) => {
      process.once("SIGINT", () => {
        watcher.close();
        resolve();
      });
    });
  },
});
