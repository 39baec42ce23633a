// Reads a tool's required string parameter, with an error that names the tool and parameter.
import { ToolInputError } from "../errors.js";

export function stringParam(toolName: string, params: Record<string, unknown>, name: string): string {
  const value = params[name];
  if (typeof value !== "string") {
    throw new ToolInputError(
      toolName,
      `parameter "${name}" must be a string, got ${value === undefined ? "nothing" : typeof value}.`,
    );
  }
  return value;
}
