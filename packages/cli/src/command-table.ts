// The command table: each command's one-line description and its module, imported only when the command runs.
import { type CommandDef, defineCommand } from "citty";

export const VERSION = "0.1.0";

export const MAIN_META = {
  name: "hookwire",
  version: VERSION,
  description:
    "Inspect, test and run agent hooks (hook modules and Claude-style settings hooks).\n" +
    "Exit codes: 0 ok, 1 a hook blocked or denied (emit, tool) or the command failed (run), 2 usage or configuration error.",
};

export const helpCommand = defineCommand({
  meta: { name: "help", description: "Show the help of hookwire or of one command" },
  args: { command: { type: "positional", description: "The command", required: false } },
}) as CommandDef;

interface CommandEntry {
  /** The same text as the module's `meta.description` (a test keeps them equal). */
  description: string;
  load: () => Promise<CommandDef>;
}

// `hookwire --help` lists these without importing a single command (or the runtime they pull in).
export const COMMANDS: Record<string, CommandEntry> = {
  list: {
    description: "List every hook that would run here: modules, settings handlers, commands",
    load: async () => (await import("./commands/list.js")).listCommand as CommandDef,
  },
  emit: {
    description: "Run one event (native or settings name) through every hook and show who decided what",
    load: async () => (await import("./commands/emit.js")).emitCommand as CommandDef,
  },
  tool: {
    description: "Run one tool call through the hooks (pre and post) with a stand-in tool",
    load: async () => (await import("./commands/tool.js")).toolCommand as CommandDef,
  },
  run: {
    description: "Run a registered slash command, e.g. hookwire run /handoff notes",
    load: async () => (await import("./commands/run.js")).runCommand as CommandDef,
  },
  doctor: {
    description: "Validate every hook source and explain why a hook would not fire",
    load: async () => (await import("./commands/doctor.js")).doctorCommand as CommandDef,
  },
  trust: {
    description: "Trust the project's hooks as they are now (or --revoke)",
    load: async () => (await import("./commands/trust.js")).trustCommand as CommandDef,
  },
  init: {
    description: "Scaffold a typed hook module (or --settings: a settings hook with its script)",
    load: async () => (await import("./commands/init.js")).initCommand as CommandDef,
  },
  demo: {
    description: "Run the bundled demo project with a scripted model and print its trace",
    load: async () => (await import("./commands/demo.js")).demoCommand as CommandDef,
  },
  help: { description: "Show the help of hookwire or of one command", load: async () => helpCommand },
};
