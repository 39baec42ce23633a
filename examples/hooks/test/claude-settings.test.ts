import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type HookMessage, HookRunner, type ToolDefinition } from "@hookwire/core";
import { discoverAndLoadHooks } from "@hookwire/loader";
import { HookToolWrapper } from "@hookwire/tool-wrapper";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleRoot } from "./harness.js";

interface Received {
  url: string | undefined;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

const received: Received[] = [];
const server = createServer(async (req: IncomingMessage, res) => {
  let text = "";
  for await (const chunk of req) text += String(chunk);
  received.push({ url: req.url, authorization: req.headers.authorization, body: JSON.parse(text) });
  res.setHeader("content-type", "application/json");
  res.end(
    JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PostToolUse",
        additionalContext: `audit #${received.length} recorded`,
      },
    }),
  );
});

let project = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  project = mkdtempSync(path.join(tmpdir(), "hookwire-example-settings-"));
  cpSync(path.join(exampleRoot, ".claude"), path.join(project, ".claude"), { recursive: true });
  // The example points at the documented port; the test server listens on a free one.
  const settings = path.join(project, ".claude/settings.json");
  writeFileSync(settings, readFileSync(settings, "utf8").replace("127.0.0.1:4318", `127.0.0.1:${port}`));
  process.env.AUDIT_TOKEN = "t0ken";
});

afterAll(() => {
  server.close();
  delete process.env.AUDIT_TOKEN;
});

async function loadProject() {
  const messages: HookMessage[] = [];
  const loaded = await discoverAndLoadHooks([], project, {
    home: path.join(project, "no-home"),
    settingsSources: [
      { file: path.join(project, ".claude/settings.json"), scope: "project", dialect: "claude" },
    ],
    trust: "all",
  });
  expect(loaded.errors).toEqual([]);
  expect(loaded.settings.issues).toEqual([]);
  const runner = new HookRunner(loaded.hooks, { cwd: project });
  runner.initialize({
    sendMessageHandler: (message) => messages.push(message),
    appendEntryHandler: () => {},
  });
  return { runner, messages };
}

const writeTool: ToolDefinition = {
  name: "write",
  description: "write a file",
  parameters: {},
  async execute(_id, params) {
    writeFileSync(path.join(project, String(params.path)), String(params.content));
    return { content: [{ type: "text", text: `wrote ${String(params.path)}` }] };
  },
};

describe("examples/hooks/.claude/settings.json through a real runner", () => {
  it("adds the SessionStart script's plain stdout as context", async () => {
    const { runner, messages } = await loadProject();
    await runner.emit({ type: "session_start" });
    expect(messages).toHaveLength(1);
    expect(JSON.stringify(messages[0]?.content)).toContain(
      `Project ${path.basename(project)}: run \`pnpm test\` before you commit; never edit .env files.`,
    );
  });

  it("blocks a force-push with the validator's stderr as the reason", async () => {
    const { runner } = await loadProject();
    const outcome = await runner.emitToolCall({
      toolName: "bash",
      toolCallId: "1",
      input: { command: "git push -f origin main" },
    });
    expect(outcome).toMatchObject({
      block: true,
      reason: "Force-pushing is not allowed here; push normally or open a pull request.",
    });
    const allowed = await runner.emitToolCall({
      toolName: "bash",
      toolCallId: "2",
      input: { command: "git status" },
    });
    expect(allowed.block).toBe(false);
  });

  it("formats a written file and posts it to the audit server, both adding context to the result", async () => {
    const { runner } = await loadProject();
    const tool = new HookToolWrapper(writeTool, runner);
    const result = await tool.execute("call-7", { path: "notes.md", content: "hello   \n\n" });

    expect(readFileSync(path.join(project, "notes.md"), "utf8")).toBe("hello\n");
    const texts = result.content.map((part) => (part.type === "text" ? part.text : ""));
    expect(texts[0]).toBe("wrote notes.md");
    expect(texts.slice(1).join("\n")).toContain("formatted notes.md (trailing whitespace removed)");
    expect(texts.slice(1).join("\n")).toContain("audit #1 recorded");

    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      url: "/hooks/audit",
      authorization: "Bearer t0ken",
      body: {
        hook_event_name: "PostToolUse",
        tool_name: "Write",
        tool_input: { file_path: path.join(project, "notes.md") },
      },
    });
  });
});
