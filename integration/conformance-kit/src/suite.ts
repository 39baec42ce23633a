// The vitest test generator: every case run in hookwire, held against its oracle, one test per case, and the report.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KitCase } from "./case.js";
import { mapLimit } from "./pool.js";
import { type RecordedSuite, storeOf } from "./recorded-suite.js";
import { formatReport, type Verdict } from "./report.js";

/** What a suite's cases are held against: a recording of the real agent, or the agent's documentation. */
export interface Oracle<C extends KitCase, O> {
  /** The `describe` title. */
  title: string;
  /** The case's expected outcome in the compared terms; `undefined` when there is none. */
  expected(testCase: C): unknown;
  /** Ours, in the same terms. */
  actual(observed: O, testCase: C): unknown;
  /** Said when `expected` is missing (how to make it). */
  missing: string;
  /** Checks of the suite as a whole (every case recorded, none stale). */
  checks: Record<string, () => void>;
}

/** A suite as the generator needs it: its cases, its table of deliberate differences, its hookwire runner. */
export interface SuiteAdapter<C extends KitCase, O> {
  /** The suite's name in the report (`claude-conformance`). */
  name: string;
  cases: readonly C[];
  /** Case id → why hookwire differs on purpose. */
  deliberate: Readonly<Record<string, string>>;
  runInHookwire(testCase: C): Promise<O>;
  oracle: Oracle<C, O>;
}

/** A recorded suite as the generator runs it: the recording is its oracle. */
export function recordedSuite<C extends KitCase, O>(suite: RecordedSuite<C, O>): SuiteAdapter<C, O> {
  const store = storeOf(suite);
  const record = store.read();
  if (!record) throw new Error(`${store.file} is missing: run ${suite.record.command}`);
  return {
    name: suite.name,
    cases: suite.cases,
    deliberate: suite.deliberate,
    runInHookwire: (testCase) => suite.runInHookwire(testCase),
    oracle: {
      title: `hookwire against ${suite.agent} ${record.version} (recorded ${record.recordedAt})`,
      expected: (testCase) => {
        const theirs = record.cases[testCase.id];
        return theirs === undefined ? undefined : suite.compare(theirs);
      },
      actual: (observed) => suite.compare(observed),
      missing: `no recording: run ${suite.record.command}`,
      checks: {
        "has a recording for every case and no stale ones": () => {
          const ids = suite.cases.map((c) => c.id);
          expect(Object.keys(record.cases).sort()).toEqual([...ids].sort());
          expect(ids.length).toBeGreaterThanOrEqual(suite.record.minCases);
        },
      },
    },
  };
}

/** Declares the suite's tests: suite checks, then one test per case named `id: about`. */
export function conformanceSuite<C extends KitCase, O>(suite: SuiteAdapter<C, O>): void {
  const { cases, deliberate, oracle } = suite;
  const observed = new Map<string, O | Error>();
  const verdicts = new Map<string, Verdict>();

  beforeAll(async () => {
    // Bounded: each case spawns its hooks as real processes; four at a time keeps a loaded machine responsive.
    await mapLimit(cases, 4, async (testCase) => {
      try {
        observed.set(testCase.id, await suite.runInHookwire(testCase));
      } catch (error) {
        observed.set(testCase.id, error as Error);
      }
    });
  }, 600_000);

  afterAll(() => {
    if (verdicts.size > 0) console.info(formatReport(suite.name, verdicts));
  });

  describe(oracle.title, () => {
    it("has unique case ids", () => {
      const ids = cases.map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it("lists only deliberate differences of cases that exist", () => {
      for (const id of Object.keys(deliberate)) expect(cases.map((c) => c.id)).toContain(id);
    });

    for (const [name, check] of Object.entries(oracle.checks)) it(name, check);

    for (const testCase of cases) {
      const reason = deliberate[testCase.id];
      it(`${testCase.id}: ${testCase.about}${reason ? " (deliberate difference)" : ""}`, () => {
        verdicts.set(testCase.id, "disagree");
        const ours = observed.get(testCase.id);
        if (ours instanceof Error) throw ours;
        const expected = oracle.expected(testCase);
        expect(expected, oracle.missing).toBeDefined();
        const actual = oracle.actual(ours as O, testCase);
        if (reason) {
          // A listed case that agrees again must leave the list, so the list stays short and true.
          expect(actual, `listed as deliberate (${reason}) but agrees`).not.toEqual(expected);
          verdicts.set(testCase.id, "deliberate");
        } else {
          expect(actual).toEqual(expected);
          verdicts.set(testCase.id, "agree");
        }
      });
    }
  });
}
