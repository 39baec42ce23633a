// `hookwire test [--watch]`: runs the fixtures in `.hookwire/tests/*.json` through emit and names each that fails.
import { watch } from "node:fs";
import path from "node:path";
import { defineCommand } from "citty";
import { EXIT } from "../errors.js";
import { emitJson, FIXTURE_DIR, fixtureFiles, readFixture } from "../fixtures.js";
import { createOutput, type Output } from "../output.js";
import { resolveProject } from "../project.js";
import { cwdArg, jsonArg } from "../shared-args.js";
import { subsetDifference } from "../subset-diff.js";

interface FixtureResult {
  name: string;
  passed: boolean;
  /** Why it failed: the first differing path, or a fixture that could not run. */
  failure?: string;
}

const show = (value: unknown) => (value === undefined ? "undefined" : JSON.stringify(value));

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
      const difference = subsetDifference(fixture.expect, actual);
      results.push(
        difference
          ? {
              name: fixture.name,
              passed: false,
              failure: `expect.${difference.path}: expected ${show(difference.expected)}, got ${show(difference.actual)}`,
            }
          : { name: fixture.name, passed: true },
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
