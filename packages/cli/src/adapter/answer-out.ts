// A call's answer written straight to fds 2 and 1: creating `process.stdout` and `process.stderr` for pipes costs a
// fresh process ~5 ms. Used by hook-forward (dist/hook-forward.cjs) and the in-process call: Node's fs alone.
import { writeSync } from "node:fs";

/**
 * Writes `stderr`, then `stdout`, whole, then calls `then` (once). A pipe that would block (a full, non-blocking one)
 * gets the stream for the rest after all; a reader that is gone (EPIPE: an agent that stopped reading early, its
 * choice) ends the writing, not the call.
 */
export function writeAnswer(answer: { stdout: string; stderr: string }, then: () => void): void {
  const write = (fd: 1 | 2, text: string, next: () => void) => {
    if (text === "") return next();
    const bytes = Buffer.from(text, "utf8");
    let written = 0;
    try {
      while (written < bytes.length) written += writeSync(fd, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") return then();
      const stream = fd === 1 ? process.stdout : process.stderr;
      let called = false;
      const once = (after: () => void) => () => {
        if (called) return;
        called = true;
        after();
      };
      stream.once("error", once(then));
      stream.write(bytes.subarray(written), (failed) => once(failed ? then : next)());
      return;
    }
    next();
  };
  write(2, answer.stderr, () => write(1, answer.stdout, then));
}
