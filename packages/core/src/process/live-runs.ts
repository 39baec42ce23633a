// The runs not yet settled, process-wide: a host that must answer now (an agent's deadline) names and ends them.

/** One run in progress: what it belongs to (a hook's path), and how to end it at once. */
interface LiveRun {
  label: string | undefined;
  /** SIGKILL the run's group and every marked process now, synchronously; the run then settles as aborted. */
  kill(): void;
}

const live = new Set<LiveRun>();

/** Registers a run; returns the undo (called when it settles). */
export function addLiveRun(run: LiveRun): () => void {
  live.add(run);
  return () => {
    live.delete(run);
  };
}

/** The labels of the runs in progress, each once, in start order (unlabelled ones left out). */
export function liveRunLabels(): string[] {
  return [...new Set([...live].flatMap((run) => (run.label === undefined ? [] : [run.label])))];
}

/**
 * Kills every run in progress at once (its process group and, on Linux, every process carrying its
 * marker, descendants that left the group included) and answers their labels: what a process that is
 * about to exit calls, so no hook it started outlives it. Synchronous, so `process.exit` may follow.
 */
export function killLiveRuns(): string[] {
  const labels = liveRunLabels();
  for (const run of [...live]) run.kill();
  return labels;
}
