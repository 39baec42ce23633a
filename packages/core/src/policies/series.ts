// "All run": notification events; results are ignored and nothing stops the series.
import type { Policy } from "./policy.js";

export const seriesPolicy: Policy<unknown, unknown, unknown, undefined> = {
  propagateErrors: false,
  expectsResult: false,
  start: (event) => event,
  view: (event) => event,
  fold: () => false,
  finish: () => undefined,
};
