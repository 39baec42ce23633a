// A HookUIContext whose answers the test scripts in advance and which records everything hooks show.
import { createNoOpUIContext, type HookUIContext, StatusLine } from "@hookwire/core";

/** Answers for the next questions of each kind, in order. An empty queue gives the no-UI answer. */
export interface UIAnswers {
  confirm?: boolean[];
  select?: Array<string | undefined>;
  input?: Array<string | undefined>;
  editor?: Array<string | undefined>;
}

/** One question a hook asked, and what it got. */
export type AskedQuestion =
  | { kind: "confirm"; title: string; message: string; answer: boolean }
  | { kind: "select"; title: string; options: string[]; answer: string | undefined }
  | { kind: "input"; title: string; placeholder?: string; answer: string | undefined }
  | { kind: "editor"; title: string; prefill?: string; answer: string | undefined };

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
    ...createNoOpUIContext(),
    async confirm(title, message) {
      const answer = queues.confirm.length > 0 ? Boolean(queues.confirm.shift()) : false;
      asked.push({ kind: "confirm", title, message, answer });
      return answer;
    },
    async select(title, options) {
      const answer = queues.select.shift();
      asked.push({ kind: "select", title, options: [...options], answer });
      return answer;
    },
    async input(title, placeholder) {
      const answer = queues.input.shift();
      asked.push({ kind: "input", title, ...(placeholder !== undefined ? { placeholder } : {}), answer });
      return answer;
    },
    async editor(title, prefill) {
      const answer = queues.editor.shift();
      asked.push({ kind: "editor", title, ...(prefill !== undefined ? { prefill } : {}), answer });
      return answer;
    },
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
