// docs/embedding.md's TypeScript examples compile under `strict` against the workspace packages' declarations.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ensureBuilt } from "../../scripts/ensure-built.js";
import { tempDir } from "./support/temp-dir.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const temp = tempDir("embedding-examples");

/**
 * What the examples take from the host around them (its logger, session, tools, model…). They are `any`: the
 * check is on hookwire's API, which is typed from the real declarations.
 */
const HOST = [
  "configuredPaths",
  "cwd",
  "sessionId",
  "log",
  "askUser",
  "sessionManager",
  "session",
  "uiContext",
  "model",
  "prompt",
  "turnIndex",
  "message",
  "toolResults",
  "runMessages",
  "bash",
  "read",
  "write",
  "edit",
]
  .map((name) => `declare const ${name}: any;`)
  .join("\n");

beforeAll(() => ensureBuilt(), 180_000);
afterAll(() => temp.remove());

it("compiles every ts block of docs/embedding.md, in order, as one strict module", () => {
  const doc = readFileSync(path.join(repo, "docs/embedding.md"), "utf8");
  const blocks = [...doc.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
  expect(blocks.length).toBeGreaterThanOrEqual(5);
  // Imports first (a module's imports may not follow statements); later blocks reuse earlier names.
  const lines = blocks.join("\n").split("\n");
  const imports = lines.filter((line) => line.startsWith("import "));
  const body = lines.filter((line) => !line.startsWith("import "));
  const dir = temp.dir;
  mkdirSync(dir, { recursive: true });
  symlinkSync(path.join(repo, "integration/node_modules"), path.join(dir, "node_modules"));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(path.join(dir, "examples.ts"), [...imports, HOST, ...body, "export {};", ""].join("\n"));
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        skipLibCheck: true,
        typeRoots: [path.join(repo, "node_modules/@types")],
        types: ["node"],
      },
      files: ["examples.ts"],
    }),
  );
  const tsc = createRequire(path.join(repo, "package.json")).resolve("typescript/bin/tsc");
  let output = "";
  try {
    execFileSync(process.execPath, [tsc, "-p", dir], { encoding: "utf8", cwd: dir });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  expect(output).toBe("");
}, 120_000);
