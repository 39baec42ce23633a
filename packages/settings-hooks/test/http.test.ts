// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${NAME}` placeholders are literal settings text here.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { interpolateHeaders, runHttpHandler } from "../src/handlers/http.js";
import { group, harness, toolCall } from "./bridge-harness.js";

type Route = (req: IncomingMessage, body: string, res: ServerResponse) => void;
const requests: Array<{ url: string; headers: IncomingMessage["headers"]; body: string }> = [];
const routes: Record<string, Route> = {
  "/json": (_req, _body, res) => {
    res.setHeader("content-type", "application/json");
    res.end('{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"from http"}}');
  },
  "/text": (_req, _body, res) => res.end("remember the tests"),
  "/empty": (_req, _body, res) => res.end(),
  "/fail": (_req, _body, res) => {
    res.statusCode = 500;
    res.end("boom");
  },
  "/slow": () => {},
  "/loop": (_req, _body, res) => {
    res.statusCode = 302;
    res.setHeader("location", "/loop");
    res.end();
  },
  "/huge": (_req, _body, res) => {
    const chunk = "x".repeat(64 * 1024);
    let sent = 0;
    const write = () => {
      while (sent < 4 * 1024 * 1024 && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", write);
      }
      res.end();
    };
    write();
  },
};

let server: Server;
let base = "";
let refused = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      requests.push({ url: req.url ?? "", headers: req.headers, body });
      routes[req.url ?? ""]?.(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  refused = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/x`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const opts = { hookName: "h", event: "PreToolUse", timeoutMs: 5000 };
const post = (url: string, extra: Record<string, unknown> = {}, timeoutMs = 5000) =>
  runHttpHandler({ type: "http", url, ...extra }, '{"hook_event_name":"PreToolUse"}', { ...opts, timeoutMs });

describe("runHttpHandler", () => {
  it("POSTs the event JSON with Content-Type application/json and parses a 2xx JSON body like stdout", async () => {
    const result = await post(`${base}/json`);
    expect(result).toEqual({
      status: "success",
      output: { hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "from http" } },
      warnings: [],
    });
    const request = requests.find((r) => r.url === "/json");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body).toBe('{"hook_event_name":"PreToolUse"}');
  });

  it("treats a 2xx text body as plain output and an empty body as success", async () => {
    expect(await post(`${base}/text`)).toEqual({
      status: "success",
      output: {},
      text: "remember the tests",
      warnings: [],
    });
    expect(await post(`${base}/empty`)).toEqual({ status: "success", output: {}, warnings: [] });
  });

  it("turns non-2xx, refused connections, timeouts, redirects and oversized bodies into non-blocking errors naming the URL", async () => {
    const messages = [
      await post(`${base}/fail`),
      await post(refused),
      await post(`${base}/slow`, {}, 200),
      await post(`${base}/loop`),
      await post(`${base}/huge`),
    ].map((r) =>
      r.status === "error" ? r.message.replaceAll(base, "<base>").replace(refused, "<refused>") : r,
    );
    expect(messages).toMatchInlineSnapshot(`
      [
        "POST <base>/fail answered 500 Internal Server Error",
        "POST <refused> failed: ECONNREFUSED",
        "POST <base>/slow timed out after 0.2 s",
        "POST <base>/loop answered 302 redirect to /loop; redirects are not followed",
        "POST <base>/huge sent a response body over 1048576 bytes",
      ]
    `);
  });

  it("interpolates only allowedEnvVars into headers; other variables become empty", async () => {
    const env = { MY_TOKEN: "t0k", OTHER: "leak", SECRET: "s" };
    const headers = interpolateHeaders(
      {
        type: "http",
        url: "x",
        headers: { Authorization: "Bearer $MY_TOKEN", "X-Other": "[${OTHER}]", "X-Secret": "$SECRET" },
        allowedEnvVars: ["MY_TOKEN", "SECRET"],
      },
      env,
      ["SECRET"],
    );
    expect(headers).toEqual({ Authorization: "Bearer t0k", "X-Other": "[]", "X-Secret": "" });
    process.env.HOOKWIRE_TEST_TOKEN = "abc";
    await post(`${base}/empty`, {
      headers: { Authorization: "Bearer ${HOOKWIRE_TEST_TOKEN}" },
      allowedEnvVars: ["HOOKWIRE_TEST_TOKEN"],
    });
    expect(requests.at(-1)?.headers.authorization).toBe("Bearer abc");
    delete process.env.HOOKWIRE_TEST_TOKEN;
  });
});

describe("http handlers through the bridge", () => {
  it("a 2xx deny blocks the tool call; a 500 is reported and does not block", async () => {
    const h = await harness({ PreToolUse: group([{ type: "http", url: `${base}/json` }]) });
    expect(await h.runner.emitToolCall(toolCall("bash", { command: "ls" }))).toMatchObject({
      block: true,
      reason: "from http",
    });
    const failing = await harness({ PreToolUse: group([{ type: "http", url: `${base}/fail` }]) });
    expect((await failing.runner.emitToolCall(toolCall("bash", { command: "ls" }))).block).toBe(false);
    expect(failing.errors.map((e) => e.replace(base, "<base>"))).toEqual([
      "HOOK_HANDLER_FAILED .claude/settings.json#hooks.PreToolUse[0].hooks[0]: POST <base>/fail answered 500 Internal Server Error",
    ]);
  });
});
