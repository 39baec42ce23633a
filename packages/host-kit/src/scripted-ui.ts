// A HookUIContext that answers confirm prompts from a queue and prints every question: the demo's user.
import { createNoOpUIContext, type HookUIContext, StatusLine } from "@hookwire/core";

export interface ScriptedUI extends HookUIContext {
  /** Queue answers for the next confirm prompts; an empty queue answers "no". */
  queueAnswers(answers: readonly boolean[]): void;
  /** The status line as hooks left it. */
  renderStatus(width?: number): string;
}

export function createScriptedUI(print: (line: string) => void): ScriptedUI {
  const answers: boolean[] = [];
  const status = new StatusLine();
  return {
    ...createNoOpUIContext(),
    queueAnswers(next) {
      answers.push(...next);
    },
    async confirm(title, message) {
      const answer = answers.shift() ?? false;
      print(`    ? ${title}: ${message} → ${answer ? "yes" : "no"}`);
      return answer;
    },
    notify(message, type = "info") {
      print(`    ${type === "info" ? "ℹ" : type === "warning" ? "⚠" : "✖"} ${message}`);
    },
    // Printed by the caller between runs: a line per change would drown the trace.
    setStatus(key, text) {
      status.set(key, text);
    },
    renderStatus: (width) => status.render(width),
  };
}
