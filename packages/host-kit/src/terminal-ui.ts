// A HookUIContext on a terminal: questions through readline, notifications and the status line as lines.
import { createInterface } from "node:readline/promises";
import type { Readable, Writable } from "node:stream";
import { createNoOpUIContext, type HookUIContext, StatusLine } from "@hookwire/core";
import { createTheme } from "./theme.js";

export interface TerminalUIOptions {
  input?: Readable;
  output?: Writable;
  /** Colour output. Default: `output` is a TTY and `NO_COLOR` is not set. */
  color?: boolean;
  /** Status line width in characters. Default: the terminal's columns, else 100. */
  width?: number;
}

/** The terminal UI when stdin and stdout are terminals, else the no-op UI (every question gets the safe answer). */
export function createTerminalUIContext(options: TerminalUIOptions = {}): {
  ui: HookUIContext;
  hasUI: boolean;
} {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const interactive = Boolean((input as { isTTY?: boolean }).isTTY && (output as { isTTY?: boolean }).isTTY);
  if (!interactive && !options.input) return { ui: createNoOpUIContext(), hasUI: false };
  return { ui: createTerminalUI({ ...options, input, output }), hasUI: true };
}

export function createTerminalUI(options: TerminalUIOptions = {}): HookUIContext {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const theme = createTheme(
    options.color ?? (Boolean((output as { isTTY?: boolean }).isTTY) && !("NO_COLOR" in process.env)),
  );
  const { colors } = theme;
  const status = new StatusLine();
  let editorText = "";
  let lastStatus = "";

  // One readline per question: a lingering interface would keep stdin open and the process alive.
  async function ask(prompt: string): Promise<string | undefined> {
    const rl = createInterface({ input, output, terminal: false });
    try {
      const closed = new Promise<undefined>((resolve) => rl.once("close", () => resolve(undefined)));
      return await Promise.race([rl.question(prompt), closed]);
    } finally {
      rl.close();
    }
  }

  async function askLines(prompt: string): Promise<string | undefined> {
    output.write(prompt);
    const rl = createInterface({ input, output, terminal: false });
    const lines: string[] = [];
    try {
      for await (const line of rl) {
        if (line === ".") return lines.join("\n");
        lines.push(line);
      }
      return lines.length > 0 ? lines.join("\n") : undefined;
    } finally {
      rl.close();
    }
  }

  return {
    ...createNoOpUIContext(),
    async select(title, choices) {
      output.write(`${colors.bold(title)}\n`);
      choices.forEach((choice, i) => {
        output.write(`  ${colors.cyan(String(i + 1))}) ${choice}\n`);
      });
      const answer = await ask(`Choose 1-${choices.length} (empty to cancel): `);
      const index = Number.parseInt(answer?.trim() ?? "", 10);
      return Number.isInteger(index) ? choices[index - 1] : undefined;
    },
    async confirm(title, message) {
      const answer = await ask(
        `${colors.bold(colors.yellow(title))}\n${message}\n${colors.dim("Allow? [y/N] ")}`,
      );
      return /^y(es)?$/i.test(answer?.trim() ?? "");
    },
    async input(title, placeholder) {
      const answer = await ask(
        `${colors.bold(title)}${placeholder ? colors.dim(` (${placeholder})`) : ""}: `,
      );
      return answer === undefined || answer === "" ? undefined : answer;
    },
    async editor(title, prefill) {
      const shown = prefill ? `${colors.dim(prefill)}\n` : "";
      const text = await askLines(
        `${colors.bold(title)} ${colors.dim("(end with a line holding only '.')")}\n${shown}`,
      );
      return text ?? prefill;
    },
    notify(message, type = "info") {
      const paint = type === "error" ? colors.red : type === "warning" ? colors.yellow : colors.blue;
      output.write(`${paint(type === "info" ? "ℹ" : type === "warning" ? "⚠" : "✖")} ${message}\n`);
    },
    setStatus(key, text) {
      status.set(key, text);
      const line = status.render(options.width ?? (output as { columns?: number }).columns ?? 100);
      if (line !== lastStatus) {
        lastStatus = line;
        if (line) output.write(`${colors.dim(`[status] ${line}`)}\n`);
      }
    },
    custom: async () => undefined,
    setEditorText(text) {
      editorText = text;
    },
    getEditorText: () => editorText,
    theme,
  };
}
