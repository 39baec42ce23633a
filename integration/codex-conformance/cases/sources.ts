// Where hooks come from (project / user, hooks.json / config.toml), Codex's two trust gates and its switches.
import type { ConformanceCase } from "../src/case.js";
import { bashRan, hook, oneHook, ranFile } from "./helpers.js";

const block = { exit: 2, stderr: "BLOCK_MARK" };
const markers = ["BLOCK_MARK"];
const from = (id: string, about: string, source: "project" | "user" | "project-toml" | "user-toml") =>
  oneHook(id, about, "PreToolUse", block, { matcher: "Bash", markers, source });

export const sourceCases: ConformanceCase[] = [
  from("src-project-json", "project .codex/hooks.json", "project"),
  from("src-user-json", "user ~/.codex/hooks.json", "user"),
  from("src-project-toml", "project .codex/config.toml [hooks]", "project-toml"),
  from("src-user-toml", "user ~/.codex/config.toml [hooks]", "user-toml"),
  {
    id: "src-json-and-toml",
    about: "hooks.json and [hooks] in the same layer: both load",
    hooks: { project: hook("PreToolUse", "a"), "project-toml": hook("PreToolUse", "b") },
    scripts: { a: {}, b: {} },
    calls: [bashRan],
    observe: { files: ranFile },
  },
  {
    id: "src-user-and-project",
    about: "user and project hooks: both run",
    hooks: { user: hook("PreToolUse", "a"), project: hook("PreToolUse", "b") },
    scripts: { a: {}, b: {} },
    calls: [bashRan],
    observe: { files: ranFile },
  },
  {
    id: "src-claude-settings-ignored",
    about: ".claude/settings.json is not a Codex source",
    hooks: {},
    scripts: { h: block },
    files: {
      ".claude/settings.json": JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: "Bash", hooks: [{ type: "command", command: "sh @P@/.codex/hooks/h.sh" }] },
          ],
        },
      }),
    },
    calls: [bashRan],
    observe: { files: ranFile, markers },
  },
  {
    ...from("trust-project-untrusted", "an untrusted project: its .codex/ layer is not loaded", "project"),
    trust: { project: false },
  },
  {
    ...from(
      "trust-project-untrusted-toml",
      "an untrusted project: its config.toml hooks are not loaded",
      "project-toml",
    ),
    trust: { project: false },
  },
  {
    ...from("trust-user-in-untrusted-project", "an untrusted project still runs user hooks", "user"),
    trust: { project: false },
  },
  {
    ...from("trust-hooks-unreviewed", "project hooks not reviewed: skipped without a word", "project"),
    trust: { hooks: false },
  },
  {
    ...from("trust-user-hooks-unreviewed", "user hooks not reviewed: skipped", "user"),
    trust: { hooks: false },
  },
  {
    ...from("switch-features-hooks-off", "[features] hooks = false turns every hook off", "project"),
    config: { features: { hooks: false } },
  },
  {
    ...from(
      "switch-features-codex-hooks-off",
      "the deprecated [features] codex_hooks = false too",
      "project",
    ),
    config: { features: { codex_hooks: false } },
  },
  {
    ...from("switch-state-disabled", "[hooks.state.<key>] enabled = false turns one hook off", "project"),
    config: { hooks: { state: { "@P@/.codex/hooks.json:pre_tool_use:0:0": { enabled: false } } } },
  },
  {
    ...from("switch-state-other-key", "a state entry for another hook leaves this one on", "project"),
    config: { hooks: { state: { "@P@/.codex/hooks.json:pre_tool_use:0:1": { enabled: false } } } },
  },

  {
    id: "src-invalid-json-project",
    about: "a project hooks.json that is not JSON is skipped; user hooks still run",
    hooks: { user: { PreToolUse: [{ matcher: "Bash", hooks: [{ run: "h" }] }] } },
    scripts: { h: block },
    files: { ".codex/hooks.json": '{"hooks": {"PreToolUse": [' },
    calls: [bashRan],
    observe: { files: ranFile, markers },
  },
  {
    id: "src-unknown-event",
    about: "an event Codex does not have (Notification) never runs; the others do",
    hooks: {
      project: { Notification: [{ hooks: [{ run: "n" }] }], PreToolUse: [{ hooks: [{ run: "h" }] }] },
    },
    scripts: { n: {}, h: block },
    calls: [bashRan],
    observe: { files: ranFile, markers },
  },
];
