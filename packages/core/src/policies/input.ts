// input: transforms chain (each handler sees the text as left by the previous), the first "handled" stops.
import type { InputEvent, InputEventResult } from "../events.js";
import type { Policy } from "./policy.js";

interface State {
  event: InputEvent;
  original: InputEvent;
  handled: boolean;
}

export const inputPolicy: Policy<State, InputEvent, InputEventResult, InputEventResult> = {
  propagateErrors: false,
  expectsResult: true,
  start: (event) => ({ event, original: event, handled: false }),
  fold(state, result, _hookPath, invalid) {
    if (result.action === "handled") {
      state.handled = true;
      return true;
    }
    if (result.action === "transform") {
      if (typeof result.text !== "string") {
        invalid(
          `returned { action: "transform" } without a text string; expected { action: "transform", text }.`,
        );
        return false;
      }
      state.event = { ...state.event, text: result.text, images: result.images ?? state.event.images };
    }
    return false;
  },
  finish({ event, original, handled }) {
    if (handled) return { action: "handled" };
    return event.text !== original.text || event.images !== original.images
      ? { action: "transform", text: event.text, images: event.images }
      : { action: "continue" };
  },
  copy: (state) => ({ ...state }),
  asResult: (outcome) => outcome,
};
