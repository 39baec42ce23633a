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

describe("@hookwire/opencode and the user's fail-closed setting", () => {
  /** A trusted project whose settings guard cannot start (its script is gone: the shell answers 127). */
  async function broken(name: string) {
    const dir = path.join(root, name);
    mkdirSync(path.join(dir, ".hookwire"), { recursive: true });
    mkdirSync(path.join(dir, ".git"));
    const settings = {
      hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "./.hooks/gone.sh" }] }] },
    };
    writeFileSync(path.join(dir, ".hookwire/settings.json"), JSON.stringify(settings));
    await trustProject(dir, { formats: HOOK_FORMATS });
    const { HookwirePlugin } = await import(pathToFileURL(PLUGIN).href);
    return HookwirePlugin({ directory: dir });
  }
  const hooksJson = () => path.join(process.env.XDG_CONFIG_HOME as string, "hookwire", "hooks.json");

  it('refuses a call a guard failed on when the user\'s hooks.json says "onFailure": "block", naming the hook and why', async () => {
    const hooks = await broken("fail-closed");
    mkdirSync(path.dirname(hooksJson()), { recursive: true });
    writeFileSync(hooksJson(), '{ "onFailure": "block" }\n');
    try {
      const refused = hooks["tool.execute.before"](call("bash"), { args: { command: "ls" } });
      await expect(refused).rejects.toThrow(/failed \(exited with code 127/);
      const reason = await refused.catch((error: Error) => error.message.replaceAll(root, "<root>"));
      expect(reason).toContain(
        'the call is refused (fail-closed hooks: "onFailure": "block" in <root>/home/.config/hookwire/hooks.json).',
      );
      expect(reason).toContain("`.hookwire/settings.json#hooks.PreToolUse[0].hooks[0]` failed");
    } finally {
      rmSync(hooksJson(), { force: true });
    }
  });

  it("lets the call go on without the setting", async () => {
    const hooks = await broken("fail-open");
    const args = { command: "ls" };
    await hooks["tool.execute.before"](call("bash"), { args });
    expect(args).toEqual({ command: "ls" });
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
