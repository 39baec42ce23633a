// The words of a permission question: who asked, what for, and why a call ended up denied.
import type { PermissionResolution, PermissionSource } from "./resolve.js";

const INPUT_PREVIEW_CHARS = 300;

export function describeSource(source: PermissionSource): string {
  switch (source.kind) {
    case "hook":
      return `hook \`${source.hookPath}\``;
    case "rule":
      return `${source.list} rule \`${source.rule}\``;
    case "default":
      return `default mode "${source.mode}"`;
  }
}

function preview(input: Record<string, unknown>): string {
  let text: string;
  try {
    text = JSON.stringify(input) ?? "{}";
  } catch {
    text = "(input cannot be shown)";
  }
  return text.length > INPUT_PREVIEW_CHARS ? `${text.slice(0, INPUT_PREVIEW_CHARS - 1)}…` : text;
}

/** The `ctx.ui.confirm(title, message)` arguments for an "ask" verdict. */
export function confirmationPrompt(
  toolName: string,
  input: Record<string, unknown>,
  resolution: PermissionResolution,
): { title: string; message: string } {
  return {
    title: `Allow ${toolName}?`,
    message: `${describeSource(resolution.source)} asks before running ${toolName}: ${resolution.reason}\nInput: ${preview(input)}`,
  };
}

export function noUIReason(toolName: string, resolution: PermissionResolution): string {
  return `${toolName} needs confirmation (${describeSource(resolution.source)}: ${resolution.reason}), but no UI was available to ask, so the call was denied.`;
}

export function declinedReason(toolName: string, resolution: PermissionResolution): string {
  return `The user declined ${toolName} (asked by ${describeSource(resolution.source)}).`;
}
