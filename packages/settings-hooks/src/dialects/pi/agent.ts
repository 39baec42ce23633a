// pi as hookwire connects to it: `@hookwire/pi` in its settings' package list, run in pi's own process.
import type { PackageAgentSpec } from "../agent-spec.js";
import { namesPackage } from "../package-item.js";

export const piAgent: PackageAgentSpec = {
  kind: "package",
  id: "pi",
  label: "pi",
  package: "@hookwire/pi",
  markers: [".pi"],
  // pi's hook folders; `.omp` is its fork oh-my-pi's, read the same way.
  hookFolders: [
    { dir: ".pi", style: "native" },
    { dir: ".omp", style: "native" },
  ],
  watched: [],
  ownFolders: [
    { dir: ".pi/extensions", base: "project" },
    { dir: ".pi/agent/extensions", base: "home" },
  ],
  // Where `pi install -l` and `pi install` write; pi installs a project's missing packages when it starts.
  project: { files: [".pi/settings.json"], local: false },
  user: { files: [".pi/agent/settings.json"] },
  list: "packages",
  item: "npm:@hookwire/pi",
  isOwn: namesPackage("npm:@hookwire/pi", "@hookwire/pi"),
  gate: "pi loads the package from there when it next starts (with --from-npm it first installs it from npm, as `pi install npm:@hookwire/pi` does) and runs hookwire in its own process.",
  runsItself: "its own extensions (`.pi/extensions`, pi packages): none is a hookwire format",
  // packages/pi/src/events.ts, each answered in pi's own result shape.
  events: [
    { event: "tool_call", native: "tool_call", applies: ["deny", "ask", "rewrite", "context"] },
    { event: "tool_result", native: "tool_result", applies: ["context", "output"] },
    { event: "before_agent_start", native: "before_agent_start", applies: ["context", "refusePrompt"] },
    // A follow-up sent from agent_end never reaches the model in pi 0.73.1 (print or RPC mode; measured:
    // integration/hosts/capabilities.json): pi is still streaming then, and queues it for a turn that never comes.
    // pi 1.6 starts a fresh run for what agent_end handlers queued, before it settles (print and RPC mode alike).
    {
      event: "agent_end",
      native: "agent_end",
      applies: [],
      since: { version: "1.6.0", applies: ["followUp"] },
    },
  ],
  notes:
    "A hook's ask is pi's confirm dialog (refused without a UI); `context` gives pi the messages as the hooks left " +
    "them; every other pi event reaches hooks as the native event of the same name, its result returned to pi.",
  showsLines: true,
  showsStatus: true,
  // pi 1.6 loads a project's .pi/settings.json (its packages) only once it trusts the project; 0.73 has no such gate.
  silencers: [
    {
      file: ".pi/agent/trust.json",
      base: "home",
      format: "json",
      key: "<project>",
      kind: "projectTrust",
      defaultIn: {
        file: ".pi/agent/settings.json",
        key: "defaultProjectTrust",
        trusts: "always",
        otherwise: "ask",
      },
      // Measured: `pi -p --approve` loads a project-level @hookwire/pi that `pi -p` skips.
      oneRun: "--approve",
    },
  ],
  json: { comments: false },
};
