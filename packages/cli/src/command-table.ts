// The command table: each command's one-line description and its module, imported only when the command runs.
import { readFileSync } from "node:fs";
import path from "node:path";
import { type CommandDef, defineCommand } from "citty";
import { packageRoot } from "./package-root.js";

/** The version of the installed package, as its package.json says. */
export const VERSION: string = JSON.parse(
  readFileSync(path.join(packageRoot(import.meta.url, "hookwire"), "package.json"), "utf8"),
).version;

export const MAIN_META = {
  name: "hookwire",
  version: VERSION,
  description:
    "Inspect, test and run agent hooks (hook modules and Claude-style settings hooks).\n" +
    "Exit codes: 0 ok, 1 a hook blocked or denied (emit, tool) or the command failed (run), 2 usage or configuration error\n" +
    "(a bad --input too), 3 project hooks were skipped because the project is not trusted (emit, tool: run hookwire trust).",
};

const helpCommand = defineCommand({
  args: { command: { type: "positional", description: "The command", required: false } },
}) as CommandDef;

interface CommandEntry {
  /** The one-line description `--help` lists and the command's own help shows. */
  description: string;
  /** The command, with its `meta` (name and description) from this table. */
  load: () => Promise<CommandDef>;
}

// What each command is, written once: a command module declares its arguments and `run`, never its name or
// description. `hookwire --help` lists these without importing a single command (or the runtime they pull in).
const TABLE: Record<string, { description: string; load: () => Promise<unknown> }> = {
  list: {
    description: "List every hook that would run here: modules, settings handlers, commands",
    load: async () => (await import("./commands/list.js")).listCommand,
  },
  emit: {
    description: "Run one event (native or settings name) through every hook and show who decided what",
    load: async () => (await import("./commands/emit.js")).emitCommand,
  },
  tool: {
    description: "Run one tool call through the hooks (pre and post) with a stand-in tool",
    load: async () => (await import("./commands/tool.js")).toolCommand,
  },
  run: {
    description: "Run a registered slash command, e.g. hookwire run /handoff notes",
    load: async () => (await import("./commands/run.js")).runCommand,
  },
  doctor: {
    description: "Validate every hook source and explain why a hook would not fire",
    load: async () => (await import("./commands/doctor.js")).doctorCommand,
  },
  explain: {
    description:
      "Show which hooks would fire on an event (and tool) and why each other one would not, running nothing",
    load: async () => (await import("./commands/explain.js")).explainCommand,
  },
  trust: {
    description: "Show what the project's hooks would run and what changed, then trust them (or --revoke)",
    load: async () => (await import("./commands/trust.js")).trustCommand,
  },
  policy: {
    description:
      "A team's hooks in every project, pinned: hookwire policy [list], add <git|npm|folder>, update, remove",
    load: async () => (await import("./commands/policy.js")).policyCommand,
  },
  connect: {
    description: "Run hookwire inside an agent: claude, codex, gemini, copilot, cursor, pi or opencode",
    load: async () => (await import("./commands/connect.js")).connectCommand,
  },
  disconnect: {
    description: "Remove what hookwire connect added to an agent's settings",
    load: async () => (await import("./commands/disconnect.js")).disconnectCommand,
  },
  hook: {
    description: "What a connected agent runs at each event (hookwire connect writes it)",
    load: async () => (await import("./commands/hook.js")).hookCommand,
  },
  serve: {
    description: "Run the resident server agents' http hooks and hookwire hook call (127.0.0.1, a token)",
    load: async () => (await import("./commands/serve.js")).serveCommand,
  },
  log: {
    description:
      "Show the decisions hookwire made for connected agents (--agent, --decision, --since, --follow)",
    load: async () => (await import("./commands/log.js")).logCommand,
  },
  status: {
    description:
      "Is the guard on? This user's server, the agents connected, each session's last event, errors and unapplied answers",
    load: async () => (await import("./commands/status.js")).statusCommand,
  },
  init: {
    description: "Scaffold a typed hook module (or --settings: a settings hook with its script)",
    load: async () => (await import("./commands/init.js")).initCommand,
  },
  hooks: {
    description: "Turn one hook or settings handler off or on again: hookwire hooks disable|enable <id>",
    load: async () => (await import("./commands/hooks.js")).hooksCommand,
  },
  schema: {
    description: "Print the JSON Schema of a settings format: claude, codex, gemini, copilot or cursor",
    load: async () => (await import("./commands/schema.js")).schemaCommand,
  },
  test: {
    description: "Run the fixtures in .hookwire/tests/*.json through emit and name each that fails (--watch)",
    load: async () => (await import("./commands/test.js")).testCommand,
  },
  record: {
    description: "Run one event through emit and save it as a fixture: .hookwire/tests/<name>.json",
    load: async () => (await import("./commands/record.js")).recordCommand,
  },
  demo: {
    description: "Run the bundled demo project with a scripted model and print its trace",
    load: async () => (await import("./commands/demo.js")).demoCommand,
  },
  help: {
    description: "Show the help of hookwire or of one command",
    load: async () => helpCommand,
  },
};

export const COMMANDS: Record<string, CommandEntry> = Object.fromEntries(
  Object.entries(TABLE).map(([name, { description, load }]) => [
    name,
    { description, load: async () => ({ ...((await load()) as CommandDef), meta: { name, description } }) },
  ]),
);
