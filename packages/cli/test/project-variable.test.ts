// The project folder an agent names in its hooks' environment: read from its AgentSpec, forwarded to the server.
import { HOOK_AGENTS } from "@hookwire/settings-hooks/agents";
import { describe, expect, it } from "vitest";
import { projectVariable } from "../src/adapter/project-variable.js";
import { FORWARDED_VARIABLES } from "../src/serve/forwarded-variables.js";

describe("an agent's project variable", () => {
  it("is forwarded to the server for every agent that sets one", () => {
    const named = HOOK_AGENTS.flatMap((agent) => (agent.projectVariable ? [agent.projectVariable] : []));
    expect(FORWARDED_VARIABLES.filter((name) => name.endsWith("_PROJECT_DIR"))).toEqual(named);
    expect(named).toEqual(["CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR", "CURSOR_PROJECT_DIR"]);
  });

  it("names the project of the agent whose variable it is, and only an absolute path", () => {
    const env = {
      CLAUDE_PROJECT_DIR: "/work/a",
      GEMINI_PROJECT_DIR: "relative/b",
      CURSOR_PROJECT_DIR: "/work/c",
    };
    expect(projectVariable("claude", env)).toBe("/work/a");
    expect(projectVariable("gemini", env)).toBeUndefined();
    expect(projectVariable("cursor", env)).toBe("/work/c");
    // Codex and Copilot set none; another agent's variable is not theirs.
    expect(projectVariable("codex", env)).toBeUndefined();
    expect(projectVariable("copilot", env)).toBeUndefined();
    expect(projectVariable("pi", env)).toBeUndefined();
    expect(projectVariable("toString", env)).toBeUndefined();
  });
});
