// A HookUIContext whose answers the test scripts in advance and which records everything hooks show.
import { type AskedQuestion, createScriptedUI, type HookUIContext, StatusLine } from "@hookwire/core";

export type { AskedQuestion };

/** Answers for the next questions of each kind, in order. An empty queue gives the no-UI answer. */
export interface UIAnswers {
  confirm?: boolean[];
  select?: Array<string | undefined>;
  input?: Array<string | undefined>;
  editor?: Array<string | undefined>;
}

export interface Notification {
  message: string;
  type: "info" | "warning" | "error";
}

export interface RecordingUI {
  ui: HookUIContext;
  answer(answers: UIAnswers): void;
  asked: AskedQuestion[];
  notifications: Notification[];
  status: StatusLine;
  /** Answers queued but never asked for: a test that scripted them expected questions that did not come. */
  unanswered(): UIAnswers;
}

export function createRecordingUI(initial: UIAnswers = {}): RecordingUI {
  const queues = {
    confirm: [...(initial.confirm ?? [])],
    select: [...(initial.select ?? [])],
    input: [...(initial.input ?? [])],
    editor: [...(initial.editor ?? [])],
  };
  const asked: AskedQuestion[] = [];
  const notifications: Notification[] = [];
  const status = new StatusLine();
  let editorText = "";
  const ui: HookUIContext = {
    ...createScriptedUI(
      {
        confirm: () => (queues.confirm.length > 0 ? Boolean(queues.confirm.shift()) : undefined),
        select: () => queues.select.shift(),
        input: () => queues.input.shift(),
        editor: () => queues.editor.shift(),
      },
      (question) => asked.push(question),
    ),
    notify(message, type = "info") {
      notifications.push({ message, type });
    },
    setStatus(key, text) {
      status.set(key, text);
    },
    setEditorText(text) {
      editorText = text;
    },
    getEditorText: () => editorText,
  };
  return {
    ui,
    asked,
    notifications,
    status,
    answer(answers) {
      for (const kind of ["confirm", "select", "input", "editor"] as const) {
        (queues[kind] as unknown[]).push(...(answers[kind] ?? []));
      }
    },
    unanswered() {
      const left: UIAnswers = {};
      for (const kind of ["confirm", "select", "input", "editor"] as const) {
        if (queues[kind].length > 0) (left as Record<string, unknown[]>)[kind] = [...queues[kind]];
      }
      return left;
    },
  };
}
