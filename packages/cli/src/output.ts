// Where commands write: plain text (coloured only on a TTY) or one JSON document with --json.
import { escapeForTerminal, escapeJsonForTerminal } from "@hookwire/core";
import pc from "picocolors";

export type Colors = ReturnType<typeof pc.createColors>;

export interface Output {
  colors: Colors;
  /** Colours for stderr, which may be a terminal when stdout is not. */
  errorColors: Colors;
  /** One line; every character a terminal would act on is shown escaped (see `displayLine`). */
  line(text?: string): void;
  json(value: unknown): void;
  error(text: string): void;
}

// The SGR sequences `colors` writes (bold, dim, red … cyan, default colour, grey): kept when colour is on.
const OWN_STYLES = /(\u001b\[(?:1|2|22|3[1-6]|39|90)m)/;

/**
 * A line as the terminal will show it: control, bidi and other invisible characters escaped — the
 * newline too, so a command cannot fake a line of its own. Printed text is full of project-derived
 * strings (commands, file and hook names, hook messages); escaping here, where every line goes out,
 * leaves none of them raw. With colour on, only the styles above survive: they cannot hide or move text.
 */
export function displayLine(text: string, colour: boolean): string {
  if (!colour) return escapeForTerminal(text);
  return text
    .split(OWN_STYLES)
    .map((part, index) => (index % 2 === 1 ? part : escapeForTerminal(part)))
    .join("");
}

const colour = (stream: NodeJS.WriteStream) => Boolean(stream.isTTY) && !("NO_COLOR" in process.env);

export function createOutput(): Output {
  const tty = colour(process.stdout);
  const errTty = colour(process.stderr);
  return {
    colors: pc.createColors(tty),
    errorColors: pc.createColors(errTty),
    line: (text = "") => {
      process.stdout.write(`${displayLine(text, tty)}\n`);
    },
    json: (value) => {
      process.stdout.write(`${escapeJsonForTerminal(JSON.stringify(value, null, 2))}\n`);
    },
    error: (text) => {
      process.stderr.write(`${displayLine(text, errTty)}\n`);
    },
  };
}

/** Milliseconds with one decimal: what the per-hook trace prints. */
export function formatMs(ms: number): string {
  return `${ms.toFixed(1)} ms`;
}
