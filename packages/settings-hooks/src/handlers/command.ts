// Runs one command handler: the event JSON on stdin, through core's process runner (own group, capped output, a hard clock).
import { type ProcessRun, type RunProcessOptions, runProcess } from "@hookwire/core/internal";
import type { CommandHandlerConfig } from "../types.js";
import { substitutePlaceholders } from "./environment.js";

/** What to spawn, after placeholder substitution. */
export interface CommandSpec {
  file: string;
  args: string[];
  /** True when the command runs through a shell (no `args` in the config). */
  shellForm: boolean;
}

export type CommandRun = ProcessRun;

export interface RunCommandOptions extends RunProcessOptions {
  cwd: string;
  env: Record<string, string>;
  /** Written to stdin (UTF-8, no BOM), then stdin is closed. */
  input: string;
  timeoutMs: number;
}

type Placeholders = ReadonlyMap<string, string>;

interface Shell {
  argv(command: string): [string, string[]];
  /**
   * Placeholders stay references to the exported variables, for the shell to expand: pasted into the
   * command text, a folder named with quotes or `$(…)` would be parsed as code.
   */
  placeholders(command: string, values: Placeholders): string;
}

const posix = (file: string): Shell => ({
  argv: (command) => [file, ["-c", command]],
  placeholders: (command) => command,
});
const powershell: Shell = {
  argv: (command) => ["pwsh", ["-NoProfile", "-NonInteractive", "-Command", command]],
  // PowerShell reads `${NAME}` as one of its own variables; `${env:NAME}` is the exported one.
  placeholders: (command, values) =>
    command.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (match, name: string) =>
      values.has(name) ? `\${env:${name}}` : match,
    ),
};
const SHELLS: Record<string, Shell> = {
  sh: posix("sh"),
  bash: posix("bash"),
  zsh: posix("zsh"),
  powershell,
  pwsh: powershell,
};

/**
 * Exec form when `args` is present (no shell, placeholders substituted in each argument);
 * shell form otherwise: `sh -c` unless `shell` names another shell. A shell this module does not
 * know gets the placeholders substituted, as its variable syntax is unknown.
 */
export function commandSpec(config: CommandHandlerConfig, values: Placeholders): CommandSpec {
  if (Array.isArray(config.args)) {
    return {
      file: substitutePlaceholders(config.command, values),
      args: config.args.map((arg) => substitutePlaceholders(arg, values)),
      shellForm: false,
    };
  }
  const name = config.shell ?? "sh";
  const shell = Object.hasOwn(SHELLS, name) ? SHELLS[name] : undefined;
  if (!shell)
    return { file: name, args: ["-c", substitutePlaceholders(config.command, values)], shellForm: true };
  const [file, args] = shell.argv(shell.placeholders(config.command, values));
  return { file, args, shellForm: true };
}

/** Spawn the command and resolve with what happened; never rejects (see core's `runProcess`). */
export function runCommand(spec: CommandSpec, options: RunCommandOptions): Promise<CommandRun> {
  return runProcess(spec.file, spec.args, options);
}
