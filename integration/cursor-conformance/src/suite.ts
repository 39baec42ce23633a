// The Cursor suite as the conformance kit runs it: cases held against Cursor's documentation, not a recording.

import type { SuiteAdapter } from "@hookwire/conformance-kit";
import { expect } from "vitest";
import { deliberateDifferences } from "../cases/deliberate.js";
import { cases } from "../cases/index.js";
import type { CursorCase } from "./case.js";
import { runInHookwire } from "./hookwire-run.js";
import { type Observation, unmet } from "./observe.js";

export const cursor: SuiteAdapter<CursorCase, Observation> = {
  name: "cursor-conformance",
  cases,
  deliberate: deliberateDifferences,
  runInHookwire,
  oracle: {
    title: "hookwire against Cursor's documented hook protocol (no Cursor runs here)",
    // What the docs say is met when nothing of the expectation is unmet.
    expected: () => ({}),
    actual: (observed, testCase) => unmet(testCase.expect, observed),
    missing: "no expectation",
    checks: {
      "has at least 20 cases, each with the statement it encodes": () => {
        expect(cases.length).toBeGreaterThanOrEqual(20);
        for (const testCase of cases)
          expect(testCase.source, testCase.id).toMatch(/cursor\.com\/docs|decision:/);
      },
    },
  },
};
