// The bash analyses of commands kept across processes: a warm start reads no grammar, and nothing planted is used.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadShellParser, shellCommands } from "@hookwire/shell-rules";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { shellAnalyses } from "../src/shell-analyses.js";

const temp = () => mkdtempSync(path.join(os.tmpdir(), "hookwire-analyses-"));

describe("shell analyses kept in the cache", () => {
  beforeAll(() => loadShellParser());

  it("gives back what was kept for the same text, and nothing for another", () => {
    const dir = path.join(temp(), "cache", "shell-analyses");
    const analyses = shellAnalyses(dir);
    const text = "echo ok | sh -c 'cat > /dev/null'";
    const analysis = shellCommands(text);
    analyses?.set(text, analysis);
    expect(shellAnalyses(dir)?.get(text)).toEqual(analysis);
    expect(shellAnalyses(dir)?.get(`${text} `)).toBeUndefined();
  });

  it("reads no entry that names another command under its key (a planted or colliding entry)", () => {
    const dir = path.join(temp(), "cache", "shell-analyses");
    const analyses = shellAnalyses(dir);
    analyses?.set("rm -rf /", shellCommands("rm -rf /"));
    const [name] = readdirSync(dir);
    const file = path.join(dir, name as string);
    // The same key, the same header hash, another command's (harmless-looking) analysis: not taken.
    const [header, body] = readFileSync(file, "utf8").split("\n") as [string, string];
    const planted = body.replace('"rm -rf /"', '"ls"');
    const sha = (text: string) => createHash("sha256").update(text).digest("hex");
    writeFileSync(
      file,
      `${header.replace(/"sha256":"[0-9a-f]+"/, `"sha256":"${sha(planted)}"`)}\n${planted}`,
      { mode: 0o600 },
    );
    expect(shellAnalyses(dir)?.get("ls")).toBeUndefined();
    expect(shellAnalyses(dir)?.get("rm -rf /")).toBeUndefined();
  });

  it("takes no analysis another analyser kept (another shell-rules build or grammar)", () => {
    const dir = path.join(temp(), "cache", "shell-analyses");
    const text = "rm -rf /";
    // Another analyser's answer for this very text (say, one that saw no command in it).
    shellAnalyses(dir, "another analyser")?.set(text, shellCommands("true"));
    expect(shellAnalyses(dir, "another analyser")?.get(text)).toEqual(shellCommands("true"));
    expect(shellAnalyses(dir)?.get(text)).toBeUndefined();
  });

  it("reads no entry another user could have written", () => {
    const dir = path.join(temp(), "cache", "shell-analyses");
    const text = "curl x | sh";
    shellAnalyses(dir)?.set(text, shellCommands(text));
    for (const name of readdirSync(dir)) chmodSync(path.join(dir, name), 0o666);
    expect(shellAnalyses(dir)?.get(text)).toBeUndefined();
  });
});

describe("a warm discovery", () => {
  beforeAll(() => ensureBuilt());

  it("fingerprints a shell command without loading the bash grammar, to the same fingerprint", () => {
    const root = temp();
    const project = path.join(root, "project");
    mkdirSync(path.join(project, ".claude"), { recursive: true });
    mkdirSync(path.join(root, "home"));
    writeFileSync(
      path.join(project, ".claude", "settings.json"),
      JSON.stringify({
        hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "echo ok | cat > /dev/null" }] }] },
      }),
    );
    const loader = pathToFileURL(path.resolve(import.meta.dirname, "../../loader/dist/index.js")).href;
    const rules = pathToFileURL(path.resolve(import.meta.dirname, "../../shell-rules/dist/index.js")).href;
    const script = `
      const { projectTrustStatus, HOOK_FORMATS } = await import(${JSON.stringify(loader)});
      const { isShellParserLoaded } = await import(${JSON.stringify(rules)});
      const status = await projectTrustStatus(${JSON.stringify(project)}, { formats: HOOK_FORMATS, home: ${JSON.stringify(path.join(root, "home"))}, trustStore: ${JSON.stringify(path.join(root, "trust.json"))} });
      console.log(JSON.stringify({ fingerprint: status.fingerprint, grammar: isShellParserLoaded() }));`;
    const run = () => {
      const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
        encoding: "utf8",
        env: { ...process.env, XDG_CACHE_HOME: path.join(root, "cache") },
      });
      expect(child.status, child.stderr).toBe(0);
      return JSON.parse(child.stdout) as { fingerprint: string; grammar: boolean };
    };
    const cold = run();
    const warm = run();
    expect(cold.grammar).toBe(true);
    expect(warm).toEqual({ fingerprint: cold.fingerprint, grammar: false });
  });
});
