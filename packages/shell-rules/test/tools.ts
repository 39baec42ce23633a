// A host's tool table for the tests: tools named as rules name them, with the families rules read them by.
import type { RuleToolSpec, RuleTools } from "../src/index.js";

const specs: readonly RuleToolSpec[] = [
  { name: "Bash", family: "shell" },
  { name: "Read", family: "read", pathFields: ["file_path"] },
  { name: "Grep", family: "read", pathFields: ["path"], searchesCwd: true },
  { name: "Glob", family: "read", pathFields: ["path"], searchesCwd: true },
  { name: "Edit", family: "edit", pathFields: ["file_path"] },
  { name: "Write", family: "edit", pathFields: ["file_path"] },
  { name: "Fetch", family: "value", ruleValue: (input) => String(input.url ?? "") },
];

export const tools: RuleTools = {
  call: (name, input) => ({ name, input, spec: specs.find((spec) => spec.name === name) }),
  ruleToolName: (name) => name,
  families: { read: "Read", edit: "Edit" },
};
