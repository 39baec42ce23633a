// The scope a walk carries: directory, what started the code, standard input, and what the shell assigned.
import type { Variables } from "./values.js";

/**
 * Names surely assigned, one layer per statement list: a list adds to its own layer as it goes, and sees its
 * enclosing lists' names through its parent, so a long list costs one set, not one copy per statement.
 */
export class Definite {
  private readonly names = new Set<string>();

  constructor(private readonly parent?: Definite) {}

  has(name: string): boolean {
    return this.names.has(name) || (this.parent?.has(name) ?? false);
  }

  add(name: string): void {
    this.names.add(name);
  }
}

/** What a command's standard input is, when that decides what a shell runs. */
export type Stdin =
  | { kind: "pipe" }
  | { kind: "file"; text: string }
  | { kind: "code"; text: string; via: string }
  | { kind: "runtime"; text: string };

/** Where a walk is: directory, what started it, nesting depth, standard input, and the shell's variables. */
export interface Scope {
  cwd: string | null;
  via: readonly string[];
  depth: number;
  stdin?: Stdin;
  /** The variables of the shell the code runs in (a `bash -c` string is a shell of its own). */
  variables: Variables;
  /** Names surely assigned by this point of the shell, so that their value is no longer the environment's. */
  definite: Definite;
}
