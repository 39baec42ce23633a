import { beforeAll, describe, expect, it } from "vitest";
import { evaluateRules, loadShellParser, parseRule, type RuleList } from "../src/index.js";
import { tools } from "./tools.js";

const cwd = "/work/project";
const list = (kind: RuleList, rules: string[], command: string, toolName = "Bash") =>
  evaluateRules(
    rules.map(parseRule),
    { toolName, input: { command }, cwd },
    {
      mode: "permission",
      list: kind,
      tools,
    },
  );
const allow = (rules: string[], command: string) => list("allow", rules, command);

beforeAll(() => loadShellParser());

describe("evaluateRules, allow list", () => {
  it("approves a line whose every command is covered by some rule, naming the rules used", () => {
    expect(allow(["Bash(cd *)", "Bash(ls *)"], "cd .. && ls")).toEqual({ outcome: "match", rules: [0, 1] });
    expect(allow(["Bash(ls *)", "Bash(cat *)", "Bash(echo *)"], "cat a | cat; echo $(ls)")).toEqual({
      outcome: "match",
      rules: [1, 0, 2],
    });
  });

  it("does not approve a line with one command no rule covers, and says which", () => {
    expect(allow(["Bash(ls *)"], "ls && rm -rf v")).toMatchInlineSnapshot(`
      {
        "outcome": "no-match",
        "reason": "\`rm -rf v\` is not covered by any allow rule",
        "rules": [],
      }
    `);
    expect(allow(["Bash(ls *)"], "ls $(rm v)").outcome).toBe("no-match");
    expect(allow(["Bash(ls *)"], "ls | rm v").outcome).toBe("no-match");
    expect(allow(["Bash(ls *)", "Bash(echo *)"], "echo `rm v`; ls").outcome).toBe("no-match");
  });

  it("approves nothing the analysis cannot read, whatever the rules", () => {
    const all = ["Bash(ls *)", "Bash(sh *)", "Bash(echo *)", "Bash(eval *)", "Bash(rm *)"];
    expect(allow(all, "ls | sh")).toMatchInlineSnapshot(`
      {
        "outcome": "no-match",
        "reason": "\`… | sh\` cannot be checked: \`sh\` runs whatever is piped into it",
        "rules": [],
      }
    `);
    expect(allow(all, "eval 'rm v'").outcome).toBe("no-match");
    expect(allow(all, "sh -c 'rm v'").outcome).toBe("no-match");
    expect(allow(all, "$CMD v").outcome).toBe("no-match");
    expect(allow(all, "ls 'unterminated").outcome).toBe("no-match");
  });

  it("lets a wrapper's rule cover what it runs, and not a rule of what it runs cover the wrapper", () => {
    expect(allow(["Bash(timeout *)"], "timeout 5 make lint").outcome).toBe("match");
    expect(allow(["Bash(make lint)"], "timeout 5 make lint")).toMatchObject({
      outcome: "no-match",
      reason: "`timeout 5 make lint` is not covered by any allow rule",
    });
  });

  it("approves every call of the tool with a bare rule, and ignores rules of other tools", () => {
    expect(allow(["Read", "Bash"], "rm -rf / && $(x)")).toEqual({ outcome: "match", rules: [1] });
    expect(allow(["Read(./**)"], "ls")).toEqual({ outcome: "no-match", rules: [] });
  });

  it("takes the first matching rule for other tools", () => {
    const read = evaluateRules(
      ["Edit(*.md)", "Read(./src/**)", "Read(./**)"].map(parseRule),
      { toolName: "Read", input: { file_path: `${cwd}/src/a.ts` }, cwd },
      { mode: "permission", list: "allow", tools },
    );
    expect(read).toEqual({ outcome: "match", rules: [1] });
  });
});

describe("evaluateRules, deny and ask lists", () => {
  it("takes the first rule that matches, else the first that may match", () => {
    expect(list("deny", ["Bash(git *)", "Bash(rm *)"], "ls; rm x")).toEqual({ outcome: "match", rules: [1] });
    expect(list("deny", ["Bash(rm *)", "Bash(ls *)"], "$CMD x; ls")).toEqual({
      outcome: "match",
      rules: [1],
    });
    expect(list("ask", ["Bash(rm *)"], "$CMD x")).toMatchObject({ outcome: "may-match", rules: [0] });
    expect(list("deny", ["Bash(rm *)"], "ls")).toEqual({ outcome: "no-match", rules: [] });
  });
});
