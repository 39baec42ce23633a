// The checks behind `hookwire doctor`: each explains one reason a hook would not fire as written.
import { accessSync, constants, existsSync, statSync } from "node:fs";
import path from "node:path";
import type { LoadedHook } from "@hookwire/core";
import type { DiscoverAndLoadResult } from "@hookwire/loader";
import {
  claude,
  dialectOf,
  findEvent,
  handlerMatcher,
  handlerVariables,
  isSettingsError,
  placeholderValues,
  type SettingsHandler,
  settingsHandlerProblems,
  settingsHookPath,
  substitutePlaceholders,
} from "@hookwire/settings-hooks";
import { programSpec, shellCommands } from "@hookwire/shell-rules";
import { firingEvents } from "../events.js";
import type { Finding } from "../finding.js";
import { spellCommand } from "../invocation.js";
import { shortPath } from "../project.js";
import { scriptFileFindings } from "./script-file-checks.js";

/** Claude-Code tool names a matcher may name (its tool table); `mcp__…` tools are open-ended. */
export const KNOWN_TOOLS: readonly string[] = claude.tools.tools.map((tool) => tool.name);

/** The tool names of a handler's dialect. */
function knownTools(handler: SettingsHandler): readonly string[] {
  return dialectOf(handler).tools.tools.map((tool) => tool.name);
}

const INTERPRETERS = new Set([
  "node",
  "bash",
  "sh",
  "zsh",
  "python",
  "python3",
  "deno",
  "bun",
  "ruby",
  "perl",
]);

/** `$NAME` and `${NAME}` of the handler's variables as their values, so the grammar reads the script's real path. */
function expandVariables(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (match, braced, bare) => {
    return values.get((braced ?? bare) as string) ?? match;
  });
}

/** One program a handler runs: its words (`undefined` for one known only at run time) and the folder it runs in. */
interface ProgramRun {
  words: readonly (string | undefined)[];
  dir: string;
}

/**
 * The programs a command handler runs: read with the bash grammar, as trust and the `if` rules read them
 * (`a.sh && b.sh`, `bash -c './c.sh'`, `cd x && ./d.sh` give each script, in its folder). Exec form
 * (`args`) is one program. Needs `await loadShellParser()` first, which `hookwire doctor` does.
 */
function programsRun(handler: SettingsHandler, cwd: string): ProgramRun[] {
  if (handler.config.type !== "command") return [];
  const values = placeholderValues(handlerVariables(handler, cwd));
  const config = handler.config;
  if (config.args) {
    return [
      {
        words: [config.command, ...config.args].map((word) => substitutePlaceholders(word, values)),
        dir: cwd,
      },
    ];
  }
  const analysis = shellCommands(expandVariables(substitutePlaceholders(config.command, values), values));
  if (analysis.unknowns.some((unknown) => unknown.code === "UNAVAILABLE")) {
    throw new Error(
      "doctorFindings reads commands with the bash grammar: `await loadShellParser()` before calling it.",
    );
  }
  return analysis.commands.flatMap((command) =>
    command.cwd === null
      ? []
      : [
          {
            words: [command.path, ...command.args.map((arg) => (arg.literal ? arg.value : undefined))],
            dir: path.resolve(cwd, command.cwd),
          },
        ],
  );
}

function scriptFindings(handler: SettingsHandler, cwd: string, where: string): Finding[] {
  return programsRun(handler, cwd).flatMap((run) => programFindings(run, cwd, where));
}

function programFindings({ words, dir }: ProgramRun, cwd: string, where: string): Finding[] {
  const [program, ...rest] = words;
  if (!program) return [];
  const findings: Finding[] = [];
  const check = (file: string, mustExecute: boolean) => {
    const absolute = path.resolve(dir, file);
    if (!existsSync(absolute)) {
      findings.push({
        severity: "error",
        where,
        message: `runs ${shortPath(absolute, cwd)}, which does not exist`,
        fix: "fix the path (use $CLAUDE_PROJECT_DIR for project scripts) or add the script",
      });
      return;
    }
    if (!statSync(absolute).isFile()) return;
    findings.push(...scriptFileFindings(absolute, mustExecute, cwd, where));
    if (!mustExecute) return;
    try {
      accessSync(absolute, constants.X_OK);
    } catch {
      findings.push({
        severity: "error",
        where,
        message: `runs ${shortPath(absolute, cwd)}, which is not executable`,
        fix: `chmod +x ${shortPath(absolute, cwd)}`,
      });
    }
  };
  if (program.includes("/")) check(program, true);
  // An interpreter's first path-like argument is the script it runs, unless it runs code given inline
  // (`bash -c '…'`, `node -e …`: the grammar already read that code's own programs).
  if (INTERPRETERS.has(path.basename(program))) {
    const spec = programSpec(path.basename(program));
    const inline = (word: string) =>
      spec?.kind === "shell"
        ? /^-[A-Za-z]*c/.test(word)
        : spec?.kind === "interpreter" && spec.inline.test(word);
    const script = rest.find((word) => word === undefined || inline(word) || !word.startsWith("-"));
    if (script !== undefined && !inline(script) && script.includes("/")) check(script, false);
  }
  return findings;
}

function matcherFindings(handler: SettingsHandler, where: string): Finding[] {
  const matcher = handler.matcher;
  const dialect = dialectOf(handler);
  if (
    !findEvent(dialect, handler.event)?.tool ||
    matcher === undefined ||
    matcher === "" ||
    matcher === "*"
  ) {
    return [];
  }
  const known = knownTools(handler);
  let matches: (value: string) => boolean;
  try {
    matches = handlerMatcher(handler);
  } catch (error) {
    return [
      {
        severity: "error",
        where,
        message: isSettingsError(error)
          ? `matcher: ${error.shortMessage}`
          : `matcher ${JSON.stringify(matcher)} does not compile: ${(error as Error).message}`,
      },
    ];
  }
  if (known.some(matches) || matcher.includes("mcp__")) return [];
  const lower = known.find((tool) => matches(tool.toLowerCase()));
  return [
    {
      severity: "warning",
      where,
      message: `matcher ${JSON.stringify(matcher)} matches no known tool`,
      fix: lower
        ? `tool names are case-sensitive: write ${lower} (settings hooks see ${dialect.label} names)`
        : `known tools: ${known.join(", ")}, mcp__<server>__<tool>`,
    },
  ];
}

function duplicateFindings(handlers: readonly SettingsHandler[], cwd: string): Finding[] {
  const seen = new Map<string, SettingsHandler>();
  const findings: Finding[] = [];
  for (const handler of handlers) {
    const config = handler.config;
    const identity =
      config.type === "command"
        ? `command:${config.command}\0${(config.args ?? []).join("\0")}`
        : config.type === "http"
          ? `http:${config.url}`
          : undefined;
    if (!identity) continue;
    const key = `${handler.event}\0${handler.matcher ?? "*"}\0${identity}`;
    const first = seen.get(key);
    if (!first) {
      seen.set(key, handler);
      continue;
    }
    if (first.file === handler.file) continue;
    findings.push({
      severity: "warning",
      where: settingsHookPath(handler, cwd),
      message: `duplicates ${settingsHookPath(first, cwd)} (${first.scope} scope); identical handlers run once`,
      fix: "remove one of them",
    });
  }
  return findings;
}

function moduleFindings(hooks: readonly LoadedHook[], cwd: string): Finding[] {
  return hooks
    .filter((hook) => hook.source.kind === "module")
    .filter(
      (hook) => [...hook.handlers.values()].every((list) => list.length === 0) && hook.commands.size === 0,
    )
    .map((hook) => ({
      severity: "warning" as const,
      where: shortPath(hook.path, cwd),
      message: "registers no handlers, commands or renderers; it never runs",
      fix: 'call pi.on("<event>", handler) in the default-exported factory',
    }));
}

/**
 * What did not load and why: settings-file problems, load errors, untrusted items (with the command
 * that trusts them) and discovery warnings. `emit`, `tool` and `run` print these before anything else.
 */
export function sourceFindings(result: DiscoverAndLoadResult, cwd: string): Finding[] {
  const findings: Finding[] = [];
  for (const file of result.settings.files) {
    for (const issue of file.issues) {
      findings.push({
        severity: issue.severity,
        where: `${shortPath(issue.file, cwd)}${issue.path ? ` → ${issue.path}` : ""}${issue.line ? `:${issue.line}:${issue.column ?? 1}` : ""}`,
        message: issue.message,
      });
    }
    if (file.disableAllHooks) {
      findings.push({
        severity: "warning",
        where: shortPath(file.source.file, cwd),
        message: '"disableAllHooks": true turns every settings hook off',
      });
    }
  }
  for (const failure of result.errors) {
    findings.push({
      severity: "error",
      where: shortPath(failure.path, cwd),
      message: failure.error.shortMessage,
    });
  }
  for (const item of result.skipped) {
    findings.push({
      severity: "warning",
      where: shortPath(item.path, cwd),
      message: `not loaded: ${item.reason}`,
      fix: spellCommand(item.trustCommand),
    });
  }
  // Load warnings of the hooks themselves: `pi.on("tool_cal")` and its did-you-mean, an OpenCode hook not run, …
  for (const hook of result.hooks) {
    for (const warning of hook.warnings) {
      findings.push({
        severity: "warning",
        where: shortPath(hook.path, cwd),
        message: warning.shortMessage.replace(/^Hook `[^`]*`: /, ""),
      });
    }
  }
  for (const warning of result.warnings) {
    if (warning.kind === "settings") continue;
    findings.push({
      severity: "warning",
      where: warning.provider ?? warning.file ?? "discovery",
      message: warning.message,
    });
  }
  return findings;
}

export function doctorFindings(result: DiscoverAndLoadResult, cwd: string): Finding[] {
  const findings = sourceFindings(result, cwd);
  const handlers = result.settings.files.flatMap((file) => file.handlers);
  for (const problem of settingsHandlerProblems(handlers, { cwd })) {
    findings.push({ severity: "error", where: problem.hookPath, message: problem.error });
  }
  for (const handler of handlers) {
    const where = settingsHookPath(handler, cwd);
    const spec = findEvent(dialectOf(handler), handler.event);
    if (spec?.native === undefined) {
      findings.push({
        severity: "warning",
        where,
        message: `hookwire hosts do not emit ${handler.event}; this handler never fires`,
        fix: `events that fire: ${firingEvents(handler.dialect).join(", ")}`,
      });
    }
    findings.push(...matcherFindings(handler, where), ...scriptFindings(handler, cwd, where));
  }
  findings.push(...duplicateFindings(handlers, cwd), ...moduleFindings(result.hooks, cwd));
  return findings;
}
