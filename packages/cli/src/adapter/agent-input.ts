// The agent's hook input: read from stdin without a stream while it can be, and bounded, however it arrives.
// Imported by hook-forward (dist/hook-forward.cjs) as well as the in-process call: Node's fs alone.
import { readSync } from "node:fs";

/** An agent's hook input past this (UTF-8 bytes) is refused (fail-closed on tool events): none comes near it. */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

/** Reading stops here: one byte past the bound is enough to refuse, and a larger input is never held. */
const READ_AT_MOST = MAX_INPUT_BYTES + 1;

/**
 * The agent's JSON from stdin, at most `MAX_INPUT_BYTES + 1` bytes of it (`checkedInput` refuses more). Read with
 * `readSync` while bytes come (creating `process.stdin` costs a fresh process ~4 ms): the text when the input ended
 * (the agent closed the pipe, or a file). A pipe that would block (EAGAIN: a non-blocking one the agent is still
 * writing) gets `process.stdin` for the rest, after the bytes already read: a promise of the whole text.
 * Throws when stdin cannot be read (none, or a read error).
 */
export function readAgentInput(): string | Promise<string> {
  let buffer = Buffer.allocUnsafe(64 * 1024);
  let size = 0;
  for (;;) {
    if (size === buffer.length) {
      const larger = Buffer.allocUnsafe(Math.min(buffer.length * 4, READ_AT_MOST));
      buffer.copy(larger, 0, 0, size);
      buffer = larger;
    }
    let read: number;
    try {
      read = readSync(0, buffer, size, buffer.length - size, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") return streamInput(buffer.subarray(0, size));
      // Windows says so for a pipe whose writer closed it.
      if (code === "EOF") break;
      throw error;
    }
    if (read === 0) break;
    size += read;
    if (size >= READ_AT_MOST) break;
  }
  return buffer.toString("utf8", 0, size);
}

/**
 * Stdin from `process.stdin`, after `head` (what was read before it would block), bounded as above: the rest of a
 * pipe that would block, or the whole input of a call that reads the process's streams (the CLI's `hookwire hook`,
 * and the tests that run it in their own process with a stream for stdin).
 */
export function streamInput(head: Buffer = Buffer.alloc(0)): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks = [head];
    let size = head.length;
    const stdin = process.stdin;
    const done = () => resolve(Buffer.concat(chunks, size).toString("utf8"));
    stdin.on("data", (chunk: Buffer) => {
      const kept = chunk.subarray(0, READ_AT_MOST - size);
      chunks.push(kept);
      size += kept.length;
      if (size >= READ_AT_MOST) {
        stdin.destroy();
        done();
      }
    });
    stdin.on("end", done);
    stdin.on("error", reject);
  });
}

/** Whether `input` is over the bound (in UTF-8 bytes). */
export function overBound(input: string): boolean {
  // Each UTF-16 unit is at least one UTF-8 byte and at most three: most inputs are decided without counting.
  if (input.length * 3 <= MAX_INPUT_BYTES) return false;
  return input.length > MAX_INPUT_BYTES || Buffer.byteLength(input, "utf8") > MAX_INPUT_BYTES;
}

/** `input` when it is within the bound, else the error that refuses the call: one bound, however the input came. */
export function checkedInput(input: string): string {
  if (overBound(input)) throw new Error(`the agent's input is over ${MAX_INPUT_BYTES} bytes`);
  return input;
}
