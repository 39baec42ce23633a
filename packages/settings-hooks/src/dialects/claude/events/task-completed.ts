// TaskCompleted: when a task of the task list is completed. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const taskCompleted = unbridged({
  name: "TaskCompleted",
  description: "When a task of the task list is completed.",
  matcher: "none",
  canBlock: true,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire has no task list.",
});
