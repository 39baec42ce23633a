// Permission-rule evaluation on Bash commands of 100 characters, 10 KB and 1 MB, against the bare tree-sitter parse
// of the same text, and each size against one ten times smaller (a ratio near 10 is linear); a 100-character line of
// strings bash evaluates (arithmetic, a subscript, `${x@P}`, a trap body, `printf -v`) through deny and allow rules;
// a 100-character line of what the tables of builtins and node kinds read (`{fd}>` redirections, a nameref, `set` and
// `shopt` options, `fc -l`), and 10 KB of it against 1 KB.
// With `RULES_BASELINE=<another checkout, built>`, the same rules through that checkout's engine are the baseline of
// rows of their own (what a change to the engine costs, side by side in one process).
// Standalone: `pnpm build && node bench/rules.bench.mjs`.
import { createRequire } from "node:module";
import { claude, ruleTools } from "../packages/settings-hooks/dist/index.js";
import {
  evaluateRule,
  loadShellParser,
  matchesWildcard,
  parseRule,
} from "../packages/shell-rules/dist/index.js";
import { compare, formatTable } from "./measure.mjs";

const require = createRequire(new URL("../packages/shell-rules/package.json", import.meta.url));
const { Language, Parser } = await import(require.resolve("web-tree-sitter"));

const RULES = ["Bash(rm *)", "Bash(git push *)", "Bash(*git*push*--force*)"].map(parseRule);
const ALLOW_RULES = ["Bash(echo *)", "Bash(printf *)", "Bash(let *)"].map(parseRule);
const tools = ruleTools(claude.tools);
const DENY = { mode: "permission", list: "deny", tools };
const ALLOW = { mode: "permission", list: "allow", tools };
const cwd = process.cwd();

/** Commands that hold `size` characters: a typical line, a chain of simple commands, a here-doc writing a file. */
const shapes = {
  line: (size) => `git status && npm test -- --reporter dot; echo ${"x".repeat(Math.max(0, size - 49))}`,
  chain: (size) => "ls -la src | grep -v test && echo done; ".repeat(Math.ceil(size / 40)).slice(0, size),
  heredoc: (size) => `cat > notes.txt <<'EOF'\n${"a line of text\n".repeat(Math.ceil(size / 15))}EOF`,
  // Strings bash evaluates, each read as it does: a variable's value in arithmetic, a subscript, a prompt, a trap.
  evaluated: (size) =>
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
    "x='a[1]'; n=2; echo $((x + n)) \"${x@P}\"; printf -v 'b[n]' %s 1; trap 'echo done' EXIT; let n++; "
      .repeat(Math.ceil(size / 97))
      .slice(0, size),
  // What the builtin and node-kind tables read: descriptor variables, a nameref, shell options, the history.
  tables: (size) =>
    "exec {fd}>/dev/null; declare -n r=x; r=1; set -euo pipefail; shopt -s extglob; fc -l; echo a {o}>&2; "
      .repeat(Math.ceil(size / 100))
      .slice(0, size),
};

function evaluate(command) {
  const call = { toolName: "bash", input: { command }, cwd };
  let denied = false;
  for (const rule of RULES) denied = evaluateRule(rule, call, DENY).outcome !== "no-match" || denied;
  return denied;
}

function approve(command) {
  const call = { toolName: "bash", input: { command }, cwd };
  let approved = false;
  for (const rule of ALLOW_RULES) approved = evaluateRule(rule, call, ALLOW).outcome === "match" || approved;
  return approved;
}

export async function run() {
  await loadShellParser();
  await Parser.init({ locateFile: () => require.resolve("web-tree-sitter/web-tree-sitter.wasm") });
  const parser = new Parser();
  parser.setLanguage(await Language.load(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm")));
  const parse = (text) => parser.parse(text)?.delete();

  // Each op gets a different text (a leading no-op command numbered across every batch and round), so the
  // one-command analysis cache never answers.
  let op = 0;
  const sized = (shape, size) => {
    const body = shape(size);
    return () => `: ${op++}; ${body}`;
  };
  const small = { rounds: 15, batchMs: 20, warmup: 200, minOps: 10 };
  const large = { rounds: 5, batchMs: 1, warmup: 2, minOps: 1 };
  const rows = [];

  for (const [label, shape, size, options] of [
    ["100-char command", shapes.line, 100, small],
    ["10 KB chain of simple commands", shapes.chain, 10_000, small],
    ["1 MB here-doc", shapes.heredoc, 1_000_000, large],
  ]) {
    const text = sized(shape, size);
    rows.push(
      await compare({
        name: `3 deny rules, ${label}`,
        baseline: "tree-sitter parse of the same text",
        baselineFn: () => parse(text()),
        subjectFn: () => evaluate(text()),
        target: null,
        ...options,
      }),
    );
  }

  // The 100 characters of evaluated strings end on a whole statement, so every op is valid bash.
  const line = sized(() => shapes.evaluated(97).trimEnd(), 100);
  const tables = sized(() => shapes.tables(99).trimEnd(), 100);
  for (const [name, fn, text] of [
    ["3 deny rules, 100-char line of evaluated strings", evaluate, line],
    ["3 allow rules, 100-char line of evaluated strings", approve, line],
    ["3 deny rules, 100-char line of the builtin and node-kind tables", evaluate, tables],
    ["3 allow rules, 100-char line of the builtin and node-kind tables", approve, tables],
  ]) {
    rows.push(
      await compare({
        name,
        baseline: "tree-sitter parse of the same text",
        baselineFn: () => parse(text()),
        subjectFn: () => fn(text()),
        target: null,
        ...small,
      }),
    );
  }

  for (const [label, shape, size, options] of [
    ["10 KB of evaluated strings", shapes.evaluated, 10_000, small],
    ["10 KB of the builtin and node-kind tables", shapes.tables, 10_000, small],
    ["10 KB chain", shapes.chain, 10_000, small],
    ["100 KB chain", shapes.chain, 100_000, large],
    ["1 MB here-doc", shapes.heredoc, 1_000_000, large],
    ["1 MB single line", shapes.line, 1_000_000, large],
  ]) {
    const text = sized(shape, size);
    const tenth = sized(shape, size / 10);
    rows.push(
      await compare({
        name: `3 deny rules, ${label} (linear: ≈ 10×)`,
        baseline: "the same rules on a text 10× smaller",
        baselineFn: () => evaluate(tenth()),
        subjectFn: () => evaluate(text()),
        target: null,
        ...options,
      }),
    );
  }

  // A chain of 1 MB has ~130,000 commands: past the parser's work limit, it fails closed instead of blocking.
  const huge = sized(shapes.chain, 1_000_000);
  rows.push(
    await compare({
      name: "3 deny rules, 1 MB chain (past the work limit: fails closed)",
      baseline: "tree-sitter parse of the same text, unbounded",
      baselineFn: () => parse(huge()),
      subjectFn: () => evaluate(huge()),
      target: null,
      ...large,
      rounds: 3,
    }),
  );

  // The wildcard that took 5 s at 9 KB as a backtracking regex, on 1 MB without a match.
  const value = `git push ${"origin ".repeat(150_000)}`;
  rows.push(
    await compare({
      name: "wildcard *git*push*--force*, 1 MB value",
      baseline: "value.includes('--force'), one linear scan",
      baselineFn: () => value.includes("--force"),
      subjectFn: () => matchesWildcard("*git*push*--force*", value),
      target: null,
      ...large,
    }),
  );
  if (process.env.RULES_BASELINE) rows.push(...(await againstBaseline(process.env.RULES_BASELINE, sized)));
  return rows;
}

/** The same three deny rules through another checkout's engine (baseline) and this one, on 100-character lines. */
async function againstBaseline(root, sized) {
  const other = (file) => new URL(`file://${root}/packages/${file}`).href;
  const theirs = await import(other("shell-rules/dist/index.js"));
  const theirTools = (await import(other("settings-hooks/dist/index.js"))).ruleTools;
  await theirs.loadShellParser();
  const theirRules = RULES.map((rule) => theirs.parseRule(rule.source));
  const theirDeny = { ...DENY, tools: theirTools(claude.tools) };
  const theirEvaluate = (command) => {
    const call = { toolName: "bash", input: { command }, cwd };
    let denied = false;
    for (const rule of theirRules)
      denied = theirs.evaluateRule(rule, call, theirDeny).outcome !== "no-match" || denied;
    return denied;
  };
  const rows = [];
  for (const [label, shape] of [
    ["100-char command", () => shapes.line(100)],
    ["100-char chain", () => shapes.chain(100)],
    ["100-char line of evaluated strings", () => shapes.evaluated(97).trimEnd()],
    ["100-char line of the builtin and node-kind tables", () => shapes.tables(99).trimEnd()],
  ]) {
    const text = sized(shape, 100);
    rows.push(
      await compare({
        name: `3 deny rules, ${label}`,
        baseline: `the engine at ${root}`,
        baselineFn: () => theirEvaluate(text()),
        subjectFn: () => evaluate(text()),
        target: null,
        rounds: 15,
        batchMs: 20,
        warmup: 200,
        minOps: 10,
      }),
    );
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(formatTable(await run()));
