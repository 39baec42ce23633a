// Blocks write and edit calls that touch secrets, git internals or anything outside the project.
import { isAbsolute, relative as relativePath, resolve, sep } from "node:path";
import type { HookAPI } from "@hookwire/core";

const WRITING_TOOLS = new Set(["write", "edit"]);
const PROTECTED_DIRS = new Set([".git", "node_modules"]);
const PROTECTED_FILES = [/^\.env(\..+)?$/, /\.pem$/, /^id_(rsa|ed25519)$/];

/** Why `target` must not be written, or `undefined` when it may be. */
export function protectedReason(target: string, cwd: string): string | undefined {
  const relative = relativePath(cwd, resolve(cwd, target));
  if (relative === "" || relative.startsWith("..") || isAbsolute(relative)) {
    return `${target} is outside the project`;
  }
  const parts = relative.split(sep);
  const dir = parts.find((part) => PROTECTED_DIRS.has(part));
  if (dir) return `${relative} is inside ${dir}/`;
  const name = parts[parts.length - 1] ?? "";
  if (PROTECTED_FILES.some((pattern) => pattern.test(name))) return `${relative} holds secrets`;
  return undefined;
}

export default function (pi: HookAPI): void {
  pi.on("tool_call", (event, ctx) => {
    if (!WRITING_TOOLS.has(event.toolName)) return;
    const target = event.input.path ?? event.input.file_path;
    if (typeof target !== "string") return;
    const reason = protectedReason(target, ctx.cwd);
    if (reason) return { block: true, reason: `Protected path: ${reason}` };
    return undefined;
  });
}
