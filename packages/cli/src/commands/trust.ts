// `hookwire trust [--yes] [--revoke]`: show everything trust would grant and what changed, then record (or forget) it.
import { createInterface } from "node:readline/promises";
import { type ProjectTrustStatus, projectTrustStatus, revokeProject, trustProject } from "@hookwire/loader";
import { defineCommand } from "citty";
import { createTwoFilesPatch } from "diff";
import { projectUnapplied } from "../connect/unapplied-check.js";
import type { Finding } from "../finding.js";
import { printFindings } from "../findings-print.js";
import { createOutput, type Output } from "../output.js";
import { discoverOptions, resolveProject } from "../project.js";
import { describeRoot } from "../project-root.js";
import { cwdArg, jsonArg } from "../shared-args.js";

/** Lines of one file's diff shown, and of every diff together; the rest is counted. */
const MAX_DIFF_LINES = 200;
const MAX_TOTAL_DIFF_LINES = 1000;

/** A unified diff of one change (`--- a/x`, `+++ b/x`, hunks), or why there is none. */
export function unifiedDiff(change: ProjectTrustStatus["changes"][number]): string[] | string {
  if ("why" in change.diff) return change.diff.why;
  const file = change.item.replace(/^\w+ /, "");
  const patch = createTwoFilesPatch(
    change.change === "added" ? "/dev/null" : `a/${file}`,
    change.change === "removed" ? "/dev/null" : `b/${file}`,
    change.diff.before,
    change.diff.after,
    undefined,
    undefined,
    { context: 3 },
  );
  // The first line is jsdiff's `====` rule; the rest is what `diff -u` prints.
  return patch.split("\n").slice(1, patch.endsWith("\n") ? -1 : undefined);
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** What a review calls what it grants: a project is trusted, a policy pinned. */
export interface ReviewWords {
  /** `/repo`, `the policy \`team\``. */
  subject: string;
  /** `trusted`, `pinned`. */
  done: string;
  /** `Trusting`, `Pinning`. */
  doing: string;
}

/** Everything trust would grant, and what changed since the last trust: printed before asking. */
export function showReview(
  out: Output,
  status: ProjectTrustStatus,
  unapplied: readonly Finding[],
  words: ReviewWords = { subject: status.root, done: "trusted", doing: "Trusting" },
): void {
  const { colors } = out;
  if (status.changes.length > 0) {
    out.line(
      colors.bold(
        `Changed since ${words.subject} was ${words.done} (${status.recorded?.trustedAt ?? "before"}):`,
      ),
    );
    let shown = 0;
    for (const change of status.changes) {
      out.line(`  ${change.change.padEnd(7)} ${change.item}`);
      const diff = unifiedDiff(change);
      if (typeof diff === "string") {
        out.line(colors.dim(`    (no diff: ${diff})`));
        continue;
      }
      const room = Math.min(MAX_DIFF_LINES, MAX_TOTAL_DIFF_LINES - shown);
      for (const line of diff.slice(0, Math.max(room, 0))) {
        out.line(line.startsWith("+") ? colors.green(line) : line.startsWith("-") ? colors.red(line) : line);
      }
      shown += Math.min(diff.length, Math.max(room, 0));
      if (diff.length > room)
        out.line(colors.dim(`    … ${plural(diff.length - Math.max(room, 0), "more line")}`));
    }
  }
  out.line(
    colors.bold(`${words.doing} ${words.subject} lets these run (${plural(status.items.length, "item")}):`),
  );
  for (const item of status.items) out.line(`  ${item}`);
  if (status.switches.length > 0) {
    out.line(
      colors.yellow(
        colors.bold("⚠ switches that turn hooks off (the project's own hooks only, never yours):"),
      ),
    );
    for (const found of status.switches) out.line(colors.yellow(`  ${found.source}: ${found.effect}`));
  }
  if (status.pairs.length > 0) {
    out.line(colors.bold("Run beside your own hooks of the same name (yours first, never instead of them):"));
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
  if (unapplied.length > 0) {
    out.line(colors.yellow(colors.bold("⚠ connected agents will not apply what these hooks may answer:")));
    printFindings((text) => out.line(`  ${text}`), colors, unapplied);
  }
}

/** `y` / `yes` on a terminal; anything else, or no terminal, is no. */
export async function confirm(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^\s*y(es)?\s*$/i.test(await prompt.question(question));
  } finally {
    prompt.close();
  }
}

export const trustCommand = defineCommand({
  args: {
    yes: { type: "boolean", description: "Trust without asking (for CI and scripts)", default: false },
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
    const status = await projectTrustStatus(cwd, discoverOptions());
    let unapplied: Finding[] = [];
    const json = (trusted: boolean, extra: object = {}) =>
      out.json({
        root: status.root,
        trusted,
        fingerprint: status.fingerprint,
        items: status.items,
        changes: status.changes.map((change) => ({
          item: change.item,
          change: change.change,
          ...(typeof unifiedDiff(change) === "string"
            ? { noDiff: unifiedDiff(change) }
            : { diff: (unifiedDiff(change) as string[]).join("\n") }),
        })),
        switches: status.switches,
        store: status.store,
        pairs: status.pairs,
        unfingerprinted: status.unfingerprinted,
        warnings: status.warnings.map((warning) => warning.message),
        unapplied,
        ...extra,
      });
    if (status.trusted && status.changes.length === 0 && status.recorded) {
      if (args.json) json(true);
      else
        out.line(
          `${status.root} is trusted as it is (${plural(status.items.length, "item")}); nothing changed.`,
        );
      return;
    }
    // Named before anyone relies on them: hooks a connected agent will not fully obey (nothing changed: none new).
    unapplied = await projectUnapplied(cwd);
    if (!args.json) showReview(out, status, unapplied);
    let yes = args.yes;
    if (!yes) {
      if (!process.stdin.isTTY || args.json) {
        if (args.json) json(false);
        out.error(
          "hookwire: not trusted — there is no terminal to ask on. Review the above, then run `hookwire trust --yes`.",
        );
        process.exitCode = 1;
        return;
      }
      yes = await confirm(`Trust ${status.root} as shown? [y/N] `);
      if (!yes) {
        out.line("Not trusted; nothing was recorded.");
        process.exitCode = 1;
        return;
      }
    }
    // Exactly what was shown: a file changed since then is not trusted unseen.
    const trusted = await trustProject(cwd, discoverOptions(), { fingerprint: status.fingerprint });
    if (!trusted.trusted) {
      out.error(
        "hookwire: the project's hooks changed while they were shown; nothing was trusted. Run `hookwire trust` again.",
      );
      process.exitCode = 1;
      return;
    }
    if (args.json) {
      json(true);
      return;
    }
    out.line(`Trusted ${status.root} (${plural(status.items.length, "item")}).`);
    out.line("Any change to these files untrusts the project again, also while hooks are running.");
  },
});
