// pi 1.6's own project trust granted as a user grants it: pi started in the project in a terminal, "Trust" chosen
// at its question (the first choice, Enter), which pi saves in ~/.pi/agent/trust.json. hookwire never writes that.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pi16Interactive } from "./agents.js";
import type { World } from "./world.js";

/** ANSI control sequences (colours, cursor moves, OSC links) out of a terminal's output: the text on the screen. */
const screenText = (raw: string) =>
  raw.replace(/\x1b\][^\x07\x1b]*(\x07|\x1b\\)/g, "").replace(/\x1b\[[0-9;?<>=]*[ -/]*[@-~]/g, "");

const trustStore = (w: World) => {
  try {
    return JSON.parse(readFileSync(path.join(w.home, ".pi", "agent", "trust.json"), "utf8")) as Record<
      string,
      unknown
    >;
  } catch {
    return undefined;
  }
};

/**
 * Starts pi 1.6 in the project on a pseudo-terminal (`script`, util-linux), waits for its question, answers
 * Enter, waits until pi saved the decision, then ends pi. Returns the question as the screen showed it.
 */
export async function grantPiTrust(w: World): Promise<string> {
  const { command, args, env } = pi16Interactive();
  const line = [command, ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(" ");
  const child = spawn("script", ["-qfec", line, "/dev/null"], {
    cwd: w.project,
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      LANG: "C.UTF-8",
      TERM: "xterm-256color",
      ...env,
      ...w.env,
    },
  });
  let raw = "";
  let failed: Error | undefined;
  child.on("error", (error) => {
    failed = new Error(
      `pi's trust question needs a terminal, from \`script\` (util-linux): ${error.message}`,
    );
  });
  child.stdout.on("data", (chunk: Buffer) => {
    raw += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    raw += chunk.toString("utf8");
  });
  const until = async (what: string, done: () => boolean) => {
    for (const started = Date.now(); !done(); ) {
      if (failed) throw failed;
      if (Date.now() - started > 60_000)
        throw new Error(`pi never got to ${what}; its screen:\n${screenText(raw).slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  try {
    await until("its trust question", () => screenText(raw).includes("Trust project folder?"));
    const question = screenText(raw);
    child.stdin.write("\r");
    await until("saving the decision", () => trustStore(w) !== undefined);
    return question.slice(question.indexOf("Trust project folder?"));
  } finally {
    try {
      process.kill(-(child.pid as number), "SIGKILL");
    } catch {}
  }
}
