// Asks before a bash call removes files recursively by force (`rm -rf`, `-Rf`, `-r -f`, `--recursive --force`,
// behind `sudo`, `xargs`, `bash -c`, in substitutions…); without a UI it blocks. A command it cannot read counts.
import type { HookAPI } from "@hookwire/core";
import { loadShellParser, type ShellCommand, shellCommands } from "@hookwire/shell-rules";

/** `rm` with both a recursive and a force flag, in any spelling; a flag known only at run time may be either. */
function removesRecursivelyByForce(command: ShellCommand): boolean {
  if (command.program !== "rm") return false;
  let recursive = false;
  let force = false;
  for (const arg of command.args) {
    if (!arg.literal) return true;
    const value = arg.value;
    if (value === "--") break;
    if (value === "--recursive") recursive = true;
    else if (value === "--force") force = true;
    else if (/^-[^-]/.test(value)) {
      if (/[rR]/.test(value)) recursive = true;
      if (value.includes("f")) force = true;
    }
  }
  return recursive && force;
}

/** Why the command needs a confirmation, or `undefined` when it surely does not remove files by force. */
function danger(command: string): { rm: boolean; why: string } | undefined {
  const analysis = shellCommands(command);
  const rm = analysis.commands.find(removesRecursivelyByForce);
  if (rm) return { rm: true, why: `it runs \`${rm.text}\`` };
  const unknown = analysis.unknowns[0];
  return unknown ? { rm: false, why: `it cannot be checked: ${unknown.reason}` } : undefined;
}

export default function (pi: HookAPI): void {
  pi.on("tool_call", async (event, ctx) => {
    if (event.toolName !== "bash") return;
    const cmd = String(event.input.command ?? "");
    await loadShellParser();
    const found = danger(cmd);
    if (!found) return;

    if (!ctx.hasUI) {
      const reason = found.rm ? "rm -rf blocked" : `command blocked, ${found.why}`;
      return { block: true, reason: `${reason} (no UI to confirm it)` };
    }
    const ok = await ctx.ui.confirm("Dangerous command", `Allow: ${cmd}`);
    if (!ok) return { block: true, reason: "user denied command" };
    return undefined;
  });
}
