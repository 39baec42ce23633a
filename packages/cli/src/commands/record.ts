// `hookwire record <name> [event] --input …`: runs an event through emit and saves it as `.hookwire/tests/<name>.json`.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { defineCommand } from "citty";
import { CliUsageError } from "../errors.js";
import { emitJson, FIXTURE_DIR } from "../fixtures.js";
import { readJsonObject } from "../input.js";
import { createOutput } from "../output.js";
import { resolveProject } from "../project.js";
import { cwdArg } from "../shared-args.js";

const NAME = /^[\w.-]+$/;

export const recordCommand = defineCommand({
  args: {
    name: {
      type: "positional",
      description: "The fixture's name: .hookwire/tests/<name>.json",
      required: true,
    },
    event: {
      type: "positional",
      description: "The event (default: the input's hook_event_name, as an agent sends it)",
      required: false,
    },
    input: {
      type: "string",
      description: "The event as JSON, @file.json, or - (an agent's hook stdin, saved as it came)",
      valueHint: "JSON",
    },
    force: { type: "boolean", description: "Overwrite a fixture of that name", default: false },
    ...cwdArg,
  },
  async run({ args }) {
    const out = createOutput();
    const name = String(args.name);
    if (!NAME.test(name)) {
      throw new CliUsageError(
        `Fixture name ${JSON.stringify(name)} must be a file name: letters, digits, ".", "_", "-".`,
      );
    }
    const { root, start } = resolveProject(args.cwd);
    const input = readJsonObject(args.input, "--input", start);
    const event =
      args.event ?? (typeof input.hook_event_name === "string" ? input.hook_event_name : undefined);
    if (!event) {
      throw new CliUsageError(
        "Which event? Pass it (hookwire record <name> PreToolUse --input …) or give input with hook_event_name.",
      );
    }
    const file = path.join(root, FIXTURE_DIR, `${name}.json`);
    if (existsSync(file) && !args.force) {
      throw new CliUsageError(`${path.relative(root, file)} exists; pass --force to record it again.`);
    }
    const result = await emitJson(root, event, input);
    // What a test should hold on to: the decision, not timings or the trace's wording.
    const expect = { blocked: result.blocked, outcome: result.outcome };
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ event, input, expect }, null, 2)}\n`);
    out.line(`✔ wrote ${path.relative(root, file)}  (blocked: ${String(result.blocked)})`);
  },
});
