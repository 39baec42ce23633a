// The directory a `cd`, `pushd`, `popd` or `env -C` leaves the shell in, when it can be known.
import { posix } from "node:path";
import type { ShellWord } from "./words.js";

/** `null`: not known statically (`cd -`, `cd "$x"`, `popd`). */
export function changeDirectory(
  program: string,
  args: readonly ShellWord[],
  cwd: string | null,
): string | null {
  if (program === "popd") return null;
  const target = args.find((arg) => !(arg.literal && /^-[LPe@]+$/.test(arg.value)));
  if (!target) return program === "cd" ? "~" : null;
  if (!target.literal || target.value === "-" || target.value.startsWith("+")) return null;
  if (target.value.startsWith("/") || target.value === "~" || target.value.startsWith("~/")) {
    return posix.normalize(target.value);
  }
  return cwd === null ? null : posix.join(cwd, target.value);
}
