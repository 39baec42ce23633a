// TaskCreated: when a task is created in the task list. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const taskCreated = unbridged({
  name: "TaskCreated",
  description: "When a task is created in the task list.",
  matcher: "none",
  canBlock: true,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire has no task list.",
});
