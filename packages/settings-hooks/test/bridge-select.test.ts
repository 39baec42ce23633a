// The bridge's handler-selection step on its own: which handlers run, in their order, and which are reported.
import { describe, expect, it } from "vitest";
import { selectHandlers } from "../src/bridge/select.js";
import { isBridged } from "../src/dialect-kit/catalogue.js";
import { claude } from "../src/dialects/claude/dialect.js";
import { validateSettings } from "../src/read-settings.js";
import type { SettingsHandler } from "../src/types.js";

const source = { file: "/p/.claude/settings.json", scope: "project", dialect: "claude" } as const;
const command = (text: string, extra: object = {}) => ({ type: "command", command: text, ...extra });

function handlersOf(hooks: Record<string, unknown>): SettingsHandler[] {
  const { handlers, issues } = validateSettings({ hooks }, source);
  expect(issues.filter((issue) => issue.severity === "error")).toEqual([]);
  return handlers;
}

describe("selectHandlers", () => {
  it("prepares the handlers of bridged events in their order, each with its matcher, rule and async flag", () => {
    const handlers = handlersOf({
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [command("first.sh", { if: "Bash(rm *)" }), command("second.sh", { async: true })],
        },
      ],
      Stop: [{ hooks: [command("stop.sh")] }],
    });
    const { prepared, problems } = selectHandlers(handlers, { cwd: "/p" });
    expect(problems).toEqual([]);
    expect(prepared.map((p) => [p.hookPath, p.spec.name, p.async, p.rule !== undefined])).toEqual([
      [".claude/settings.json#hooks.PreToolUse[0].hooks[0]", "PreToolUse", false, true],
      [".claude/settings.json#hooks.PreToolUse[0].hooks[1]", "PreToolUse", true, false],
      [".claude/settings.json#hooks.Stop[0].hooks[0]", "Stop", false, false],
    ]);
    expect(prepared[0]!.matches("Bash")).toBe(true);
    expect(prepared[0]!.matches("Write")).toBe(false);
  });

  it("leaves out the handlers of events the dialect does not bridge, without a problem", () => {
    const unbridged = claude.events.find((spec) => !isBridged(spec));
    expect(unbridged).toBeDefined();
    const handlers = handlersOf({ [unbridged!.name]: [{ hooks: [command("never.sh")] }] });
    expect(handlers).toHaveLength(1);
    expect(selectHandlers(handlers, { cwd: "/p" })).toEqual({ prepared: [], problems: [] });
  });

  it("reports a handler type without an executor and a matcher that does not compile, and runs neither", () => {
    const handlers = handlersOf({
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "prompt", prompt: "judge" }, command("ok.sh")] }],
    });
    const broken: SettingsHandler = {
      ...handlers[1]!,
      matcher: "(",
      jsonPath: "hooks.PreToolUse[1].hooks[0]",
    };
    const { prepared, problems } = selectHandlers([...handlers, broken], { cwd: "/p" });
    expect(prepared.map((p) => p.hookPath)).toEqual([".claude/settings.json#hooks.PreToolUse[0].hooks[1]"]);
    expect(problems.map((problem) => [problem.code, problem.hookPath])).toEqual([
      ["HOOK_HANDLER_UNSUPPORTED", ".claude/settings.json#hooks.PreToolUse[0].hooks[0]"],
      ["HOOK_INVALID_MATCHER", ".claude/settings.json#hooks.PreToolUse[1].hooks[0]"],
    ]);
  });
});
