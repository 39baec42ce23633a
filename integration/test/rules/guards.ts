// The guards the spelling corpus is judged by: a deny rule on rm, and allow rules for builtins that only handle data.
import type { Guard } from "./victims.js";

export const DENY_RM: Guard = {
  title: "deny Bash(rm *), default allow",
  options: { permissions: { deny: ["Bash(rm *)"] } },
};

/** Builtins and programs a host allows because they only print, test or store data; none of them may run rm. */
export const ALLOW_DATA: Guard = {
  title: "allow data builtins, default ask, no UI",
  options: {
    permissions: {
      allow: [
        "Bash(echo *)",
        "Bash(printf *)",
        "Bash(read *)",
        "Bash(test *)",
        "Bash([ *)",
        "Bash(let *)",
        "Bash(declare *)",
        "Bash(local *)",
        "Bash(typeset *)",
        "Bash(export *)",
        "Bash(readonly *)",
        "Bash(unset *)",
        "Bash(mapfile *)",
        "Bash(readarray *)",
        "Bash(getopts *)",
        "Bash(wait *)",
        "Bash(shift *)",
        "Bash(set *)",
        "Bash(shopt *)",
        "Bash(hash *)",
        "Bash(alias *)",
        "Bash(compgen *)",
        "Bash(complete *)",
        "Bash(true)",
        "Bash(false)",
        "Bash(: *)",
        "Bash(cd *)",
        "Bash(ls *)",
        "Bash(cat *)",
        "Bash(sleep *)",
        "Bash(pwd)",
        "Bash(history *)",
        "Bash(fc *)",
      ],
    },
    defaultMode: "ask",
  },
};

export const GUARDS = [DENY_RM, ALLOW_DATA] as const;
