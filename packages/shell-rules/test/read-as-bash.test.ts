// Bash features that used to read as plain data, each read as bash reads it: a `{name[…]}` redirection, an
// assignment through a nameref, `fc`, history expansion, the dynamic loader. Deny rules catch or ask; allow refuses.
import { beforeAll, describe, expect, it } from "vitest";
import { evaluateRule, evaluateRules, loadShellParser, parseRule, shellCommands } from "../src/index.js";
import { tools } from "./tools.js";

beforeAll(() => loadShellParser());

const call = (command: string) => ({ toolName: "Bash", input: { command }, cwd: "/work/project" });
const deny = (command: string) =>
  evaluateRule(parseRule("Bash(rm *)"), call(command), { mode: "permission", list: "deny", tools }).outcome;
/** Allow rules for everything typed in these lines: only what the line evaluates can stop them. */
const ALLOW = [
  "echo",
  "true",
  "cat",
  "exec",
  "declare",
  "local",
  "typeset",
  "export",
  "printf",
  "read",
  "fc",
  "set",
];
const allowed = (command: string) =>
  evaluateRules(
    ALLOW.map((program) => parseRule(`Bash(${program} *)`)),
    call(command),
    { mode: "permission", list: "allow", tools },
  ).outcome === "match";

/** What the analysis finds: the `rm` it runs (with what started it), and the codes of its unknowns. */
function found(command: string): { rm: string[]; unknown: string[] } {
  const analysis = shellCommands(command);
  return {
    rm: analysis.commands.filter((c) => c.program === "rm").map((c) => [...c.via, c.text].join(" > ")),
    unknown: analysis.unknowns.map((u) => u.code),
  };
}

describe("a {name[subscript]} redirection assigns the descriptor, evaluating the subscript", () => {
  it.each([
    "echo hi {a['$(rm -f victim)']}>/dev/null",
    "true {a['$(rm -f victim)']}>&2",
    "cat {a[$(rm -f victim)]}</dev/null",
    "echo hi {a['$(rm -f victim)']}>>/dev/null",
    "exec {a['$(rm -f victim)']}>/dev/null",
    "echo x; exec {a['$(rm -f victim)']}>/dev/null",
  ])("%j", (command) => {
    expect(found(command).rm).toEqual(["{…}> > rm -f victim"]);
    expect(deny(command)).toBe("match");
    expect(allowed(command)).toBe(false);
  });

  it("reads a plain {fd} as data and keeps it out of the command's words", () => {
    const analysis = shellCommands("exec {fd}>/dev/null; echo hi {out}>&2");
    expect(analysis.commands.map((c) => c.text)).toEqual(["exec", "echo hi"]);
    expect(allowed("echo hi {out}>&2")).toBe(true);
    // Not a descriptor variable: a space before the redirect, or quotes, leave an argument.
    expect(shellCommands("echo {a} >/dev/null").commands[0]!.text).toBe("echo {a}");
    expect(shellCommands("echo '{a}'>/dev/null").commands[0]!.text).toBe("echo {a}");
  });
});

describe("an assignment through a nameref names a variable, whose subscript bash evaluates", () => {
  it.each([
    ["declare -n r; r='a[$(rm -f victim)]'; echo \"$r\"", "nameref r > rm -f victim"],
    ["f() { local -n r; r='a[$(rm -f victim)]'; echo \"$r\"; }; f", "nameref r > rm -f victim"],
    ["typeset -n r; r='a[$(rm -f victim)]'; : \"$r\"", "nameref r > rm -f victim"],
    ["declare -n r; r='a[$(rm -f victim)]'; r=1", "nameref r > rm -f victim"],
    ["declare -n r; declare r='a[$(rm -f victim)]'", "nameref r > rm -f victim"],
    ["declare -n r; for r in 'a[$(rm -f victim)]'; do :; done; r=1", "nameref r > rm -f victim"],
    ["r='a[$(rm -f victim)]'; declare -n r; echo \"$r\"", "nameref r > rm -f victim"],
    ["declare \"-n\" r; r='a[$(rm -f victim)]'", "nameref r > rm -f victim"],
    ["declare -\"n\" r; r='a[$(rm -f victim)]'", "nameref r > rm -f victim"],
    ["f=-n; declare $f r; r='a[$(rm -f victim)]'", "nameref r > rm -f victim"],
    ["builtin declare -n r; r='a[$(rm -f victim)]'", "nameref r > rm -f victim"],
    ["r='a[$(rm -f victim)]'; command typeset -n r; echo \"$r\"", "nameref r > rm -f victim"],
    ["\"local\" -n r; r='a[$(rm -f victim)]'", "nameref r > rm -f victim"],
  ])("%j", (command, rm) => {
    expect(found(command).rm).toEqual([rm]);
    expect(deny(command)).toBe("match");
    expect(allowed(command)).toBe(false);
  });

  it.each([
    "declare -n r; printf -v r 'a[$(rm -f victim)]'; echo \"$r\"",
    "declare -n r; read r <<< 'a[$(rm -f victim)]'; echo \"$r\"",
    "declare -n r; mapfile r < list",
  ])("%j: what a builtin reads into a nameref is a name known only at run time", (command) => {
    expect(found(command).unknown).toContain("DYNAMIC_CODE");
    expect(deny(command)).toBe("may-match");
    expect(allowed(command)).toBe(false);
  });

  it("reads `export -n` as taking the export attribute off, and a nameref to a plain name as data", () => {
    expect(allowed("export -n FOO; FOO=1; echo $FOO")).toBe(true);
    expect(allowed("declare -n r=target; r=1; echo $r")).toBe(true);
  });
});

describe("a declaration the grammar reads as a command is read again as one", () => {
  it.each([
    ["builtin declare -i x='a[$(rm -f victim)]'", "builtin > declare > x= > rm -f victim"],
    ["command typeset 'a[$(rm -f victim)]=1'", "command > typeset > typeset > rm -f victim"],
    ["\"declare\" -i x='a[$(rm -f victim)]'", "declare > x= > rm -f victim"],
  ])("%j", (command, rm) => {
    expect(found(command).rm).toEqual([rm]);
    expect(deny(command)).toBe("match");
    expect(allowed(command)).toBe(false);
  });

  it("fails closed on a word known only at run time", () => {
    expect(found("builtin declare $x").unknown).toEqual(["DYNAMIC_CODE"]);
  });
});

describe("fc runs the history", () => {
  it("reads `fc -e CODE` as code, and what it runs again as unknown", () => {
    const command = "set -o history; history -s x; fc -e 'rm -f victim;:'";
    expect(found(command)).toEqual({ rm: ["fc -e > rm -f victim"], unknown: ["DYNAMIC_CODE"] });
    expect(deny(command)).toBe("match");
    expect(allowed(command)).toBe(false);
  });

  it.each(["fc -s", "fc -s rx=rm", "fc", "fc -e - 1", "fc -e vi"])("%j is unknown", (command) => {
    expect(found(command).unknown).toContain("DYNAMIC_CODE");
    expect(deny(command)).toBe("may-match");
    expect(allowed(command)).toBe(false);
  });

  it("reads `fc -l` as data", () => {
    expect(allowed("fc -l -10")).toBe(true);
  });
});

describe("history expansion turned on makes the rest of the line unknowable", () => {
  it.each([
    'set -o history -H\nhistory -s "rm -f victim"\n!!',
    'set -H; set -o history\nhistory -s "rm -f victim"\n!-1',
    'set -o history -o histexpand\nhistory -s "rm -f victim"\n!rm',
    'set -o history -H\nhistory -s "rx -f victim"\n^x^m',
    'set -o history -H\nhistory -s "rm -f victim"\n!!:0-2',
    "shopt -so histexpand",
    "bash -H script.sh",
    "bash -o histexpand -c 'history -s rm; !!'",
    "bash -i -c 'history -s rm; !!'",
    "SHELLOPTS=histexpand:history bash script.sh",
    "set -k; ls BASH_ENV=x",
  ])("%j", (command) => {
    expect(found(command).unknown).toContain("DYNAMIC_CODE");
    expect(deny(command)).toBe("may-match");
    expect(allowed(command)).toBe(false);
  });

  it("explains why", () => {
    expect(shellCommands("set -H").unknowns[0]).toMatchInlineSnapshot(`
      {
        "code": "DYNAMIC_CODE",
        "reason": "history expansion is turned on: from the next line, \`!\` is replaced by earlier commands, known only at run time",
        "text": "set -H",
        "via": [],
      }
    `);
  });

  it("reads `!` as data while history expansion is off, and turning it off as data", () => {
    expect(allowed("echo hi!; set +H")).toBe(true);
    expect(allowed("set +o histexpand")).toBe(true);
  });
});

describe("the dynamic loader runs the program it is given", () => {
  it.each([
    "/lib64/ld-linux-x86-64.so.2 /bin/rm -f victim",
    "/lib64/ld-linux-x86-64.so.2 --argv0 x /bin/rm -f victim",
    "/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 --library-path /lib /bin/rm -f victim",
    "/usr/lib/ld-linux-aarch64.so.1 rm -f victim",
    "ld.so /bin/rm -f victim",
    "/usr/bin/ld.so --preload x.so -- rm -f victim",
    "/lib/ld-musl-x86_64.so.1 rm -f victim",
    "/lib64/ld64.so.2 rm -f victim",
    "/lib/ld-2.31.so rm -f victim",
    "sudo /lib64/ld-linux-x86-64.so.2 rm -f victim",
  ])("%j", (command) => {
    expect(found(command).rm).toHaveLength(1);
    expect(deny(command)).toBe("match");
  });

  it("runs nothing when asked to list or verify", () => {
    expect(found("/lib64/ld-linux-x86-64.so.2 --list /bin/rm").rm).toEqual([]);
    expect(found("ld.so --verify /bin/rm").rm).toEqual([]);
  });
});

describe("jobs -x runs its command", () => {
  it("finds the command and its options", () => {
    expect(found("jobs -x rm -f victim").rm).toEqual(["jobs > rm -f victim"]);
  });
});
