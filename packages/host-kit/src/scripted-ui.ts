// The demo's user: core's scripted UI answering confirm prompts from a queue, every one printed, and a status line.
import { type HookUIContext, StatusLine, createScriptedUI as scriptedUI } from "@hookwire/core";

export interface ScriptedUI extends HookUIContext {
  /** Queue answers for the next confirm prompts; an empty queue answers "no". */
  queueAnswers(answers: readonly boolean[]): void;
  /** The status line as hooks left it. */
  renderStatus(width?: number): string;
}

export function createScriptedUI(print: (line: string) => void): ScriptedUI {
  const answers: boolean[] = [];
  const status = new StatusLine();
  const dialogs = scriptedUI({ confirm: () => answers.shift() }, (question) => {
    if (question.kind === "confirm")
      print(`    ? ${question.title}: ${question.message} → ${question.answer ? "yes" : "no"}`);
  });
  return {
    ...dialogs,
    queueAnswers(next) {
      answers.push(...next);
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
