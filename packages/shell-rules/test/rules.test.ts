import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  evaluateRule,
  isShellRulesError,
  loadShellParser,
  type MatchOptions,
  matchesRule,
  parseRule,
  realPath,
} from "../src/index.js";
import { tools } from "./tools.js";

const cwd = "/work/project";
const IF = { mode: "if-filter", tools } as const;
const bash = (command: string) => ({ toolName: "Bash", input: { command }, cwd });
const fires = (rule: string, command: string) => matchesRule(parseRule(rule), bash(command), IF);
const allows = (rule: string, command: string) =>
  matchesRule(parseRule(rule), bash(command), { mode: "permission", list: "allow", tools });
const denial = (rule: string, command: string) =>
  evaluateRule(parseRule(rule), bash(command), { mode: "permission", list: "deny", tools });

beforeAll(() => loadShellParser());

function ruleError(text: string): string {
  try {
    parseRule(text);
  } catch (error) {
    expect(isShellRulesError(error)).toBe(true);
    expect((error as { code: string }).code).toBe("HOOK_INVALID_RULE");
    return (error as Error).message;
  }
  throw new Error(`expected ${text} to be rejected`);
}

describe("parseRule", () => {
  it("reads a bare tool name and a tool with a pattern", () => {
    expect(parseRule("Bash")).toEqual({ tool: "Bash", source: "Bash" });
    expect(parseRule("Bash(git push *)")).toEqual({
      tool: "Bash",
      pattern: "git push *",
      source: "Bash(git push *)",
    });
    expect(parseRule("Read(./secrets/**)").pattern).toBe("./secrets/**");
    expect(parseRule("mcp__memory__create_entities").tool).toBe("mcp__memory__create_entities");
  });

  it("keeps parentheses inside the pattern", () => {
    expect(parseRule("Bash(echo (a))").pattern).toBe("echo (a)");
  });

  it("reads Tool(*) as every call of the tool", () => {
    expect(parseRule("Bash(*)").pattern).toBeUndefined();
  });

  it("rejects malformed rules saying what was expected", () => {
    expect(ruleError("Bash(git push")).toMatchInlineSnapshot(
      `"Invalid permission rule "Bash(git push": expected "Tool" or "Tool(pattern)", e.g. "Bash", "Bash(git push *)", "Edit(*.ts)"; the pattern must end with ")"."`,
    );
    expect(ruleError("")).toMatchInlineSnapshot(
      `"Invalid permission rule "": expected "Tool" or "Tool(pattern)", e.g. "Bash", "Bash(git push *)", "Edit(*.ts)", got an empty string."`,
    );
    expect(ruleError("(rm *)")).toMatchInlineSnapshot(
      `"Invalid permission rule "(rm *)": expected "Tool" or "Tool(pattern)", e.g. "Bash", "Bash(git push *)", "Edit(*.ts)"; the tool name before "(" is missing."`,
    );
    expect(ruleError("Bash rm")).toMatchInlineSnapshot(
      `"Invalid permission rule "Bash rm": expected "Tool" or "Tool(pattern)", e.g. "Bash", "Bash(git push *)", "Edit(*.ts)"; "Bash rm" is not a tool name (letters, digits, "_", "-", "*")."`,
    );
    expect(ruleError("Bash(rm) now")).toMatchInlineSnapshot(
      `"Invalid permission rule "Bash(rm) now": expected "Tool" or "Tool(pattern)", e.g. "Bash", "Bash(git push *)", "Edit(*.ts)"; the pattern must end with ")"."`,
    );
  });
});

describe("matchesRule, if-filter mode", () => {
  // The Bash `if` table of the reference, row by row.
  it.each([
    ["Bash(git *)", "FOO=bar git push", true],
    ["Bash(git *)", "npm test && git push", true],
    ["Bash(rm *)", "echo $(rm -rf /)", true],
    ["Bash(rm *)", "echo $(date)", false],
    ["Bash(git push *)", "echo $(date)", true],
  ])("%s on %j → %s", (rule, command, expected) => {
    expect(fires(rule, command)).toBe(expected);
  });

  it("matches rm -rf /tmp/build but not npm test for Bash(rm *)", () => {
    expect(fires("Bash(rm *)", "rm -rf /tmp/build")).toBe(true);
    expect(fires("Bash(rm *)", "npm test")).toBe(false);
  });

  it("checks commands inside backticks", () => {
    expect(fires("Bash(rm *)", "echo `rm -rf /`")).toBe(true);
  });

  it("lets a trailing * also match the bare command", () => {
    expect(fires("Bash(git *)", "git")).toBe(true);
    expect(fires("Bash(npm run test:*)", "npm run test")).toBe(true);
    expect(fires("Bash(git *)", "gitk")).toBe(false);
  });

  it("compares a pattern without * exactly", () => {
    expect(fires("Bash(npm test)", "npm test")).toBe(true);
    expect(fires("Bash(npm test)", "npm test --watch")).toBe(false);
  });

  it("fires on an argument known only at run time when some value of it could match", () => {
    expect(fires("Bash(git push *)", "git push $REMOTE")).toBe(true);
    expect(fires("Bash(git push --force *)", "git $SUB --force")).toBe(true);
    expect(fires("Bash(rm *)", "echo $HOME")).toBe(false);
  });

  it("fires on a command it cannot parse", () => {
    expect(fires("Bash(rm *)", "echo 'unterminated")).toBe(true);
  });

  it("names the tool as the caller's tools do", () => {
    expect(matchesRule(parseRule("Bash"), { toolName: "Read", input: { file_path: "x" }, cwd }, IF)).toBe(
      false,
    );
    expect(matchesRule(parseRule("bash(rm *)"), bash("rm x"), IF)).toBe(false);
  });
});

describe("evaluateRule, permission mode (deny list)", () => {
  it("denies what surely matches and asks about what may", () => {
    expect(denial("Bash(rm *)", "ls && rm -rf x").outcome).toBe("match");
    expect(denial("Bash(rm *)", "ls && $CMD -rf x")).toMatchInlineSnapshot(`
      {
        "outcome": "may-match",
        "reason": "\`$CMD\` cannot be checked: the program is \`$CMD\`, known only at run time",
      }
    `);
    expect(denial("Bash(rm *)", "ls -la").outcome).toBe("no-match");
  });

  it("asks about a run-time argument only when some value of it could match, unlike an if filter", () => {
    expect(denial("Bash(git push --force *)", "git push $ARGS").outcome).toBe("may-match");
    expect(denial("Bash(git push *)", "git push $REMOTE").outcome).toBe("match");
    expect(denial("Bash(git push *)", "git commit -m $MESSAGE").outcome).toBe("no-match");
    expect(fires("Bash(git push *)", "git commit -m $MESSAGE")).toBe(true);
  });
});

describe("matchesRule, permission mode (allow list)", () => {
  it("allows only when every sub-command matches", () => {
    expect(allows("Bash(git *)", "git add . && git commit -m x")).toBe(true);
    expect(allows("Bash(git *)", "git add . && rm -rf /")).toBe(false);
  });

  it("never allows git push $(rm -rf /): the substitution runs too", () => {
    expect(allows("Bash(git push *)", "git push $(rm -rf /)")).toBe(false);
    expect(allows("Bash(git push *)", "git push `rm -rf /`")).toBe(false);
    expect(allows("Bash(git push origin *)", "git push $REMOTE")).toBe(false);
    expect(allows("Bash(git push *)", "git push origin main")).toBe(true);
  });

  it("does not allow a command it cannot parse", () => {
    expect(allows("Bash(git *)", "git commit -m 'unterminated")).toBe(false);
  });

  it("allows an argument known only at run time when every value of it is covered", () => {
    expect(allows("Bash(git push *)", "git push $REMOTE")).toBe(true);
    expect(allows("Bash(echo *)", "echo $HOME")).toBe(true);
  });

  it("allows every call for a bare tool rule", () => {
    expect(allows("Bash", "rm -rf / && $(anything)")).toBe(true);
  });
});

describe("matchesRule on file tools", () => {
  const home = "/home/me";
  const call = (toolName: string, input: Record<string, unknown>) => ({ toolName, input, cwd });
  const matches = (rule: string, toolName: string, input: Record<string, unknown>) =>
    matchesRule(parseRule(rule), call(toolName, input), { mode: "if-filter", tools, home });

  it("matches a pattern without / against the file name anywhere", () => {
    expect(matches("Edit(*.ts)", "Edit", { file_path: "/work/project/src/deep/a.ts" })).toBe(true);
    expect(matches("Edit(*.ts)", "Edit", { file_path: "src/a.ts", old_string: "a", new_string: "b" })).toBe(
      true,
    );
    expect(matches("Edit(*.ts)", "Edit", { file_path: "src/a.js" })).toBe(false);
    expect(matches("Read(.env)", "Read", { file_path: "config/.env" })).toBe(true);
  });

  it("anchors ./x/** to the working directory", () => {
    expect(matches("Read(./secrets/**)", "Read", { file_path: "secrets/a/key.pem" })).toBe(true);
    expect(matches("Read(./secrets/**)", "Read", { file_path: "/work/project/secrets/key" })).toBe(true);
    expect(matches("Read(./secrets/**)", "Read", { file_path: "lib/secrets/key" })).toBe(false);
  });

  it("reads /abs/** as absolute and ~/ as the home folder", () => {
    expect(matches("Read(/etc/**)", "Read", { file_path: "/etc/passwd" })).toBe(true);
    expect(matches("Read(//etc/**)", "Read", { file_path: "/etc/passwd" })).toBe(true);
    expect(matches("Read(~/.ssh/**)", "Read", { file_path: "/home/me/.ssh/id_ed25519" })).toBe(true);
    expect(matches("Read(~/.ssh/**)", "Read", { file_path: "~/.ssh/config" })).toBe(true);
    expect(matches("Read(~/.ssh/**)", "Read", { file_path: "/work/project/.ssh/x" })).toBe(false);
  });

  it("applies a family's rule to the family: Edit rules to Write, Read rules to Grep and Glob", () => {
    expect(matches("Edit(*.ts)", "Write", { file_path: "a.ts", content: "" })).toBe(true);
    expect(matches("Read(./secrets/**)", "Grep", { pattern: "x", path: "secrets" })).toBe(true);
    expect(matches("Read(./secrets/**)", "Glob", { pattern: "*" })).toBe(false);
  });
});

describe("matchesRule on other tools", () => {
  it("matches a value tool's pattern against the text the tool table gives", () => {
    const call = { toolName: "Fetch", input: { url: "https://docs.example.com/x" }, cwd };
    expect(matchesRule(parseRule("Fetch(https://*.example.com/*)"), call, IF)).toBe(true);
    expect(matchesRule(parseRule("Fetch(https://example.org/*)"), call, IF)).toBe(false);
  });

  it("matches other tools' patterns against the input as JSON", () => {
    const call = { toolName: "mcp__db__query", input: { sql: "DROP TABLE users" }, cwd };
    expect(matchesRule(parseRule("mcp__db__query(*DROP*)"), call, IF)).toBe(true);
    expect(matchesRule(parseRule("mcp__db__query(*SELECT*)"), call, IF)).toBe(false);
  });

  it("lets mcp__server name every tool of that server", () => {
    const call = { toolName: "mcp__db__query", input: {}, cwd };
    expect(matchesRule(parseRule("mcp__db"), call, IF)).toBe(true);
    expect(matchesRule(parseRule("mcp__other"), call, IF)).toBe(false);
    expect(matchesRule(parseRule("mcp__db__*"), call, IF)).toBe(true);
  });
});

describe("path rules and symlinks", () => {
  let root: string;
  const deny = { mode: "permission", list: "deny", tools } as const;
  const allow = { mode: "permission", list: "allow", tools } as const;
  const read = (path: string) => ({ toolName: "Read", input: { file_path: path }, cwd: root });
  const edit = (path: string) => ({ toolName: "Edit", input: { file_path: path }, cwd: root });
  const outcome = (rule: string, call: ReturnType<typeof read>, options: MatchOptions) =>
    evaluateRule(parseRule(rule), call, options).outcome;

  beforeAll(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), "hookwire-paths-")));
    mkdirSync(join(root, "secrets"));
    mkdirSync(join(root, "src", "deep"), { recursive: true });
    writeFileSync(join(root, ".env"), "TOKEN=1");
    writeFileSync(join(root, "secrets", "key"), "k");
    writeFileSync(join(root, "src", ".env"), "TOKEN=2");
    symlinkSync(join(root, ".env"), join(root, "notes.txt"));
    symlinkSync(join(root, "secrets"), join(root, "public"));
    symlinkSync("/etc", join(root, "src", "escape"));
    symlinkSync(join(root, "src", "deep"), join(root, "deeplink"));
    symlinkSync(join(root, "src", "a.ts"), join(root, "readme.md"));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("denies a file reached through a file symlink", () => {
    expect(outcome("Read(./.env)", read("notes.txt"), deny)).toBe("match");
    expect(outcome("Read(.env)", read(join(root, "notes.txt")), deny)).toBe("match");
  });

  it("denies a file reached through a directory symlink, existing or about to be created", () => {
    expect(outcome("Read(./secrets/**)", read("public/key"), deny)).toBe("match");
    expect(outcome("Edit(./secrets/**)", edit("public/new-file"), deny)).toBe("match");
  });

  it("resolves `link/..` the way the kernel does: from the link's target", () => {
    // deeplink → src/deep, so deeplink/../.env is src/.env, not ./.env.
    expect(outcome("Read(./src/.env)", read("deeplink/../.env"), deny)).toBe("match");
  });

  it("matches Edit(*.ts) on a symlink whose target is a .ts file", () => {
    expect(outcome("Edit(*.ts)", edit("readme.md"), deny)).toBe("match");
  });

  it("does not let an allow rule approve a path whose real target is outside it", () => {
    expect(outcome("Edit(./src/**)", edit("src/escape/passwd"), allow)).toBe("no-match");
    expect(outcome("Edit(./src/**)", edit("src/deep/x.ts"), allow)).toBe("match");
  });

  it("resolves the real path of the longest existing prefix", () => {
    expect(realPath(join(root, "public", "a", "b"))).toBe(join(root, "secrets", "a", "b"));
    expect(realPath(`${root}/deeplink/../x`)).toBe(join(root, "src", "x"));
    expect(realPath(join(root, "readme.md"))).toBe(join(root, "src", "a.ts"));
  });
});
