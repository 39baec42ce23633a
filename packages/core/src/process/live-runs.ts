// The runs not yet settled, per scope: a host that must answer now (an agent's deadline) names and ends the ones its
// call started, and no others (a server answers many calls at once).
import { AsyncLocalStorage } from "node:async_hooks";

/** One run in progress: what it belongs to (a hook's path), and how to end it at once. */
interface LiveRun {
  label: string | undefined;
  /** SIGKILL the run's group and every marked process now, synchronously; the run then settles as aborted. */
  kill(): void;
}

const scopes = new AsyncLocalStorage<RunScope>();

/**
 * The runs started inside `scope.run(fn)` (through any await chain `fn` starts), until they settle: what one
 * agent call started, to name and kill at its deadline.
 */
export class RunScope {
  readonly #runs = new Set<LiveRun>();
  #killed = false;

  run<T>(fn: () => T): T {
    return scopes.run(this, fn);
  }

  /** @internal */
  add(run: LiveRun): () => void {
    // Started after the scope was killed (its call already answered): it must not outlive the call either.
    if (this.#killed) {
      run.kill();
      return () => undefined;
    }
    this.#runs.add(run);
    return () => this.#runs.delete(run);
  }

  /** The labels of its runs in progress, each once, in start order (unlabelled ones left out). */
  labels(): string[] {
    return [...new Set([...this.#runs].flatMap((run) => (run.label === undefined ? [] : [run.label])))];
  }

  /**
   * Kills its runs in progress at once (each one's process group and, on Linux, every process carrying its
   * marker, descendants that left the group included) and answers their labels. Synchronous, so the
   * process may exit right after: no hook the scope started outlives it, nor one it starts later.
   */
  kill(): string[] {
    this.#killed = true;
    const labels = this.labels();
    for (const run of [...this.#runs]) run.kill();
    return labels;
  }
}

/** Registers a run with the scope it started in, if any; returns the undo, called when it settles. */
export function addLiveRun(run: LiveRun): () => void {
  const leave = scopes.getStore()?.add(run);
  return () => {
    leave?.();
  };
}
