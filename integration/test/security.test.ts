// Security: untrusted projects run nothing, secrets stay out of hooks, rules beat hook verdicts, Stop loops end.

import { once } from "node:events";
import { appendFileSync, chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { instantiateHook, type LoadedHook } from "@hookwire/core";
import { discoverAndLoadHooks, HOOK_FORMATS, projectTrustStatus, trustProject } from "@hookwire/loader";
import { createSettingsHooks, validateSettings } from "@hookwire/settings-hooks";
import { ToolBlockedError } from "@hookwire/tool-wrapper";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHost, rejectionOf, TOOL_OUTPUT, textOf } from "./support/host.js";
import { normalise, tempDir } from "./support/temp-dir.js";

const temp = tempDir("security");
afterAll(() => temp.remove());

describe("a cloned project", () => {
  const project = path.join(temp.dir, "cloned");
  const home = path.join(temp.dir, "home");
  const trustStore = path.join(temp.dir, "trust", "trust.json");
  const options = { home, trustStore, env: {}, formats: HOOK_FORMATS };
  const guardRan = path.join(temp.dir, "guard-ran");
  const moduleRan = path.join(temp.dir, "module-ran");
  const guard = path.join(project, ".claude", "hooks", "guard.sh");

  beforeAll(() => {
    mkdirSync(path.join(project, ".claude", "hooks"), { recursive: true });
    mkdirSync(path.join(project, ".pi", "hooks"), { recursive: true });
    mkdirSync(home, { recursive: true });
    writeFileSync(
      guard,
      `#!/bin/sh\ncat > /dev/null\ntouch '${guardRan}'\necho "guard says no" >&2\nexit 2\n`,
    );
    chmodSync(guard, 0o755);
    writeFileSync(
      path.join(project, ".claude", "settings.json"),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: "Bash", hooks: [{ type: "command", command: "sh .claude/hooks/guard.sh" }] },
          ],
        },
      }),
    );
    // Top-level code proves whether the module was even imported.
    writeFileSync(
      path.join(project, ".pi", "hooks", "audit.ts"),
      `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(moduleRan)}, "imported");\nexport default function (pi: any) { pi.on("tool_call", () => ({ additionalContext: "audit saw the call" })); }\n`,
    );
  });

  async function runTool() {
    const loaded = await discoverAndLoadHooks([], project, options);
    const host = createHost(loaded.hooks, { cwd: project });
    const outcome = await host
      .tool("bash")
      .execute("call-1", { command: "ls" })
      .then(
        (result) => ({ ran: textOf(result) }),
        (error: unknown) => ({ blocked: (error as ToolBlockedError).reason }),
      );
    return { loaded, outcome };
  }

  it("runs nothing from the project until it is trusted, and says how to trust it", async () => {
    const { loaded, outcome } = await runTool();
    expect(outcome).toEqual({ ran: TOOL_OUTPUT });
    expect(existsSync(guardRan)).toBe(false);
    expect(existsSync(moduleRan)).toBe(false);
    expect(loaded.trust.trusted).toBe(false);
    const skipped = loaded.skipped.map((s) => ({
      ...s,
      path: normalise(s.path, temp.dir),
      trustCommand: normalise(s.trustCommand, temp.dir),
    }));
    expect(skipped).toMatchInlineSnapshot(`
      [
        {
          "kind": "hook",
          "path": ".pi/hooks/audit.ts",
          "reason": "the project is not trusted",
          "trustCommand": "hookwire trust --cwd <cwd>/cloned",
        },
        {
          "kind": "settings",
          "path": ".claude/settings.json",
          "reason": "the project is not trusted",
          "trustCommand": "hookwire trust --cwd <cwd>/cloned",
        },
      ]
    `);
  });

  it("runs the project's module and settings hooks once trusted", async () => {
    await trustProject(project, options);
    const { loaded, outcome } = await runTool();
    expect(loaded.skipped).toEqual([]);
    expect(outcome).toEqual({ blocked: "guard says no" });
    expect(existsSync(guardRan)).toBe(true);
    expect(existsSync(moduleRan)).toBe(true);
  });

  it("is untrusted again after a referenced script is edited", async () => {
    appendFileSync(guard, "# harmless-looking edit\n");
    expect((await projectTrustStatus(project, options)).trusted).toBe(false);
    const { loaded, outcome } = await runTool();
    expect(outcome).toEqual({ ran: TOOL_OUTPUT });
    expect(loaded.skipped.map((s) => s.kind).sort()).toEqual(["hook", "settings"]);
  });

  it("is untrusted again after a hook file is added", async () => {
    await trustProject(project, options);
    expect((await projectTrustStatus(project, options)).trusted).toBe(true);
    writeFileSync(path.join(project, ".pi", "hooks", "zz-new.ts"), "export default function () {}\n");
    expect((await projectTrustStatus(project, options)).trusted).toBe(false);
    const { loaded } = await runTool();
    expect(loaded.skipped.map((s) => normalise(s.path, temp.dir)).sort()).toEqual([
      ".claude/settings.json",
      ".pi/hooks/audit.ts",
      ".pi/hooks/zz-new.ts",
    ]);
  });
});

describe("secrets", () => {
  const saved = { ...process.env };
  let server: http.Server;
  let url: string;
  const received: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    process.env.HOOKWIRE_ALLOWED_TOKEN = "allowed-value";
    process.env.HOOKWIRE_UNLISTED = "unlisted-value";
    process.env.HOOKWIRE_HOST_SECRET = "host-secret-value";
    process.env.HOOKWIRE_PLAIN = "plain-value";
    server = http.createServer((req, res) => {
      received.push(req.headers);
      req.resume();
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    process.env = saved;
    server.close();
  });

  function bridge(hooks: unknown): Promise<LoadedHook> {
    const { handlers, issues } = validateSettings(
      { hooks },
      { file: path.join(temp.dir, "secrets.json"), scope: "project", dialect: "claude" },
    );
    expect(issues).toEqual([]);
    return createSettingsHooks(handlers, { cwd: temp.dir, secretEnv: ["HOOKWIRE_HOST_SECRET"] });
  }

  it("expands in http headers only the variables listed in allowedEnvVars, and never a host secret", async () => {
    const hook = await bridge({
      PreToolUse: [
        {
          hooks: [
            {
              type: "http",
              url,
              timeout: 2,
              headers: {
                Authorization: "Bearer $HOOKWIRE_ALLOWED_TOKEN",
                // The braced form is the settings file's own syntax, not a template literal.
                // biome-ignore lint/suspicious/noTemplateCurlyInString: settings-file placeholder syntax
                "X-Unlisted": "[${HOOKWIRE_UNLISTED}][$HOME]",
                "X-Secret": "[$HOOKWIRE_HOST_SECRET]",
              },
              allowedEnvVars: ["HOOKWIRE_ALLOWED_TOKEN", "HOOKWIRE_HOST_SECRET"],
            },
          ],
        },
      ],
    });
    const host = createHost([hook], { cwd: temp.dir });
    await host.tool("bash").execute("call-1", { command: "ls" });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      authorization: "Bearer allowed-value",
      "x-unlisted": "[][]",
      "x-secret": "[]",
    });
    expect(JSON.stringify(received[0])).not.toContain("host-secret-value");
  });

  it("keeps variables the host marks secret out of a command hook's environment", async () => {
    const envFile = path.join(temp.dir, "hook-env.txt");
    const hook = await bridge({
      PreToolUse: [{ hooks: [{ type: "command", command: `env > '${envFile}'`, timeout: 2 }] }],
    });
    const host = createHost([hook], { cwd: temp.dir });
    await host.tool("bash").execute("call-1", { command: "ls" });
    const env = readFileSync(envFile, "utf8");
    expect(env).toContain("HOOKWIRE_PLAIN=plain-value");
    expect(env).not.toContain("HOOKWIRE_HOST_SECRET");
    expect(env).not.toContain("host-secret-value");
  });
});

describe("permissions: allow is not bypass", () => {
  const verdictHook = (permission: "allow" | "ask") =>
    instantiateHook(
      (pi) => void pi.on("tool_call", () => ({ permission, reason: `hook says ${permission}` })),
      {
        path: `hooks/${permission}-everything.ts`,
        cwd: temp.dir,
      },
    );
  const settingsAllow = () => {
    const { handlers } = validateSettings(
      {
        hooks: {
          PreToolUse: [
            {
              hooks: [
                {
                  type: "command",
                  command: `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`,
                },
              ],
            },
          ],
        },
      },
      { file: path.join(temp.dir, "allow.json"), scope: "project", dialect: "claude" },
    );
    return createSettingsHooks(handlers, { cwd: temp.dir });
  };

  it.each([
    ["a TS hook", () => verdictHook("allow")],
    ["a settings hook", settingsAllow],
  ])("denies a call that a deny rule forbids even when %s allows it", async (_, make) => {
    const host = createHost([await make()], { cwd: temp.dir });
    const bash = host.tool("bash", { permissions: { deny: ["Bash(rm *)"] } });
    const error = await rejectionOf(bash.execute("call-1", { command: "npm test && rm -rf build" }));
    expect(error).toBeInstanceOf(ToolBlockedError);
    expect((error as ToolBlockedError).rule).toBe("Bash(rm *)");
    expect(normalise((error as ToolBlockedError).reason, temp.dir)).toMatch(
      /^Denied by permission rule `Bash\(rm \*\)` \(overrides the allow from hook `.+`\)$/,
    );
    expect(host.runs).toEqual([]);
    await bash.execute("call-2", { command: "ls" });
    expect(host.runs.map((r) => r[1])).toEqual(["call-2"]);
  });

  it("denies a hook's ask when there is no UI, saying why", async () => {
    const host = createHost([await verdictHook("ask")], { cwd: temp.dir });
    const error = await rejectionOf(host.tool("bash").execute("call-1", { command: "ls" }));
    expect((error as ToolBlockedError).reason).toMatchInlineSnapshot(
      `"bash needs confirmation (hook \`hooks/ask-everything.ts\`: hook says ask), but no UI was available to ask, so the call was denied."`,
    );
    expect(host.runs).toEqual([]);
  });

  it("asks through the UI when there is one, and runs the call only on yes", async () => {
    const asked: string[] = [];
    let answer = false;
    const host = createHost([await verdictHook("ask")], {
      cwd: temp.dir,
      hasUI: true,
      ui: {
        confirm: async (title: string) => {
          asked.push(title);
          return answer;
        },
      },
    });
    await expect(host.tool("bash").execute("call-1", { command: "ls" })).rejects.toBeInstanceOf(
      ToolBlockedError,
    );
    answer = true;
    await host.tool("bash").execute("call-2", { command: "ls" });
    expect(asked).toHaveLength(2);
    expect(host.runs.map((r) => r[1])).toEqual(["call-2"]);
  });
});

describe("a Stop hook that always blocks", () => {
  it("re-prompts the agent until the loop cap, then lets it stop with a visible notice", async () => {
    const log = path.join(temp.dir, "stop-inputs.jsonl");
    const { handlers } = validateSettings(
      {
        hooks: {
          Stop: [
            {
              hooks: [
                {
                  type: "command",
                  command: `cat >> '${log}'; echo >> '${log}'; echo "keep working" >&2; exit 2`,
                  timeout: 2,
                },
              ],
            },
          ],
        },
      },
      { file: path.join(temp.dir, "stop.json"), scope: "project", dialect: "claude" },
    );
    const host = createHost([await createSettingsHooks(handlers, { cwd: temp.dir })], { cwd: temp.dir });
    // The host's agent loop: every re-prompt (triggerTurn) runs another turn that ends in agent_end.
    let turns = 0;
    for (;;) {
      turns++;
      const before = host.messages.length;
      await host.runner.emit({ type: "agent_end", messages: [] });
      const reprompted = host.messages
        .slice(before)
        .some((m) => (m.options as { triggerTurn?: boolean } | undefined)?.triggerTurn);
      if (!reprompted || turns > 20) break;
    }
    // Claude Code's cap: 8 re-prompts, then the 9th block lets it stop.
    expect(turns).toBe(9);
    const inputs = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(inputs.map((i) => i.stop_hook_active)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(host.notices.map((n) => n.text)).toMatchInlineSnapshot(`
      [
        "Stop hooks blocked the agent from stopping 8 times in a row; the stop is allowed. Last reason: keep working",
      ]
    `);
    expect(host.messages.at(-1)?.message.content).toBe(host.notices.at(-1)?.text);
  });
});
