// `hookwire run /<command> [args…]`: runs a registered slash command with a terminal UI.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { AgentHost, createTerminalUIContext, JsonlSessionManager } from "@hookwire/host-kit";
import { defineCommand } from "citty";
import { createDebugLog, debugArg, debugWanted } from "../debug-print.js";
import { CliUsageError, EXIT } from "../errors.js";
import { hasErrors, reportSources } from "../findings-print.js";
import { spellCommand } from "../invocation.js";
import { createOutput } from "../output.js";
import { loadProject, resolveProject } from "../project.js";
import { cwdArgWithHooks, listArg } from "../shared-args.js";
import { sourceFindings } from "./doctor-checks.js";

export const runCommand = defineCommand({
  args: {
    command: {
      type: "positional",
      description: "The command, with or without the leading /",
      required: true,
    },
    ...cwdArgWithHooks,
    ...debugArg,
  },
  async run({ args, rawArgs }) {
    const out = createOutput();
    // The session lives as long as the command: a CLI run has no next turn to resume it in. It exists
    // before the hooks load, so settings hooks read its log as their transcript.
    const root = resolveProject(args.cwd).root;
    const sessionDir = mkdtempSync(path.join(tmpdir(), "hookwire-run-"));
    try {
      const session = JsonlSessionManager.create(sessionDir, root, undefined, {
        transcriptDir: path.join(sessionDir, "transcripts"),
      });
      const log = debugWanted(args.debug) ? createDebugLog(out.error, root) : undefined;
      const project = await loadProject(args.cwd, listArg(rawArgs, "hook"), {
        hostSession: session.hookSession,
        ...(log
          ? { debug: true, onHandlerRun: (run) => log.run(run), onHandlerSkipped: (skip) => log.skip(skip) }
          : {}),
      });
      // Everything after the command name, as typed (citty also lists it under `_`).
      const rest = args._.slice(1).join(" ");
      const name = args.command.replace(/^\//, "");
      const problems = sourceFindings(project.result, project.cwd);
      reportSources(out.error, out.errorColors, project, problems);
      const { ui, hasUI } = createTerminalUIContext();
      const host = new AgentHost({
        cwd: project.cwd,
        session,
        sessionEnv: project.sessionEnv,
        hooks: project.result.hooks,
        ui,
        hasUI,
        print: (line) => out.line(line),
      });
      log?.watch(host.runner, project.result.hooks);
      if (!host.runner.getCommand(name)) {
        const known = host.runner.getRegisteredCommands().map((command) => `/${command.name}`);
        throw new CliUsageError(
          `No hook registers /${name}.${known.length ? ` Registered: ${known.join(", ")}.` : " No hook registers any command here."}`,
          { details: `See \`${spellCommand("hookwire list")}\` for what loads in this folder.` },
        );
      }
      if (!hasUI) out.error("(no terminal: questions get their safe answer — no, or nothing)");
      const ok = await host.runCommand(`/${name}${rest ? ` ${rest}` : ""}`);
      process.exitCode = hasErrors(problems) ? EXIT.usage : ok ? EXIT.ok : EXIT.blocked;
    } finally {
      rmSync(sessionDir, { recursive: true, force: true });
    }
  },
});
