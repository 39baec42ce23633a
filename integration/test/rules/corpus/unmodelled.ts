// Bash features the analysis once read as plain data (issue 40): a `{name[…]}` redirection, an assignment through a
// nameref, `fc`, history expansion, the dynamic loader. Each removes the victim in bare bash, and never past a guard.
import { GUARDS } from "../guards.js";
import { rows } from "../victims.js";

/** The subscript bash evaluates, with the quotes that kept it past a plain word's reading. */
const SUB = "a['$(rm -f victim)']";

export const descriptorVariables = rows("unmodelled: {name[…]} redirections", GUARDS, "ask", [
  [`echo hi {${SUB}}>/dev/null`, "deny"],
  [`echo hi {${SUB}}>>/dev/null`, "deny"],
  [`true {${SUB}}>&2`, "deny"],
  [`cat {${SUB}}</dev/null`, "deny"],
  [`ls {${SUB}}>/dev/null`, "deny"],
  [`exec {${SUB}}>/dev/null`, "deny"],
  [`echo x; exec {${SUB}}>/dev/null`, "deny"],
  [`echo x && exec {${SUB}}>/dev/null`, "deny"],
  [`: {${SUB}}<&0`, "deny"],
]);

export const namerefs = rows("unmodelled: assignments through a nameref", GUARDS, "ask", [
  [`declare -n r; r="${SUB}"; echo "$r"`, "deny"],
  [`declare -n r; r="${SUB}"; r=1`, "deny"],
  [`f() { local -n r; r="${SUB}"; echo "$r"; }; f`, "deny"],
  [`typeset -n r; r="${SUB}"; : "$r"`, "deny"],
  [`declare -n r; declare r="${SUB}"; echo "$r"`, "deny"],
  [`declare -n r; for r in "${SUB}"; do :; done; r=1`, "deny"],
  [`declare "-n" r; r="${SUB}"; echo "$r"`, "deny"],
  [`f=-n; declare $f r; r="${SUB}"; echo "$r"`, "deny"],
  [`builtin declare -n r; r="${SUB}"; echo "$r"`, "deny"],
  [`command typeset -n r; r="${SUB}"; echo "$r"`, "deny"],
  [`builtin declare -i x="${SUB}"`, "deny"],
  [`"declare" -i x="${SUB}"`, "deny"],
  ["declare -n r; printf -v r %s 'a[$(rm -f victim)]'; echo \"$r\"", "ask"],
  ["declare -n r; read -r r <<< 'a[$(rm -f victim)]'; echo \"$r\"", "ask"],
]);

export const history = rows("unmodelled: fc and history expansion", GUARDS, "ask", [
  ["set -o history; history -s x; fc -e 'rm -f victim;:'", "deny"],
  // History lines run again and history expansion happen as bash reads lines, which `eval` (the batch) does not: a
  // shell reads them here.
  ["bash -c 'set -o history\nhistory -s \"rm -f victim\"\nfc -s'", "ask"],
  ["bash -c 'set -o history\nhistory -s \"rx -f victim\"\nfc -s x=m'", "ask"],
  ["bash -c 'set -o history; history -s x; fc -e \"rm -f victim;:\"'", "deny"],
  ["bash -c 'set -o history -H\nhistory -s \"rm -f victim\"\n!!'", "ask"],
  ["bash -c 'set -H; set -o history\nhistory -s \"rm -f victim\"\n!-1'", "ask"],
  ["bash -c 'set -o history -H\nhistory -s \"rm -f victim\"\n!rm'", "ask"],
  ["bash -c 'set -o history -H\nhistory -s \"rx -f victim\"\n^x^m'", "ask"],
  ["bash -c 'set -o history -H\nhistory -s \"rm -f victim\"\n!!:0-2'", "ask"],
  ["bash -c 'set -o histexpand -o history\nhistory -s \"rm -f victim\"\n!!'", "ask"],
  ["bash -H -c 'set -o history\nhistory -s \"rm -f victim\"\n!!'", "ask"],
  ["bash -i -c 'set -o history; history -s \"rm -f victim\"\n!!' </dev/null", "ask"],
]);

export const loader = rows("unmodelled: the dynamic loader", GUARDS, "ask", [
  ["/lib64/ld-linux-x86-64.so.2 /bin/rm -f victim", "deny", { needs: ["ld.so"] }],
  ["/lib64/ld-linux-x86-64.so.2 --argv0 x /bin/rm -f victim", "deny", { needs: ["ld.so"] }],
  [
    "/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 --library-path /lib/x86_64-linux-gnu /bin/rm -f victim",
    "deny",
    { needs: ["ld.so"] },
  ],
  ["/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 /bin/rm -f victim", "deny", { needs: ["ld.so"] }],
  ["ld.so /bin/rm -f victim", "deny", { needs: ["ld.so"] }],
  ["/usr/bin/ld.so --inhibit-cache /bin/rm -f victim", "deny", { needs: ["ld.so"] }],
  ["env /lib64/ld-linux-x86-64.so.2 /bin/rm -f victim", "deny", { needs: ["ld.so"] }],
]);

export const jobs = rows("unmodelled: jobs -x", GUARDS, "ask", [["jobs -x rm -f victim", "deny"]]);
