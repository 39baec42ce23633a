// The word-level rm -rf check the Copilot CLI and Cursor guards share (the module guard reads commands with the
// bash grammar). Trust covers it with the scripts that import it.

/** Words that run the next word as the program (`sudo rm`, `xargs rm`), and `VAR=x` prefixes. */
const WRAPPERS = new Set(["sudo", "env", "command", "nohup", "time", "xargs", "exec"]);

/** `rm` with a recursive and a force flag in any spelling, as the program of any command of a chain. */
export function isRmRf(command) {
  return command.split(/[;&|\n()]+/).some((part) => {
    const words = part.trim().split(/\s+/).filter(Boolean);
    let at = 0;
    while (
      at < words.length &&
      (WRAPPERS.has(words[at]) || /^\w+=/.test(words[at]) || words[at].startsWith("-"))
    )
      at++;
    if (!/(^|\/)rm$/.test(words[at] ?? "")) return false;
    const flags = words.slice(at + 1).filter((word) => word.startsWith("-"));
    const has = (short, long) => flags.some((f) => f === long || (/^-[^-]/.test(f) && short.test(f)));
    return has(/[rR]/, "--recursive") && has(/f/, "--force");
  });
}
