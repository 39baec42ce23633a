// `hookwire serve --policy DIR --tokens FILE`: one policy served to many developers over http, a token each.
import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { readDecisions } from "@hookwire/project/records";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { bin, claudeBash } from "./cli-harness.js";
import { type InProcessSandbox as Sandbox, sandboxInProcess as sandbox } from "./cli-in-process.js";
import { boxEnv, post, type Served, serve } from "./serve-harness.js";

// The server is the built binary (serve-harness.ts): a process that runs until it is stopped, as an operator's does.
// The commands around it (token, trust, a start refused) run in this process.
beforeAll(() => ensureBuilt(), 300_000);

const running: Served[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
});

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A guard module that blocks commands containing `word` and leaves a mark in `marks` for every call it sees. */
const guard = (word: string, reason: string, marks: string) => `import { appendFileSync } from "node:fs";
export default (pi: any) => {
  pi.on("tool_call", (event: any) => {
    appendFileSync(${JSON.stringify(marks)}, "call\\n");
    if (String(event.input.command ?? "").includes(${JSON.stringify(word)})) return { block: true, reason: ${JSON.stringify(reason)} };
  });
};
`;

/** A Claude Code settings hook refusing commands with `word` (exit 2): a format the developer's agent would run itself. */
const settingsHook = (word: string, reason: string) =>
  JSON.stringify({
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            { type: "command", command: `grep -q '${word}' && { echo '${reason}' >&2; exit 2; } || exit 0` },
          ],
        },
      ],
    },
  });

interface Team {
  box: Sandbox;
  policy: string;
  tokens: string;
  marks: string;
}

/** A sandbox with a policy folder (a TS guard against rm -rf, a settings hook against git push) and a token file. */
function team(): Team {
  const box = sandbox("connect");
  const root = path.dirname(box.cwd);
  const policy = path.join(root, "policy");
  const marks = path.join(root, "policy-calls.txt");
  write(path.join(policy, ".hookwire/hooks/guard.ts"), guard("rm -rf", "team policy: no rm -rf", marks));
  write(path.join(policy, ".claude/settings.json"), settingsHook("git push", "team policy: no git push"));
  return { box, policy, tokens: path.join(root, "tokens"), marks };
}

async function addToken(t: Team, name: string): Promise<string> {
  const added = await t.box.run(["serve", "token", "add", name, "--tokens", t.tokens]);
  expect(added.code, added.stderr).toBe(0);
  return added.stdout.trim();
}

async function started(t: Team, args: string[] = []): Promise<Served> {
  const server = await serve(t.box, [
    "--policy",
    t.policy,
    "--tokens",
    t.tokens,
    "--listen",
    "127.0.0.1:0",
    ...args,
  ]);
  running.push(server);
  return server;
}

const preToolUse = (cwd: string, command: string, session = "s-1") => claudeBash(cwd, command, session);

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
/** A folder on a developer's machine: it does not exist on the server. */
const DEV_CWD = "/home/dev/work/app";

const logOf = (t: Team) => path.join(t.box.home, ".local/state/hookwire/decisions.jsonl");

/** What each logged decision says, in order, once `count` are written. */
async function decisions(t: Team, count: number) {
  await expect.poll(() => readDecisions(logOf(t)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return readDecisions(logOf(t)).map((d) => ({
    user: d.user,
    decision: d.decision,
    project: d.project,
    ...(d.reason ? { reason: d.reason } : {}),
  }));
}

describe("hookwire serve --policy (a team server)", () => {
  it("runs the policy's hooks for two developers, and each decision carries the developer's name", async () => {
    const t = team();
    const alice = await addToken(t, "alice");
    const bob = await addToken(t, "bob");
    const server = await started(t);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const answers = [
      await post(`${server.url}/claude`, preToolUse(DEV_CWD, "rm -rf build"), bearer(alice)),
      await post(`${server.url}/claude`, preToolUse("/home/bob/x", "rm -rf /"), bearer(bob)),
      await post(`${server.url}/claude/PreToolUse`, preToolUse(DEV_CWD, "git push -f"), bearer(alice)),
      await post(`${server.url}/claude/PreToolUse`, preToolUse("/home/bob/x", "git push"), bearer(bob)),
      await post(`${server.url}/claude`, preToolUse("/home/bob/x", "ls"), bearer(bob)),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const said = answers.map(
      (a) =>
        (a.json as { hookSpecificOutput: { permissionDecision?: string; permissionDecisionReason?: string } })
          .hookSpecificOutput,
    );
    expect(said.map((s) => s.permissionDecisionReason ?? s.permissionDecision ?? "allowed")).toEqual([
      "team policy: no rm -rf",
      "team policy: no rm -rf",
      "team policy: no git push",
      "team policy: no git push",
      "allowed",
    ]);
    const policy = realpathSync(t.policy);
    expect(await decisions(t, 5)).toEqual([
      { user: "alice", decision: "block", project: policy, reason: "team policy: no rm -rf" },
      { user: "bob", decision: "block", project: policy, reason: "team policy: no rm -rf" },
      { user: "alice", decision: "block", project: policy, reason: "team policy: no git push" },
      { user: "bob", decision: "block", project: policy, reason: "team policy: no git push" },
      { user: "bob", decision: "none", project: policy },
    ]);
  }, 60_000);

  it("refuses an absent, a wrong and a revoked token with 401 and the reason, runs nothing, and logs each", async () => {
    const t = team();
    const alice = await addToken(t, "alice");
    const server = await started(t);
    const body = preToolUse(DEV_CWD, "ls");
    const tries = [
      await post(`${server.url}/claude`, body, {}),
      await post(`${server.url}/claude`, body, { Authorization: "Bearer " }),
      await post(`${server.url}/claude`, body, bearer(`${alice}x`)),
      await post(`${server.url}/claude`, body, { Authorization: alice }),
      // The file's hash offered as the token: only the token itself opens.
      await post(
        `${server.url}/claude`,
        body,
        bearer(readFileSync(t.tokens, "utf8").trim().split(" ")[1] ?? ""),
      ),
    ];
    expect(tries.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(tries.map((r) => (r.json as { error: string }).error)).toMatchInlineSnapshot(`
      [
        "No token came with the call. Set HOOKWIRE_TOKEN to the token your team gave you in the agent's environment.",
        "No token came with the call. Set HOOKWIRE_TOKEN to the token your team gave you in the agent's environment.",
        "This token is not one of this team server's. Ask your team for yours.",
        "The Authorization header is not \`Bearer <token>\`.",
        "This token is not one of this team server's. Ask your team for yours.",
      ]
    `);
    // Revoked while the server runs: refused from the next call on, and logged with the name.
    expect((await post(`${server.url}/claude`, body, bearer(alice))).status).toBe(200);
    const revoked = await t.box.run(["serve", "token", "revoke", "alice", "--tokens", t.tokens]);
    expect(revoked.code, revoked.stderr).toBe(0);
    const refused = await post(`${server.url}/claude`, body, {
      ...bearer(alice),
      "X-Forwarded-For": "203.0.113.7",
    });
    expect([refused.status, (refused.json as { error: string }).error]).toEqual([
      401,
      "The token of alice was revoked. Ask your team for a new one.",
    ]);
    expect(readFileSync(t.marks, "utf8")).toBe("call\n");
    const logged = (await decisions(t, 7)).map((d) => ({
      ...d,
      project: undefined,
      reason: d.reason?.replace(/[0-9a-f]{12}…/, "<digest>…"),
    }));
    expect(logged.filter((d) => d.decision === "refused")).toMatchInlineSnapshot(`
      [
        {
          "decision": "refused",
          "project": undefined,
          "reason": "401 from 127.0.0.1: No token came with the call. Set HOOKWIRE_TOKEN to the token your team gave you in the agent's environment.",
          "user": undefined,
        },
        {
          "decision": "refused",
          "project": undefined,
          "reason": "401 from 127.0.0.1: No token came with the call. Set HOOKWIRE_TOKEN to the token your team gave you in the agent's environment.",
          "user": undefined,
        },
        {
          "decision": "refused",
          "project": undefined,
          "reason": "401 from 127.0.0.1, token sha256:<digest>…: This token is not one of this team server's. Ask your team for yours.",
          "user": undefined,
        },
        {
          "decision": "refused",
          "project": undefined,
          "reason": "401 from 127.0.0.1: The Authorization header is not \`Bearer <token>\`.",
          "user": undefined,
        },
        {
          "decision": "refused",
          "project": undefined,
          "reason": "401 from 127.0.0.1, token sha256:<digest>…: This token is not one of this team server's. Ask your team for yours.",
          "user": undefined,
        },
        {
          "decision": "refused",
          "project": undefined,
          "reason": "401 from 127.0.0.1 (X-Forwarded-For: 203.0.113.7), token sha256:<digest>…: The token of alice was revoked. Ask your team for a new one.",
          "user": "alice",
        },
      ]
    `);
  }, 60_000);

  it("runs the same policy whatever the event's cwd: a trusted folder with hooks of its own changes nothing", async () => {
    const t = team();
    const alice = await addToken(t, "alice");
    // A project on the server's own disk, with hooks that would block `ls`, trusted by the server's user.
    const other = path.join(path.dirname(t.box.cwd), "other");
    const otherMarks = path.join(path.dirname(t.box.cwd), "other-calls.txt");
    write(path.join(other, ".hookwire/hooks/guard.ts"), guard("ls", "the other project's guard", otherMarks));
    write(path.join(other, ".claude/settings.json"), settingsHook("ls", "the other project's settings"));
    mkdirSync(path.join(other, ".git"));
    expect((await t.box.run(["trust", "--yes"], { cwd: other })).code).toBe(0);
    const server = await started(t);

    for (const cwd of [other, path.join(other, ".hookwire"), t.policy, "relative/path", "", "/"]) {
      const answer = await post(`${server.url}/claude`, preToolUse(cwd, "ls"), bearer(alice));
      expect([cwd, answer.json]).toEqual([cwd, { hookSpecificOutput: { hookEventName: "PreToolUse" } }]);
    }
    // A project variable an agent might send names no root either.
    const withEnv = await post(
      `${server.url}/claude`,
      JSON.stringify({ ...JSON.parse(preToolUse(other, "ls")), CLAUDE_PROJECT_DIR: other }),
      bearer(alice),
    );
    expect(withEnv.status).toBe(200);
    expect(existsSync(otherMarks)).toBe(false);
    expect(readFileSync(t.marks, "utf8")).toBe("call\n".repeat(7));
  }, 60_000);

  it("keeps each developer's sessions apart: another's session id reaches none of its state", async () => {
    const t = team();
    write(
      path.join(t.policy, ".hookwire/hooks/entries.ts"),
      `export default (pi: any) => {
  pi.on("session_start", () => pi.appendEntry("seen", { at: 1 }));
  pi.on("before_agent_start", (_event: any, ctx: any) => ({
    message: { customType: "n", content: "entries=" + ctx.sessionManager.getEntries().length, display: false },
  }));
};
`,
    );
    const alice = await addToken(t, "alice");
    const bob = await addToken(t, "bob");
    const server = await started(t);
    const event = (name: string, fields: object) =>
      JSON.stringify({
        session_id: "shared",
        transcript_path: "",
        cwd: DEV_CWD,
        hook_event_name: name,
        ...fields,
      });
    const entries = async (token: string) =>
      (
        (await post(`${server.url}/claude`, event("UserPromptSubmit", { prompt: "hi" }), bearer(token)))
          .json as { hookSpecificOutput: { additionalContext: string } }
      ).hookSpecificOutput.additionalContext;
    await post(`${server.url}/claude`, event("SessionStart", { source: "startup" }), bearer(alice));
    expect(await entries(alice)).toBe("entries=1");
    expect(await entries(bob)).toBe("entries=0");
    expect(await entries(alice)).toBe("entries=1");
  }, 60_000);

  it("refuses tool calls once a policy file changes, telling the operator, until they trust it again or restart", async () => {
    const t = team();
    const alice = await addToken(t, "alice");
    const server = await started(t);
    expect((await post(`${server.url}/claude`, preToolUse(DEV_CWD, "ls"), bearer(alice))).status).toBe(200);
    // Someone with write access to the server's checkout loosens the policy.
    write(path.join(t.policy, ".hookwire/hooks/guard.ts"), "export default () => {};\n");
    const after = await post(`${server.url}/claude`, preToolUse(DEV_CWD, "rm -rf /"), bearer(alice));
    const said = (
      after.json as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } }
    ).hookSpecificOutput;
    const policy = realpathSync(t.policy);
    expect([said.permissionDecision, said.permissionDecisionReason.replaceAll(policy, "<policy>")]).toEqual([
      "deny",
      "hookwire: the project's hooks changed since it was trusted: hook .hookwire/hooks/guard.ts edited. Its tool calls are refused until you review and trust them: pnpm exec hookwire trust --cwd <policy> — on the team server, by its operator (or the server is started again).",
    ]);
    await expect
      .poll(() => server.stderr())
      .toContain(
        `hookwire serve: the policy in ${policy} is changed since it was trusted (hook .hookwire/hooks/guard.ts edited): its hooks do not run and tool calls are refused. Review and trust it as this user (hookwire trust --cwd ${policy} shows the diff), or start the server again.`,
      );
    // The operator reviews the change and trusts it: the running server takes it up.
    expect((await t.box.run(["trust", "--yes", "--cwd", t.policy], { env: boxEnv(t.box) })).code).toBe(0);
    await expect
      .poll(
        async () => (await post(`${server.url}/claude`, preToolUse(DEV_CWD, "rm -rf /"), bearer(alice))).json,
        {
          timeout: 10_000,
        },
      )
      .toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse" } });
    expect(server.stderr()).toContain(`hookwire serve: the policy in ${policy} is loaded again, trusted.`);
    await server.stop();
    // Started again: the operator's act of trust; the server prints the new fingerprint.
    write(path.join(t.policy, ".hookwire/hooks/guard.ts"), guard("rm -rf", "blocked again", t.marks));
    const again = await started(t);
    expect(again.stderr()).toMatch(/fingerprint sha256:[0-9a-f]{64} \(2 items/);
    const now = await post(`${again.url}/claude`, preToolUse(DEV_CWD, "rm -rf /"), bearer(alice));
    expect(
      (now.json as { hookSpecificOutput: { permissionDecisionReason: string } }).hookSpecificOutput
        .permissionDecisionReason,
    ).toBe("blocked again");
  }, 60_000);

  it("starts only on the policy the operator reviewed when given its --fingerprint", async () => {
    const t = team();
    await addToken(t, "alice");
    const run = await t.box.run(
      ["serve", "--policy", t.policy, "--tokens", t.tokens, "--fingerprint", `sha256:${"0".repeat(64)}`],
      { env: boxEnv(t.box) },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /The policy in .*policy has fingerprint sha256:[0-9a-f]{64}, not the sha256:0{64} given with --fingerprint\./,
    );
  }, 60_000);
});

describe("the team server's address", () => {
  it("refuses an address other machines reach without --plain-http, and warns with it", async () => {
    const t = team();
    await addToken(t, "alice");
    const refused = await t.box.run(
      ["serve", "--policy", t.policy, "--tokens", t.tokens, "--listen", "0.0.0.0:0"],
      {
        env: boxEnv(t.box),
      },
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatchInlineSnapshot(`
      "hookwire: --listen 0.0.0.0:0 can be reached from other machines, and the server speaks plain http: tokens and commands would cross the network readable. Bind 127.0.0.1 behind the team's TLS terminator (docs/scale.md), or pass --plain-http if the network between them is private.
      "
    `);
    const server = await serve(t.box, [
      "--policy",
      t.policy,
      "--tokens",
      t.tokens,
      "--listen",
      "0.0.0.0:0",
      "--plain-http",
    ]);
    running.push(server);
    expect(server.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
    expect(server.stderr()).toContain("WARNING: plain http on http://0.0.0.0:");
  }, 60_000);
});

describe("hookwire serve token", () => {
  it("prints a new token once and keeps only its hash, in a file only its owner reads (0600)", async () => {
    const t = team();
    const added = await t.box.run(["serve", "token", "add", "alice", "--tokens", t.tokens]);
    expect(added.code).toBe(0);
    const token = added.stdout.trim();
    expect(token).toMatch(/^hwt_[\w-]{43}$/);
    const text = readFileSync(t.tokens, "utf8");
    expect(text).toMatch(/^alice sha256:[0-9a-f]{64}\n$/);
    expect(text).not.toContain(token.slice(4, 20));
    expect(statSync(t.tokens).mode & 0o777).toBe(0o600);
    const again = await t.box.run(["serve", "token", "add", "alice", "--tokens", t.tokens]);
    expect([again.code, again.stderr.replaceAll(t.tokens, "<tokens>")]).toEqual([
      2,
      "hookwire: alice already has a token (<tokens>:1). Revoke it first: hookwire serve token revoke alice --tokens <tokens>\n",
    ]);
    expect((await t.box.run(["serve", "token", "revoke", "alice", "--tokens", t.tokens])).code).toBe(0);
    expect((await t.box.run(["serve", "token", "add", "alice", "--tokens", t.tokens])).code).toBe(0);
    expect((await t.box.run(["serve", "token", "list", "--tokens", t.tokens])).stdout).toBe(
      "alice (revoked)\nalice\n",
    );
  }, 60_000);

  // The built binary, six at once: the lock is between processes, which one process cannot show.
  it("keeps every token of adds made at the same time (the file is locked)", async () => {
    const t = team();
    const names = Array.from({ length: 6 }, (_, i) => `dev${i}`);
    const codes = await Promise.all(
      names.map(
        (name) =>
          new Promise<number | null>((resolve) =>
            spawn(process.execPath, [bin, "serve", "token", "add", name, "--tokens", t.tokens], {
              stdio: "ignore",
            }).on("exit", resolve),
          ),
      ),
    );
    expect(codes).toEqual(names.map(() => 0));
    const listed = (await t.box.run(["serve", "token", "list", "--tokens", t.tokens])).stdout
      .trim()
      .split("\n");
    expect(listed.sort()).toEqual(names);
  }, 60_000);

  it("refuses to start on a token file with a bad line, naming file:line, what was wrong and the fix", async () => {
    const t = team();
    const hash = (digit: string) => `sha256:${digit.repeat(64)}`;
    const cases: [string, string][] = [
      ["# the team\n\nalice\n", "a plain token"],
      [`alice ${hash("a")}\nbob sha1:${"b".repeat(40)}\n`, "a hash of another kind"],
      [`alice ${hash("a")}\nbob ${hash("a")}\n`, "one token for two"],
      [`alice ${hash("a")}\nalice ${hash("b")}\n`, "two live tokens"],
      [`al\u001bice ${hash("a")}\n`, "a control character"],
      [`alice ${hash("a")} admin\n`, "a word after the hash"],
    ];
    const said: string[] = [];
    for (const [text, what] of cases) {
      writeFileSync(t.tokens, text, { mode: 0o600 });
      const run = await t.box.run(["serve", "--policy", t.policy, "--tokens", t.tokens], {
        env: boxEnv(t.box),
      });
      expect(run.code, what).toBe(2);
      said.push(run.stderr.replaceAll(t.tokens, "<tokens>").trim());
    }
    expect(said).toMatchInlineSnapshot(`
      [
        "hookwire: <tokens>:3: one word where "<name> sha256:<64 hex digits>" (what \`hookwire serve token add <name>\` writes) is expected. A plain token does not belong here: the file holds hashes only; add developers with \`hookwire serve token add\`.",
        "hookwire: <tokens>:2: the second word is not sha256:<64 hex digits>; expected "<name> sha256:<64 hex digits>" (what \`hookwire serve token add <name>\` writes).",
        "hookwire: <tokens>:2: the same token hash as line 1 (alice); each developer needs a token of their own. Remove one line and give that developer a new token.",
        "hookwire: <tokens>:2: alice already has a token on line 1; a developer has one live token. Mark the old one revoked (\`hookwire serve token revoke alice\`) or remove a line.",
        "hookwire: <tokens>:1: the name is not 1-64 letters, digits or . _ @ + - (starting with a letter or digit); expected "<name> sha256:<64 hex digits>" (what \`hookwire serve token add <name>\` writes).",
        "hookwire: <tokens>:1: unexpected words after the hash (only "revoked" may follow it); expected "<name> sha256:<64 hex digits>" (what \`hookwire serve token add <name>\` writes).",
      ]
    `);
  }, 60_000);

  it("refuses a token file others can write, or none at all", async () => {
    const t = team();
    writeFileSync(t.tokens, `alice sha256:${"a".repeat(64)}\n`);
    chmodSync(t.tokens, 0o666);
    const shared = await t.box.run(["serve", "--policy", t.policy, "--tokens", t.tokens], {
      env: boxEnv(t.box),
    });
    expect([shared.code, shared.stderr.replaceAll(t.tokens, "<tokens>")]).toEqual([
      2,
      "hookwire: <tokens> can be written by others (mode 666), who could add tokens. Run: chmod 600 <tokens>\n",
    ]);
    const none = await t.box.run(["serve", "--policy", t.policy], { env: boxEnv(t.box) });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("hookwire serve --policy needs --tokens FILE");
  }, 60_000);
});
