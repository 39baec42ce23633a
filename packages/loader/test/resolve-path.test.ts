import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolvePath } from "../src/index.js";

describe("resolvePath", () => {
  const cwd = path.resolve("/projects/app");
  const home = path.resolve("/users/ada");

  it("keeps absolute paths as they are", () => {
    expect(resolvePath(path.resolve("/etc/hooks/a.ts"), cwd, home)).toBe(path.resolve("/etc/hooks/a.ts"));
  });

  it("expands ~ and ~/x to the home directory", () => {
    expect(resolvePath("~", cwd, home)).toBe(home);
    expect(resolvePath("~/.pi/hooks/a.ts", cwd, home)).toBe(path.join(home, ".pi/hooks/a.ts"));
  });

  it("resolves relative paths against cwd, including ~user which names a folder", () => {
    expect(resolvePath(".pi/hooks/a.ts", cwd, home)).toBe(path.join(cwd, ".pi/hooks/a.ts"));
    expect(resolvePath("../shared/a.ts", cwd, home)).toBe(path.resolve(cwd, "../shared/a.ts"));
    expect(resolvePath("~bob/a.ts", cwd, home)).toBe(path.join(cwd, "~bob/a.ts"));
  });
});
