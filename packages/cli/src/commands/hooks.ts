// `hookwire hooks disable|enable <id>`: turn one hook or handler off (or on again) in the user's hooks.json.
import os from "node:os";
import path from "node:path";
import { didYouMean } from "@hookwire/core/internal";
import { resolvePath } from "@hookwire/loader";
import {
  handlerFingerprint,
  handlerId,
  isPositional,
  setHookDisabled,
  turnedOffBy,
} from "@hookwire/loader/user-config";
import { defineCommand } from "citty";
import { CliUsageError } from "../errors.js";
import { showHookId } from "../hook-id.js";
import { createOutput } from "../output.js";
import { loadProject } from "../project.js";
import { cwdArg, jsonArg } from "../shared-args.js";

const ACTIONS = ["disable", "enable"] as const;

/**
 * A position's id (`…PreToolUse[0]`) is pinned to the handlers it names now, so an edit that moves another handler
 * there does not turn that one off (it stays on, with a warning); a file's or an event's id is not positional.
 */
function pinsFor(
  id: string,
  project: Awaited<ReturnType<typeof loadProject>>,
): Record<string, string> | undefined {
  if (!isPositional(id)) return undefined;
  const handlers = project.result.settings.files.flatMap((file) => file.handlers);
  return Object.fromEntries(
    handlers
      .filter((handler) => turnedOffBy([id], handlerId(handler)) !== undefined)
      .map((handler) => [handlerId(handler), handlerFingerprint(handler)]),
  );
}

/** Every id `list` shows here, absolute: discovered files, settings files, their groups and handlers. */
function knownIds(project: Awaited<ReturnType<typeof loadProject>>): Set<string> {
  const { result } = project;
  const ids = new Set<string>(result.disabled);
  for (const entry of result.discovered) ids.add(path.resolve(entry.item.path));
  for (const file of result.settings.files) {
    if (!file.exists) continue;
    ids.add(path.resolve(file.source.file));
    for (const handler of file.handlers) {
      if (!handler.jsonPath) continue;
      // `hooks.PreToolUse[0].hooks[1]` → also its group `hooks.PreToolUse[0]` and its event `hooks.PreToolUse`.
      const group = handler.jsonPath.replace(/\.hooks\[\d+\]$/, "");
      for (const jsonPath of [handler.jsonPath, group, group.replace(/\[\d+\]$/, "")]) {
        ids.add(`${path.resolve(handler.file)}#${jsonPath}`);
      }
    }
  }
  return ids;
}

export const hooksCommand = defineCommand({
  args: {
    action: { type: "positional", description: "disable or enable", required: true },
    id: {
      type: "positional",
      description: "The hook as `hookwire list` shows it: a file, or file#JSON path for one settings handler",
      required: true,
    },
    ...cwdArg,
    ...jsonArg,
  },
  async run({ args }) {
    const out = createOutput();
    const action = args.action as (typeof ACTIONS)[number];
    if (!ACTIONS.includes(action)) {
      throw new CliUsageError(
        `Unknown action "${args.action}": use hookwire hooks disable <id> or enable <id>.`,
      );
    }
    const project = await loadProject(args.cwd);
    const home = os.homedir();
    const [file = "", jsonPath] = String(args.id).split(/#(.*)/s);
    const absolute = resolvePath(file, project.cwd, home);
    const id = jsonPath === undefined ? absolute : `${absolute}#${jsonPath}`;
    const known = knownIds(project);
    if (!known.has(id)) {
      const hint = didYouMean(
        String(args.id),
        [...known].map((candidate) => showHookId(candidate, project.cwd, home)),
      );
      throw new CliUsageError(
        `No hook "${args.id}" here${hint ? `; did you mean "${hint}"?` : "."} Ids are what \`hookwire list\` shows: a hook file, or a settings file#JSON path.`,
      );
    }
    const disable = action === "disable";
    const pins = disable ? pinsFor(id, project) : undefined;
    const { file: config, changed } = await setHookDisabled(id, disable, pins ? { pins } : {});
    if (args.json) {
      out.json({ id, action, changed, config });
      return;
    }
    const state = action === "disable" ? "off" : "on";
    out.line(`${changed ? "✔" : "·"} ${args.id} is ${state}${changed ? "" : " already"} (${config})`);
  },
});
