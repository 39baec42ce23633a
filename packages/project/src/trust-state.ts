// A project's trust as an agent's host must act on it, and the one wording of what the user is told about it.

/**
 * `trusted`: every project hook runs (or there are none). `untrusted`: never trusted here; the user's hooks run,
 * the project's do not, the user is told once. `changed`: trusted once, its hooks changed since; the user's hooks
 * run, the project's do not, and tool calls are refused until the user trusts it again (docs/security.md).
 */
export type ProjectTrust =
  | { state: "trusted" }
  | {
      state: "untrusted" | "changed";
      /** Project hooks and settings files that did not run. */
      skipped: number;
      /** The loader's reason. */
      reason: string;
      /** The command that trusts the project as it is now, spelled as the user runs it. */
      trustCommand: string;
      /** `changed`: each changed item, `<kind> <path> added|removed|edited`; empty when it could not be told. */
      changed?: string[];
      /** What the user (and, where the agent shows it, the model) is told: once per session. */
      notice: string;
    };

/** How a host words the notice: the trust command as its user runs it, what to do after trusting. */
export interface NoticeWording {
  /** The command as the user types it (the CLI: `npx hookwire trust …` when run through npx). */
  spell?: (command: string) => string | Promise<string>;
  /** Said after the command: pi's " — then /reload pi.", opencode's " — then restart opencode.". */
  after?: string;
}

/** Changed items named in a notice; past this, how many more. */
const NAMED = 5;

function list(changed: readonly string[]): string {
  if (changed.length === 0) return "";
  const named = changed.slice(0, NAMED).join(", ");
  return `: ${named}${changed.length > NAMED ? `, and ${changed.length - NAMED} more` : ""}`;
}

/** The notice of a project whose hooks did not run; for a changed one, also the reason each tool call is refused. */
export function trustNotice(
  trust: Omit<Extract<ProjectTrust, { skipped: number }>, "notice">,
  wording: { command: string; after?: string },
): string {
  const after = wording.after ?? "";
  if (trust.state === "changed")
    return (
      `hookwire: the project's hooks changed since it was trusted${list(trust.changed ?? [])}. ` +
      `Its tool calls are refused until you review and trust them: ${wording.command}${after}`
    );
  const count = trust.skipped;
  return (
    `hookwire: ${count} project hook${count === 1 ? "" : "s"} did not run: ${trust.reason}. ` +
    `Review and trust them: ${wording.command}${after}`
  );
}
