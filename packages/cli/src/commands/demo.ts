// `hookwire demo`: the example host on its bundled project and script, in a temporary folder.
import { runDemo } from "@hookwire/example-host";
import { defineCommand } from "citty";
import { createOutput } from "../output.js";

export const demoCommand = defineCommand({
  meta: { name: "demo", description: "Run the example host on the bundled demo project and print its trace" },
  args: {
    script: {
      type: "string",
      description: "A scripted-model JSONL file instead of the bundled one",
      valueHint: "FILE",
    },
  },
  async run({ args }) {
    const out = createOutput();
    await runDemo({ print: (line) => out.line(line), script: args.script });
  },
});
