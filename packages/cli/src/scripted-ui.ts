// Scripted UI replies for headless runs (`--answer`, `--select`, `--input-text`; emit and tool), and a log of every
// question asked.
import { type AskedQuestion, createScriptedUI, type HookUIContext } from "@hookwire/core";
import { CliUsageError } from "./errors.js";
import { listArg } from "./shared-args.js";

export interface UiExchange {
  kind: "confirm" | "select" | "input" | "editor";
  title: string;
  reply: string;
  /** False when no flag answered it: the headless default (no, nothing). */
  scripted: boolean;
}

export const uiArgs = {
  answer: {
    type: "string",
    description: "Reply to ctx.ui.confirm (and tool's permission asks): yes or no (default: no UI, so no)",
    valueHint: "yes|no",
  },
  select: { type: "string", description: "Reply to ctx.ui.select with option N (1-based)", valueHint: "N" },
  "input-text": { type: "string", description: "Reply to ctx.ui.input and ctx.ui.editor", valueHint: "TEXT" },
} as const;

interface Replies {
  answer?: boolean;
  select?: number;
  inputText?: string;
}

function readReplies(rawArgs: readonly string[]): Replies {
  const last = (flag: string) => listArg(rawArgs, flag).at(-1);
  const replies: Replies = {};
  const answer = last("answer");
  if (answer !== undefined) {
    if (answer !== "yes" && answer !== "no")
      throw new CliUsageError(`--answer expects yes or no, got ${JSON.stringify(answer)}.`);
    replies.answer = answer === "yes";
  }
  const select = last("select");
  if (select !== undefined) {
    const n = Number(select);
    if (!Number.isInteger(n) || n < 1)
      throw new CliUsageError(`--select expects an option number from 1, got ${JSON.stringify(select)}.`);
    replies.select = n;
  }
  const inputText = last("input-text");
  if (inputText !== undefined) replies.inputText = inputText;
  return replies;
}

/**
 * The UI a headless run gets. With no reply flag it is no UI (`hasUI: false`) answering as one does (confirm
 * → false, select/input → undefined), but every question is logged so the output can say it went unanswered.
 */
export function scriptedUI(rawArgs: readonly string[]): {
  ui: Partial<HookUIContext>;
  hasUI: boolean;
  asked: UiExchange[];
} {
  const replies = readReplies(rawArgs);
  const asked: UiExchange[] = [];
  const scripted: Record<AskedQuestion["kind"], boolean> = {
    confirm: replies.answer !== undefined,
    select: replies.select !== undefined,
    input: replies.inputText !== undefined,
    editor: replies.inputText !== undefined,
  };
  const ui = createScriptedUI(
    {
      confirm: () => replies.answer,
      select: (_title, options) => (replies.select === undefined ? undefined : options[replies.select - 1]),
      input: () => replies.inputText,
      editor: () => replies.inputText,
    },
    (question) => {
      const reply =
        question.kind === "confirm"
          ? question.answer
            ? "yes"
            : "no"
          : question.answer === undefined
            ? "(nothing)"
            : JSON.stringify(question.answer);
      asked.push({ kind: question.kind, title: question.title, reply, scripted: scripted[question.kind] });
    },
  );
  const hasUI =
    replies.answer !== undefined || replies.select !== undefined || replies.inputText !== undefined;
  return { ui, hasUI, asked };
}

/** The lines that say what was asked and how it was answered. */
export function describeExchanges(asked: readonly UiExchange[]): string[] {
  return asked.map((q) => {
    const flag =
      q.kind === "confirm" ? "--answer yes|no" : q.kind === "select" ? "--select N" : "--input-text T";
    const how = q.scripted ? "" : ` (headless: no UI; reply with ${flag})`;
    return `? ${q.kind} ${JSON.stringify(q.title)} → ${q.reply}${how}`;
  });
}
