// Every case run in hookwire and compared with what the real opencode did (recorded/opencode.json).
import { beforeAll, describe, expect, it } from "vitest";
import { deliberateDifferences } from "../cases/deliberate.js";
import { cases } from "../cases/index.js";
import { runInHookwire } from "../src/hookwire-run.js";
import type { Observation } from "../src/observe.js";
import { mapLimit } from "../src/pool.js";
import { readRecord } from "../src/record-file.js";

const found = readRecord();
if (!found) throw new Error("recorded/opencode.json is missing: run the record script");
const record = found;
const observed = new Map<string, Observation | Error>();

beforeAll(async () => {
  await mapLimit(cases, 4, async (testCase) => {
    try {
      observed.set(testCase.id, await runInHookwire(testCase));
    } catch (error) {
      observed.set(testCase.id, error as Error);
    }
  });
}, 300_000);

describe(`hookwire against opencode ${record.opencode} (recorded ${record.recordedAt})`, () => {
  it("has a recording for every case and no stale ones", () => {
    const ids = cases.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(record.cases).sort()).toEqual([...ids].sort());
    expect(ids.length).toBeGreaterThanOrEqual(20);
  });

  for (const testCase of cases) {
    const deliberate = deliberateDifferences[testCase.id];
    it(`${testCase.id}: ${testCase.title}${deliberate ? " (deliberate difference)" : ""}`, () => {
      const ours = observed.get(testCase.id);
      if (ours instanceof Error) throw ours;
      const theirs = record.cases[testCase.id];
      if (deliberate) {
        expect(ours).not.toEqual(theirs);
        return;
      }
      expect(ours).toEqual(theirs);
    });
  }
});
