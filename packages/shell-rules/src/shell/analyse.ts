// The bash analysis itself, imported by `loadShellParser` (parser.ts) with the grammar it reads.
import type { ShellAnalysis } from "./analysis.js";
import { Definite } from "./scope.js";
import { Variables } from "./values.js";
import { analyseCode } from "./walker.js";

export { initGrammar } from "./grammar.js";

/** `shellCommands` (parser.ts) once the grammar is loaded. */
export function shellCommands(command: string): ShellAnalysis {
  const analysis: ShellAnalysis = { commands: [], unknowns: [], evaluated: [] };
  const scope = { cwd: ".", via: [], depth: 0, variables: new Variables(), definite: new Definite() };
  analyseCode(command, scope, analysis, "new");
  return analysis;
}
