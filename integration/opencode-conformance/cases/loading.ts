// Cases about finding and starting plugins: folders, opencode.json, exports, factory context, errors, order.
import type { PluginCase } from "../src/case.js";
import { bash, plugin } from "./helpers.js";

const before = (tag: string) => `"tool.execute.before": async () => { log("${tag}") }`;

export const loadingCases: PluginCase[] = [
  {
    id: "context-keys",
    about: "the factory's argument: keys, directory, worktree and project outside git",
    files: {
      ".opencode/plugin/ctx.ts": plugin(`export const Ctx = async (ctx: any, options: any) => {
  log({ keys: Object.keys(ctx).sort(), directory: ctx.directory, worktree: ctx.worktree, project: { id: ctx.project.id, worktree: ctx.project.worktree, keys: Object.keys(ctx.project).sort() }, shell: typeof ctx.$, serverUrl: String(ctx.serverUrl), options: options ?? null })
  return {}
}`),
    },
    calls: [bash("echo hi")],
  },
  {
    id: "shell-in-factory",
    about: "ctx.$ runs a command in the project folder",
    files: {
      ".opencode/plugin/shell.ts": plugin(`export const Shell = async ({ $ }: any) => {
  const out = await $\`pwd\`.quiet()
  log({ pwd: out.stdout.toString().trim(), exit: out.exitCode })
  return {}
}`),
    },
    calls: [bash("echo hi")],
  },
  {
    id: "plugins-folder",
    about: ".opencode/plugins/ is read too",
    files: { ".opencode/plugins/p.ts": plugin(`export const P = async () => ({ ${before("plugins")} })`) },
    calls: [bash("echo hi")],
  },
  {
    id: "js-plugin",
    about: "a .js plugin file",
    files: {
      ".opencode/plugin/p.js": plugin(`export const P = async () => ({ ${before("js")} })`).replace(
        "(value: unknown)",
        "(value)",
      ),
    },
    calls: [bash("echo hi")],
  },
  {
    id: "mjs-not-a-plugin",
    about: "a .mjs file in the plugin folder is not loaded",
    files: {
      ".opencode/plugin/p.mjs": plugin(`export const P = async () => ({ ${before("mjs")} })`).replace(
        "(value: unknown)",
        "(value)",
      ),
    },
    calls: [bash("echo hi")],
  },
  {
    id: "folder-order",
    about: "plugins of one folder run in name order",
    files: {
      ".opencode/plugin/b.ts": plugin(`export const B = async () => ({ ${before("b")} })`),
      ".opencode/plugin/a.ts": plugin(`export const A = async () => ({ ${before("a")} })`),
      ".opencode/plugin/c.ts": plugin(`export const C = async () => ({ ${before("c")} })`),
    },
    calls: [bash("echo hi")],
  },
  {
    id: "exports-order",
    about: "every export of a module is a plugin, in export order",
    files: {
      ".opencode/plugin/many.ts": plugin(`export const First = async () => ({ ${before("first")} })
export const Second = async () => ({ ${before("second")} })`),
    },
    calls: [bash("echo hi")],
  },
  {
    id: "same-function-twice",
    about: "a function exported twice (named and default) runs once",
    files: {
      ".opencode/plugin/twice.ts":
        plugin(`export const Once = async () => { log("factory"); return { ${before("hook")} } }
export default Once`),
    },
    calls: [bash("echo hi")],
  },
  {
    id: "v1-default-server",
    about: "the v1 form: export default { id, server }",
    files: {
      ".opencode/plugin/v1.ts": plugin(
        `export default { id: "v1", server: async (_ctx: any, options: any) => { log({ options: options ?? null }); return { ${before("v1")} } } }`,
      ),
    },
    calls: [bash("echo hi")],
  },
  {
    id: "non-function-export",
    about: "a module with a non-function export does not load at all",
    files: {
      ".opencode/plugin/bad.ts": plugin(`export const VERSION = "1"
export const P = async () => ({ ${before("bad")} })`),
      ".opencode/plugin/good.ts": plugin(`export const G = async () => ({ ${before("good")} })`),
    },
    calls: [bash("echo hi")],
  },
  {
    id: "factory-throws",
    about: "a factory that throws: its plugin does not run, the others do",
    files: {
      ".opencode/plugin/a-broken.ts": plugin(
        `export const Broken = async () => { throw new Error("factory failed") }`,
      ),
      ".opencode/plugin/b-fine.ts": plugin(`export const Fine = async () => ({ ${before("fine")} })`),
    },
    calls: [bash("echo hi")],
  },
  {
    id: "factory-throws-after-first",
    about: "the second factory of a module throws: the first keeps its hooks",
    files: {
      ".opencode/plugin/mixed.ts": plugin(`export const Guard = async () => ({ ${before("guard")} })
export const Broken = async () => { throw new Error("second failed") }`),
    },
    calls: [bash("echo hi")],
  },
  {
    id: "config-path-plugin",
    about: "opencode.json lists a plugin file by relative path, with options",
    files: {
      "tools/guard.ts": plugin(
        `export const Configured = async (_ctx: any, options: any) => { log({ options }); return { "tool.execute.before": async (_i: any, o: any) => { if (String(o.args.command).includes("rm")) throw new Error("CONFIG_GUARD_MARK") } } }`,
      ),
    },
    plugin: [["./tools/guard.ts", { level: 3 }]],
    calls: [bash("rm -f nothing")],
    markers: ["CONFIG_GUARD_MARK"],
  },
  {
    id: "config-then-folder-order",
    about: "opencode.json plugins load before the .opencode/plugin folder",
    files: {
      "tools/listed.ts": plugin(`export const Listed = async () => ({ ${before("listed")} })`),
      ".opencode/plugin/folder.ts": plugin(`export const Folder = async () => ({ ${before("folder")} })`),
    },
    plugin: ["./tools/listed.ts"],
    calls: [bash("echo hi")],
  },
  {
    id: "first-thrower-wins",
    about: "the first plugin that throws blocks; later ones do not run",
    files: {
      ".opencode/plugin/a.ts": plugin(
        `export const A = async () => ({ "tool.execute.before": async () => { log("a"); throw new Error("A_MARK") } })`,
      ),
      ".opencode/plugin/b.ts": plugin(
        `export const B = async () => ({ "tool.execute.before": async () => { log("b"); throw new Error("B_MARK") } })`,
      ),
    },
    calls: [bash("echo hi > out.txt")],
    markers: ["A_MARK", "B_MARK"],
  },
  {
    id: "chained-rewrites",
    about: "a later plugin sees the earlier plugin's rewrite",
    files: {
      ".opencode/plugin/a.ts": plugin(
        `export const A = async () => ({ "tool.execute.before": async (_i: any, o: any) => { o.args.command = "echo from-a > out.txt" } })`,
      ),
      ".opencode/plugin/b.ts": plugin(
        `export const B = async () => ({ "tool.execute.before": async (_i: any, o: any) => { log({ b: o.args.command }); o.args.command = o.args.command.replace("from-a", "from-b") } })`,
      ),
    },
    calls: [bash("echo model > out.txt")],
  },
];
