// The files a stack trace names: how the process guard and the exit guard tell which hook an error or exit came from.
import { fileURLToPath } from "node:url";

// "at fn (/abs/file.ts:3:9)", "at /abs/file.ts:3:9", "at file:///abs/file.mjs?x=1:3:9".
const FRAME = /(?:\(|at )((?:file:\/\/)?\/.*?):\d+:\d+\)?$/;

/** The files named by the stack's frames, innermost first. */
export function stackFiles(error: unknown): string[] {
  const stack = error instanceof Error ? error.stack : undefined;
  if (typeof stack !== "string") return [];
  const files: string[] = [];
  for (const line of stack.split("\n")) {
    const trimmed = line.trim();
    const match = trimmed.startsWith("at ") ? FRAME.exec(trimmed) : null;
    if (!match) continue;
    let file = match[1]!;
    if (file.startsWith("file://")) {
      try {
        file = fileURLToPath(file.replace(/[?#].*$/, ""));
      } catch {
        continue;
      }
    }
    files.push(file);
  }
  return files;
}
