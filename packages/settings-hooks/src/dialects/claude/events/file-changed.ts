// FileChanged: when a watched file changes on disk (the matcher names the files). Not run by hookwire (see `unbridged`).
import { unbridged } from "../define.js";

export const fileChanged = unbridged({
  name: "FileChanged",
  description: "When a watched file changes on disk (the matcher names the files).",
  matcher: "none",
  // Read as file names when a host compiles it: hyphens, spaces and commas stay regex text.
  matcherNames: /^[A-Za-z0-9_|]+$/,
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  unbridged: "hookwire does not watch files.",
});
