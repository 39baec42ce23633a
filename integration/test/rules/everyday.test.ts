// What being strict costs: everyday commands through a typical allow list. Every refusal is listed with its reason,
// and split between the ones no allow rule could approve (the analysis refuses them) and the ones the list omits.
import { claude, ruleTools } from "@hookwire/settings-hooks";
import { evaluateRules, loadShellParser, parseRule } from "@hookwire/shell-rules";
import { beforeAll, describe, expect, it } from "vitest";
import { EVERYDAY, TYPICAL_ALLOW } from "./corpus/everyday.js";

const tools = ruleTools(claude.tools);
const rules = TYPICAL_ALLOW.map(parseRule);

beforeAll(() => loadShellParser());

function verdicts(): Array<{ command: string; approved: boolean; reason: string }> {
  return EVERYDAY.map((command) => {
    const match = evaluateRules(
      rules,
      { toolName: "bash", input: { command }, cwd: "/work/project" },
      { mode: "permission", list: "allow", tools },
    );
    return { command, approved: match.outcome === "match", reason: match.reason ?? "" };
  });
}

describe("everyday commands through a typical allow list", () => {
  it("holds at least 300 commands", () => {
    expect(EVERYDAY.length).toBeGreaterThanOrEqual(300);
    expect(new Set(EVERYDAY).size).toBe(EVERYDAY.length);
  });

  it("approves 317 of 370 (85.7 %): 41 are commands the list does not name, 12 are refused by the analysis", () => {
    const all = verdicts();
    const refused = all.filter((verdict) => !verdict.approved);
    const uncovered = refused.filter((verdict) => /is not covered by any allow rule$/.test(verdict.reason));
    expect({ total: all.length, approved: all.length - refused.length, uncovered: uncovered.length }).toEqual(
      {
        total: 370,
        approved: 317,
        uncovered: 41,
      },
    );
    // Refused whatever the list says: a file sourced, code in another language, a shell string, a value bash
    // evaluates that comes from a command's output. docs/security.md lists them with what would approve them.
    expect(
      refused.filter((verdict) => !uncovered.includes(verdict)).map((v) => `${v.command} — ${v.reason}`),
    ).toMatchInlineSnapshot(`
      [
        "source .venv/bin/activate && pytest — \`source .venv/bin/activate\` cannot be checked: \`source\` runs the commands of a file, which a check of the command line cannot see",
        "n=$(ls | wc -l); echo $((n * 2)) — \`n * 2\` cannot be checked: \`$((…))\` evaluates \`$n\`, known only at run time",
        "node <<'EOF'
      console.log(1 + 1)
      EOF — \`console.log(1 + 1)
      \` cannot be checked: \`node <<'EOF'\` runs code in its own language, which a shell check cannot read",
        "python3 - <<'EOF'
      print('hi')
      EOF — \`print('hi')
      \` cannot be checked: \`python3 <<'EOF'\` runs code in its own language, which a shell check cannot read",
        "sh -c 'npm test' — \`npm test\` is evaluated as code (\`sh -c\`), which an allow rule does not approve",
        "node -e 'console.log(process.version)' — \`node -e console.log(process.version)\` cannot be checked: \`node -e\` runs code given on the command line, which a shell check cannot read",
        "python3 -c 'import sys; print(sys.version)' — \`python3 -c import sys; print(sys.version)\` cannot be checked: \`python3 -c\` runs code given on the command line, which a shell check cannot read",
        "export $(cat .env | xargs) — \`$(cat .env | xargs)\` cannot be checked: \`export\` evaluates \`$(cat .env | xargs)\`, known only at run time",
        "source ~/.bashrc — \`source ~/.bashrc\` cannot be checked: \`source\` runs the commands of a file, which a check of the command line cannot see",
        ". venv/bin/activate — \`. venv/bin/activate\` cannot be checked: \`.\` runs the commands of a file, which a check of the command line cannot see",
        "eval "$(ssh-agent -s)" — \`$(ssh-agent -s)\` cannot be checked: \`eval\` runs code known only at run time",
        "watch -n 2 'ls -la' — \`ls -la\` is evaluated as code (\`watch\`), which an allow rule does not approve",
      ]
    `);
  });
});
