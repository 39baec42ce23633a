// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${NAME}` is shell parameter expansion here.
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { projectFolderName } from "@hookwire/settings-hooks";
import { describe, expect, it } from "vitest";
import { sandboxInProcess as sandbox } from "./cli-in-process.js";

/** A project whose SessionStart hook exports variables into CLAUDE_ENV_FILE under `set -u`, trusted. */
async function exportingProject() {
  const box = sandbox("basic");
  const script = [
    "#!/usr/bin/env bash",
    "set -euo pipefail",
    'printf \'export GREETING="hello from SessionStart"\\n\' >> "$CLAUDE_ENV_FILE"',
    'printf \'export PATH="$PATH:/opt/extra"\\n\' >> "$CLAUDE_ENV_FILE"',
  ].join("\n");
  writeFileSync(path.join(box.cwd, ".claude/bin/export-env.sh"), `${script}\n`, { mode: 0o755 });
  writeFileSync(
    path.join(box.cwd, ".claude/settings.json"),
    JSON.stringify({
      hooks: {
        SessionStart: [
          { hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR"/.claude/bin/export-env.sh' }] },
        ],
      },
    }),
  );
  expect((await box.run(["trust", "--yes"])).code).toBe(0);
  return box;
}

const echoInput = JSON.stringify({ command: 'echo "greeting=${GREETING:-unset} path=${PATH##*:}"' });

describe("hookwire tool --real and CLAUDE_ENV_FILE", () => {
  it("applies what an earlier `hookwire emit SessionStart` exported to the real bash tool, in that project only", {
    timeout: 120_000,
  }, async () => {
    const box = await exportingProject();
    expect((await box.run(["emit", "SessionStart"])).code).toBe(0);
    const after = await box.run(["tool", "bash", "--real", "--input", echoInput]);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain("greeting=hello from SessionStart path=/opt/extra");
    // The env file is in the test run's cache folder (vitest.global-setup.ts sets XDG_CACHE_HOME; the CLI inherits it).
    const cli = path.join(tmpdir(), "xdg-cache", "hookwire", "session-env", "hookwire-cli");
    const folder = path.join(cli, projectFolderName(box.cwd));
    expect(readFileSync(path.join(folder, "sessionstart-hook-0.sh"), "utf8")).toContain("export GREETING=");
    // Another project is another CLI session: none of those exports.
    const other = sandbox("basic");
    expect((await other.run(["trust", "--yes"])).code).toBe(0);
    expect((await other.run(["tool", "bash", "--real", "--input", echoInput])).stdout).toContain(
      "greeting=unset",
    );
  });
});
