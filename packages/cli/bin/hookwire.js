#!/usr/bin/env node
// The `hookwire` executable. `--help` and `--version` are answered from dist/quick.json, which the build
// renders from the command table: a CommonJS file reading one JSON file starts in about the time of
// `node -e 0`, without the ES module loader. Everything else runs the CLI (dist/cli.js).
"use strict";

const first = process.argv[2];
if (first === "hook" && !process.argv.includes("--help") && !process.argv.includes("-h")) {
  // What an agent runs at each event: the shortest way to its answer (a running `hookwire serve`, else this
  // process). Before anything touches process.stdout: creating it for a pipe costs a fresh process milliseconds.
  require("../dist/hook-forward.cjs");
} else {
  quickOrCli();
}

function quickOrCli() {
  // `hookwire list | head` closes the pipe early; that is the reader's choice, not a failure.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error) => {
      if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  const quick = require("../dist/quick.json");
  const kind =
    first === undefined ? "usage" : Object.hasOwn(quick.answers, first) ? quick.answers[first] : undefined;
  if (kind === undefined) {
    import("../dist/cli.js");
  } else {
    // Colour on a terminal only, as `usage` in src/help.ts decides.
    const color = process.stdout.isTTY && !("NO_COLOR" in process.env);
    const text = kind === "version" ? quick.version : color ? quick.usage.color : quick.usage.plain;
    process.stdout.write(text, () => process.exit(0));
  }
}
