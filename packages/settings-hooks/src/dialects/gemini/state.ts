// What Gemini CLI's events remember between events of one session.
import type { LlmRequest } from "./model.js";

export interface GeminiState {
  /** The prompt of the current turn (BeforeAgent), which AfterAgent reports with the answer. */
  prompt: string;
  /** AfterAgent retries in a row (a deny re-prompts the agent); `stop_hook_active` while non-zero. */
  consecutiveRetries: number;
  /** The last model request as hooks saw it (BeforeModel), which AfterModel reports with the response. */
  request?: LlmRequest;
}

export function createGeminiState(): GeminiState {
  return { prompt: "", consecutiveRetries: 0 };
}
