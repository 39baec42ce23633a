// `ctx.$` for OpenCode plugins: Bun's shell tag over hookwire's exec (process groups, output caps, timeouts).
import { type ExecResult, exec } from "@hookwire/core";
import { lazyRequire } from "@hookwire/core/internal";

/** Required on first use, from this package: the hook path's bundle inlines this package but not shell-quote. */
const shellQuote = lazyRequire<typeof import("shell-quote")>(import.meta.url, "shell-quote");

/** What a `$` run resolves to, shaped like Bun's ShellOutput. */
export interface ShellOutput {
  stdout: Buffer;
  stderr: Buffer;
  exitCode: number;
  text(): string;
  json(): unknown;
}

/** Rejected with when a command exits non-zero and `.nothrow()` was not asked, as Bun's ShellError. */
export class ShellError extends Error implements ShellOutput {
  readonly stdout: Buffer;
  readonly stderr: Buffer;
  readonly exitCode: number;

  constructor(output: ShellOutput, command: string) {
    super(`Failed with exit code ${output.exitCode}: ${command}`);
    this.name = "ShellError";
    this.stdout = output.stdout;
    this.stderr = output.stderr;
    this.exitCode = output.exitCode;
  }
  text(): string {
    return this.stdout.toString("utf8");
  }
  json(): unknown {
    return JSON.parse(this.text());
  }
}

interface Settings {
  cwd: string;
  env: Record<string, string | undefined>;
  throws: boolean;
}

function expression(value: unknown): string {
  if (Array.isArray(value)) return value.map(expression).join(" ");
  if (typeof value === "object" && value !== null && "raw" in value)
    return String((value as { raw: unknown }).raw);
  return shellQuote().quote([String(value)]);
}

function output(result: ExecResult): ShellOutput {
  const stdout = Buffer.from(result.stdout);
  return {
    stdout,
    stderr: Buffer.from(result.stderr),
    exitCode: result.code,
    text: () => stdout.toString("utf8"),
    json: () => JSON.parse(stdout.toString("utf8")),
  };
}

/** A pending run: a promise with Bun's chainable modifiers (applied before it starts, on the next tick). */
function run(command: string, settings: Settings) {
  const local = { ...settings, env: { ...settings.env } };
  let started: Promise<ShellOutput> | undefined;
  const start = () => {
    started ??= exec("sh", ["-c", command], { cwd: local.cwd, env: local.env }).then((result) => {
      const out = output(result);
      if (local.throws && out.exitCode !== 0) throw new ShellError(out, command);
      return out;
    });
    return started;
  };
  const pending = {
    cwd(dir: string) {
      local.cwd = dir;
      return pending;
    },
    env(env: Record<string, string> | undefined) {
      local.env = { ...(env ?? {}) };
      return pending;
    },
    quiet() {
      return pending;
    },
    nothrow() {
      local.throws = false;
      return pending;
    },
    throws(value: boolean) {
      local.throws = value;
      return pending;
    },
    text: () => start().then((out) => out.text()),
    json: () => start().then((out) => out.json()),
    lines: async function* () {
      for (const line of (await start()).text().split("\n")) if (line !== "") yield line;
    },
    // biome-ignore lint/suspicious/noThenProperty: Bun's shell promise is awaited directly.
    then<A, B>(ok?: (value: ShellOutput) => A, fail?: (reason: unknown) => B) {
      return start().then(ok, fail);
    },
    catch<B>(fail?: (reason: unknown) => B) {
      return start().catch(fail);
    },
    finally(done?: () => void) {
      return start().finally(done);
    },
  };
  return pending;
}

export type Shell = ReturnType<typeof createShell>;

/** `$\`git status\``; interpolated values are quoted, `{ raw }` is not; `.cwd()`, `.env()`, `.nothrow()` as in Bun. */
export function createShell(initial: Settings) {
  const shell = (strings: TemplateStringsArray, ...values: unknown[]) => {
    let command = strings[0] ?? "";
    values.forEach((value, index) => {
      command += expression(value) + (strings[index + 1] ?? "");
    });
    return run(command, initial);
  };
  return Object.assign(shell, {
    escape: (text: string) => shellQuote().quote([text]),
    braces: (pattern: string) => [pattern],
    cwd: (dir?: string) => createShell({ ...initial, cwd: dir ?? initial.cwd }),
    env: (env?: Record<string, string | undefined>) => createShell({ ...initial, env: { ...(env ?? {}) } }),
    nothrow: () => createShell({ ...initial, throws: false }),
    throws: (value: boolean) => createShell({ ...initial, throws: value }),
  });
}
