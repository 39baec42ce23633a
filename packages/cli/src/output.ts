// Where commands write: plain text (coloured only on a TTY) or one JSON document with --json.
import pc from "picocolors";

export type Colors = ReturnType<typeof pc.createColors>;

export interface Output {
  colors: Colors;
  line(text?: string): void;
  json(value: unknown): void;
  error(text: string): void;
}

export function createOutput(): Output {
  const tty = Boolean(process.stdout.isTTY) && !("NO_COLOR" in process.env);
  return {
    colors: pc.createColors(tty),
    line: (text = "") => {
      process.stdout.write(`${text}\n`);
    },
    json: (value) => {
      process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    },
    error: (text) => {
      process.stderr.write(`${text}\n`);
    },
  };
}

/** Milliseconds with one decimal: what the per-hook trace prints. */
export function formatMs(ms: number): string {
  return `${ms.toFixed(1)} ms`;
}
