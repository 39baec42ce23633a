// The example suites: every example pi ships, loaded and driven through a whole session in pi and in hookwire.
import { describe, expect, it } from "vitest";
import { exampleName, type PiPackage } from "./pi-packages.js";
import { NO_UI, WITH_UI } from "./recording-host.js";
import { assistant, transcript, user, withoutTimerCalls } from "./scenario.js";
import type { SystemKind } from "./sides.js";

// biome-ignore lint/suspicious/noExplicitAny: pi's SessionManager comes from its untyped dist module.
type Any = any;

export interface ExampleSuiteOptions {
  /** Host calls an example makes from its own timers, compared as a set (see withoutTimerCalls). */
  timerCalls?: Record<string, readonly string[]>;
}

export function exampleSuite(
  kind: SystemKind,
  pkg: PiPackage,
  files: string[],
  options: ExampleSuiteOptions = {},
) {
  describe(`pi ${pkg.version} examples through pi and hookwire`, () => {
    it.each(files.map((file) => ({ name: exampleName(pkg, file), file })))(
      "$name: same load, registrations, outcomes, host calls, errors and git state, with and without a UI",
      async ({ name, file }) => {
        const { SessionManager } = await pkg.load<Any>("index.js");
        for (const script of [WITH_UI, NO_UI]) {
          // One session for both systems: the modules read it, neither writes it.
          const session = SessionManager.inMemory("/project");
          session.appendMessage(user);
          session.appendMessage(assistant);
          const timers = options.timerCalls?.[name] ?? [];
          const pi = withoutTimerCalls(await transcript("pi", kind, pkg, file, script, session), timers);
          const hookwire = withoutTimerCalls(
            await transcript("hookwire", kind, pkg, file, script, session),
            timers,
          );
          expect.soft(hookwire.loaded, `${name} loads in hookwire as in pi`).toBe(pi.loaded);
          expect(hookwire, `${name} with hasUI=${script.hasUI}`).toEqual(pi);
        }
      },
      120_000,
    );
  });
}
