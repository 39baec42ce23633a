// `hookwire disconnect <agent>`: takes out what connect added — a file it created goes, any other comes back as it was.
import { isPackageAgentId } from "@hookwire/settings-hooks/agents";
import { defineCommand } from "citty";
import { connectArg } from "../connect/agent-args.js";
import { disconnectAgent } from "../connect/connect.js";
import { disconnectManaged, type ManagedUndo } from "../connect/managed.js";
import { disconnectPackage } from "../connect/package-entry.js";
import { CliUsageError } from "../errors.js";
import type { Output } from "../output.js";
import { createOutput } from "../output.js";
import { resolveProject, shortPath } from "../project.js";
import { scopeArgs, sharedArg } from "../shared-args.js";

/** What `disconnect --managed` did to each of the agent's managed files. */
function printUndo(out: Output, result: ManagedUndo, json: boolean): void {
  if (json) {
    out.json(result);
    return;
  }
  const said = (file: string, change: ManagedUndo["change"]) =>
    ({
      removed: `removed ${file} (connect had created it)`,
      restored: `restored ${file} byte for byte`,
      edited: `removed hookwire's entries from ${file} (it changed since connect)${result.switchesKept ? "; the switches beside them stay" : ""}`,
      unchanged: `${file} has no hookwire entry`,
    })[change];
  out.line(`${out.colors.green("✔")} ${result.agent} (managed): ${said(result.file, result.change)}`);
  if (result.settingsFile && result.settingsChange)
    out.line(
      `  ${result.settingsChange === "edited" || result.settingsChange === "unchanged" ? `${result.settingsFile} changed since connect: its switches stay as they are now` : said(result.settingsFile, result.settingsChange)}`,
    );
  if (result.folders.length > 0)
    out.line(`  removed the empty ${result.folders.join(" and ")} connect had created`);
}

export const disconnectCommand = defineCommand({
  args: scopeArgs,
  async run({ args }) {
    const out = createOutput();
    const id = connectArg(args.agent);
    const root = resolveProject(args.cwd).root;
    if (args.managed) {
      if (args.user)
        throw new CliUsageError("--user does not go with --managed (the machine's file, every user).");
      printUndo(out, await disconnectManaged(id), args.json === true);
      return;
    }
    const scope = args.user ? "user" : "project";
    const shared = sharedArg(args);
    const result = isPackageAgentId(id)
      ? await disconnectPackage({ agent: id, root, scope })
      : await disconnectAgent({ agent: id, root, scope, ...(shared ? { shared } : {}) });
    if (args.json) {
      out.json(result);
      return;
    }
    const file = shortPath(result.file, root);
    const folders = result.folders.map((folder) => `${shortPath(folder, root)}/`);
    const text = {
      removed:
        folders.length === 0
          ? `removed ${file} (connect had created it)`
          : `removed ${[file, ...folders].join(" and ")} (connect had created them)`,
      restored: `restored ${file} byte for byte`,
      edited: `removed hookwire's entries from ${file} (it changed since connect, so the rest stays as it is now)`,
      unchanged: `not connected (${file} has no hookwire entry)${folders.length ? `; removed the empty ${folders.join(" and ")} connect had created` : ""}`,
    }[result.change];
    out.line(`${out.colors.green("✔")} ${id}: ${text}`);
  },
});
