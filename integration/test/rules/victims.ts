// Spellings against permission rules, judged by what bash does: each command is decided by a real HookToolWrapper,
// and what it lets through runs in real bash beside a file `victim` that no spelling may remove past a guard.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { HookRunner, type ToolDefinition } from "@hookwire/core";
import { HookToolWrapper, type HookToolWrapperOptions } from "@hookwire/tool-wrapper";

export type Verdict = "allow" | "deny" | "ask";

/** A command, the class of spelling it belongs to, and what each guard of its table decides. */
export interface Spelling {
  command: string;
  class: string;
  /** Expected verdict of each guard, by its title. */
  expected: Readonly<Record<string, Verdict>>;
  /** Programs the spelling needs to remove the victim on this machine (its unguarded run is skipped without). */
  needs?: readonly string[];
}

export interface Guard {
  title: string;
  options: HookToolWrapperOptions;
}

export interface Outcome {
  verdict: Verdict;
  reason: string;
  /** The victim is still there after the guarded run. */
  survived: boolean;
}

export interface Results {
  /** By guard title, one per spelling. */
  guarded: Record<string, Outcome[]>;
  /** Whether the command, run as typed with no guard, removed the victim (`undefined`: not run, see `needs`). */
  unguarded: Array<boolean | undefined>;
}

interface Job {
  dir: string;
  command: string;
}

/** A Bash tool that queues the command for the batch instead of running it: `execute` is reached only when allowed. */
function queueingTool(queue: Job[], dir: string): ToolDefinition {
  return {
    name: "bash",
    description: "runs a command with bash",
    parameters: {},
    execute: async (_id, params) => {
      queue.push({ dir, command: String(params.command) });
      return { content: [{ type: "text", text: "queued" }], details: undefined };
    },
  };
}

async function decide(
  command: string,
  options: HookToolWrapperOptions,
  dir: string,
  queue: Job[],
): Promise<{ verdict: Verdict; reason: string }> {
  const runner = new HookRunner([], { cwd: dir });
  const tool = new HookToolWrapper(queueingTool(queue, dir), runner, { cwd: dir, ...options });
  try {
    await tool.execute("call", { command });
    return { verdict: "allow", reason: "" };
  } catch (error) {
    const reason = (error as Error).message;
    return { verdict: /needs confirmation/.test(reason) ? "ask" : "deny", reason };
  }
}

const onPath = new Map<string, boolean>();
/** A program on PATH; `!root` stands for "not running as root" (bash ignores PS4 from the environment for root). */
function installed(program: string): boolean {
  if (program === "!root") return process.getuid?.() !== 0;
  let found = onPath.get(program);
  if (found === undefined) {
    found = (process.env.PATH ?? "").split(path.delimiter).some((dir) => existsSync(path.join(dir, program)));
    onPath.set(program, found);
  }
  return found;
}

// Each job runs in a subshell of one bash process, in its own folder, with no standard input; `wait` keeps the
// subshell until what it started in the background is done, so the victim is checked after everything ran.
const BATCH = `set +e
n=0
while IFS= read -r -d '' dir && IFS= read -r -d '' file; do
  printf '%s\\n' "$n" > "$HOOKWIRE_PROGRESS"
  (cd "$dir" && { eval "$(< "$file")"; wait; }) </dev/null >"$file.out" 2>&1
  n=$((n + 1))
done < "$HOOKWIRE_JOBS"
`;

/** Runs every job in one bash process; fails naming the job that was running when `timeoutMs` passed. */
async function runBatch(root: string, jobs: readonly Job[], timeoutMs: number): Promise<void> {
  const list = path.join(root, "jobs");
  const files = jobs.map((job, i) => {
    const file = path.join(root, "commands", String(i));
    writeFileSync(file, job.command);
    return file;
  });
  writeFileSync(list, jobs.map((job, i) => `${job.dir}\0${files[i]}\0`).join(""));
  const progress = path.join(root, "progress");
  writeFileSync(path.join(root, "batch.sh"), BATCH);
  await new Promise<void>((resolve, reject) => {
    const child = spawn("bash", [path.join(root, "batch.sh")], {
      cwd: root,
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: path.join(root, "home"),
        SHLVL: "1",
        HOOKWIRE_JOBS: list,
        HOOKWIRE_PROGRESS: progress,
      },
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      const at = existsSync(progress) ? Number(readFileSync(progress, "utf8")) : 0;
      process.kill(-child.pid!, "SIGKILL");
      reject(
        new Error(`bash did not finish within ${timeoutMs} ms; it was running ${JSON.stringify(jobs[at])}`),
      );
    }, timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`the batch exited with ${code}: ${stderr}`));
    });
  });
}

/**
 * Decides every spelling under every guard, then runs in one bash process each command a guard let through and,
 * when `unguarded`, each command as typed (which shows the spelling really removes the victim).
 */
export async function judge(
  root: string,
  spellings: readonly Spelling[],
  guards: readonly Guard[],
  options: { unguarded: boolean; timeoutMs?: number },
): Promise<Results> {
  mkdirSync(path.join(root, "commands"), { recursive: true });
  mkdirSync(path.join(root, "home"), { recursive: true });
  const jobs: Job[] = [];
  const folder = (name: string) => {
    const dir = path.join(root, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "victim"), "precious");
    return dir;
  };
  const decided: Record<string, Array<{ verdict: Verdict; reason: string; dir: string }>> = {};
  for (const [g, guard] of guards.entries()) {
    decided[guard.title] = [];
    for (const [i, spelling] of spellings.entries()) {
      const dir = folder(`g${g}-${i}`);
      decided[guard.title]!.push({ ...(await decide(spelling.command, guard.options, dir, jobs)), dir });
    }
  }
  const unguardedDirs = spellings.map((spelling, i) => {
    if (!options.unguarded || !(spelling.needs ?? []).every(installed)) return undefined;
    const dir = folder(`u-${i}`);
    jobs.push({ dir, command: spelling.command });
    return dir;
  });
  await runBatch(root, jobs, options.timeoutMs ?? 120_000);
  const guarded: Results["guarded"] = {};
  for (const guard of guards) {
    guarded[guard.title] = decided[guard.title]!.map(({ verdict, reason, dir }) => ({
      verdict,
      reason,
      survived: existsSync(path.join(dir, "victim")),
    }));
  }
  const unguarded = unguardedDirs.map((dir) => (dir ? !existsSync(path.join(dir, "victim")) : undefined));
  return { guarded, unguarded };
}

/** Per class: spellings, how many removed the victim past each guard. For the suite's summary line. */
export function tally(
  spellings: readonly Spelling[],
  results: Results,
): Array<{ class: string; spellings: number; past: Record<string, number> }> {
  const rows = new Map<string, { class: string; spellings: number; past: Record<string, number> }>();
  spellings.forEach((spelling, i) => {
    let row = rows.get(spelling.class);
    if (!row) {
      row = { class: spelling.class, spellings: 0, past: {} };
      rows.set(spelling.class, row);
    }
    row.spellings++;
    for (const [title, outcomes] of Object.entries(results.guarded)) {
      row.past[title] = (row.past[title] ?? 0) + (outcomes[i]!.survived ? 0 : 1);
    }
  });
  return [...rows.values()];
}

/** What a row adds to its command: the verdict of each guard that differs from the table's default, and needs. */
export interface RowOptions {
  /** Verdicts by guard title, for guards whose verdict is not the one the row gives. */
  also?: Readonly<Record<string, Verdict>>;
  needs?: readonly string[];
}

/**
 * Rows of one class: `[command, verdict]` or `[command, verdict, options]`; `verdict` is the first guard's, every
 * other guard expects `otherwise` unless the row says.
 */
export function rows(
  className: string,
  guards: readonly Guard[],
  otherwise: Verdict,
  list: ReadonlyArray<readonly [string, Verdict] | readonly [string, Verdict, RowOptions]>,
): Spelling[] {
  return list.map(([command, verdict, options]) => ({
    command,
    class: className,
    expected: Object.fromEntries(
      guards.map((guard, i) => [
        guard.title,
        i === 0 ? verdict : (options?.also?.[guard.title] ?? otherwise),
      ]),
    ),
    needs: options?.needs,
  }));
}
