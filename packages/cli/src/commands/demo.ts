// `hookwire demo`: the bundled demo project and scripted model, run by the host kit in a temporary folder.
import { defineCommand } from "citty";
import { runDemo } from "../demo/run-demo.js";
import { createOutput } from "../output.js";

export const demoCommand = defineCommand({
  args: {
    script: {
      type: "string",
      description: "A scripted-model JSONL file instead of the bundled one",
      valueHint: "FILE",
    },
    keep: {
      type: "boolean",
      description: "Keep the demo's temporary folder instead of removing it",
      default: false,
    },
  },
  async run({ args }) {
    const out = createOutput();
    await runDemo({ print: (line) => out.line(line), script: args.script, keep: args.keep });
  },
});
