// `hookwire list`: every hook that would run here, where it comes from, and what did not load.

import type { LoadedHook } from "@hookwire/core";
import { dialectOf, isProjectSource, type SettingsHandler, settingsHookPath } from "@hookwire/settings-hooks";
import { defineCommand } from "citty";
import { type AgentOwnHook, agentOwnHooks } from "../connect/agent-own.js";
import { showHookId } from "../hook-id.js";
import { spellCommand } from "../invocation.js";
import { createOutput, type Output } from "../output.js";
import { moduleOrigin, originMark, policyHandlers, policyOfHook } from "../policy/policy-hooks.js";
import { loadProject, shortPath } from "../project.js";
import { describeRoot } from "../project-root.js";
import { cwdArgWithHooks, jsonArg, listArg } from "../shared-args.js";

/** One settings handler as listed; `policy`: the installed policy it comes from (`hookwire policy add`). */
function describeHandler(handler: SettingsHandler, cwd: string, policy?: string) {
  const { config } = handler;
  return {
    ...(policy !== undefined ? { policy } : {}),
    dialect: handler.dialect,
    dialectLabel: dialectOf(handler).label,
    event: handler.event,
    matcher: handler.matcher ?? "*",
    type: config.type,
    run:
      config.type === "command"
        ? [config.command, ...(config.args ?? [])].join(" ")
        : config.type === "http"
          ? config.url
          : config.type,
    scope: handler.scope,
    source: settingsHookPath(handler, cwd),
  };
}

/** One module as listed; `policy`: the installed policy it comes from. */
function describeHook(hook: LoadedHook, cwd: string, policy?: string) {
  // Findings of a hook that loaded (an OpenCode plugin's unsupported hooks): shown with it, only when present.
  const warnings = hook.warnings.map((warning) => warning.shortMessage);
  return {
    ...(policy !== undefined ? { policy } : {}),
    path: shortPath(hook.path, cwd),
    kind: hook.source.kind,
    provider: hook.source.provider,
    level: hook.source.level,
    events: [...hook.handlers].filter(([, list]) => list.length > 0).map(([event]) => event),
    commands: [...hook.commands.keys()],
    renderers: [...hook.messageRenderers.keys()],
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

type Loaded = Awaited<ReturnType<typeof loadProject>>["result"];

/** The settings handlers that run here: an intact policy's first (they run first), then the project's and user's. */
function settingsHandlers(result: Loaded, cwd: string) {
  const fromPolicies = policyHandlers(result).map((p) => describeHandler(p.handler, cwd, p.policy));
  return [...fromPolicies, ...result.settings.handlers.map((h) => describeHandler(h, cwd))];
}

function printHandlers(out: Output, handlers: ReturnType<typeof settingsHandlers>): void {
  for (const h of handlers) {
    out.line(`  ${h.event} ${h.matcher}  ${h.type}: ${h.run}`);
    const from = h.policy !== undefined ? `policy ${h.policy}` : h.scope;
    out.line(out.colors.dim(`    ${h.source} ${originMark(from, h.dialectLabel)}`));
  }
}

/** The agents' own extensions, under a heading that says who runs them. */
function printAgentOwn(out: Output, agentOwn: readonly AgentOwnHook[]): void {
  if (agentOwn.length === 0) return;
  out.line(out.colors.bold(`run by the agent itself, not by hookwire (${agentOwn.length})`));
  for (const own of agentOwn) out.line(`  ${own.path}  [${own.label}'s own, ${own.level}]`);
}

export const listCommand = defineCommand({
  args: { ...cwdArgWithHooks, ...jsonArg },
  async run({ args, rawArgs }) {
    const out = createOutput();
    const { cwd, found, result } = await loadProject(args.cwd, listArg(rawArgs, "hook"));
    const shadowed = result.discovered
      .filter((entry) => entry.shadowed)
      .map((entry) => ({ path: shortPath(entry.item.path, cwd), provider: entry.provider, key: entry.key }));

    const policyOf = policyOfHook(result);
    const modules = result.hooks
      .filter((hook) => hook.source.kind !== "settings")
      .map((h) => describeHook(h, cwd, policyOf.get(h)));
    const handlers = settingsHandlers(result, cwd);
    // What an untrusted settings file would run once trusted: read, never executed, so it can be audited.
    const untrustedHandlers = result.trust.trusted
      ? []
      : result.settings.files
          .filter((file) => file.exists && isProjectSource(file.source))
          .flatMap((file) => file.handlers.map((h) => describeHandler(h, cwd)));
    const commands = result.hooks.flatMap((hook) =>
      [...hook.commands.values()].map((command) => ({
        name: command.name,
        description: command.description,
        hook: shortPath(hook.path, cwd),
      })),
    );
    const renderers = result.hooks.flatMap((hook) =>
      [...hook.messageRenderers.keys()].map((customType) => ({
        customType,
        hook: shortPath(hook.path, cwd),
      })),
    );
    // What the user turned off (`hookwire hooks disable`), as its id: the text `hooks enable` takes.
    const disabled = result.disabled.map((id) => showHookId(id, cwd));
    const pairs = result.pairs;
    const unfingerprinted = result.trust.unfingerprinted;
    const skipped = result.skipped.map((item) => ({
      ...item,
      path: shortPath(item.path, cwd),
      trustCommand: spellCommand(item.trustCommand),
    }));
    // The agents' own extensions (pi's .pi/extensions): they run in the agent, not through hookwire.
    const agentOwn = agentOwnHooks(cwd).map((own) => ({ ...own, path: shortPath(own.path, cwd) }));
    const errors = result.errors.map((failure) => ({
      path: shortPath(failure.path, cwd),
      code: failure.error.code,
      message: failure.error.shortMessage,
    }));

    if (args.json) {
      out.json({
        cwd,
        project: { root: cwd, searched: found.searched, marker: found.marker },
        trusted: result.trust.trusted,
        modules,
        settings: { disabled: result.settings.disabled, handlers, untrusted: untrustedHandlers },
        disabled,
        shadowed,
        pairs,
        unfingerprinted,
        skipped,
        errors,
        warnings: result.warnings.map((w) => w.message),
        commands,
        renderers,
        agentOwn,
      });
      return;
    }
    const { colors } = out;
    out.line(colors.bold(`Hooks in ${cwd}`));
    const root = describeRoot(found);
    if (root) out.line(colors.dim(root));
    out.line(colors.bold(`modules (${modules.length})`));
    for (const m of modules) {
      const origin = moduleOrigin(m);
      const mark = m.policy !== undefined ? originMark(`policy ${m.policy}`, origin) : `[${origin}]`;
      out.line(`  ${m.path}  ${mark}  ${m.events.join(", ") || "(no events)"}`);
      for (const warning of m.warnings ?? []) out.line(colors.yellow(`    ⚠ ${warning}`));
    }
    out.line(
      colors.bold(
        `settings handlers (${handlers.length})${result.settings.disabled ? " — disabled by disableAllHooks" : ""}`,
      ),
    );
    printHandlers(out, handlers);
    printAgentOwn(out, agentOwn);
    if (disabled.length > 0) {
      out.line(
        colors.bold(`turned off (${disabled.length}) — hookwire hooks enable <id> turns one on again`),
      );
      for (const id of disabled) out.line(`  ${id}`);
    }
    if (shadowed.length > 0) {
      out.line(colors.bold(`shadowed (${shadowed.length})`));
      for (const s of shadowed) out.line(`  ${s.path}  [${s.provider}] same key ${s.key} as an earlier hook`);
    }
    if (pairs.length > 0) {
      out.line(
        colors.bold(
          `beside your own hooks (${pairs.length}) — a project never replaces a user hook; both run, yours first`,
        ),
      );
      for (const p of pairs) out.line(`  ${p.user}  then  ${p.project}  (same key ${p.key})`);
    }
    if (unfingerprinted.length > 0) {
      out.line(
        colors.bold(colors.yellow(`runs code that cannot be fingerprinted (${unfingerprinted.length})`)),
      );
      for (const u of unfingerprinted) {
        out.line(`  ${u.source}: ${u.command}`);
        out.line(`    ${u.reason}`);
      }
    }
    if (skipped.length > 0) {
      out.line(colors.bold(colors.yellow(`untrusted, not loaded (${skipped.length})`)));
      for (const s of skipped) out.line(`  ${s.path} (${s.kind}): ${s.reason}`);
      if (untrustedHandlers.length > 0) out.line("  their settings handlers would run:");
      for (const h of untrustedHandlers)
        out.line(`    ${h.event} ${h.matcher}  ${h.type}: ${h.run}  (${h.source})`);
      out.line(`  trust them with: ${skipped[0]?.trustCommand}`);
    }
    if (errors.length > 0) {
      out.line(colors.bold(colors.red(`load errors (${errors.length})`)));
      for (const e of errors) out.line(`  ${e.path}: ${e.message}`);
    }
    for (const warning of result.warnings) {
      // Settings issues name their file only as data; the listing says which file it is.
      const file = warning.kind === "settings" && warning.file ? `${shortPath(warning.file, cwd)}: ` : "";
      out.line(colors.yellow(`⚠ ${file}${warning.message}`));
    }
    out.line(colors.bold(`commands (${commands.length})`));
    for (const c of commands)
      out.line(`  /${c.name}${c.description ? `  ${c.description}` : ""}  (${c.hook})`);
    if (renderers.length > 0) {
      out.line(colors.bold(`message renderers (${renderers.length})`));
      for (const r of renderers) out.line(`  ${r.customType}  (${r.hook})`);
    }
  },
});
