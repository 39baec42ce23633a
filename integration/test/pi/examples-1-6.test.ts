// pi 1.6's example extensions in a project with nothing installed, loaded by pi's own loader and by hookwire's inside
// the same pi process (Node 22, as pi 1.6 needs): the same load, the same registrations, the same answers to tool
// calls through pi's ExtensionRunner and hookwire's runner, and why some cannot load.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { node22 } from "@hookwire/hosts/node22";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { tempDir } from "../support/temp-dir.js";
import { extensionExamples, pi16 } from "./support/pi-packages.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const loaderEntry = path.resolve(here, "../../../packages/loader/dist/index.js");

interface Side {
  loaded: boolean;
  error?: string;
  registrations?: Record<string, string[]>;
}
interface Answer {
  block: boolean;
  reason?: string;
  threw?: string;
}
interface Result {
  file: string;
  /** For an example with a tool_call handler: each call's answer through pi's ExtensionRunner and hookwire's runner. */
  calls?: Array<{ call: string; pi: Answer; hookwire: Answer }>;
  /** For an example with an `input` or `user_bash` handler: each event's answer through both runners. */
  prompts?: Array<{ event: string; pi: unknown; hookwire: unknown }>;
  pi: Side;
  hookwire: Side;
}

const node = node22();

describe.skipIf(node === undefined)(`pi ${pi16.version}'s example extensions through pi and hookwire`, () => {
  const project = tempDir("pi16-examples");
  let results: Result[] = [];
  const name = (file: string) => path.relative(path.join(project.dir, "extensions"), file);

  beforeAll(() => {
    ensureBuilt();
    // The examples are copied at test time into an empty project: neither loader may find pi's packages beside them.
    const examples = path.join(pi16.root, "examples/extensions");
    cpSync(examples, path.join(project.dir, "extensions"), { recursive: true });
    const files = extensionExamples(pi16).map((file) =>
      path.join(project.dir, "extensions", path.relative(examples, file)),
    );
    const run = spawnSync(
      node!,
      ["--import", path.join(here, "support/examples-in-pi.mjs"), path.join(pi16.root, "dist/cli.js")],
      {
        cwd: project.dir,
        env: { ...process.env, EXAMPLES: JSON.stringify(files), PROJECT: project.dir, LOADER: loaderEntry },
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
        timeout: 240_000,
      },
    );
    if (run.status !== 0) throw new Error(`the pi process failed (${run.status}): ${run.stderr}`);
    results = JSON.parse(run.stdout) as Result[];
  }, 300_000);
  afterAll(() => project.remove());

  it("finds pi's 78 examples", () => {
    expect(results).toHaveLength(78);
  });

  /** The packages an example's own package.json asks for: `npm install` in its folder, for pi as for hookwire. */
  const ownDependencies = (r: Result) => {
    const manifest = path.join(path.dirname(r.file), "package.json");
    if (path.basename(path.dirname(r.file)) === "extensions" || !existsSync(manifest)) return [];
    return Object.keys(JSON.parse(readFileSync(manifest, "utf8")).dependencies ?? {});
  };
  const selfContained = () => results.filter((r) => ownDependencies(r).length === 0);

  it("loads each self-contained example as pi does, with the same events, commands, tools, flags, shortcuts and renderers", () => {
    expect(selfContained().filter((r) => !r.pi.loaded)).toEqual([]);
    const differ = selfContained().filter(
      (r) => r.hookwire.loaded && JSON.stringify(r.pi) !== JSON.stringify(r.hookwire),
    );
    expect(differ.map((r) => ({ name: name(r.file), pi: r.pi, hookwire: r.hookwire }))).toEqual([]);
    const loadsInPiOnly = selfContained().filter((r) => !r.hookwire.loaded);
    expect(loadsInPiOnly.map((r) => `${name(r.file)}: ${r.hookwire.error}`)).toMatchInlineSnapshot(`
      [
        "debug-provider.ts: pi.registerEntryRenderer is not a function",
        "entry-renderer.ts: pi.registerEntryRenderer is not a function",
        "jev-router.ts: pi.registerVirtualModel is not a function",
      ]
    `);
    expect(results.filter((r) => r.hookwire.loaded)).toHaveLength(72);
  });

  it("answers tool calls through hookwire's runner as through pi 1.6's ExtensionRunner: the same blocks and reasons", () => {
    const guards = results.filter((r) => r.calls !== undefined);
    expect(guards.map((r) => name(r.file))).toEqual([
      "permission-gate.ts",
      "plan-mode/index.ts",
      "protected-paths.ts",
      "rpc-demo.ts",
    ]);
    for (const r of guards)
      for (const answer of r.calls!)
        expect(answer.hookwire, `${name(r.file)}: ${answer.call}`).toEqual(answer.pi);
    const blocked = guards.flatMap((r) =>
      r.calls!.filter((answer) => answer.pi.block).map((a) => `${name(r.file)}: ${a.call}`),
    );
    expect(blocked).toMatchInlineSnapshot(`
      [
        "permission-gate.ts: bash {"command":"rm -rf build"}",
        "permission-gate.ts: bash {"command":"sudo reboot"}",
        "protected-paths.ts: write {"path":".env","content":"SECRET=1"}",
        "protected-paths.ts: edit {"path":"node_modules/x/index.js","oldText":"a","newText":"b"}",
        "rpc-demo.ts: bash {"command":"rm -rf build"}",
        "rpc-demo.ts: bash {"command":"sudo reboot"}",
      ]
    `);
  });

  it("answers what a user types and runs (input, user_bash) through hookwire's runner as through pi 1.6's", () => {
    const handlers = results.filter((r) => r.prompts !== undefined);
    expect(handlers.map((r) => name(r.file))).toMatchInlineSnapshot(`
      [
        "inline-bash.ts",
        "input-transform-streaming.ts",
        "input-transform.ts",
        "interactive-shell.ts",
        "ssh.ts",
      ]
    `);
    for (const r of handlers)
      for (const answer of r.prompts!)
        expect(answer.hookwire, `${name(r.file)}: ${answer.event}`).toEqual(answer.pi);
    // What the examples did with them: transformed, handled, or ran a command in their own way.
    const acted = handlers.flatMap((r) =>
      r
        .prompts!.filter((a) => a.pi !== undefined && JSON.stringify(a.pi) !== '{"action":"continue"}')
        .map((a) => `${name(r.file)}: ${a.event} → ${JSON.stringify(a.pi)}`),
    );
    expect(acted).toMatchInlineSnapshot(`
      [
        "inline-bash.ts: input {"text":"show me !{echo inline} now","source":"interactive"} → {"action":"transform","text":"show me inline now"}",
        "input-transform.ts: input {"text":"?quick what is a monad","source":"interactive"} → {"action":"transform","text":"Respond briefly in 1-2 sentences: what is a monad"}",
        "input-transform.ts: input {"text":"?quick ","source":"interactive"} → {"action":"handled"}",
        "input-transform.ts: input {"text":"ping","source":"rpc"} → {"action":"handled"}",
        "interactive-shell.ts: user_bash {"command":"vim notes.txt","excludeFromContext":false} → {"result":{"output":"(interactive commands require TUI)","exitCode":1,"cancelled":false,"truncated":false}}",
        "interactive-shell.ts: user_bash {"command":"i ls","excludeFromContext":false} → {"result":{"output":"(interactive commands require TUI)","exitCode":1,"cancelled":false,"truncated":false}}",
      ]
    `);
  });

  it("names the missing package of an example whose own dependencies are not installed", () => {
    const needInstall = results.filter((r) => ownDependencies(r).length > 0);
    expect(needInstall.map((r) => `${name(r.file)}: ${r.hookwire.error}`)).toMatchInlineSnapshot(`
      [
        "custom-provider-anthropic/index.ts: Cannot find module '@anthropic-ai/sdk'",
        "gondolin/index.ts: Cannot find module '@earendil-works/gondolin'",
        "with-deps/index.ts: Cannot find module 'ms'",
      ]
    `);
    for (const r of needInstall)
      expect(ownDependencies(r).map((d) => `Cannot find module '${d}'`)).toContain(r.hookwire.error);
  });
});
