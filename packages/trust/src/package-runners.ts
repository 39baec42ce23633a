// Which package.json script `npm` / `pnpm` / `yarn` / `bun` run: each runner's options, and where its script name stands.

/** What a package runner's command line runs, read as the runner reads it. */
export interface RunnerScript {
  /** The script it runs (`hk` in `npm run --silent hk`), when it runs one. */
  name?: string;
  /** The folder whose package.json it reads, as written (`--prefix x`, `-C x`, `--cwd x`), when one is given. */
  folder?: string;
  /** Why the script cannot be placed: an option hookwire does not know, or one that runs it elsewhere. */
  unknown?: string;
}

interface RunnerSpec {
  /** Options that take the next word as their value (`--loglevel silent`); `--x=value` is one word. */
  values: ReadonlySet<string>;
  /** Options that take no value. */
  flags: ReadonlySet<string>;
  /** Options whose value is the folder whose package.json is read. */
  folders: ReadonlySet<string>;
  /** Options that run the script in other packages (workspaces, filters, recursion): not followed, listed. */
  elsewhere: ReadonlySet<string>;
  /** Words that run the script named next (`run`, `run-script`). */
  runWords: ReadonlySet<string>;
  /** Other words that run a script of another name (`npm t` runs `test`). */
  aliases: Readonly<Record<string, string>>;
  /** A bare word that is no command runs the script of that name (`pnpm lint`); npm runs no script that way. */
  bareScripts: boolean;
  /** Commands that run in other packages whatever follows (`yarn workspace x run`, `yarn workspaces foreach`). */
  elsewhereCommands?: ReadonlySet<string>;
  /**
   * nopt (npm): an option it does not know takes no value, and any flag takes a following `true` / `false`;
   * an unknown `--x` that abbreviates a value option is not placed (nopt expands abbreviations).
   */
  nopt?: boolean;
}

const set = (...words: string[]) => new Set(words);

const LIFECYCLE = { test: "test", t: "test", tst: "test", start: "start", stop: "stop", restart: "restart" };

/**
 * npm 11.19's options that take a value (`@npmcli/config` definitions whose type has no Boolean) and its
 * shorthands that do (`-C` → `--prefix`, `-w` → `--workspace`, `-L`, `-m`, `-c`, `--reg`, `--enjoy-by`). Every
 * other npm option is a flag (nopt reads an option it does not know as one).
 */
const NPM_VALUES = set(
  ..."_auth access allow-directory allow-file allow-git allow-remote allow-scripts also audit-level auth-type before ca cache cache-max cache-min cafile call cert cidr cpu depth diff diff-dst-prefix diff-src-prefix diff-unified editor expect-result-count expires fetch-retries fetch-retry-factor fetch-retry-maxtimeout fetch-retry-mintimeout fetch-timeout git globalconfig heading https-proxy include init-author-email init-author-name init-author-url init-license init-module init-type init-version init.author.email init.author.name init.author.url init.license init.module init.version install-strategy key libc local-address location lockfile-version loglevel logs-dir logs-max name maxsockets message min-release-age min-release-age-exclude node-gyp node-options noproxy omit only orgs os otp package pack-destination packages preid provenance-file proxy registry replace-registry-host save-prefix sbom-format sbom-type scope scopes packages-and-scopes-permission orgs-permission password token-description script-shell searchexclude searchlimit searchopts searchstaleness shell tag tag-version-prefix umask user-agent userconfig viewer which"
    .split(" ")
    .map((name) => `--${name}`),
  "-L",
  "-m",
  "-c",
  "--reg",
  "--enjoy-by",
);

/**
 * pnpm's `run` options: pnpm 12.4's (`pnpm run --help`) and pnpm 9–10's (`--silent`, `--resume-from`,
 * `--shell-mode`, `--reporter-hide-prefix`, `--no-bail`, `--report-summary`). `-s` is `--silent` in one and
 * `--sequential` in the other: a flag in both.
 */
const PNPM: RunnerSpec = {
  values: set(
    "--store-dir",
    "--state-dir",
    "--npmrc-auth-file",
    "--userconfig",
    "--workspace-packages",
    "--registry",
    "--https-proxy",
    "--http-proxy",
    "--no-proxy",
    "--reporter",
    "--loglevel",
    "--test-pattern",
    "--changed-files-ignore-pattern",
    "--workspace-concurrency",
  ),
  flags: set(
    "--if-present",
    "-s",
    "--silent",
    "--sequential",
    "--dry-run",
    "--json",
    "-y",
    "--yes",
    "--ignore-workspace",
    "--color",
    "--no-color",
    "--stream",
    "--aggregate-output",
    "--use-stderr",
    "--fail-if-no-match",
    "--include-workspace-root",
    "--no-include-workspace-root",
    "--sort",
    "--no-sort",
    "--reverse",
    "--parallel",
    "--no-bail",
    "--report-summary",
    "--reporter-hide-prefix",
    "-c",
    "--shell-mode",
  ),
  folders: set("-C", "--dir"),
  elsewhere: set(
    "-r",
    "--recursive",
    "-F",
    "--filter",
    "--filter-prod",
    "-w",
    "--workspace-root",
    "--resume-from",
  ),
  runWords: set("run", "run-script"),
  aliases: LIFECYCLE,
  bareScripts: true,
};

/** Yarn 1's global options (they stand before the command) and Yarn 2+'s `run` options. */
const YARN: RunnerSpec = {
  values: set(
    "--mutex",
    "--cache-folder",
    "--modules-folder",
    "--global-folder",
    "--link-folder",
    "--preferred-cache-folder",
    "--registry",
    "--network-timeout",
    "--network-concurrency",
    "--https-proxy",
    "--proxy",
    "--use-yarnrc",
    "--otp",
    "--require",
  ),
  flags: set(
    "-s",
    "--silent",
    "--verbose",
    "--offline",
    "--prefer-offline",
    "--frozen-lockfile",
    "--pure-lockfile",
    "--ignore-scripts",
    "--ignore-engines",
    "--ignore-optional",
    "--ignore-platform",
    "--json",
    "--no-progress",
    "--non-interactive",
    "--no-default-rc",
    "--no-bin-links",
    "--no-lockfile",
    "--flat",
    "--force",
    "--har",
    "--check-files",
    "--update-checksums",
    "--link-duplicates",
    "--enable-pnp",
    "--disable-pnp",
    "-T",
    "--top-level",
    "-B",
    "--binaries-only",
    "--inspect",
    "--inspect-brk",
  ),
  folders: set("--cwd"),
  elsewhere: set(),
  runWords: set("run"),
  aliases: LIFECYCLE,
  bareScripts: true,
  elsewhereCommands: set("workspace", "workspaces"),
};

/** `bun run`'s options (bun 1.2's `bun run --help`); `-e` / `-p` run code of their own, written on the line. */
const BUN: RunnerSpec = {
  values: set(
    "--elide-lines",
    "--shell",
    "--env-file",
    "-c",
    "--config",
    "-r",
    "--preload",
    "--require",
    "--import",
    "--install",
    "--tsconfig-override",
    "-d",
    "--define",
    "-l",
    "--loader",
    "--conditions",
    "--title",
    "--unhandled-rejections",
    "--console-depth",
    "--port",
    "--origin",
    "--main-fields",
    "--extension-order",
    "--jsx-factory",
    "--jsx-fragment",
    "--jsx-import-source",
    "--jsx-runtime",
    "--dns-result-order",
    "--max-http-header-size",
    "--fetch-preconnect",
  ),
  flags: set(
    "--silent",
    "-b",
    "--bun",
    "--if-present",
    "--watch",
    "--hot",
    "--no-clear-screen",
    "--smol",
    "--inspect",
    "--inspect-wait",
    "--inspect-brk",
    "--no-install",
    "-i",
    "--prefer-offline",
    "--prefer-latest",
    "--no-env-file",
    "--expose-gc",
    "--no-deprecation",
    "--throw-deprecation",
    "--zero-fill-buffers",
    "--no-addons",
  ),
  folders: set("--cwd"),
  elsewhere: set("-F", "--filter", "--workspaces"),
  runWords: set("run"),
  aliases: LIFECYCLE,
  bareScripts: true,
};

/** The one table of package runners: how each reads its command line. */
const RUNNERS: Readonly<Record<string, RunnerSpec>> = {
  npm: {
    values: NPM_VALUES,
    // The shorthands that expand to a flag (`-s` → `--loglevel silent`, which nopt takes whole).
    flags: set(
      "-s",
      "--silent",
      "-q",
      "--quiet",
      "-d",
      "-dd",
      "-ddd",
      "--verbose",
      "-y",
      "-f",
      "-g",
      "--iwr",
    ),
    folders: set("--prefix", "-C"),
    elsewhere: set("-w", "--workspace", "--workspaces", "--ws"),
    runWords: set("run", "run-script", "rum", "urn"),
    aliases: LIFECYCLE,
    bareScripts: false,
    nopt: true,
  },
  pnpm: PNPM,
  yarn: YARN,
  bun: BUN,
};

export function isPackageRunner(program: string): boolean {
  return Object.hasOwn(RUNNERS, program);
}

/**
 * The script a package runner's words run, read with the runner's option table: an option's value is never
 * taken for the script (`npm run --loglevel silent hk` runs `hk`). An option the table does not know, or one
 * that runs the script in other packages, makes the script unplaced: `unknown` says why, so the command is listed
 * at trust time rather than passed over.
 */
export function runnerScript(program: string, words: readonly string[]): RunnerScript {
  const spec = RUNNERS[program];
  if (!spec) return {};
  const out: RunnerScript = {};
  let running = false;
  let options = true;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (options && word === "--") {
      options = false;
      continue;
    }
    if (options && word.startsWith("-") && word !== "-") {
      const equals = word.indexOf("=");
      const name = equals > 0 ? word.slice(0, equals) : word;
      const inline = equals > 0 ? word.slice(equals + 1) : undefined;
      const takesValue = spec.values.has(name) || spec.folders.has(name) || spec.elsewhere.has(name);
      if (spec.elsewhere.has(name))
        return { unknown: `\`${name}\` runs the script in other packages, which trust does not follow` };
      if (spec.folders.has(name)) {
        const value = inline ?? words[++i];
        if (value === undefined) return { unknown: `\`${name}\` has no folder after it` };
        out.folder = value;
        continue;
      }
      if (takesValue) {
        if (inline === undefined && !(spec.nopt && words[i + 1]?.startsWith("-"))) i++;
        continue;
      }
      const flag = spec.flags.has(name) || (spec.nopt === true && !noptUnplaced(name, spec.values));
      if (flag) {
        // nopt takes a `true` / `false` after any flag as its value.
        if (spec.nopt && inline === undefined && (words[i + 1] === "true" || words[i + 1] === "false")) i++;
        continue;
      }
      return {
        unknown: `\`${program}\` option \`${name}\` is not one hookwire knows, so the script it runs is not known`,
      };
    }
    if (!running && spec.elsewhereCommands?.has(word))
      return {
        unknown: `\`${program} ${word}\` runs scripts in other packages, which trust does not follow`,
      };
    if (!running && spec.runWords.has(word)) {
      running = true;
      continue;
    }
    if (running) return { ...out, name: word };
    const alias = Object.hasOwn(spec.aliases, word) ? spec.aliases[word] : undefined;
    if (alias !== undefined) return { ...out, name: alias };
    return spec.bareScripts ? { ...out, name: word } : out;
  }
  return out;
}

/**
 * An option nopt does not know that hookwire cannot place: `-xy` (nopt splits a run of shorthands, the last of
 * which may take a value), and `--x` abbreviating an option that takes one (`--logl` is `--loglevel`). Any other
 * unknown `--x` or `--no-x` is a flag to nopt.
 */
function noptUnplaced(name: string, values: ReadonlySet<string>): boolean {
  if (!name.startsWith("--")) return true;
  if (name.startsWith("--no-")) return false;
  for (const value of values) if (value.startsWith(name)) return true;
  return false;
}
