// Fixture files (`.hookwire/tests/<name>.json`): reading them, and running one through `hookwire emit --json`.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { CliUsageError } from "./errors.js";

export const FIXTURE_DIR = ".hookwire/tests";

export interface Fixture {
  name: string;
  file: string;
  event: string;
  input: Record<string, unknown>;
  expect: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** One fixture file, or an error naming the file, the field and what it should hold. */
export function readFixture(file: string, shown: string): Fixture | { name: string; problem: string } {
  const name = path.basename(file, ".json");
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    return { name, problem: `${shown} is not JSON: ${(error as Error).message}` };
  }
  if (!isObject(data)) return { name, problem: `${shown}: expected {"event", "input", "expect"}` };
  if (typeof data.event !== "string" || data.event === "")
    return { name, problem: `${shown} → event: expected an event name such as "PreToolUse" or "tool_call"` };
  if (data.input !== undefined && !isObject(data.input))
    return { name, problem: `${shown} → input: expected an object (what emit --input takes)` };
  if (!isObject(data.expect))
    return {
      name,
      problem: `${shown} → expect: expected an object, matched as a subset of what emit --json prints`,
    };
  return { name, file, event: data.event, input: data.input ?? {}, expect: data.expect };
}

/** The fixture files of `root`, sorted by name (every file system lists them in the same order). */
export function fixtureFiles(root: string): string[] {
  const dir = path.join(root, FIXTURE_DIR);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => path.join(dir, name));
}

/** `hookwire emit <event> --input <json> --json` in its own process, as a user would run it: its JSON document. */
export function emitJson(
  root: string,
  event: string,
  input: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const bin = process.argv[1] as string;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, "emit", event, "--input", "-", "--json", "--cwd", root], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      try {
        const document = JSON.parse(stdout) as Record<string, unknown>;
        resolve({ ...document, exitCode: code });
      } catch {
        reject(
          new CliUsageError(
            `emit ${event} printed no JSON (exit ${code}): ${stderr.trim() || stdout.trim()}`,
          ),
        );
      }
    });
    child.stdin.end(JSON.stringify(input));
  });
}
