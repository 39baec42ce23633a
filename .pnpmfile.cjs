// The workspace's pnpm hooks: what `pnpm pack` and `pnpm publish` write as a package's package.json.
module.exports = {
  hooks: {
    // The `source` condition points the workspace (vitest, typedoc) at a package's TypeScript, which is not
    // published: the sources ship inside the source maps. A consumer resolving with a `source` condition of
    // its own must get the built files, not a path that is not there.
    beforePacking(pkg) {
      for (const target of Object.values(pkg.exports ?? {})) {
        if (typeof target === "object" && target !== null) delete target.source;
      }
      return pkg;
    },
  },
};
