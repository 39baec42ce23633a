// Narrow surfaces: a package exports what a host or a hook author uses, and tests import the rest from `src`.
// The names are counted as a consumer sees them: every value and type the entry's declarations export.
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

/** Every name `packages/<name>/src/index.ts` exports, values and types, sorted. */
function exportNames(pkg: string): string[] {
  const entry = path.join(repoRoot, "packages", pkg, "src/index.ts");
  const program = ts.createProgram([entry], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    customConditions: ["source"],
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  return checker
    .getExportsOfModule(module)
    .map((symbol) => symbol.name)
    .sort();
}

describe("the public surface of a package", () => {
  it.each([
    ["settings-hooks", 60],
    ["loader", 40],
    ["project", 8],
  ])("%s exports at most %i names", (pkg, limit) => {
    const names = exportNames(pkg);
    expect(names.length, `${pkg} exports ${names.length} names:\n${names.join(", ")}`).toBeLessThanOrEqual(
      limit,
    );
    // Counted, not merely present: an entry that failed to resolve would export nothing.
    expect(names.length).toBeGreaterThan(limit / 2);
  });
});
