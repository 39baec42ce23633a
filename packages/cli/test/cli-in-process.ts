// Runs `hookwire` inside the test's process through `runCli`, in a sandbox like cli-harness.ts's: for tests of what
// the CLI parses, prints and decides, where starting the built binary costs a second and proves nothing more. What
// needs the binary (stdin read as a file, the process guards of src/cli.ts, exit on a hook's open handle, signals,
// bin/ and the shell entry) starts it: cli-harness.ts, or a sandbox's `binary` for a run or two among in-process ones.
import { Readable } from "node:stream";
import { runCli } from "../src/main.js";
import { bin, type CliRun, type RunOptions, runBinary, sandboxFolders } from "./cli-harness.js";

export interface InProcessOptions {
  /** The run's stdin as a stream (what `hookwire hook` reads); it ends after this text. */
  input?: string;
  cwd?: string;
  /** Changes to the environment; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
}

export interface InProcessSandbox {
  /** The copied project. */
  cwd: string;
  /** HOME of every run. */
  home: string;
  run(args: string[], options?: InProcessOptions): Promise<CliRun>;
  /**
   * Start the built binary there instead (call `ensureBuilt()` first), for what only a process of its own shows:
   * bin/hookwire.js's hook path (a call forwarded to the server, the server started), stdin read as a file.
   */
  binary(args: string[], options?: RunOptions): CliRun;
}

/**
 * Swap the process's environment, folder, argv, stdin and output streams for one run; undone however the run ends.
 * argv[1] is the built binary's path, as in a run of it: connect writes the entry beside it.
 */
async function inProcess<T>(
  env: Record<string, string>,
  cwd: string,
  input: string,
  body: () => Promise<T>,
): Promise<T & { stdout: string; stderr: string }> {
  const savedEnv = { ...process.env };
  const savedCwd = process.cwd();
  const savedExitCode = process.exitCode;
  const savedArgv = process.argv;
  const stdin = Object.getOwnPropertyDescriptor(process, "stdin") as PropertyDescriptor;
  process.argv = [process.execPath, bin];
  // As a pipe the test wrote and closed: not a terminal.
  Object.defineProperty(process, "stdin", {
    value: Object.assign(Readable.from([Buffer.from(input)]), { isTTY: false }),
    configurable: true,
  });
  const output = { stdout: "", stderr: "" };
  const streams = { stdout: process.stdout, stderr: process.stderr } as const;
  const saved = Object.entries(streams).map(([name, stream]) => {
    const write = stream.write;
    const tty = Object.getOwnPropertyDescriptor(stream, "isTTY");
    // As the binary run by a test sees them: pipes, not a terminal.
    Object.defineProperty(stream, "isTTY", { value: false, configurable: true, writable: true });
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      output[name as keyof typeof output] +=
        typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
      callback?.();
      return true;
    }) as typeof stream.write;
    return () => {
      stream.write = write;
      if (tty) Object.defineProperty(stream, "isTTY", tty);
      else delete (stream as { isTTY?: boolean }).isTTY;
    };
  });
  for (const key of Object.keys(process.env)) delete process.env[key];
  Object.assign(process.env, env);
  process.chdir(cwd);
  try {
    return { ...(await body()), ...output };
  } finally {
    for (const restore of saved) restore();
    Object.defineProperty(process, "stdin", stdin);
    process.argv = savedArgv;
    process.chdir(savedCwd);
    for (const key of Object.keys(process.env)) delete process.env[key];
    Object.assign(process.env, savedEnv);
    process.exitCode = savedExitCode;
  }
}

/** Copy `fixtures/<name>` into a fresh folder with its own home; `run` runs the CLI in this process there. */
export function sandboxInProcess(name: string): InProcessSandbox {
  const folders = sandboxFolders(name);
  const { cwd, home, env, clean } = folders;
  const run = async (args: string[], options: InProcessOptions = {}): Promise<CliRun> => {
    const out = await inProcess(env(options.env), options.cwd ?? cwd, options.input ?? "", async () => ({
      code: await runCli(args),
    }));
    return { code: out.code, stdout: clean(out.stdout), stderr: clean(out.stderr) };
  };
  return { cwd, home, run, binary: (args, options) => runBinary(folders, args, options) };
}
