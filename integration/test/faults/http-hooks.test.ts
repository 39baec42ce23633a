// Fault suite for http settings hooks against a real server on 127.0.0.1: refused, 500, slow, 2 GB, redirect loop.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createSettingsHooks, readSettingsFile } from "@hookwire/settings-hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FaultServer, HUGE_BODY_BYTES, refusedPort, startFaultServer } from "../support/fault-server.js";
import { createHost, TOOL_OUTPUT, textOf } from "../support/host.js";
import { tempDir } from "../support/temp-dir.js";

const project = tempDir("http-faults");
let server: FaultServer;
let refused: number;

beforeAll(async () => {
  server = await startFaultServer(() => ({
    hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "the endpoint answered" },
  }));
  refused = await refusedPort();
});
afterAll(async () => {
  await server.close();
  project.remove();
});

interface HttpFault {
  name: string;
  url: () => string;
  text: () => string;
}

const FAULTS: HttpFault[] = [
  {
    name: "connection-refused",
    url: () => `http://127.0.0.1:${refused}/hook`,
    text: () => `POST http://127.0.0.1:${refused}/hook failed: ECONNREFUSED`,
  },
  {
    name: "status-500",
    url: () => server.url("500"),
    text: () => `POST ${server.url("500")} answered 500 Internal Server Error`,
  },
  {
    name: "slow-beyond-timeout",
    url: () => server.url("slow"),
    text: () => `POST ${server.url("slow")} timed out after 1 s`,
  },
  {
    name: "2gb-body",
    url: () => server.url("huge"),
    text: () => `POST ${server.url("huge")} sent a response body over 1048576 bytes`,
  },
  {
    name: "redirect-loop",
    url: () => server.url("redirect"),
    text: () =>
      `POST ${server.url("redirect")} answered 302 redirect to /redirect; redirects are not followed`,
  },
];

const MEMORY_CAP_BYTES = 96 * 1024 * 1024;

describe.each(FAULTS)("an http hook with $name", (fault) => {
  it("is a non-blocking error naming the handler and URL on every event, memory stays bounded, and the next call works", async () => {
    const settings = path.join(project.dir, `settings-${fault.name}.json`);
    const handler = { type: "http", url: fault.url(), timeout: 1 };
    const healthy = { type: "http", url: server.url("ok"), timeout: 1 };
    writeFileSync(
      settings,
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: "fault_pre", hooks: [handler] },
            { matcher: "next", hooks: [healthy] },
          ],
          PostToolUse: [{ matcher: "fault_post", hooks: [handler] }],
          SessionStart: [{ hooks: [handler] }],
        },
      }),
    );
    const read = await readSettingsFile({ file: settings, scope: "project", dialect: "claude" });
    expect(read.issues).toEqual([]);
    const host = createHost([await createSettingsHooks(read.handlers, { cwd: project.dir })], {
      cwd: project.dir,
    });
    const file = path.basename(settings);
    const rssBefore = process.memoryUsage().rss;

    const pre = await host.tool("fault_pre").execute("call-pre", { command: "ls" });
    expect(textOf(pre)).toContain(TOOL_OUTPUT);
    const post = await host.tool("fault_post").execute("call-post", { command: "ls" });
    expect(textOf(post)).toContain(TOOL_OUTPUT);
    await host.runner.emit({ type: "session_start" });

    expect(host.errors.map((e) => [e.event, e.hookPath, e.error])).toEqual([
      ["PreToolUse", `${file}#hooks.PreToolUse[0].hooks[0]`, fault.text()],
      ["PostToolUse", `${file}#hooks.PostToolUse[0].hooks[0]`, fault.text()],
      ["SessionStart", `${file}#hooks.SessionStart[0].hooks[0]`, fault.text()],
    ]);
    expect(host.runs.map((r) => r[1])).toEqual(["call-pre", "call-post"]);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(MEMORY_CAP_BYTES);
    if (fault.name === "2gb-body") expect(server.hugeBytesSent()).toBeLessThan(HUGE_BODY_BYTES / 10);

    const next = await host.tool("next").execute("call-next", { command: "ls" });
    expect(textOf(next)).toContain("the endpoint answered");
    expect(host.errors).toHaveLength(3);
  });
});
