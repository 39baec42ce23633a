// One thing doctor (or a connected agent's check) found about a hook source: where, what, how to fix it.
export interface Finding {
  severity: "error" | "warning";
  /** The file or hook the finding is about, with the JSON path for settings handlers. */
  where: string;
  message: string;
  fix?: string;
}
