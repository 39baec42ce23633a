// What a hook script's own bytes say about whether it can run: CRLF line endings, a shebang interpreter that is not there.
import path from "node:path";
import { readRegularFile } from "@hookwire/core/internal";
import type { Finding } from "../finding.js";
import { isExecutableFile, onPath } from "../on-path.js";
import { shortPath } from "../project.js";

// A script is read to its first 64 KiB: enough for the shebang and for line endings, bounded for a hostile repository.
const MAX_READ = 64 * 1024;

/** The 1-based line of the first `\r\n`, or undefined when the file has none. */
function firstCrlfLine(text: string): number | undefined {
  const at = text.indexOf("\r\n");
  if (at < 0) return undefined;
  return text.slice(0, at).split("\n").length;
}

/** The program a `#!` line starts and, for `#!/usr/bin/env [-S] name`, the name env looks up. */
function shebangProgram(line: string): { interpreter: string; viaEnv?: string } | undefined {
  const words = line
    .slice(2)
    .trim()
    .split(/[ \t]+/);
  const interpreter = words[0];
  if (!interpreter) return undefined;
  if (path.basename(interpreter) !== "env") return { interpreter };
  const name = words.slice(1).find((word) => !word.startsWith("-") && !word.includes("="));
  return name ? { interpreter, viaEnv: name } : { interpreter };
}

/**
 * Findings about a script a handler runs: CRLF line endings (a shell reads `\r` as part of each word, so
 * `#!/bin/sh\r` is "not found" though the file exists), and, for a script run directly, a shebang whose
 * interpreter does not resolve. `runsDirectly`: the handler starts the file itself (not `bash file`).
 */
export function scriptFileFindings(
  file: string,
  runsDirectly: boolean,
  cwd: string,
  where: string,
): Finding[] {
  const read = readRegularFile(file, MAX_READ);
  if (!read.ok) return [];
  const text = read.data.toString("latin1");
  const shown = shortPath(file, cwd);
  const findings: Finding[] = [];
  const crlf = firstCrlfLine(text);
  if (crlf !== undefined) {
    findings.push({
      severity: "error",
      where,
      message: `${shown}:${crlf} has Windows (CRLF) line endings: the shell reads the \\r as part of each command, so it fails with "not found" though the file exists`,
      fix: `convert it to LF line endings: sed -i 's/\\r$//' ${shown} (or dos2unix ${shown}), and set your editor to LF for this file`,
    });
  }
  if (!runsDirectly || !text.startsWith("#!")) return findings;
  const first = text.split("\n", 1)[0] ?? "";
  // A CRLF shebang names "sh\r": that finding above already says why and how to fix it.
  if (first.endsWith("\r")) return findings;
  const program = shebangProgram(first);
  if (!program) {
    findings.push({
      severity: "error",
      where,
      message: `${shown}:1 starts with "#!" but names no interpreter`,
      fix: `write the interpreter after #!, e.g. #!/bin/sh or #!/usr/bin/env node`,
    });
    return findings;
  }
  if (!isExecutableFile(program.interpreter)) {
    const name = path.basename(program.interpreter);
    const found = onPath(name);
    findings.push({
      severity: "error",
      where,
      message: `${shown}:1 runs with ${program.interpreter}, which does not exist or is not executable on this machine`,
      fix: found
        ? `write #!${found}, or #!/usr/bin/env ${name} to find it on PATH`
        : `install ${name}, or write #!/usr/bin/env ${name} so it is found on PATH`,
    });
  } else if (program.viaEnv !== undefined && !onPath(program.viaEnv)) {
    findings.push({
      severity: "error",
      where,
      message: `${shown}:1 runs with "${program.viaEnv}" (through env), which is not on PATH`,
      fix: `install ${program.viaEnv} or put it on the PATH the agent runs hooks with`,
    });
  }
  return findings;
}
