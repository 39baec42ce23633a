// `--http-port N` on a hook command (what `connect --http` writes on the SessionStart command beside its http
// entries): taken off the flags before they are checked, by the forwarding client and the in-process path alike.

/** The port (1-65535) and the other flags; `port: undefined` without the flag, `null` for a malformed one. */
export function takeHttpPort(flags: readonly string[]): { port: number | undefined | null; rest: string[] } {
  const at = flags.indexOf("--http-port");
  if (at === -1) return { port: undefined, rest: [...flags] };
  const word = flags[at + 1] ?? "";
  const port = /^\d{1,5}$/.test(word) && Number(word) >= 1 && Number(word) <= 65535 ? Number(word) : null;
  return { port, rest: [...flags.slice(0, at), ...flags.slice(at + 2)] };
}
