// The hook status line: one text per key, rendered sorted by key, sanitised and fitted to a width.

// CSI / OSC escape sequences, then any remaining C0/C1 control character.
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-_]/g;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** One line of display text: escapes stripped, control characters as spaces, runs of spaces collapsed. */
export function sanitizeStatusText(text: string): string {
  return text.replace(ANSI, "").replace(CONTROL, " ").replace(/ {2,}/g, " ").trim();
}

export interface StatusLineOptions {
  /** Between two keys' texts. Default `" · "`. */
  separator?: string;
  /** Appended when the line is cut. Default `"…"`. */
  ellipsis?: string;
}

export class StatusLine {
  readonly #entries = new Map<string, string>();
  readonly #separator: string;
  readonly #ellipsis: string;

  constructor(options: StatusLineOptions = {}) {
    this.#separator = options.separator ?? " · ";
    this.#ellipsis = options.ellipsis ?? "…";
  }

  /** Set the key's text; `undefined` or text that sanitises to nothing clears it. */
  set(key: string, text: string | undefined): void {
    const clean = text === undefined ? "" : sanitizeStatusText(text);
    if (clean) this.#entries.set(key, clean);
    else this.#entries.delete(key);
  }

  get(key: string): string | undefined {
    return this.#entries.get(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  /** Entries sorted by key with `localeCompare`, as pi's footer sorts them. */
  entries(): Array<[key: string, text: string]> {
    return [...this.#entries].sort(([a], [b]) => a.localeCompare(b));
  }

  /** The joined line, cut to `width` characters (code points) with an ellipsis. */
  render(width = Number.POSITIVE_INFINITY): string {
    const line = this.entries()
      .map(([, text]) => text)
      .join(this.#separator);
    const chars = [...line];
    if (chars.length <= width) return line;
    if (width <= 0) return "";
    const keep = Math.max(0, width - [...this.#ellipsis].length);
    return chars.slice(0, keep).join("") + this.#ellipsis.slice(0, width);
  }
}
