// How the real agents read a settings file hookwire connects into: a comment, a duplicate key. `hookwire connect`
// parses each agent's file the same way (packages/settings-hooks/src/dialects/<agent>/agent.ts, `parse`); these
// runs are the evidence for that table.
import { afterAll, describe, expect, it } from "vitest";
import { agentVersion, runAgent, shellCalls } from "../src/agents.js";
import { type World, world } from "../src/world.js";

const worlds: World[] = [];
afterAll(() => {
  for (const w of worlds) w.remove();
});

/** A pre-tool hook that appends `label` to marks.txt in the project. */
const mark = (label: string) => ({ type: "command", command: `echo ${label} >> marks.txt` });

async function marksAfter(agent: "claude" | "gemini", file: string, text: string): Promise<string> {
  const w = world();
  worlds.push(w);
  w.write(file, text);
  const env = agent === "gemini" ? { ...w.env, GEMINI_CLI_TRUST_WORKSPACE: "true" } : w.env;
  await runAgent(agent, { project: w.project, home: w.home, calls: shellCalls(agent, ["true"]), env });
  return w.read("marks.txt") ?? "";
}

const event = { claude: "PreToolUse", gemini: "BeforeTool" } as const;
const hooksOf = (agent: "claude" | "gemini", label: string) =>
  JSON.stringify({ [event[agent]]: [{ matcher: "", hooks: [mark(label)] }] });

describe.each([
  ["claude", ".claude/settings.local.json"],
  ["gemini", ".gemini/settings.json"],
] as const)("%s reading its settings file", (agent, file) => {
  it(`keeps the last of duplicate "hooks" keys (${agentVersion(agent)})`, async () => {
    const text = `{"hooks": ${hooksOf(agent, "first")}, "hooks": ${hooksOf(agent, "last")}}\n`;
    expect((await marksAfter(agent, file, text)).trim()).toBe("last");
  }, 600_000);

  it(`with a comment: ${agent === "claude" ? "ignores the file" : "reads it"}`, async () => {
    const text = `// the team's hooks\n{"hooks": ${hooksOf(agent, "commented")}}\n`;
    expect((await marksAfter(agent, file, text)).trim()).toBe(agent === "claude" ? "" : "commented");
  }, 600_000);
});
