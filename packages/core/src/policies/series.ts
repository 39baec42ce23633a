// "All run": notification events; results are ignored and nothing stops the series.
import type { Policy } from "./policy.js";

export const seriesPolicy: Policy<{ event: unknown }, unknown, unknown, undefined> = {
  propagateErrors: false,
  expectsResult: false,
  start: (event) => ({ event }),
  fold: () => false,
  finish: () => undefined,
  copy: (state) => ({ ...state }),
  asResult: () => undefined,
};
