// Writes dist/hook-forward.cjs after the build: the forwarding client every `hookwire hook` starts, as one CommonJS
// file. Node starts a CommonJS script without its ES module loader, which alone cost a forwarded call a third more
// than `node -e 0`; the in-process fallback (dist/hook-main.js) stays an ES module, imported only when needed.
import { readFileSync, writeFileSync } from "node:fs";
import { rolldown } from "rolldown";
import { LAZY_HELPERS, lazyBuiltins } from "./lazy-builtins.mjs";

const file = new URL("../dist/hook-forward.cjs", import.meta.url).pathname;
const build = await rolldown({
  input: new URL("../src/hook-forward.ts", import.meta.url).pathname,
  platform: "node",
  // The loader's private-file checks (the code cache's), from their sources: only what is used is inlined.
  resolve: { conditionNames: ["source", "import", "default"] },
  // Node's modules, the fallback and the http server's start stay imports; everything else it needs (the socket
  // checks) is inlined.
  external: (id) => id.startsWith("node:") || id === "./hook-main.js" || id === "./serve/ensure-http.js",
  treeshake: true,
  transform: { target: "es2022" },
});
try {
  await build.write({
    file,
    format: "cjs",
    intro: LAZY_HELPERS,
    minify: {
      compress: false,
      mangle: { toplevel: false, keepNames: true },
      codegen: { removeWhitespace: true },
    },
    sourcemap: true,
  });
} finally {
  await build.close();
}
// net (forwarding) and crypto (the code cache's key) only when a call gets that far.
writeFileSync(file, lazyBuiltins(readFileSync(file, "utf8")));
