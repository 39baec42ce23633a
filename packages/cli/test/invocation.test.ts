import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { invokedAs, spellCommand } from "../src/invocation.js";

const root = mkdtempSync(path.join(tmpdir(), "hookwire-invocation-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("invokedAs", () => {
  it.each([
    ["pnpm/12.4.2 npm/? node/? linux x64", "pnpm exec hookwire"],
    ["npm/11.19.1 node/v20.20.2 linux x64 workspaces/false", "npx hookwire"],
    ["yarn/4.5.0 npm/? node/v20.20.2 linux x64", "yarn hookwire"],
    ["bun/1.2.0 npm/? node/v20 linux x64", "bunx hookwire"],
  ])("spells %s as %s", (agent, expected) => {
    expect(invokedAs({ npm_config_user_agent: agent }, ["node", "/x/bin/hookwire"])).toBe(expected);
  });

  it("says hookwire when PATH finds this very script", () => {
    const bin = path.join(root, "bin");
    mkdirSync(bin);
    const script = path.join(root, "cli.js");
    writeFileSync(script, "");
    chmodSync(script, 0o755);
    symlinkSync(script, path.join(bin, "hookwire"));
    expect(invokedAs({ PATH: bin }, ["node", path.join(bin, "hookwire")])).toBe("hookwire");
  });

  it("spells a script started by path the way it was typed", () => {
    const cwd = path.join(root, "project");
    expect(invokedAs({ PATH: "" }, ["node", path.join(cwd, "node_modules/.bin/hookwire")], cwd)).toBe(
      "./node_modules/.bin/hookwire",
    );
    expect(invokedAs({ PATH: "" }, ["node", "/opt/hookwire/bin/hookwire.js"], cwd)).toBe(
      "node /opt/hookwire/bin/hookwire.js",
    );
  });

  it("rewrites only commands that start with hookwire", () => {
    expect(spellCommand("hookwire trust --cwd /p", "pnpm exec hookwire")).toBe(
      "pnpm exec hookwire trust --cwd /p",
    );
    expect(spellCommand("chmod +x a.sh", "pnpm exec hookwire")).toBe("chmod +x a.sh");
  });
});
