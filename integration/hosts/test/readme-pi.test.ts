// pi as the README sets it up: hookwire installed from this checkout (`pnpm run install:global`), then
// `hookwire connect pi` (the project, which pi 1.6 loads once pi itself trusts it: granted in pi's own question) and
// `hookwire connect pi --user` (pi 1.6 and pi 0.73.1); pi loads the @hookwire/pi installed beside the CLI.
import { existsSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentVersion, runAgent, shellCalls } from "../src/agents.js";
import { followUpCase, IN_PROCESS_CALLS, IN_PROCESS_FILES, inProcessCases } from "../src/in-process-cases.js";
import { type Installed, installFromCheckout } from "../src/install.js";
import { node22 } from "../src/node22.js";
import { grantPiTrust } from "../src/pi-trust.js";
import { runScenario, type Scenario } from "../src/scenario.js";

// The user's own pi settings: connect adds to them, disconnect gives them back.
const PI_SETTINGS = '{\n  "defaultThinkingLevel": "off"\n}\n';

let install: Installed;
beforeAll(() => {
  install = installFromCheckout();
}, 300_000);
afterAll(() => install?.remove());

/** What hookwire printed, with this run's folders as a user reads them (`<project>`, `~`, `<prefix>`). */
function plain(text: string, s: Scenario): string {
  const prefix = path.dirname(path.dirname(path.dirname(install.packages)));
  return text
    .replaceAll(realpathSync(prefix), "<prefix>")
    .replaceAll(prefix, "<prefix>")
    .replaceAll(s.paths.project, "<project>")
    .replaceAll(s.paths.home, "~");
}

describe.skipIf(node22() === undefined)(
  `pi ${agentVersion("pi16")} after \`hookwire connect pi\` (the project), trusted in pi's own question`,
  () => {
    let s: Scenario;
    beforeAll(async () => {
      s = await runScenario({
        agent: "pi16",
        files: {
          ...IN_PROCESS_FILES,
          "victim3/keep.txt": "keep me three\n",
          "victim4/keep.txt": "keep me four\n",
        },
        connected: ".pi/settings.json",
        connectArgs: ["pi"],
        install,
        inProcess: IN_PROCESS_CALLS,
        async beforeRun(w) {
          const doctorBefore = w.hookwire("doctor");
          // Before pi trusts the project: pi -p skips the project's packages, so nothing of hookwire runs.
          const skipped = await runAgent("pi16", {
            project: w.project,
            home: w.home,
            calls: shellCalls("pi16", ["rm -rf victim3"]),
            env: w.env,
          });
          const victim3 = existsSync(path.join(w.project, "victim3", "keep.txt"));
          // The one-run fix connect names: pi -p --approve loads the package, and the guard blocks.
          const approved = await runAgent("pi16", {
            project: w.project,
            home: w.home,
            calls: shellCalls("pi16", ["rm -rf victim4"]),
            env: w.env,
            flags: ["--approve"],
          });
          const victim4 = existsSync(path.join(w.project, "victim4", "keep.txt"));
          const storeAfterApprove = existsSync(path.join(w.home, ".pi", "agent", "trust.json"));
          const question = await grantPiTrust(w);
          const store = readFileSync(path.join(w.home, ".pi", "agent", "trust.json"), "utf8");
          const real = realpathSync(w.project);
          return {
            doctorBefore,
            skipped,
            victim3,
            approved,
            victim4,
            storeAfterApprove,
            question,
            store,
            real,
            doctorAfter: w.hookwire("doctor"),
          };
        },
      });
    }, 600_000);
    const before = () =>
      s.beforeRun as {
        doctorBefore: { code: number; stdout: string };
        skipped: { code: number; modelText: string };
        victim3: boolean;
        approved: { code: number; modelText: string };
        victim4: boolean;
        storeAfterApprove: boolean;
        question: string;
        store: string;
        real: string;
        doctorAfter: { code: number; stdout: string };
      };

    it("adds the installed @hookwire/pi to the project's pi settings and says what pi still needs", () => {
      expect(JSON.parse(s.connectedText ?? "{}")).toEqual({
        packages: [realpathSync(path.join(install.packages, "pi"))],
      });
      expect(plain(s.connect.stdout, s)).toMatchInlineSnapshot(`
        "✔ pi: created .pi/settings.json: packages += "<prefix>/lib/node_modules/@hookwire/pi"
          pi loads the package from there when it next starts (with --from-npm it first installs it from npm, as \`pi install npm:@hookwire/pi\` does) and runs hookwire in its own process.
          ✖ ~/.pi/agent/trust.json: pi 1.6 loads a project's settings, hookwire's package included, only in a project it trusts: none is saved for this one (defaultProjectTrust: "ask"), so it asks at start and print mode (-p) skips the package without a word: hookwire does not run there.
            fix: start pi here and choose Trust (or /trust), set defaultProjectTrust: "always" in ~/.pi/agent/settings.json, run pi with --approve (that run only), or connect --user
          Project hooks are trusted and run; a change to them waits for <prefix>/bin/hookwire trust again. Undo: <prefix>/bin/hookwire disconnect pi.
        "
      `);
    });

    it("doctor says the same until pi trusts the project, and is clean after", () => {
      expect(before().doctorBefore.code).toBe(2);
      expect(plain(before().doctorBefore.stdout, s)).toMatchInlineSnapshot(`
        "hookwire doctor: <project>
        ✖ ~/.pi/agent/trust.json: pi 1.6 loads a project's settings, hookwire's package included, only in a project it trusts: none is saved for this one (defaultProjectTrust: "ask"), so it asks at start and print mode (-p) skips the package without a word: hookwire is connected to pi but never runs there.
            fix: start pi here and choose Trust (or /trust), set defaultProjectTrust: "always" in ~/.pi/agent/settings.json, run pi with --approve (that run only), or connect --user
        ✖ 2 hooks loaded, 2 settings handlers from 1 file; 1 error, 0 warnings
        "
      `);
      expect(before().doctorAfter.stdout).not.toContain("trust.json");
    });

    it("is not guarded before pi trusts the project, as connect and doctor said (pi -p skips the package)", () => {
      expect(before().skipped.code).toBe(0);
      expect(before().victim3).toBe(false);
      expect(before().skipped.modelText).not.toContain("HW_BLOCKED");
    });

    it("is guarded for one run with pi -p --approve, which saves no decision", () => {
      expect(before().approved.code).toBe(0);
      expect(before().victim4).toBe(true);
      expect(before().approved.modelText).toContain("HW_BLOCKED: rm -rf is not allowed here");
      expect(before().storeAfterApprove).toBe(false);
    });

    it("is trusted by pi's own question at start, answered Trust, which pi saves in its own store", () => {
      expect(before().question).toContain("Trust project folder?");
      expect(before().question).toContain(before().real);
      expect(JSON.parse(before().store)).toEqual({ [before().real]: true });
    });

    inProcessCases(() => s, "pi");
    followUpCase(() => s);

    it("takes the package out on disconnect: the settings file connect created is gone", () => {
      expect(s.restored[".pi/settings.json"]).toBeUndefined();
    });
  },
);

describe.skipIf(node22() === undefined)(
  `pi ${agentVersion("pi16")} after \`hookwire connect pi --user\``,
  () => {
    let s: Scenario;
    beforeAll(async () => {
      s = await runScenario({
        agent: "pi16",
        files: { ...IN_PROCESS_FILES, "~/.pi/agent/settings.json": PI_SETTINGS },
        connected: "~/.pi/agent/settings.json",
        connectArgs: ["pi", "--user"],
        install,
        inProcess: IN_PROCESS_CALLS,
      });
    }, 600_000);

    it("adds the installed @hookwire/pi to the user's pi settings, next to the user's own", () => {
      expect(JSON.parse(s.connectedText ?? "{}")).toEqual({
        defaultThinkingLevel: "off",
        packages: [realpathSync(path.join(install.packages, "pi"))],
      });
      expect(s.connect.stdout).not.toContain("trust.json");
    });

    inProcessCases(() => s, "pi");
    followUpCase(() => s);

    it("leaves no hookwire entry on disconnect: the user's file comes back byte for byte", () => {
      expect(s.restored["~/.pi/agent/settings.json"]).toBe(PI_SETTINGS);
    });
  },
);

describe(`pi ${agentVersion("pi")} after \`hookwire connect pi --user\``, () => {
  let s: Scenario;
  beforeAll(async () => {
    s = await runScenario({
      agent: "pi",
      files: { ...IN_PROCESS_FILES, "~/.pi/agent/settings.json": PI_SETTINGS },
      connected: "~/.pi/agent/settings.json",
      connectArgs: ["pi", "--user"],
      install,
      inProcess: IN_PROCESS_CALLS,
    });
  }, 600_000);

  it("adds the installed @hookwire/pi to the user's pi settings, next to the user's own", () => {
    expect(JSON.parse(s.connectedText ?? "{}")).toEqual({
      defaultThinkingLevel: "off",
      packages: [realpathSync(path.join(install.packages, "pi"))],
    });
  });

  inProcessCases(() => s, "pi");

  it("leaves no hookwire entry on disconnect: the user's file comes back byte for byte", () => {
    expect(s.restored["~/.pi/agent/settings.json"]).toBe(PI_SETTINGS);
  });
});
