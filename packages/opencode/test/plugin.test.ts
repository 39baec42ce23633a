// @hookwire/opencode's plugin, built and loaded as opencode loads it, on opencode's tool hooks: what opencode's
// `args` become for the hooks (the loader's one tool table) and what comes back into them.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { HOOK_FORMATS, trustProject } from "@hookwire/loader";
import { packageAgent } from "@hookwire/settings-hooks/agents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const PLUGIN = path.join(here, "../dist/index.js");

// Sees native inputs (`path`, `oldText`), rewrites an edit, and changes a call's input in place without returning it.
const GUARD = `export default function guard(pi) {
  pi.on("tool_call", (event) => {
    if (event.toolName === "read" && String(event.input.path).includes("secret"))
      return { block: true, reason: "HW_BLOCKED " + Object.keys(event.input).join(",") };
    if (event.toolName === "edit")
      return { input: { ...event.input, newText: event.input.oldText + "!" } };
    if (event.toolName === "todowrite") {
      event.input.todos[0].content = "changed in place";
      event.input.added = true;
    }
  });
}
`;

const saved = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
let root: string;

beforeAll(() => {
  ensureBuilt();
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "hw-opencode-")));
  process.env.HOME = path.join(root, "home");
  process.env.XDG_CONFIG_HOME = path.join(root, "home/.config");
});
afterAll(() => {
  for (const key of ["HOME", "XDG_CONFIG_HOME"] as const) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  rmSync(root, { recursive: true, force: true });
});

async function plugin(name: string) {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, ".hookwire/hooks"), { recursive: true });
  mkdirSync(path.join(dir, ".git"));
  writeFileSync(path.join(dir, ".hookwire/hooks/guard.js"), GUARD);
  await trustProject(dir, { formats: HOOK_FORMATS });
  const { HookwirePlugin } = await import(pathToFileURL(PLUGIN).href);
  return HookwirePlugin({ directory: dir });
}

const call = (tool: string) => ({ tool, sessionID: "s", callID: `c-${tool}` });

describe("@hookwire/opencode on tool.execute.before", () => {
  it("hands hooks the native input and writes a rewrite back in opencode's argument names", async () => {
    const hooks = await plugin("rewrites");
    await expect(
      hooks["tool.execute.before"](call("read"), { args: { filePath: "/p/secret.txt", offset: 1 } }),
    ).rejects.toThrow("HW_BLOCKED path,offset");

    const args = { filePath: "/p/a.ts", oldString: "a", newString: "b" };
    await hooks["tool.execute.before"](call("edit"), { args });
    expect(args).toEqual({ filePath: "/p/a.ts", oldString: "a", newString: "a!" });
  });

  it("keeps opencode's args as they were when a hook changes its input in place without returning it", async () => {
    const hooks = await plugin("in-place");
    const args = { todos: [{ content: "mine", status: "pending" }] };
    await hooks["tool.execute.before"](call("todowrite"), { args });
    expect(args).toEqual({ todos: [{ content: "mine", status: "pending" }] });
  });

  it("refuses every call while the trusted project's guard changed, naming it and the trust command", async () => {
    await plugin("changed");
    writeFileSync(
      path.join(root, "changed/.hookwire/hooks/guard.js"),
      "export default function guard() {}\n",
    );
    const { HookwirePlugin } = await import(pathToFileURL(PLUGIN).href);
    const hooks = await HookwirePlugin({ directory: path.join(root, "changed") });
    const refused = hooks["tool.execute.before"](call("read"), { args: { filePath: "/p/a.ts" } });
    await expect(refused).rejects.toThrow("changed since it was trusted");
    const reason = await refused.catch((error: Error) => error.message.replace(root, "<root>"));
    expect(reason).toMatchInlineSnapshot(
      `"hookwire: the project's hooks changed since it was trusted: hook .hookwire/hooks/guard.js edited. Its tool calls are refused until you review and trust them: hookwire trust --cwd <root>/changed — then restart opencode."`,
    );
  });
});

describe("docs/hosts.md's opencode rows", () => {
  it("name exactly the hooks the plugin returns (the agent registry, packages/settings-hooks/src/dialects/opencode/agent.ts)", async () => {
    const hooks = await plugin("listed");
    expect(Object.keys(hooks).sort()).toEqual(
      packageAgent("opencode")
        .events.map((e) => e.event)
        .sort(),
    );
  });
});
