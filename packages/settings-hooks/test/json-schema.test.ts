import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { DialectId } from "../src/dialect-kit/types.js";
import { settingsJsonSchema } from "../src/json-schema.js";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Which dialect a settings file in the repository is written in, by the folder it sits in. */
const FOLDERS: [RegExp, DialectId][] = [
  [/\.claude\/settings(\.local)?\.json$/, "claude"],
  [/\.codex\/hooks\.json$/, "codex"],
  [/\.gemini\/settings\.json$/, "gemini"],
  [/\.cursor\/hooks\.json$/, "cursor"],
  [/\.github\/hooks\/[^/]+\.json$/, "copilot"],
];
/** Fixtures whose settings are broken on purpose (the CLI's and the loader's error tests). */
const BROKEN = [
  "fixtures/broken/.claude/settings.json",
  "fixtures/typo/",
  "fixtures/bad-trailing-comma/",
  "settings-project/home/",
];

const files = execFileSync("git", ["ls-files"], { cwd: repo, encoding: "utf8" })
  .split("\n")
  .flatMap((file) => {
    const dialect = FOLDERS.find(([pattern]) => pattern.test(file))?.[1];
    return dialect ? [{ file, dialect, broken: BROKEN.some((b) => file.includes(b)) }] : [];
  });

async function validator(dialect: DialectId) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  return ajv.compile(await settingsJsonSchema(dialect));
}

function parse(file: string): unknown {
  try {
    return JSON.parse(readFileSync(path.join(repo, file), "utf8"));
  } catch {
    return undefined;
  }
}

describe("the JSON Schema of each settings format", () => {
  it("finds every example and fixture settings file in the repository", () => {
    expect(files.filter((f) => !f.broken).length).toBeGreaterThanOrEqual(12);
    expect(new Set(files.map((f) => f.dialect))).toEqual(
      new Set(["claude", "codex", "gemini", "cursor", "copilot"]),
    );
  });

  it.each(files.filter((f) => !f.broken))("accepts $file ($dialect)", async ({ file, dialect }) => {
    const validate = await validator(dialect);
    expect(validate(parse(file)), JSON.stringify(validate.errors)).toBe(true);
  });

  it("rejects the broken fixtures that are JSON", async () => {
    const validate = await validator("claude");
    const broken = files.filter((f) => f.broken && parse(f.file) !== undefined);
    expect(broken.length).toBeGreaterThan(0);
    for (const { file } of broken) expect(validate(parse(file)), file).toBe(false);
  });

  it("names the wrong field of a broken file", async () => {
    const validate = await validator("claude");
    const bad = {
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "x", timeout: "5" }] }] },
    };
    expect(validate(bad)).toBe(false);
    const paths = new Set(validate.errors?.map((e) => e.instancePath));
    expect(paths).toContain("/hooks/PreToolUse/0/hooks/0/timeout");
    expect(validate({ hooks: { PreToolUs: [] } })).toBe(false);
  });

  it("spells a dialect's fields as its files do (Copilot's bash, version 1)", async () => {
    const validate = await validator("copilot");
    expect(
      validate({
        version: 1,
        hooks: { preToolUse: [{ type: "command", bash: "./check.sh", timeoutSec: 5 }] },
      }),
    ).toBe(true);
    expect(validate({ version: 2, hooks: {} })).toBe(false);
    expect(validate({ hooks: {} })).toBe(false);
  });

  it("is draft 2020-12", async () => {
    expect((await settingsJsonSchema("gemini")).$schema).toBe("https://json-schema.org/draft/2020-12/schema");
  });
});
