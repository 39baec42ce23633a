// Reads --input: inline JSON, @file, or - for stdin.
import { readFileSync } from "node:fs";
import path from "node:path";
import { errorMessage } from "@hookwire/core";
import { CliUsageError } from "./errors.js";

export function readJsonArg(value: string | undefined, flag: string, cwd: string): unknown {
  if (value === undefined || value === "") return undefined;
  let text = value;
  let from = `${flag}`;
  if (value === "-") {
    text = readFileSync(0, "utf8");
    from = `${flag} - (stdin)`;
    if (text.trim() === "") {
      throw new CliUsageError(
        `${from}: stdin was empty. Pipe a JSON object into it (echo '{}' | hookwire …), or pass the JSON inline.`,
      );
    }
  } else if (value.startsWith("@")) {
    const file = path.resolve(cwd, value.slice(1));
    try {
      text = readFileSync(file, "utf8");
    } catch (cause) {
      const why = (cause as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : errorMessage(cause);
      throw new CliUsageError(
        `${flag} ${value}: cannot read ${file} (${why}). The path after @ is relative to --cwd.`,
        { cause },
      );
    }
    from = `${flag} ${value}`;
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new CliUsageError(
      `${from} is not valid JSON: ${(cause as Error).message}. Pass JSON, @file.json, or - to read stdin.`,
      { cause },
    );
  }
}

export function readJsonObject(
  value: string | undefined,
  flag: string,
  cwd: string,
): Record<string, unknown> {
  const parsed = readJsonArg(value, flag, cwd);
  if (parsed === undefined) return {};
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new CliUsageError(
      `${flag} must be a JSON object, got ${Array.isArray(parsed) ? "an array" : typeof parsed}.`,
    );
  }
  return parsed as Record<string, unknown>;
}
