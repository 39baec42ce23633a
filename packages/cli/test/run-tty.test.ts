import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { bin, sandbox } from "./cli-harness.js";

// util-linux `script` gives the CLI a real pseudo-terminal, so the terminal UI (not the no-op one) answers.
const hasScript = spawnSync("script", ["--version"]).status === 0;

beforeAll(() => ensureBuilt(), 180_000);

function runInTerminal(cwd: string, home: string, args: string[], answer: string): Promise<string> {
  const command = [process.execPath, bin, ...args].map((word) => `'${word}'`).join(" ");
  const child = spawn("script", ["-qfec", command, "/dev/null"], {
    cwd,
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, ".config"),
      NO_COLOR: "1",
      TERM: "dumb",
    },
  });
  let output = "";
  let answered = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no exit within 30 s; output so far:\n${output}`));
    }, 30_000);
    child.stdout.on("data", (chunk) => {
      output += String(chunk);
      if (!answered && output.includes("Allow? [y/N]")) {
        answered = true;
        child.stdin.write(answer);
      }
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve(`${output.replace(/\r\n/g, "\n")}[exit ${code}]`);
    });
  });
}

describe.skipIf(!hasScript)("hookwire run on a terminal", () => {
  it("asks the confirm prompt on the terminal and acts on the answer", async () => {
    const box = sandbox("basic");
    box.run(["trust", "--yes"]);
    const yes = await runInTerminal(box.cwd, box.home, ["run", "/greet", "Ada"], "y\n");
    expect(yes).toMatchInlineSnapshot(`
      "▶ command: /greet Ada
      Greet?
      Say hello to Ada
      Allow? [y/N] y
      ℹ hello Ada
      [exit 0]"
    `);
    const no = await runInTerminal(box.cwd, box.home, ["run", "/greet", "Ada"], "n\n");
    expect(no).toContain("ℹ not greeting");
  });
});
