// The settings-hook output protocol never throws: arbitrary bytes, exit codes and JSON shapes are read into a result.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CommandRun } from "../src/handlers/command.js";
import { interpretCommandRun } from "../src/protocol/exit-code.js";
import { parseStdout, validateOutput } from "../src/protocol/output.js";

const RUNS = 10_000;
const outputDir = mkdtempSync(path.join(os.tmpdir(), "hookwire-prop-output-"));
const options = { hookName: "hooks/fuzz.sh", event: "PreToolUse", outputDir };
const STATUSES = ["success", "blocking", "error"];

/** Bytes decoded the way the command runner decodes a child's stdout. */
const byteText = fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString("utf8"));
const anyText = fc.oneof(byteText, fc.string({ unit: "binary", maxLength: 200 }), fc.json({ maxDepth: 3 }));

const FIELDS = [
  "continue",
  "stopReason",
  "suppressOutput",
  "systemMessage",
  "decision",
  "reason",
  "hookSpecificOutput",
] as const;
const SPECIFIC = [
  "hookEventName",
  "permissionDecision",
  "permissionDecisionReason",
  "updatedInput",
  "additionalContext",
  "updatedToolOutput",
] as const;
const wild = fc.oneof(
  fc.anything({ maxDepth: 1 }),
  fc.constantFrom("allow", "deny", "ask", "defer", "block", "PreToolUse"),
);
const outputShape = fc.dictionary(
  fc.constantFrom(...FIELDS),
  fc.oneof(wild, fc.dictionary(fc.constantFrom(...SPECIFIC), wild, { maxKeys: 6 })),
  { maxKeys: 7 },
);

function checkTypes(output: Record<string, unknown>): void {
  for (const key of ["continue", "suppressOutput"]) {
    if (key in output) expect(typeof output[key]).toBe("boolean");
  }
  for (const key of ["stopReason", "systemMessage", "reason"]) {
    if (key in output) expect(typeof output[key]).toBe("string");
  }
  if ("decision" in output) expect(output.decision).toBe("block");
  const specific = output.hookSpecificOutput as Record<string, unknown> | undefined;
  if (specific === undefined) return;
  expect(typeof specific).toBe("object");
  if ("permissionDecision" in specific) {
    expect(["allow", "deny", "ask", "defer"]).toContain(specific.permissionDecision);
  }
  if ("updatedInput" in specific) {
    expect(typeof specific.updatedInput === "object" && !Array.isArray(specific.updatedInput)).toBe(true);
  }
  for (const key of ["permissionDecisionReason", "additionalContext", "hookEventName"]) {
    if (key in specific) expect(typeof specific[key]).toBe("string");
  }
}

describe("output parser", () => {
  it("reads any stdout text as success, never throwing", () => {
    fc.assert(
      fc.property(anyText, (stdout) => {
        const result = parseStdout(stdout, options);
        expect(result.status).toBe("success");
        if (result.status === "success") checkTypes(result.output as Record<string, unknown>);
      }),
      { numRuns: RUNS },
    );
  });

  it("maps any exit code and output bytes to the documented status", () => {
    const run = fc.record({
      code: fc.oneof(fc.integer({ min: -1, max: 255 }), fc.constant(null)),
      signal: fc.constantFrom(null, "SIGKILL", "SIGSEGV", "SIGTERM") as fc.Arbitrary<NodeJS.Signals | null>,
      stdout: anyText,
      stderr: anyText,
      stdoutDropped: fc.constantFrom(0, 0, 1, 104_857_600),
      stderrDropped: fc.constantFrom(0, 0, 7),
      timedOut: fc.constantFrom(false, false, false, false, true),
      aborted: fc.constant(false),
      durationMs: fc.nat(),
    });
    fc.assert(
      fc.property(run, (r: CommandRun) => {
        const result = interpretCommandRun(r, { ...options, timeoutMs: 1000 });
        expect(STATUSES).toContain(result.status);
        const expected = r.timedOut
          ? "error"
          : r.code === 0
            ? "success"
            : r.code === 2
              ? "blocking"
              : "error";
        expect(result.status).toBe(expected);
        if (r.stdoutDropped > 0 || r.stderrDropped > 0) {
          expect(result.warnings.some((w) => w.includes("hooks/fuzz.sh") && w.includes("too large"))).toBe(
            true,
          );
        }
        if (result.status === "error") expect(typeof result.message).toBe("string");
      }),
      { numRuns: RUNS },
    );
  });

  it("keeps only fields of the right type and names the hook for every dropped one", () => {
    fc.assert(
      fc.property(outputShape, (json) => {
        const { output, warnings } = validateOutput(json, options);
        checkTypes(output as Record<string, unknown>);
        for (const warning of warnings) expect(warning).toContain("`hooks/fuzz.sh`");
      }),
      { numRuns: RUNS },
    );
  });

  it("recovers a well-formed answer printed after lines of shell-profile noise", () => {
    const noiseLine = fc
      .string({ maxLength: 30 })
      .filter((line) => !line.includes("\n") && !line.trim().startsWith("{"));
    const answer = fc.record(
      {
        continue: fc.boolean(),
        systemMessage: fc.string({ maxLength: 20 }),
        decision: fc.constant("block" as const),
        reason: fc.string({ maxLength: 20 }),
        hookSpecificOutput: fc.record(
          {
            hookEventName: fc.constant("PreToolUse"),
            permissionDecision: fc.constantFrom("allow", "deny", "ask", "defer"),
            additionalContext: fc.string({ maxLength: 20 }),
            updatedInput: fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), {
              maxKeys: 3,
            }),
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(noiseLine, { maxLength: 4 }), answer, (noise, json) => {
        const result = parseStdout([...noise, JSON.stringify(json)].join("\n"), options);
        expect(result.status).toBe("success");
        if (result.status === "success") expect(result.output).toEqual(json);
      }),
      { numRuns: RUNS },
    );
  });
});
