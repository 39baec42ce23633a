// PostCompact: after the conversation was compacted; hooks see the summary.
import { bridged } from "../define.js";

export const postCompact = bridged({
  name: "PostCompact",
  description: "After the conversation was compacted: read the summary.",
  native: "session_compact",
  matcher: "regex",
  matcherField: "trigger",
  canBlock: false,
  canStop: false,
  tool: false,
  defaultTimeout: 600,
  session: ["prompt_id", "permission_mode"],
  input(event, { state }) {
    const summary = (event.compactionEntry as { summary?: unknown }).summary;
    return {
      trigger: state.compactTrigger,
      ...(typeof summary === "string" ? { compact_summary: summary } : {}),
    };
  },
  apply: () => undefined,
});
