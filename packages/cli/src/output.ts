// Where commands write: plain text (coloured only on a TTY) or one JSON document with --json.
import pc from "picocolors";

export type Colors = ReturnType<typeof pc.createColors>;

export interface Output {
  colors: Colors;
  /** Colours for stderr, which may be a terminal when stdout is not. */
  errorColors: Colors;
  line(text?: string): void;
  json(value: unknown): void;
  error(text: string): void;
}

const colour = (stream: NodeJS.WriteStream) => Boolean(stream.isTTY) && !("NO_COLOR" in process.env);

export function createOutput(): Output {
  return {
    colors: pc.createColors(colour(process.stdout)),
    errorColors: pc.createColors(colour(process.stderr)),
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
