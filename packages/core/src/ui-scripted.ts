// A UI whose dialogs a script answers and which tells its owner every question asked: the one scripted user of the
// demo (host-kit), the test harness (testing) and the CLI's headless `emit`/`tool` (`--answer`, `--select`, …).
import type { HookUIContext } from "./context.js";
import { createNoOpUIContext } from "./ui-noop.js";

/** One question a hook asked, and the answer it got. */
export type AskedQuestion =
  | { kind: "confirm"; title: string; message: string; answer: boolean }
  | { kind: "select"; title: string; options: string[]; answer: string | undefined }
  | { kind: "input"; title: string; placeholder?: string; answer: string | undefined }
  | { kind: "editor"; title: string; prefill?: string; answer: string | undefined };

/**
 * The answer to each kind of question, asked at the question; a kind left out, or answering `undefined`, gets the
 * no-UI answer (no, nothing).
 */
export interface UIScript {
  confirm?(title: string, message: string): boolean | undefined;
  select?(title: string, options: readonly string[]): string | undefined;
  input?(title: string, placeholder?: string): string | undefined;
  editor?(title: string, prefill?: string): string | undefined;
}

/** The no-UI context with its four dialogs answered by `script`, each question and its answer given to `asked`. */
export function createScriptedUI(script: UIScript, asked: (question: AskedQuestion) => void): HookUIContext {
  return {
    ...createNoOpUIContext(),
    async confirm(title, message) {
      const answer = script.confirm?.(title, message) ?? false;
      asked({ kind: "confirm", title, message, answer });
      return answer;
    },
    async select(title, options) {
      const answer = script.select?.(title, options);
      asked({ kind: "select", title, options: [...options], answer });
      return answer;
    },
    async input(title, placeholder) {
      const answer = script.input?.(title, placeholder);
      asked({ kind: "input", title, ...(placeholder !== undefined ? { placeholder } : {}), answer });
      return answer;
    },
    async editor(title, prefill) {
      const answer = script.editor?.(title, prefill);
      asked({ kind: "editor", title, ...(prefill !== undefined ? { prefill } : {}), answer });
      return answer;
    },
  };
}
