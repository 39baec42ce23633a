import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultSessionEnvDir, SessionEnvironment } from "../src/session-env.js";

const dir = () => path.join(mkdtempSync(path.join(tmpdir(), "hookwire-session-env-")), "env");
const shell = (prelude: string, script: string) =>
  execFileSync("bash", ["-c", `${prelude}\n${script}`], {
    encoding: "utf8",
    env: { PATH: process.env.PATH },
  });

describe("SessionEnvironment", () => {
  it("sees the files another instance on the same folder handed out (the CLI's next command)", () => {
    const folder = dir();
    const first = new SessionEnvironment(folder);
    writeFileSync(first.createFile("SessionStart", 0), "export NODE_ENV=test\n");
    first.createFile("SessionStart", 1); // left empty: not sourced
    const later = new SessionEnvironment(folder);
    expect(later.files().map((f) => path.basename(f))).toEqual(["sessionstart-hook-0.sh"]);
    expect(shell(later.prelude(), 'echo "$NODE_ENV"')).toBe("test\n");
  });

  it("sources the files by hook number, so hook 10 comes after hook 2", () => {
    const env = new SessionEnvironment(dir());
    for (const n of [10, 2, 1])
      writeFileSync(env.createFile("SessionStart", n), `export ORDER="\${ORDER:-}${n},"\n`);
    expect(shell(env.prelude(), 'echo "$ORDER"')).toBe("1,2,10,\n");
  });

  it("never sources a FIFO, a link or a file it did not name", () => {
    const folder = dir();
    const env = new SessionEnvironment(folder);
    writeFileSync(env.createFile("SessionStart", 0), "export KEPT=1\n");
    // A FIFO would make every Bash call wait forever for a writer.
    execFileSync("mkfifo", [path.join(folder, "sessionstart-hook-1.sh")]);
    const elsewhere = path.join(path.dirname(folder), "elsewhere.sh");
    writeFileSync(elsewhere, "export LINKED=1\n");
    symlinkSync(elsewhere, path.join(folder, "sessionstart-hook-2.sh"));
    writeFileSync(path.join(folder, "notes.sh"), "export STRAY=1\n");
    mkdirSync(path.join(folder, "sessionstart-hook-3.sh"));
    expect(env.files().map((f) => path.basename(f))).toEqual(["sessionstart-hook-0.sh"]);
    expect(shell(env.prelude(), 'echo "$KEPT|$LINKED|$STRAY"')).toBe("1||\n");
  });

  it("quotes file names for the shell, and gives no prelude before the folder exists", () => {
    const folder = path.join(dir(), "it's $(here)");
    const env = new SessionEnvironment(folder);
    expect(env.prelude()).toBe("");
    writeFileSync(env.createFile("SessionStart", 0), "export Q=ok\n");
    expect(shell(env.prelude(), 'echo "$Q"')).toBe("ok\n");
  });

  it("is per session under the XDG cache folder by default", () => {
    expect(defaultSessionEnvDir("abc", { XDG_CACHE_HOME: "/x" })).toBe(
      path.join("/x", "hookwire", "session-env", "abc"),
    );
  });
});
