#!/usr/bin/env node
// The `hookwire` executable.
import { runCli } from "./main.js";

// `hookwire list | head` closes the pipe early; that is the reader's choice, not a failure.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const code = await runCli(process.argv.slice(2));
// The command is done; a timer or socket a hook left open must not keep the terminal waiting.
process.stdout.write("", () => process.exit(code));
