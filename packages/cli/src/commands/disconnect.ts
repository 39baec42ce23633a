// `hookwire disconnect <agent>`: takes out what connect added — a file it created goes, any other comes back as it was.
import { isPackageAgentId } from "@hookwire/settings-hooks/agents";
import { defineCommand } from "citty";
import { connectArg } from "../connect/agent-args.js";
import { disconnectAgent } from "../connect/connect.js";
import { disconnectPackage } from "../connect/package-entry.js";
import { createOutput } from "../output.js";
import { resolveProject, shortPath } from "../project.js";
import { scopeArgs, sharedArg } from "../shared-args.js";

export const disconnectCommand = defineCommand({
  args: scopeArgs,
  async run({ args }) {
    const out = createOutput();
    const id = connectArg(args.agent);
    const root = resolveProject(args.cwd).root;
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
