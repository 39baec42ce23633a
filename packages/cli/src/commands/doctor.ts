// `hookwire doctor`: validates every source and explains why a hook would not fire.
import { loadShellParser } from "@hookwire/shell-rules";
import { defineCommand } from "citty";
import { connectionFindings } from "../connect/doctor-check.js";
import { connectedAgents, unappliedFindings } from "../connect/unapplied-check.js";
import { EXIT } from "../errors.js";
import { printFindings } from "../findings-print.js";
import { createOutput } from "../output.js";
import { loadProject } from "../project.js";
import { describeRoot } from "../project-root.js";
import { cwdArgWithHooks, jsonArg, listArg } from "../shared-args.js";
import { doctorFindings } from "./doctor-checks.js";

export const doctorCommand = defineCommand({
  args: { ...cwdArgWithHooks, ...jsonArg },
  async run({ args, rawArgs }) {
    const out = createOutput();
    const { cwd, found, result } = await loadProject(args.cwd, listArg(rawArgs, "hook"));
    // Commands are read with the bash grammar, as trust reads them.
    await loadShellParser();
    const findings = [
      ...doctorFindings(result, cwd),
      ...(await connectionFindings(result, cwd)),
      ...(await unappliedFindings(result, cwd, connectedAgents(result))),
    ];
    const errors = findings.filter((finding) => finding.severity === "error").length;
    const read = result.settings.files.filter((file) => file.exists).length;
    const summary = {
      settingsFiles: read,
      settingsHandlers: result.settings.handlers.length,
      hooks: result.hooks.length,
      trusted: result.trust.trusted,
      errors,
      warnings: findings.length - errors,
    };
    if (args.json) {
      out.json({
        cwd,
        project: { root: cwd, searched: found.searched, marker: found.marker },
        summary,
        findings,
      });
    } else {
      const { colors } = out;
      out.line(colors.bold(`hookwire doctor: ${cwd}`));
      const root = describeRoot(found);
      if (root) out.line(colors.dim(root));
      printFindings(out.line, colors, findings);
      out.line(
        `${errors > 0 ? colors.red("✖") : colors.green("✔")} ${summary.hooks} hook${summary.hooks === 1 ? "" : "s"} loaded, ` +
          `${summary.settingsHandlers} settings handler${summary.settingsHandlers === 1 ? "" : "s"} from ${read} file${read === 1 ? "" : "s"}; ` +
          `${errors} error${errors === 1 ? "" : "s"}, ${summary.warnings} warning${summary.warnings === 1 ? "" : "s"}`,
      );
    }
    process.exitCode = errors > 0 ? EXIT.usage : EXIT.ok;
  },
});
