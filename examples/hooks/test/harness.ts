// The example modules, loaded through @hookwire/testing exactly as a hook author's own tests would.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createHookTester, type HookTester, type HookTesterOptions } from "@hookwire/testing";

export const exampleRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A tester over `hooks/<name>.ts`, run in `cwd` (default: this example folder). */
export function testExample(name: string, options: HookTesterOptions = {}): Promise<HookTester> {
  return createHookTester({
    cwd: exampleRoot,
    ...options,
    modules: [path.join(exampleRoot, "hooks", `${name}.ts`)],
  });
}
