// One project's hooks held for several agent calls (as `hookwire serve` holds them): what a hook sends reaches the
// call it belongs to, also when a promise that call started settles while the next call runs.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { HookEvent, NativeEventName } from "@hookwire/core";
import { HOOK_FORMATS, trustProject } from "@hookwire/loader";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type CallSession, type CallSinks, ProjectHooks } from "../src/adapter/project-hooks.js";

/**
 * On session_start (call A) it starts a promise that settles when agent_end (call B) lets it, then sends a message
 * from there: A's, though it arrives while B runs. Each call also notes, appends and reads its own model.
 */
const HOOK = `export default function (pi) {
  let release;
  pi.on("session_start", (_event, ctx) => {
    new Promise((resolve) => { release = resolve; }).then(() => {
      pi.sendMessage({ customType: "t", content: "A, settled during B", display: true });
      ctx.ui.notify("A's note, during B");
    });
    pi.sendMessage({ customType: "t", content: "A " + ctx.model?.id, display: true });
  });
  pi.on("agent_end", async (_event, ctx) => {
    pi.sendMessage({ customType: "t", content: "B " + ctx.model?.id, display: true });
    pi.appendEntry("b", 1);
    release?.();
    await new Promise((resolve) => setTimeout(resolve, 10));
    ctx.ui.notify("B's note");
  });
}
`;

let root: string;

beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "hw-call-sinks-")));
  vi.stubEnv("HOME", path.join(root, "home"));
  vi.stubEnv("XDG_CONFIG_HOME", path.join(root, "home/.config"));
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

/** What one call's hooks sent back, by kind. */
function sinksOf(model: string) {
  const seen: string[] = [];
  const sinks: CallSinks = {
    messages: [],
    asked: undefined,
    note: (text) => seen.push(`note ${text}`),
    failed: (error) => seen.push(`failed ${error.message}`),
    append: (customType) => seen.push(`entry ${customType}`),
    setStatus: () => {},
    sessionManager: {
      getEntries: () => [],
      getBranch: () => [],
      getLeafEntry: () => undefined,
      getSessionFile: () => undefined,
    },
    model,
  };
  return { sinks, seen, texts: () => sinks.messages.map((message) => message.text) };
}

describe("a held project's calls each get their own sinks", () => {
  it("a message from a promise call A started, settling while call B runs, is A's, never B's", async () => {
    const project = path.join(root, "project");
    mkdirSync(path.join(project, ".hookwire/hooks"), { recursive: true });
    writeFileSync(path.join(project, ".hookwire/hooks/late.js"), HOOK);
    await trustProject(project, { formats: HOOK_FORMATS });
    const session: CallSession = { sessionId: "s", transcriptPath: "", states: {} };
    const hooks = await ProjectHooks.load("claude", project, session);
    expect(hooks.trust.state).toBe("trusted");
    const a = sinksOf("model-a");
    const b = sinksOf("model-b");
    const event = (type: string) => ({ type }) as unknown as HookEvent<NativeEventName>;
    await hooks.run(session, a.sinks, event("session_start"), false);
    await hooks.run(session, b.sinks, { ...event("agent_end"), messages: [] } as never, false);
    expect(a.texts()).toEqual(["A model-a", "A, settled during B"]);
    expect(a.seen).toEqual(["note A's note, during B"]);
    expect(b.texts()).toEqual(["B model-b"]);
    expect(b.seen).toEqual(["entry b", "note B's note"]);
    hooks.dispose();
  });

  it("a settings hook gets its own call's session id, not the one the project was loaded with", async () => {
    const project = path.join(root, "sessions");
    mkdirSync(path.join(project, ".gemini"), { recursive: true });
    const seen = path.join(root, "sessions.jsonl");
    const command = `cat >> ${JSON.stringify(seen)}; echo >> ${JSON.stringify(seen)}`;
    writeFileSync(
      path.join(project, ".gemini/settings.json"),
      JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: "command", command }] }] } }),
    );
    await trustProject(project, { formats: HOOK_FORMATS });
    const first: CallSession = { sessionId: "first", transcriptPath: "", states: {} };
    const hooks = await ProjectHooks.load("claude", project, first);
    for (const sessionId of ["first", "second"]) {
      const session = { ...first, sessionId };
      await hooks.run(session, sinksOf("m").sinks, { type: "session_start" } as never, false);
    }
    const ids = readFileSync(seen, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line).session_id);
    expect(ids).toEqual(["first", "second"]);
    hooks.dispose();
  });
});
