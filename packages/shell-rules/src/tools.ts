// What rules need to know of the caller's tools (names, families, where a path is): given in, never assumed here.

/**
 * Which semantics a tool's `Tool(pattern)` rules get: `shell` analyses the command, `read` / `edit` match the
 * path (and `Read(…)` / `Edit(…)` rules cover the whole family), `value` matches `ruleValue`, `input` matches the
 * input as JSON.
 */
export type RuleFamily = "shell" | "read" | "edit" | "value" | "input";

/** One tool as rules see it. A dialect's tool table entry (settings-hooks' `ToolSpec`) is one. */
export interface RuleToolSpec {
  /** The name rules use for it (`Bash`, `Read`). */
  name: string;
  family: RuleFamily;
  /** Input fields a `read` / `edit` rule reads the path from, first present wins. */
  pathFields?: readonly string[];
  /** `read` tools that search: without a path they search the working directory. */
  searchesCwd?: true;
  /** `value` tools: the text a rule pattern is matched against. */
  ruleValue?(input: Record<string, unknown>, pattern: string): string;
}

/** A call in the terms rules are written in. */
export interface RuleCall {
  name: string;
  input: Record<string, unknown>;
  /** Absent for tools the caller's table does not know (MCP servers, a host's own tools). */
  spec?: RuleToolSpec;
}

/**
 * The caller's tool table, as the three things a rule asks of it. settings-hooks builds one from a dialect's
 * table (`ruleTools(claude.tools)`); a host with tools of its own may write one.
 */
export interface RuleTools {
  /** A call by any of its tool's names (hookwire's `bash`, a dialect's `Bash`), its input renamed to match. */
  call(toolName: string, input: Record<string, unknown>): RuleCall;
  /** A rule's tool name in the same terms as `call(…).name` (`bash` and `Bash` are both `Bash`). */
  ruleToolName(name: string): string;
  /** The rule tool name that covers a whole family (Claude: `Read(…)` covers Grep and Glob, `Edit(…)` Write). */
  families?: Partial<Record<RuleFamily, string>>;
}
