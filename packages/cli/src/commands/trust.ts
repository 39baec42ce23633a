// `hookwire trust [--revoke]`: record (or forget) that this project's hooks may run.
import { projectTrustStatus, revokeProject, trustProject } from "@hookwire/loader";
import { defineCommand } from "citty";
import { createOutput } from "../output.js";
import { discoverOptions, resolveProject } from "../project.js";
import { describeRoot } from "../project-root.js";
import { cwdArg, jsonArg } from "../shared-args.js";

export const trustCommand = defineCommand({
  args: {
    revoke: { type: "boolean", description: "Forget the project instead", default: false },
    ...cwdArg,
    ...jsonArg,
  },
  async run({ args }) {
    const out = createOutput();
    const found = resolveProject(args.cwd);
    const cwd = found.root;
    const root = describeRoot(found);
    if (root && !args.json) out.error(`hookwire: ${root}`);
    if (args.revoke) {
      const removed = await revokeProject(cwd, discoverOptions());
      const status = await projectTrustStatus(cwd, discoverOptions());
      if (args.json) out.json({ root: status.root, revoked: removed, trusted: status.trusted });
      else
        out.line(
          removed
            ? `Revoked trust for ${status.root}.`
            : `${status.root} was not trusted; nothing to revoke.`,
        );
      return;
    }
    const status = await trustProject(cwd, discoverOptions());
    if (args.json) {
      out.json({
        root: status.root,
        trusted: true,
        fingerprint: status.fingerprint,
        items: status.items,
        store: status.store,
        pairs: status.pairs,
        unfingerprinted: status.unfingerprinted,
        warnings: status.warnings.map((warning) => warning.message),
      });
      return;
    }
    const { colors } = out;
    out.line(`Trusted ${status.root} (${status.items.length} item${status.items.length === 1 ? "" : "s"}):`);
    for (const item of status.items) out.line(`  ${item}`);
    out.line("Any change to these files untrusts the project again, also while hooks are running.");
    if (status.pairs.length > 0) {
      out.line(
        colors.bold("Run beside your own hooks of the same name (yours first, never instead of them):"),
      );
      for (const pair of status.pairs) out.line(`  ${pair.project}  after  ${pair.user}`);
    }
    if (status.unfingerprinted.length > 0) {
      out.line(colors.yellow(colors.bold("⚠ runs code that cannot be fingerprinted (review it yourself):")));
      for (const u of status.unfingerprinted) {
        out.line(colors.yellow(`  ${u.source}: ${u.command}`));
        out.line(colors.yellow(`    ${u.reason}`));
      }
    }
    for (const warning of status.warnings) out.line(colors.yellow(`⚠ ${warning.message}`));
  },
});
