// A suite's recording command: runs the selected cases (argv; all by default) in the real agent and writes the record.
import type { KitCase } from "./case.js";
import { mapLimit } from "./pool.js";
import { type RecordedSuite, storeOf } from "./recorded-suite.js";

/** How a suite drives the real agent. */
export interface Recorder<C extends KitCase, O> {
  /** The installed agent's version (asked once). */
  version(): string;
  /** Runs one case in the real agent. */
  run(testCase: C): Promise<O>;
}

/**
 * `<command> [case-id…]`. A partial run adds to a record of the same version; a new version is recorded
 * whole. `CONFORMANCE_JOBS` cases run at a time (default 2: the machine is shared, agents are large).
 */
export async function recordCases<C extends KitCase, O>(
  suite: RecordedSuite<C, O>,
  recorder: Recorder<C, O>,
  only: readonly string[] = process.argv.slice(2),
): Promise<void> {
  const { agent, cases } = suite;
  const store = storeOf(suite);
  const unknown = only.filter((id) => !cases.some((c) => c.id === id));
  if (unknown.length > 0) throw new Error(`No such case: ${unknown.join(", ")}`);
  const selected = only.length > 0 ? cases.filter((c) => only.includes(c.id)) : cases;
  const version = recorder.version();
  const previous = store.read();
  if (only.length > 0 && previous?.version !== version) {
    throw new Error(
      `The record is of ${agent} ${previous?.version ?? "(none)"}, this is ${version}: record every case.`,
    );
  }
  const started = Date.now();
  const observations = await mapLimit(
    selected,
    Number(process.env.CONFORMANCE_JOBS ?? 2),
    async (testCase) => {
      const observation = await recorder.run(testCase);
      process.stdout.write(`  ✓ ${testCase.id}\n`);
      return [testCase.id, observation] as const;
    },
  );
  const merged: Record<string, O> = {
    ...(only.length > 0 ? previous?.cases : {}),
    ...Object.fromEntries(observations),
  };
  store.write({
    note: `Written by \`${suite.record.command}\`; never edit by hand.`,
    version,
    recordedAt: new Date().toISOString().slice(0, 10),
    platform: `${process.platform}-${process.arch}`,
    // In case order, without cases that no longer exist.
    cases: Object.fromEntries(cases.filter((c) => c.id in merged).map((c) => [c.id, merged[c.id] as O])),
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  process.stdout.write(`${selected.length} case(s) recorded in ${seconds} s with ${agent} ${version}\n`);
}
