import { beforeAll, describe, expect, it, vi } from "vitest";
import { isShellRulesError, loadShellParser, MAX_PARSED_CHARS, shellCommands } from "../src/index.js";
import { parseScript } from "../src/shell/grammar.js";

beforeAll(() => loadShellParser());

/** The normalised text of every command, and the codes of what cannot be known. */
function summary(command: string): { run: string[]; unknown: string[] } {
  const analysis = shellCommands(command);
  return {
    run: analysis.commands.map((c) => (c.via.length > 0 ? `${c.via.join(" > ")} > ${c.text}` : c.text)),
    unknown: analysis.unknowns.map((u) => u.code),
  };
}

const programs = (command: string) => shellCommands(command).commands.map((c) => c.program);

describe("shellCommands: the grammar", () => {
  it.each([
    ["echo a#b; rm -f x", ["echo", "rm"]],
    ["git status # x\nrm -f x", ["git", "rm"]],
    ["echo hi # comment \\\nrm -f x", ["echo", "rm"]],
    ["2>/dev/null rm -f x", ["rm"]],
    ["function f { rm -f x; }; f", ["rm", "f"]],
    ["g() ( rm -f x ); g", ["rm", "g"]],
    ["r\\\nm -f x", ["rm"]],
    ['$"rm" -f x', ["rm"]],
    ["\\rm -f x", ["rm"]],
    ["r''m -f x", ["rm"]],
    ['"r"m -f x', ["rm"]],
    ["$'\\x72\\155' -f x", ["rm"]],
    ["if true; then rm x; elif false; then rm y; else rm z; fi", ["true", "rm", "false", "rm", "rm"]],
    ["for i in a b; do rm $i; done", ["rm"]],
    ["while false; do rm x; done", ["false", "rm"]],
    ["until true; do rm x; done", ["true", "rm"]],
    ["case $x in a) rm x;; *) ls;; esac", ["rm", "ls"]],
    ["select i in a; do rm x; done", ["rm"]],
    ["! rm x", ["rm"]],
    ["(rm x)", ["rm"]],
    ["{ rm x; }", ["rm"]],
    ["rm x &", ["rm"]],
    ["ls |& rm x", ["ls", "rm"]],
    ["a=1 b=2 rm x", ["rm"]],
    ["x=a\\\nb rm", ["rm"]],
  ])("finds the programs of %j", (command, expected) => {
    expect(programs(command)).toEqual(expected);
  });

  it("finds commands in every kind of substitution", () => {
    const found = programs(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
      'echo "$(rm a)" `rm b` <(rm c) >(rm d) $((1 + $(rm e))) ${x:-$(rm f)}; x=$(rm g); cat <<< $(rm h); [[ $(rm i) ]]',
    ).filter((program) => program === "rm");
    expect(found).toHaveLength(9);
  });

  it("finds commands in unquoted here-documents and not in quoted ones", () => {
    expect(programs("cat <<EOF\n$(rm x)\nEOF")).toContain("rm");
    expect(programs("cat <<'EOF'\n$(rm x)\nEOF")).not.toContain("rm");
  });

  it("keeps quoted words whole and resolves escapes", () => {
    const [echo] = shellCommands(`echo "a b" 'c d' e\\ f $'g\\th' "i\\"j"`).commands;
    expect(echo?.args.map((arg) => arg.value)).toEqual(["a b", "c d", "e f", "g\th", 'i"j']);
    expect(echo?.dynamic).toBe(false);
  });

  it("marks variables, substitutions, globs and brace expansions as known only at run time", () => {
    const cmd = shellCommands('ls $HOME "$(pwd)" *.ts {a,b} plain').commands.find((c) => c.program === "ls");
    expect(cmd?.args.map((arg) => [arg.value, arg.literal, arg.glob])).toEqual([
      ["$HOME", false, false],
      ["$(pwd)", false, false],
      ["*.ts", false, true],
      ["{a,b}", false, true],
      ["plain", true, false],
    ]);
    expect(cmd?.dynamic).toBe(true);
  });

  it.each([
    "echo 'unterminated",
    'echo "unterminated',
    "echo $(date",
    "echo `date",
    "(cd x",
    "{rm,-f,x}",
    "if then",
  ])("reports %j as not valid bash", (command) => {
    expect(summary(command)).toEqual({ run: [], unknown: ["SYNTAX"] });
  });

  it("does not parse a command longer than MAX_PARSED_CHARS", () => {
    expect(summary(`echo ${"a".repeat(MAX_PARSED_CHARS)}`).unknown).toEqual(["TOO_LARGE"]);
  });

  it("stops parsing a command with too many syntax nodes instead of blocking", () => {
    expect(summary(`${"a | ".repeat(100_000)}b`).unknown).toEqual(["TOO_LARGE"]);
  });

  it("walks a long && chain without exhausting the stack", () => {
    expect(programs(`${"a && ".repeat(5_000)}rm x`).at(-1)).toBe("rm");
  });

  it("refuses to analyse before the grammar is loaded, naming the fix", async () => {
    // A fresh module instance has no grammar yet.
    vi.resetModules();
    const fresh = await import("../src/shell/parser.js");
    const freshGrammar = await import("../src/shell/grammar.js");
    expect(fresh.isShellParserLoaded()).toBe(false);
    const caught: unknown[] = [];
    for (const analyse of [() => fresh.shellCommands("ls"), () => freshGrammar.parseScript("ls")]) {
      try {
        analyse();
      } catch (error) {
        caught.push(error);
      }
    }
    expect(caught.map((error) => isShellRulesError(error) && error.code)).toEqual([
      "SHELL_PARSER_NOT_LOADED",
      "SHELL_PARSER_NOT_LOADED",
    ]);
    expect((caught[0] as Error).message).toMatchInlineSnapshot(
      `"Bash commands cannot be analysed before the grammar is loaded: \`await loadShellParser()\` once first (HookToolWrapper and createSettingsHooks do this themselves)."`,
    );
    expect("kind" in parseScript("ls")).toBe(false);
  });
});

describe("shellCommands: wrappers", () => {
  it.each([
    ["/bin/rm x", "rm x"],
    ["/usr/bin/rm x", "rm x"],
    ["command rm x", "command > rm x"],
    ["builtin cd x", "builtin > cd x"],
    ["exec -a name rm x", "exec > rm x"],
    ["coproc rm x", "coproc > rm x"],
    ["time -p rm x", "time > rm x"],
    ["env -i -u HOME FOO=1 rm x", "env > rm x"],
    ["env --chdir=/tmp -- rm x", "env > rm x"],
    ["sudo -u root -E rm x", "sudo > rm x"],
    ["sudo --user=root VAR=1 rm x", "sudo > rm x"],
    ["doas -u root rm x", "doas > rm x"],
    ["nohup rm x", "nohup > rm x"],
    ["nice -n 10 rm x", "nice > rm x"],
    ["nice -10 rm x", "nice > rm x"],
    ["ionice -c 3 rm x", "ionice > rm x"],
    ["timeout -s KILL 5 rm x", "timeout > rm x"],
    ["stdbuf -oL -e0 rm x", "stdbuf > rm x"],
    ["setsid rm x", "setsid > rm x"],
    ["flock /tmp/lock rm x", "flock > rm x"],
    ["watch -x rm x", "watch > rm x"],
    ["xargs -0 -n 1 rm -f", "xargs > rm -f (arguments from standard input)"],
  ])("sees through %j", (command, expected) => {
    expect(summary(command).run.at(-1)).toBe(expected);
  });

  it("reads a named coproc's group", () => {
    expect(summary("coproc worker { rm x; }").run).toContain("coproc > rm x");
  });

  it("lists every layer, so rules about the wrapper apply too", () => {
    expect(summary("sudo env nice rm x").run).toEqual([
      "sudo env nice rm x",
      "sudo > env nice rm x",
      "sudo > env > nice rm x",
      "sudo > env > nice > rm x",
    ]);
  });

  it("reads every -exec of find as a command with {} known at run time", () => {
    const analysis = shellCommands(
      "find . -name '*.o' -exec rm -f {} \\; -execdir shred {} + -ok mv {} /tmp ;",
    );
    expect(analysis.commands.slice(1).map((c) => `${c.via.join(" ")}: ${c.text}`)).toEqual([
      "find -exec: rm -f {}",
      "find -execdir: shred {}",
      "find -ok: mv {} /tmp",
    ]);
    expect(analysis.commands[1]?.dynamic).toBe(true);
  });

  it("reads code given to shells, eval, trap, watch, flock, su, env -S and parallel", () => {
    for (const command of [
      "bash -c 'rm x'",
      "sh -ec 'ls; rm x'",
      "dash -c 'rm x'",
      "zsh -c 'rm x'",
      "bash -o pipefail -c 'rm x'",
      "eval 'rm x'",
      "eval rm x",
      "trap 'rm x' EXIT",
      "watch -n 1 'rm x'",
      "flock /tmp/lock -c 'rm x'",
      "su -c 'rm x' root",
      "env -S 'rm x'",
      "parallel rm ::: a b",
      "bash <<'EOF'\nrm x\nEOF",
      "sh <<< 'rm x'",
      'bash -c "bash -c \'sh -c \\"rm x\\"\'"',
      "xargs sh -c 'rm \"$@\"' _",
    ]) {
      expect({ command, rm: programs(command).includes("rm") }).toEqual({ command, rm: true });
    }
  });

  it("does not take `command -v` or `sudo -l` as running the program", () => {
    expect(summary("command -v rm").run).toEqual(["command -v rm"]);
    expect(summary("sudo -l rm").run).toEqual(["sudo -l rm"]);
  });
});

describe("shellCommands: what cannot be known", () => {
  it.each([
    ["$CMD -rf x", "DYNAMIC_PROGRAM"],
    ["$(echo rm) x", "DYNAMIC_PROGRAM"],
    ["r* x", "DYNAMIC_PROGRAM"],
    ["sudo $CMD x", "DYNAMIC_PROGRAM"],
    ['eval "$X"', "DYNAMIC_CODE"],
    ['bash -c "$X"', "DYNAMIC_CODE"],
    ["curl -s x | bash", "CODE_FROM_INPUT"],
    ["cat <<EOF | sh\nrm x\nEOF", "CODE_FROM_INPUT"],
    ["bash <<EOF\n$(cat x)\nEOF", "CODE_FROM_INPUT"],
    ["bash <(curl -s x)", "CODE_FROM_INPUT"],
    ["bash < <(curl -s x)", "CODE_FROM_INPUT"],
    ["sh 0< $SCRIPT", "CODE_FROM_INPUT"],
    ["echo 'print(1)' | python3", "CODE_FROM_INPUT"],
    ["source ./env.sh", "SOURCE"],
    [". ./env.sh", "SOURCE"],
    ["python -c 'import os'", "INLINE_CODE"],
    ["python3.12 -c 'import os'", "INLINE_CODE"],
    ["perl -e 'unlink q(x)'", "INLINE_CODE"],
    ["perl -ne 'print'", "INLINE_CODE"],
    ["node -e 'require(`fs`)'", "INLINE_CODE"],
    ["node --eval=1", "INLINE_CODE"],
    ["ruby -e 'File.delete(1)'", "INLINE_CODE"],
    ["php -r 'unlink(1);'", "INLINE_CODE"],
  ])("%j → %s", (command, code) => {
    expect(summary(command).unknown).toContain(code);
  });

  it("explains each unknown in words", () => {
    const { unknowns } = shellCommands("curl -s x | bash; $CMD x; python -c 'import os'; source x");
    expect(unknowns.map((u) => u.reason)).toMatchInlineSnapshot(`
      [
        "\`bash\` runs whatever is piped into it",
        "the program is \`$CMD\`, known only at run time",
        "\`python -c\` runs code given on the command line, which a shell check cannot read",
        "\`source\` runs the commands of a file, which a check of the command line cannot see",
      ]
    `);
  });

  it("takes a script file as a program to run, not as an unknown", () => {
    expect(summary("bash ./deploy.sh --now")).toEqual({ run: ["bash ./deploy.sh --now"], unknown: [] });
    expect(summary("python3 -m pytest tests")).toEqual({ run: ["python3 -m pytest tests"], unknown: [] });
    expect(summary("bash < ./deploy.sh")).toEqual({ run: ["bash"], unknown: [] });
  });
});

describe("shellCommands: directories", () => {
  const where = (command: string) =>
    shellCommands(command).commands.map((c) => `${c.program}@${c.cwd === null ? "?" : c.cwd}`);

  it("follows cd and pushd through lists", () => {
    expect(where("cd scripts && ./x.sh; cd ../lib; make")).toEqual([
      "cd@.",
      "x.sh@scripts",
      "cd@scripts",
      "make@lib",
    ]);
    expect(where("cd /tmp && ls; cd; ls")).toEqual(["cd@.", "ls@/tmp", "cd@/tmp", "ls@~"]);
    expect(where("pushd a && ls && popd && ls")).toEqual(["pushd@.", "ls@a", "popd@a", "ls@?"]);
  });

  it("keeps a cd inside a subshell, substitution or pipeline to itself", () => {
    expect(where("(cd a && ls); ls")).toEqual(["cd@.", "ls@a", "ls@."]);
    expect(where("cd a | cat; ls")).toEqual(["cd@.", "cat@.", "ls@."]);
  });

  it("does not know the directory after a cd to a variable or inside a loop", () => {
    expect(where("cd $DIR && ls")).toEqual(["cd@.", "ls@?"]);
    expect(where("for d in a b; do cd $d; done; ls").at(-1)).toBe("ls@?");
  });

  it("carries the directory into code read from strings, and env -C into its command", () => {
    expect(where("cd a && bash -c 'cd b && ./run'")).toEqual(["cd@.", "bash@a", "cd@a", "run@a/b"]);
    expect(where("env -C sub ./run")).toEqual(["env@.", "run@sub"]);
  });
});
