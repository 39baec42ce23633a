// The calling agent's version, from where each agent says it (measured: docs/cli.md "The record").
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { agentVersion } from "../src/log/agent-version.js";

describe("agentVersion", () => {
  it("reads each agent's own source", () => {
    expect(agentVersion("claude", {}, { AI_AGENT: "claude-code_2-1-332_harness" })).toBe("2.1.332");
    expect(agentVersion("copilot", {}, { COPILOT_CLI_BINARY_VERSION: "1.0.102" })).toBe("1.0.102");
    expect(agentVersion("cursor", { cursor_version: "1.7.0" }, {})).toBe("1.7.0");
    const codex = mkdtempSync(path.join(tmpdir(), "hw-codex-"));
    writeFileSync(
      path.join(codex, "package.json"),
      JSON.stringify({ name: "@openai/codex", version: "0.169.0" }),
    );
    expect(agentVersion("codex", {}, { CODEX_MANAGED_PACKAGE_ROOT: codex })).toBe("0.169.0");
  });

  it("records none where the agent says none, or another agent's variable is what is set", () => {
    expect(agentVersion("gemini", {}, { AI_AGENT: "claude-code_2-1-332_harness" })).toBeUndefined();
    expect(agentVersion("claude", {}, { COPILOT_CLI_BINARY_VERSION: "1.0.102" })).toBeUndefined();
    expect(agentVersion("claude", {}, { AI_AGENT: "some-other-agent_1-0" })).toBeUndefined();
    expect(agentVersion("codex", {}, { CODEX_MANAGED_PACKAGE_ROOT: "relative/folder" })).toBeUndefined();
    expect(agentVersion("codex", {}, { CODEX_MANAGED_PACKAGE_ROOT: "/no/such/folder" })).toBeUndefined();
    expect(agentVersion("toString", {}, {})).toBeUndefined();
  });

  it("takes no text for a version that is not one: line breaks, escapes, a huge value, an object", () => {
    expect(agentVersion("copilot", {}, { COPILOT_CLI_BINARY_VERSION: "1.0\nforged line" })).toBeUndefined();
    expect(agentVersion("copilot", {}, { COPILOT_CLI_BINARY_VERSION: "\u001b[31m1.0" })).toBeUndefined();
    expect(agentVersion("cursor", { cursor_version: "9".repeat(1000) }, {})).toBeUndefined();
    expect(agentVersion("cursor", { cursor_version: { toString: () => "1" } }, {})).toBeUndefined();
  });
});
