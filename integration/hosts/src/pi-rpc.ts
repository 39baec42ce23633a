// pi in its RPC mode: the prompt on stdin, each dialog answered "no", and the run ended once pi has gone quiet.
import type { ChildProcess } from "node:child_process";
import type { RunOptions } from "./agents.js";

/** How long pi may stay idle after a turn before the run ends: an extension's follow-up starts one well within it. */
const QUIET_MS = 5000;

/**
 * pi run as an application embedding it would (`pi --mode rpc`): its extensions have a UI there, so a hook's
 * question, line for the user and status line reach the client as `extension_ui_request`s on stdout (print mode
 * has none). Every question is answered "no"; stdin closes once no turn started for `QUIET_MS`.
 */
export function piRpc(prompt: string): NonNullable<RunOptions["drive"]> {
  return {
    args(args) {
      const at = args.indexOf("-p");
      return at === -1 ? args : [...args.slice(0, at), "--mode", "rpc", ...args.slice(at + 2)];
    },
    talk(child: ChildProcess) {
      const send = (message: object) => child.stdin?.write(`${JSON.stringify(message)}\n`);
      let timer: NodeJS.Timeout | undefined;
      const quiet = () => {
        clearTimeout(timer);
        timer = setTimeout(() => child.stdin?.end(), QUIET_MS);
      };
      let buffer = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        buffer += chunk.toString("utf8");
        // RPC mode frames records by LF only (a JSON string may hold U+2028, which readline would split on).
        for (let end = buffer.indexOf("\n"); end !== -1; end = buffer.indexOf("\n")) {
          const line = buffer.slice(0, end).replace(/\r$/, "");
          buffer = buffer.slice(end + 1);
          let event: { type?: string; method?: string; id?: string; command?: string };
          try {
            event = JSON.parse(line);
          } catch {
            continue;
          }
          if (event.type === "extension_ui_request" && event.method === "confirm")
            send({ type: "extension_ui_response", id: event.id, confirmed: false });
          if (event.type === "agent_start") clearTimeout(timer);
          if (event.type === "agent_end" || (event.type === "response" && event.command === "prompt"))
            quiet();
        }
      });
      child.on("close", () => clearTimeout(timer));
      send({ type: "prompt", message: prompt });
    },
  };
}
