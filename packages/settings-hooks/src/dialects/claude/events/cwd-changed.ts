// CwdChanged: when the working directory changes. Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const cwdChanged = unbridged({
  name: "CwdChanged",
  description: "When the working directory changes.",
  matcher: "none",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "a hookwire session keeps one working directory.",
});
