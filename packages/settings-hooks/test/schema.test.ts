import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { zodVersion } from "../src/schema.js";

describe("the settings verdicts' key", () => {
  it("names the version of the zod that settings-hooks imports, as require resolves it", () => {
    const required = createRequire(new URL("../src/schema.ts", import.meta.url))("zod/package.json") as {
      version: string;
    };
    expect(zodVersion()).toBe(required.version);
    expect(zodVersion()).toMatch(/^4\.\d+\.\d+/);
  });
});
