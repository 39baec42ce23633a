// Every Cursor case run in hookwire and held against what Cursor's documentation says must happen.
import { beforeAll, describe, expect, it } from "vitest";
import { mapLimit } from "../../claude-conformance/src/pool.js";
import { deliberateDifferences } from "../cases/deliberate.js";
import { cases } from "../cases/index.js";
import { runInHookwire } from "../src/hookwire-run.js";
import { type Observation, unmet } from "../src/observe.js";

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

describe("hookwire against Cursor's documented hook protocol (no Cursor runs here)", () => {
  it("has at least 20 cases, each with a unique id and the statement it encodes", () => {
    const ids = cases.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(20);
    for (const testCase of cases) expect(testCase.source, testCase.id).toMatch(/cursor\.com\/docs|decision:/);
  });

  it("lists only deliberate differences of cases that exist", () => {
    for (const id of Object.keys(deliberateDifferences)) expect(cases.map((c) => c.id)).toContain(id);
  });

  for (const testCase of cases) {
    const reason = deliberateDifferences[testCase.id];
    it(`${testCase.id}: ${testCase.about}${reason ? " (deliberate difference)" : ""}`, () => {
      const ours = observed.get(testCase.id);
      if (ours instanceof Error) throw ours;
      const missed = unmet(testCase.expect, ours as Observation);
      if (reason) expect(missed, `listed as deliberate (${reason}) but meets the docs`).not.toEqual({});
      else expect(missed).toEqual({});
    });
  }
});
