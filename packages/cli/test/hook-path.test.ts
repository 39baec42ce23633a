// `hookwire hook` answered in its own process from dist/hook-path.cjs: its V8 code cache is used only as this user
// wrote it for this bundle, and a hook that imports a hookwire package gets the bundle's own instance.

import { createHash } from "node:crypto";
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../scripts/ensure-built.js";
import { bin, claudeBash, type Sandbox, sandbox } from "./cli-harness.js";

beforeAll(() => ensureBuilt());

const GUARD = `export default (pi) => {
  pi.on("tool_call", (event) => {
    if (String(event.input.command ?? "").includes("rm -rf")) return { block: true, reason: "no rm -rf" };
  });
};
`;

const isRoot = process.getuid?.() === 0;

/** A trusted project with a guard; every call has this sandbox's own cache folder and no server. */
function project(
  guard = GUARD,
): Sandbox & { cache: string; call(command: string): { code: number | null; stdout: string } } {
  const box = sandbox("connect");
  mkdirSync(path.join(box.cwd, ".hookwire", "hooks"), { recursive: true });
  writeFileSync(path.join(box.cwd, ".hookwire", "hooks", "guard.mjs"), guard);
  const cache = path.join(box.home, ".cache");
  const env = { XDG_CACHE_HOME: cache, HOOKWIRE_SERVER: "off" };
  expect(box.run(["trust", "--yes"], { env }).code).toBe(0);
  const call = (command: string) => {
    const out = box.run(["hook", "claude", "PreToolUse"], {
      input: claudeBash(box.cwd, command, "s-1"),
      env,
    });
    return { code: out.code, stdout: out.stdout };
  };
  return { ...box, cache: path.join(cache, "hookwire", "code"), call };
}

const DENY = { permissionDecision: "deny", permissionDecisionReason: "no rm -rf" };

/** The one code cache entry the first call wrote. */
function entry(folder: string): string {
  const names = readdirSync(folder).filter((name) => name.endsWith(".bin"));
  expect(names).toHaveLength(1);
  return path.join(folder, names[0] as string);
}

/** The entry's header line and body (the V8 cache). */
function parts(file: string): { header: string; body: Buffer } {
  const bytes = readFileSync(file);
  const newline = bytes.indexOf(10);
  return { header: bytes.subarray(0, newline).toString("utf8"), body: bytes.subarray(newline + 1) };
}

/** An entry under the same key whose hash matches `body`: only V8's own check stands between it and the call. */
function withBody(file: string, body: Buffer): Buffer {
  const { header } = parts(file);
  const fields = JSON.parse(header.slice(header.indexOf("{"))) as { key: string };
  const sha = createHash("sha256").update(body).digest("hex");
  return Buffer.concat([
    Buffer.from(
      `${header.slice(0, header.indexOf("{"))}${JSON.stringify({ key: fields.key, sha256: sha })}\n`,
    ),
    body,
  ]);
}

/**
 * The call answered as the guard says, and the planted entry was not used: a new private file of this user replaced
 * it (an entry the call used stays the same file), which the next call uses as it is.
 */
function answeredAndRewritten(box: ReturnType<typeof project>, file: string) {
  const planted = lstatSync(file).ino;
  expect(JSON.parse(box.call("rm -rf /").stdout).hookSpecificOutput).toMatchObject(DENY);
  const stat = lstatSync(file);
  expect(stat.isFile()).toBe(true);
  expect(stat.uid).toBe(process.getuid?.());
  expect(stat.mode & 0o777).toBe(0o600);
  expect(stat.ino).not.toBe(planted);
  expect(JSON.parse(box.call("ls").stdout)).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse" } });
  expect(lstatSync(file).ino).toBe(stat.ino);
}

describe("the hook path's code cache", () => {
  it("is written by the first call (0600, in a 0700 folder) and used as it is by the next", () => {
    const box = project();
    expect(JSON.parse(box.call("rm -rf /").stdout).hookSpecificOutput).toMatchObject(DENY);
    const file = entry(box.cache);
    expect(statSync(box.cache).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const first = statSync(file);
    expect(JSON.parse(box.call("rm -rf /").stdout).hookSpecificOutput).toMatchObject(DENY);
    expect(statSync(file).ino).toBe(first.ino);
    expect(statSync(file).mtimeMs).toBe(first.mtimeMs);
  });

  it.runIf(isRoot)("is not used when another user owns it", () => {
    const box = project();
    box.call("ls");
    const file = entry(box.cache);
    chownSync(file, 65534, 65534);
    answeredAndRewritten(box, file);
  });

  it("is not used when others have permissions on it", () => {
    const box = project();
    box.call("ls");
    const file = entry(box.cache);
    chmodSync(file, 0o644);
    answeredAndRewritten(box, file);
  });

  it("is not followed when it is a link", () => {
    const box = project();
    box.call("ls");
    const file = entry(box.cache);
    const real = `${file}.real`;
    writeFileSync(real, readFileSync(file), { mode: 0o600 });
    rmSync(file);
    symlinkSync(real, file);
    answeredAndRewritten(box, file);
  });

  it("is compiled afresh when it was cut short, or its bytes are not V8's for this bundle", () => {
    const box = project();
    box.call("ls");
    const file = entry(box.cache);
    const whole = readFileSync(file);
    // Truncated: the hash written with it no longer matches.
    const truncated = whole.subarray(0, whole.length >> 1);
    writeFileSync(file, truncated);
    answeredAndRewritten(box, file);
    // Garbage under a header that matches it: V8 refuses it.
    const garbage = withBody(file, Buffer.alloc(parts(file).body.length, 0x5a));
    writeFileSync(file, garbage);
    answeredAndRewritten(box, file);
    // Another script's cache (another bundle's) under this key: V8 refuses it too.
    const other = new vm.Script("globalThis.x = 1 + 1;").createCachedData();
    const foreign = withBody(file, Buffer.from(other));
    writeFileSync(file, foreign);
    answeredAndRewritten(box, file);
  });

  it("is not written where the folder is not this user's alone (another user's, or a link)", () => {
    const box = project();
    mkdirSync(path.dirname(box.cache), { recursive: true, mode: 0o700 });
    const elsewhere = path.join(box.home, "elsewhere");
    mkdirSync(elsewhere, { mode: 0o700 });
    symlinkSync(elsewhere, box.cache);
    expect(JSON.parse(box.call("rm -rf /").stdout).hookSpecificOutput).toMatchObject(DENY);
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});

/** Until `check` holds (a background server's work), polled; throws naming `what` after 20 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The sandbox's calls with the server on (its state, socket and cache in the sandbox's home), and its stop. */
function withServer(box: ReturnType<typeof project>) {
  const env = {
    XDG_CACHE_HOME: path.dirname(path.dirname(box.cache)),
    XDG_STATE_HOME: path.join(box.home, ".local", "state"),
    XDG_RUNTIME_DIR: undefined,
    HOOKWIRE_SERVER: undefined,
  };
  const call = (command: string) =>
    box.run(["hook", "claude", "PreToolUse"], { input: claudeBash(box.cwd, command, "s-1"), env });
  const stop = () => box.run(["serve", "--stop"], { env });
  return { call, stop };
}

const binFiles = (folder: string) => readdirSync(folder).filter((name) => name.endsWith(".bin"));

describe("the hook path's code cache in a fresh home, with the server on", () => {
  it("is left by the first call to the server it starts, and a later call here replaces it with a whole call's", async () => {
    const box = project();
    const server = withServer(box);
    try {
      expect(JSON.parse(server.call("rm -rf /").stdout).hookSpecificOutput).toMatchObject(DENY);
      // The call wrote nothing; the server it started writes the bundle's top level as it listens.
      await until(() => binFiles(box.cache).length === 1, "the server's code cache entry");
      const [written] = binFiles(box.cache);
      expect(written).toMatch(/^hook-path-top-level-[0-9a-f]{64}\.bin$/);
      expect(statSync(path.join(box.cache, written as string)).mode & 0o777).toBe(0o600);
    } finally {
      server.stop();
    }
    // A call in this process (the server off) uses it, and writes the whole call's code beside it, once.
    expect(JSON.parse(box.call("rm -rf /").stdout).hookSpecificOutput).toMatchObject(DENY);
    const names = binFiles(box.cache);
    expect(names).toHaveLength(2);
    const whole = path.join(box.cache, names.find((name) => !name.includes("top-level")) as string);
    const first = statSync(whole);
    expect(first.mode & 0o777).toBe(0o600);
    expect(JSON.parse(box.call("ls").stdout)).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse" },
    });
    expect(statSync(whole).ino).toBe(first.ino);
  });

  it("is written by connect, before any call: the bundle's top level for this Node, which the first call reads", () => {
    const box = project();
    const env = { XDG_CACHE_HOME: path.dirname(path.dirname(box.cache)), HOOKWIRE_SERVER: "off" };
    expect(box.run(["connect", "claude"], { env }).code).toBe(0);
    const [written] = binFiles(box.cache);
    expect(binFiles(box.cache)).toHaveLength(1);
    expect(written).toMatch(/^hook-path-top-level-[0-9a-f]{64}\.bin$/);
    const file = path.join(box.cache, written as string);
    const before = statSync(file);
    expect(before.mode & 0o777).toBe(0o600);
    // Under the key a call computes (same Node, same flags): the call keeps it and adds its whole call's code.
    expect(JSON.parse(box.call("rm -rf /").stdout).hookSpecificOutput).toMatchObject(DENY);
    expect(binFiles(box.cache)).toHaveLength(2);
    expect(statSync(file).ino).toBe(before.ino);
    // Connecting again writes nothing more.
    expect(box.run(["connect", "claude"], { env }).code).toBe(0);
    expect(binFiles(box.cache)).toHaveLength(2);
  });

  it("is not written by the server through a link planted where its entry goes", async () => {
    const box = project();
    const server = withServer(box);
    try {
      server.call("ls");
      await until(() => binFiles(box.cache).length === 1, "the server's code cache entry");
    } finally {
      server.stop();
    }
    const file = path.join(box.cache, binFiles(box.cache)[0] as string);
    const target = path.join(box.home, "target.bin");
    writeFileSync(target, "not V8's", { mode: 0o600 });
    rmSync(file);
    symlinkSync(target, file);
    try {
      expect(JSON.parse(server.call("rm -rf /").stdout).hookSpecificOutput).toMatchObject(DENY);
      await until(() => !lstatSync(file).isSymbolicLink(), "the server's entry replacing the link");
    } finally {
      server.stop();
    }
    expect(readFileSync(target, "utf8")).toBe("not V8's");
    const stat = lstatSync(file);
    expect(stat.isFile()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
  });
});

describe("the bundle's text", () => {
  it("is ASCII (read as Latin-1), and its strings outside ASCII reach a hook as written", () => {
    const bundle = readFileSync(path.join(path.dirname(bin), "..", "dist", "hook-path.cjs"));
    expect(bundle.every((byte) => byte < 0x80)).toBe(true);
    // StatusLine's defaults (" · ", "…") are escaped in the bundle; a hook gets the bundle's instance of core.
    const box = project(`import { StatusLine } from "@hookwire/core";
export default (pi) => {
  pi.on("tool_call", () => {
    const line = new StatusLine();
    line.set("a", "one");
    line.set("b", "two three");
    return { block: true, reason: line.render(12) };
  });
};
`);
    expect(JSON.parse(box.call("ls").stdout).hookSpecificOutput).toMatchObject({
      permissionDecision: "deny",
      permissionDecisionReason: "one · two t…",
    });
  });
});

describe("a hook that imports a hookwire package", () => {
  it("gets the instance the call runs on, not a second copy", () => {
    const box = project(`import { HookwireError, isHookwireError } from "@hookwire/core";
import { RunScope } from "@hookwire/core/internal";
export default (pi) => {
  pi.on("tool_call", () => {
    const own = globalThis[Symbol.for("hookwire.host-package-instances")];
    const same = own?.["@hookwire/core"].HookwireError === HookwireError && own?.["@hookwire/core/internal"].RunScope === RunScope;
    return { block: true, reason: same && isHookwireError(new HookwireError("X", "x")) ? "one instance" : "two instances" };
  });
};
`);
    expect(JSON.parse(box.call("ls").stdout).hookSpecificOutput).toMatchObject({
      permissionDecision: "deny",
      permissionDecisionReason: "one instance",
    });
  });
});
