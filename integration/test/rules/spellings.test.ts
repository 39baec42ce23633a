// Permission rules against the spellings that beat them before, through the real wrapper and real bash: a denied or
// asked-about call never reaches bash, so the file it would remove is still there. One bash process runs every
// command a table lets through (victims.ts).
import type { HookToolWrapperOptions } from "@hookwire/tool-wrapper";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/temp-dir.js";
import { judge, type Outcome, type Verdict } from "./victims.js";

type Row = readonly [command: string, expected: Verdict];

const temp = tempDir("spellings");
afterAll(() => temp.remove());
let tables = 0;

/** Decides every row under one guard, runs what it allows in one batch, and checks each row's verdict and victim. */
function table(title: string, options: HookToolWrapperOptions, rows: readonly Row[]): void {
  describe(title, () => {
    const guard = { title, options };
    const root = `${temp.dir}/${tables++}`;
    let outcomes: Outcome[];
    beforeAll(async () => {
      const spellings = rows.map(([command, verdict]) => ({
        command,
        class: title,
        expected: { [title]: verdict },
      }));
      outcomes = (await judge(root, spellings, [guard], { unguarded: false })).guarded[title]!;
    }, 300_000);
    it.each(rows.map((row, i) => [...row, i] as const))("%j → %s", (_command, expected, i) => {
      const outcome = outcomes[i]!;
      expect(outcome.verdict).toBe(expected);
      expect(outcome.survived).toBe(true);
    });
  });
}

export const denyRm: readonly Row[] = [
  ["rm -f victim", "deny"],
  ["echo a#b; rm -f victim", "deny"],
  ["git status # x\nrm -f victim", "deny"],
  ["echo ok # trailing \\\nrm -f victim", "deny"],
  ["2>/dev/null rm -f victim", "deny"],
  [">/dev/null 2>&1 rm -f victim", "deny"],
  ["function f { rm -f victim; }; f", "deny"],
  ["f() { rm -f victim; }; f", "deny"],
  ["f() ( rm -f victim ); f", "deny"],
  ["r\\\nm -f victim", "deny"],
  ["rm \\\n -f victim", "deny"],
  ["{rm,-f,victim}", "ask"],
  ['$"rm" -f victim', "deny"],
  ["coproc rm -f victim", "deny"],
  ["coproc w { rm -f victim; }", "deny"],
  ["exec rm -f victim", "deny"],
  ["exec -a name rm -f victim", "deny"],
  ["/bin/rm -f victim", "deny"],
  ["/usr/bin/rm -f victim", "deny"],
  ["./../../bin/rm -f victim", "deny"],
  ["command rm -f victim", "deny"],
  ["command -p rm -f victim", "deny"],
  ["builtin command rm -f victim", "deny"],
  ["env rm -f victim", "deny"],
  ["env -i rm -f victim", "deny"],
  ["env -i PATH=/usr/bin:/bin rm -f victim", "deny"],
  ["env -u HOME -- rm -f victim", "deny"],
  ["env --chdir=. rm -f victim", "deny"],
  ["env -S 'rm -f victim'", "deny"],
  ["sudo rm -f victim", "deny"],
  ["sudo -u root -E rm -f victim", "deny"],
  ["sudo --preserve-env=PATH rm -f victim", "deny"],
  ["sudo -- rm -f victim", "deny"],
  ["sudo VAR=1 rm -f victim", "deny"],
  ["doas rm -f victim", "deny"],
  ["doas -u root rm -f victim", "deny"],
  ["su -c 'rm -f victim'", "deny"],
  ["nohup rm -f victim", "deny"],
  ["timeout 5 rm -f victim", "deny"],
  ["timeout -s KILL 5 rm -f victim", "deny"],
  ["timeout --kill-after=1 5 rm -f victim", "deny"],
  ["nice rm -f victim", "deny"],
  ["nice -n 5 rm -f victim", "deny"],
  ["nice -5 rm -f victim", "deny"],
  ["ionice -c 3 rm -f victim", "deny"],
  ["stdbuf -oL rm -f victim", "deny"],
  ["stdbuf -o 0 -e 0 rm -f victim", "deny"],
  ["time rm -f victim", "deny"],
  ["time -p rm -f victim", "deny"],
  ["watch -x rm -f victim", "deny"],
  ["watch -n 1 rm -f victim", "deny"],
  ["flock victim.lock rm -f victim", "deny"],
  ["flock victim.lock -c 'rm -f victim'", "deny"],
  ["flock -w 1 victim.lock rm -f victim", "deny"],
  ["setsid rm -f victim", "deny"],
  ["busybox rm -f victim", "deny"],
  ["nohup nice -n 1 timeout 5 stdbuf -o0 env rm -f victim", "deny"],
  ["xargs rm -f <<< victim", "deny"],
  ["echo victim | xargs rm -f", "deny"],
  ["echo victim | xargs -I{} rm -f {}", "deny"],
  ["echo victim | xargs -i rm -f {}", "deny"],
  ["echo victim | xargs -l1 -e rm -f", "deny"],
  ["echo victim | xargs -0 -n 1 rm", "deny"],
  ["echo victim | xargs sh -c 'rm -f \"$@\"' _", "deny"],
  ["find . -name victim -exec rm -f {} \\;", "deny"],
  ["find . -name victim -exec rm -f {} +", "deny"],
  ["find . -name victim -execdir rm -f {} \\;", "deny"],
  ["find . -name victim -ok rm -f {} \\;", "deny"],
  ["find . -name victim -okdir rm -f {} \\;", "deny"],
  ["echo victim | parallel rm -f", "deny"],
  ["parallel rm -f ::: victim", "deny"],
  ["bash -c 'rm -f victim'", "deny"],
  ["sh -c 'rm -f victim'", "deny"],
  ["dash -c 'rm -f victim'", "deny"],
  ["zsh -c 'rm -f victim'", "deny"],
  ["bash -lc 'rm -f victim'", "deny"],
  ["bash -e -c 'rm -f victim'", "deny"],
  ["bash -o pipefail -c 'rm -f victim'", "deny"],
  ["/bin/sh -c 'rm -f victim'", "deny"],
  ["sh -c \"sh -c 'rm -f victim'\"", "deny"],
  ["bash -c 'eval \"rm -f victim\"'", "deny"],
  ["eval 'rm -f victim'", "deny"],
  ["eval rm -f victim", "deny"],
  ['eval "rm -f victim"', "deny"],
  ['eval "$(echo rm -f victim)"', "ask"],
  ["bash <<'EOF'\nrm -f victim\nEOF", "deny"],
  ["bash <<EOF\nrm -f victim\nEOF", "deny"],
  ["sh <<-EOF\n\trm -f victim\n\tEOF", "deny"],
  ["sh <<< 'rm -f victim'", "deny"],
  ["bash <<EOF\n$(echo rm) -f victim\nEOF", "ask"],
  ["cat <<EOF | sh\nrm -f victim\nEOF", "ask"],
  ["echo 'rm -f victim' | sh", "ask"],
  ["echo 'rm -f victim' | bash -s", "ask"],
  ["printf 'rm -f victim' | bash", "ask"],
  ["echo 'rm -f victim' | sudo sh", "ask"],
  ["bash < <(echo rm -f victim)", "ask"],
  ["bash <(echo rm -f victim)", "ask"],
  ["echo $(rm -f victim)", "deny"],
  ['echo "$(rm -f victim)"', "deny"],
  ["echo `rm -f victim`", "deny"],
  ['echo "`rm -f victim`"', "deny"],
  ["cat <(rm -f victim)", "deny"],
  ["tee >(rm -f victim) < /dev/null", "deny"],
  ["x=$(rm -f victim)", "deny"],
  ["export x=$(rm -f victim)", "deny"],
  ["local_x=1 declare y=$(rm -f victim)", "deny"],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
  ["echo ${x:-$(rm -f victim)}", "deny"],
  ["echo $(( $(rm -f victim) + 1 ))", "deny"],
  ["[[ -n $(rm -f victim) ]]", "deny"],
  ['cat <<< "$(rm -f victim)"', "deny"],
  ["cat <<EOF\n$(rm -f victim)\nEOF", "deny"],
  ["if true; then rm -f victim; fi", "deny"],
  ["if rm -f victim; then :; fi", "deny"],
  ["if false; then :; else rm -f victim; fi", "deny"],
  ["for i in 1; do rm -f victim; done", "deny"],
  ["for ((i=0; i<1; i++)); do rm -f victim; done", "deny"],
  ["while true; do rm -f victim; break; done", "deny"],
  ["until rm -f victim; do :; done", "deny"],
  ["case a in a) rm -f victim;; esac", "deny"],
  ["select x in a; do rm -f victim; break; done", "deny"],
  // Valid bash the grammar does not accept (a here-string after `done`): it fails closed.
  ["select x in a; do rm -f victim; break; done <<< 1", "ask"],
  ["(rm -f victim)", "deny"],
  ["( (rm -f victim) )", "deny"],
  ["{ rm -f victim; }", "deny"],
  ["! rm -f victim", "deny"],
  ["true && rm -f victim", "deny"],
  ["false || rm -f victim", "deny"],
  ["ls | rm -f victim", "deny"],
  ["ls |& rm -f victim", "deny"],
  ["rm -f victim & wait", "deny"],
  ["true\nrm -f victim", "deny"],
  ["true;rm -f victim", "deny"],
  ["FOO=bar rm -f victim", "deny"],
  ["A=1 B='x y' rm -f victim", "deny"],
  ["\\rm -f victim", "deny"],
  ["'rm' -f victim", "deny"],
  ['"rm" -f victim', "deny"],
  ["r''m -f victim", "deny"],
  ['r"m" -f victim', "deny"],
  ["$'rm' -f victim", "deny"],
  ["$'\\x72\\x6d' -f victim", "deny"],
  ["$'\\162\\155' -f victim", "deny"],
  ["$'\\u0072m' -f victim", "deny"],
  ["exec 3>&1; rm -f victim", "deny"],
  ["cd . && rm -f victim", "deny"],
  ["trap 'rm -f victim' EXIT", "deny"],
  ["CMD=rm; $CMD -f victim", "ask"],
  ['"$(echo rm)" -f victim', "ask"],
  ["`echo rm` -f victim", "ask"],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
  ["${CMD:-rm} -f victim", "ask"],
  ["/bin/r? -f victim", "ask"],
  ["/usr/bin/r[m] -f victim", "ask"],
  ["sudo $CMD -f victim", "ask"],
  ["source <(echo rm -f victim)", "ask"],
  // Read since: the here-string is the code `.` runs.
  [". /dev/stdin <<< 'rm -f victim'", "deny"],
  ["python3 -c 'import os; os.remove(\"victim\")'", "ask"],
  ["perl -e 'unlink \"victim\"'", "ask"],
  ['node -e \'require("fs").unlinkSync("victim")\'', "ask"],
  ["ruby -e 'File.delete(\"victim\")'", "ask"],
  ["php -r 'unlink(\"victim\");'", "ask"],
  ["echo 'unterminated; rm -f victim", "ask"],
  // Nothing here runs rm.
  ["echo rm -f victim", "allow"],
  ["echo 'rm -f victim'", "allow"],
  ['echo "# rm -f victim"', "allow"],
  // Not valid bash either (`(` after an escaped `$`).
  ["echo \\$(rm -f victim)", "ask"],
  ["echo \\$\\(rm -f victim\\)", "allow"],
  ["echo '$(rm -f victim)'", "allow"],
  ["cat <<'EOF'\n$(rm -f victim)\nEOF", "allow"],
  ["true # rm -f victim", "allow"],
  ["printf '%s\\n' 'rm -f victim'", "allow"],
  ["grep -c rm victim", "allow"],
  ["ls -la", "allow"],
  ["command -v rm", "allow"],
  ["rmdir does-not-exist 2>/dev/null || true", "allow"],
  ["echo $HOME", "allow"],
  ["bash ./missing-script.sh 2>/dev/null || true", "allow"],
];

table("deny Bash(rm *), default allow", { permissions: { deny: ["Bash(rm *)"] } }, denyRm);

table(
  "allow Bash(echo *), default ask, no UI",
  { permissions: { allow: ["Bash(echo *)"] }, defaultMode: "ask" },
  [
    ["echo hello", "allow"],
    ["echo $HOME", "allow"],
    ["echo hi > out.txt", "allow"],
    ["echo a#b; rm -f victim", "ask"],
    ["echo hi && rm -f victim", "ask"],
    ["echo $(rm -f victim)", "ask"],
    ["echo `rm -f victim`", "ask"],
    ["echo hi | sh", "ask"],
    ["sudo echo hi", "ask"],
    ["env echo hi", "ask"],
    ["/bin/echo hi", "ask"],
    ["echo; $CMD", "ask"],
    ["echo hi\nrm -f victim", "ask"],
  ],
);

table(
  "allow Bash(git status) and Bash(ls *), default ask, no UI",
  { permissions: { allow: ["Bash(git status)", "Bash(ls *)"] }, defaultMode: "ask" },
  [
    ["ls -la", "allow"],
    ["ls", "allow"],
    ["git status # x\nrm -f victim", "ask"],
    ["git status; git push", "ask"],
    // Each command is covered by one of the rules.
    ["git status && ls", "allow"],
    ["ls; rm -f victim", "ask"],
    ["ls $(rm -f victim)", "ask"],
    ["ls && python3 -c 'print(1)'", "ask"],
    ["ls | bash", "ask"],
  ],
);

table("ask Bash(git push *), default allow, no UI", { permissions: { ask: ["Bash(git push *)"] } }, [
  ["git push origin main", "ask"],
  ["git status && git push", "ask"],
  ["command git push", "ask"],
  ["git $SUB origin", "ask"],
  ["git status 2>/dev/null; true", "allow"],
]);

table(
  "deny Bash(*git*push*--force*), a pattern that backtracks as a regex",
  { permissions: { deny: ["Bash(*git*push*--force*)"] } },
  [
    ["git push --force", "deny"],
    ["git push origin main --force-with-lease", "deny"],
    [`echo ${"git push ".repeat(1_000)}`, "allow"],
    ["git status 2>/dev/null; true", "allow"],
  ],
);

/** Issue 40's spellings as typed (history expansion included: the agent's shell reads them as lines). */
const UNMODELLED: readonly Row[] = [
  ["echo hi {a['$(rm -f victim)']}>/dev/null", "deny"],
  ["true {a['$(rm -f victim)']}>&2", "deny"],
  ["cat {a['$(rm -f victim)']}</dev/null", "deny"],
  ["echo x; exec {a['$(rm -f victim)']}>/dev/null", "deny"],
  ["declare -n r; r='a[$(rm -f victim)]'; echo \"$r\"", "deny"],
  ["declare -n r; printf -v r 'a[$(rm -f victim)]'; echo \"$r\"", "ask"],
  ["set -o history; history -s x; fc -e 'rm -f victim;:'", "deny"],
  ['set -o history -H\nhistory -s "rm -f victim"\n!!', "ask"],
  ['set -H; set -o history\nhistory -s "rm -f victim"\n!-1', "ask"],
  ['set -o history -H\nhistory -s "rm -f victim"\n!rm', "ask"],
  ['set -o history -H\nhistory -s "rx -f victim"\n^x^m', "ask"],
  ['set -o history -H\nhistory -s "rm -f victim"\n!!:1-3', "ask"],
  ["/lib64/ld-linux-x86-64.so.2 /bin/rm -f victim", "deny"],
  ["/lib64/ld-linux-x86-64.so.2 --argv0 x /bin/rm -f victim", "deny"],
];

table("deny Bash(rm *), issue 40's spellings", { permissions: { deny: ["Bash(rm *)"] } }, UNMODELLED);

table(
  "allow what each of issue 40's spellings types, default ask, no UI",
  {
    permissions: {
      allow: [
        "Bash(echo *)",
        "Bash(ls *)",
        "Bash(git status)",
        "Bash(pwd)",
        "Bash(cat *)",
        "Bash(true *)",
        "Bash(exec *)",
        "Bash(declare *)",
        "Bash(printf *)",
        "Bash(set *)",
        "Bash(history *)",
        "Bash(fc *)",
        "Bash(!!*)",
        "Bash(!*)",
        "Bash(^x^m)",
      ],
    },
    defaultMode: "ask",
  },
  UNMODELLED.map(([command]) => [command, "ask"] as const),
);
