// Every case run in hookwire and compared with what the real Copilot CLI did (recorded/copilot-cli.json).
import { beforeAll, describe, expect, it } from "vitest";
import { mapLimit } from "../../claude-conformance/src/pool.js";
import { deliberateDifferences } from "../cases/deliberate.js";
import { cases } from "../cases/index.js";
import { comparable } from "../src/compare.js";
import { runInHookwire } from "../src/hookwire-run.js";
import type { Observation } from "../src/observe.js";
import { readRecord } from "../src/record-file.js";

const found = readRecord();
if (!found) throw new Error("recorded/copilot-cli.json is missing: run pnpm conformance:record:copilot");
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
}, 600_000);

describe(`hookwire against Copilot CLI ${record.copilotCli} (recorded ${record.recordedAt})`, () => {
  it("has a recording for every case and no stale ones", () => {
    const ids = cases.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(record.cases).sort()).toEqual([...ids].sort());
    expect(ids.length).toBeGreaterThanOrEqual(20);
  });

  it("lists only deliberate differences of cases that exist", () => {
    for (const id of Object.keys(deliberateDifferences)) expect(cases.map((c) => c.id)).toContain(id);
  });

  for (const testCase of cases) {
    const reason = deliberateDifferences[testCase.id];
    it(`${testCase.id}: ${testCase.about}${reason ? " (deliberate difference)" : ""}`, () => {
      const ours = observed.get(testCase.id);
      if (ours instanceof Error) throw ours;
      const theirs = record.cases[testCase.id];
      expect(theirs, "no recording: run pnpm conformance:record:copilot").toBeDefined();
      if (reason) {
        expect(comparable(ours as Observation), `listed as deliberate (${reason}) but agrees`).not.toEqual(
          comparable(theirs as Observation),
        );
      } else {
        expect(comparable(ours as Observation)).toEqual(comparable(theirs as Observation));
      }
    });
  }
});
