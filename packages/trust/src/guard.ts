// Checks, right before a project hook runs, that the files it will run are the ones that were trusted.
import path from "node:path";
import { escapeForTerminal } from "@hookwire/core";
import { sha256 } from "@hookwire/core/internal";
import type { SettingsHandler } from "@hookwire/settings-hooks";
import { commandFiles, GrammarNeeded } from "./command-files.js";
import { TrustChangedError } from "./errors.js";
import type { FileDigest, FileDigests } from "./file-digest.js";
import { supportFiles } from "./module-folders.js";
import { moduleImports } from "./module-imports.js";
import { Resolver } from "./modules/resolve.js";
import type { ShellAnalyses } from "./shell-analyses.js";
import { commandContext } from "./walk.js";

export interface TrustGuardInit {
  root: string;
  cwd: string;
  home: string;
  /** The command that trusts the project again, spelled when a check fails (it quotes the path: shell-quote). */
  trustCommand: () => string;
  /** Digest of every trusted file, as fingerprinted when the project was found trusted. */
  trusted: ReadonlyMap<string, FileDigest>;
  digests: FileDigests;
  /** What each project hook module imports, as fingerprinted (a module not listed is walked again). */
  imports?: ReadonlyMap<string, readonly string[]>;
  /** The commands' analyses the fingerprint read (kept across processes). */
  analyses?: ShellAnalyses;
  show: (file: string) => string;
}

/**
 * The project's trust, kept true while it runs. Every check stats the files involved (a changed stat
 * re-hashes the file); the first mismatch revokes the project for the rest of the session, so every
 * later project hook refuses too, until the user trusts it again and the hooks are reloaded.
 */
export class TrustGuard {
  #revoked: TrustChangedError | undefined;

  constructor(readonly init: TrustGuardInit) {}

  get revoked(): TrustChangedError | undefined {
    return this.#revoked;
  }

  /** Before a project command handler spawns: its settings file (or script) and every file its command runs. */
  command(handler: SettingsHandler): void {
    if (handler.scope !== "project" && handler.scope !== "local") return;
    const { cwd, home } = this.init;
    const files = [handler.file];
    if (handler.config.type === "command") {
      try {
        files.push(
          ...commandFiles(handler.config, commandContext(handler, cwd, home, this.init.analyses)).files,
        );
      } catch (error) {
        if (!(error instanceof GrammarNeeded)) throw error;
        // Every text the fingerprint read was analysed then: one that needs the grammar now is new (a script or
        // package.json script edited since), so something the command runs changed.
        this.verify(files);
        this.#refuse([`a file \`${handler.config.command}\` runs (edited)`]);
      }
    }
    this.verify(files);
  }

  /** Before a project hook module is imported: the module, every file under its folder, and what it imports. */
  module(file: string): void {
    // The files it imports as they were fingerprinted: were one edited to import more, its digest changed.
    const imports =
      this.init.imports?.get(file) ?? moduleImports([file], this.init.cwd, new Resolver()).files;
    this.verify([file, ...supportFiles([file], this.init.cwd).files, ...imports]);
  }

  /**
   * Called by the module importer with every file a project hook's import runs, before it runs: the source the
   * runner read (its bytes are what runs, so they are what is compared) or `undefined` for a file Node reads
   * itself. A file of the project that was not fingerprinted is new code: refused. Files outside the project that
   * trust did not cover (installed packages, the host's aliases) are not the project's.
   */
  source(file: string, source: string | undefined): void {
    if (this.#revoked) throw this.#revoked;
    const expected = this.init.trusted.get(file);
    if (expected === undefined) {
      if (isInside(this.init.root, file) || isInside(this.init.cwd, file)) this.verify([file]);
      return;
    }
    if (source === undefined) {
      this.verify([file]);
      return;
    }
    if (sha256(source) !== expected) this.#refuse([`${this.init.show(file)} (edited)`]);
  }

  /** Throws TrustChangedError when a file is not the one trusted: edited, removed, replaced, or new. */
  verify(files: readonly string[]): void {
    if (this.#revoked) throw this.#revoked;
    const { trusted, digests, show } = this.init;
    const changed: string[] = [];
    const listed = new Set(files);
    for (const file of listed) {
      const expected = trusted.get(file);
      if (expected === undefined) {
        changed.push(`${show(file)} (new)`);
        continue;
      }
      const digest = digests.digest(file);
      if (digest !== expected) changed.push(`${show(file)} (${digest === "missing" ? "removed" : "edited"})`);
    }
    if (changed.length === 0) return;
    this.#refuse(changed);
  }

  #refuse(changed: readonly string[]): never {
    const shown = changed.map(escapeForTerminal);
    this.#revoked = new TrustChangedError({
      root: this.init.root,
      files: shown,
      trustCommand: this.init.trustCommand(),
      change: `${shown.slice(0, 5).join(", ")}${shown.length > 5 ? ` and ${shown.length - 5} more` : ""} changed`,
    });
    throw this.#revoked;
  }
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}
