// The spelling corpus: every class of the rules' issue, the public bypass classes and our own attempts, through the
// real HookToolWrapper and real bash. Each attack removes the victim when run as typed, and never past a guard.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/temp-dir.js";
import { compose, composed } from "./corpus/compose.js";
import { arithmetic, data, names, prompts, variables } from "./corpus/evaluated.js";
import { input } from "./corpus/input.js";
import { harmless, limits, own } from "./corpus/own.js";
import {
  dcg,
  ifsAnsiC,
  issue41559,
  issue92542,
  quoteRemoval,
  reentry,
  substitution,
} from "./corpus/public.js";
import { descriptorVariables, history, jobs, loader, namerefs } from "./corpus/unmodelled.js";
import { execOptions, wrappers } from "./corpus/wrappers.js";
import { DENY_RM, GUARDS } from "./guards.js";
import { judge, type Results, tally } from "./victims.js";

const attacks = [
  ...arithmetic,
  ...names,
  ...prompts,
  ...variables,
  ...input,
  ...wrappers,
  ...execOptions,
  ...quoteRemoval,
  ...ifsAnsiC,
  ...substitution,
  ...reentry,
  ...issue92542,
  ...issue41559,
  ...dcg,
  ...own,
  ...compose,
  ...descriptorVariables,
  ...namerefs,
  ...history,
  ...loader,
  ...jobs,
];
const safe = [...data, ...harmless, ...composed];
const all = [...attacks, ...safe, ...limits];

const temp = tempDir("corpus");
afterAll(() => temp.remove());
let results: Results;

beforeAll(async () => {
  results = await judge(temp.dir, all, GUARDS, { unguarded: true, timeoutMs: 300_000 });
  const lines = tally(all, results).map(
    (row) =>
      `  ${row.class}: ${row.spellings} spellings, past ${Object.entries(row.past)
        .map(([guard, n]) => `${guard.split(",")[0]}: ${n}`)
        .join(", ")}`,
  );
  console.log(
    `spelling corpus (${attacks.length} attacks, ${safe.length} harmless, ${limits.length} limits):\n${lines.join("\n")}`,
  );
}, 600_000);

describe.each(GUARDS)("$title", (guard) => {
  it.each(all.map((spelling, i) => [spelling.command, i] as const))("%j", (_command, i) => {
    const spelling = all[i]!;
    const outcome = results.guarded[guard.title]![i]!;
    expect({ verdict: outcome.verdict, reason: outcome.reason }).toMatchObject({
      verdict: spelling.expected[guard.title],
    });
    // A documented limit gets past the deny rule (that is what makes it a limit); nothing else does.
    const limit = limits.includes(spelling) && guard === DENY_RM;
    expect(outcome.survived).toBe(!limit);
  });
});

describe("run as typed, with no guard", () => {
  it.for(all.map((spelling, i) => [spelling.command, i] as const))("%j", ([, i], context) => {
    const removed = results.unguarded[i];
    // Not run: a program it needs is missing here (`needs`).
    if (removed === undefined) context.skip();
    expect(removed).toBe(!safe.includes(all[i]!));
  });
});
