// `hookwire disconnect <agent>`: takes out what connect added — a file it created goes, any other comes back as it was.
import { defineCommand } from "citty";
import { AGENTS, agentArg } from "../connect/agents.js";
import { disconnectAgent } from "../connect/connect.js";
import { createOutput } from "../output.js";
import { resolveProject, shortPath } from "../project.js";
import { scopeArgs } from "../shared-args.js";

export const disconnectCommand = defineCommand({
  args: scopeArgs,
  async run({ args }) {
    const out = createOutput();
    const agent = AGENTS[agentArg(args.agent)];
    const root = resolveProject(args.cwd).root;
    const result = await disconnectAgent({ agent: agent.id, root, scope: args.user ? "user" : "project" });
    if (args.json) {
      out.json(result);
      return;
    }
    const file = shortPath(result.file, root);
    const text = {
      removed: `removed ${file} (connect had created it)`,
      restored: `restored ${file} byte for byte`,
      edited: `removed hookwire's entries from ${file} (it changed since connect, so the rest stays as it is now)`,
      unchanged: `not connected (${file} has no hookwire entry)`,
    }[result.change];
    out.line(`${out.colors.green("✔")} ${agent.id}: ${text}`);
  },
});
