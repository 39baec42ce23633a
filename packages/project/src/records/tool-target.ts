// What a tool call is about, for the decision record: the command it runs, the path it reads or writes, or the URL it
// fetches, taken from the native tool input (`bash {command}`, `read {path}`, an agent's own `file_path` or `url`).
// record.ts redacts it.

/** The input fields that name what a call is about, the first one present wins. */
const TARGET_FIELDS = ["command", "path", "file_path", "notebook_path", "url", "pattern"] as const;

export function toolTarget(input: unknown): string | undefined {
  if (typeof input !== "object" || input === null) return undefined;
  for (const field of TARGET_FIELDS) {
    const value = (input as Record<string, unknown>)[field];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}
