// `hookwire run /<command> [args…]`: runs a registered slash command with a terminal UI.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AgentHost, createTerminalUIContext } from "@hookwire/host-kit";
import { defineCommand } from "citty";
import { CliUsageError, EXIT } from "../errors.js";
import { createOutput } from "../output.js";
import { loadProject } from "../project.js";
import { cwdArgWithHooks, listArg } from "../shared-args.js";

export const runCommand = defineCommand({
  meta: { name: "run", description: "Run a registered slash command, e.g. hookwire run /handoff notes" },
  args: {
    command: {
      type: "positional",
      description: "The command, with or without the leading /",
      required: true,
    },
    ...cwdArgWithHooks,
  },
  async run({ args, rawArgs }) {
    const out = createOutput();
    const project = await loadProject(args.cwd, listArg(rawArgs, "hook"));
    // Everything after the command name, as typed (citty also lists it under `_`).
    const rest = args._.slice(1).join(" ");
    const name = args.command.replace(/^\//, "");
    for (const failure of project.result.errors) out.error(`⚠ ${failure.error.message}`);
    const { ui, hasUI } = createTerminalUIContext();
    const host = new AgentHost({
      cwd: project.cwd,
      sessionDir: mkdtempSync(path.join(tmpdir(), "hookwire-run-")),
      hooks: project.result.hooks,
      ui,
      hasUI,
      print: (line) => out.line(line),
    });
    if (!host.runner.getCommand(name)) {
      const known = host.runner.getRegisteredCommands().map((command) => `/${command.name}`);
      throw new CliUsageError(
        `No hook registers /${name}.${known.length ? ` Registered: ${known.join(", ")}.` : " No hook registers any command here."}`,
        { details: "See `hookwire list` for what loads in this folder." },
      );
    }
    if (!hasUI) out.error("(no terminal: questions get their safe answer — no, or nothing)");
    const ok = await host.runCommand(`/${name}${rest ? ` ${rest}` : ""}`);
    process.exitCode = ok ? EXIT.ok : EXIT.blocked;
  },
});
