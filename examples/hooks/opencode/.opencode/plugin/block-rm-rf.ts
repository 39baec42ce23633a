// The rm -rf guard as an OpenCode plugin: throwing in tool.execute.before blocks the call (the model reads the
// message). Same check as hooks/block-rm-rf.ts: `rm` with a recursive and a force flag in any spelling, read with
// the bash grammar; a command it cannot read is blocked too. OpenCode plugins have no UI to ask, so it never asks.
import { loadShellParser, type ShellCommand, shellCommands } from "@hookwire/shell-rules";

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

export const BlockRmRf = async () => ({
  "tool.execute.before": async (input: { tool: string }, output: { args: { command?: unknown } }) => {
    if (input.tool !== "bash") return;
    await loadShellParser();
    const analysis = shellCommands(String(output.args.command ?? ""));
    const rm = analysis.commands.find(removesRecursivelyByForce);
    if (rm) throw new Error(`rm -rf blocked: it runs \`${rm.text}\``);
    const unknown = analysis.unknowns[0];
    if (unknown) throw new Error(`command blocked, it cannot be checked: ${unknown.reason}`);
  },
});
