// `hookwire schema <format>`: the JSON Schema (draft 2020-12) of one agent's hooks file, for editors and CI.

import { didYouMean } from "@hookwire/core/internal";
import type { DialectId } from "@hookwire/settings-hooks";
import { tooling } from "@hookwire/settings-hooks";
import { defineCommand } from "citty";
import { CliUsageError } from "../errors.js";
import { createOutput } from "../output.js";

const { DIALECT_IDS, settingsJsonSchema } = tooling;

export const schemaCommand = defineCommand({
  args: {
    format: {
      type: "positional",
      description: `The settings format: ${DIALECT_IDS.join(", ")}`,
      required: true,
    },
  },
  async run({ args }) {
    const format = String(args.format);
    if (!(DIALECT_IDS as readonly string[]).includes(format)) {
      const hint = didYouMean(format, DIALECT_IDS);
      throw new CliUsageError(
        `Unknown settings format "${format}"${hint ? `; did you mean "${hint}"?` : "."} Use one of ${DIALECT_IDS.join(", ")}.`,
      );
    }
    createOutput().json(await settingsJsonSchema(format as DialectId));
  },
});
