// A small npm registry on 127.0.0.1, so agents install hookwire as a user does: its packages packed from this
// checkout, every other package from the npm registry (a redirect; npm's own cache keeps reruns quick).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const UPSTREAM = "https://registry.npmjs.org";

interface Packed {
  manifest: Record<string, unknown> & { name: string; version: string };
  file: string;
  bytes: Buffer;
}

let packed: Packed[] | undefined;

/** Every published package of the workspace, packed once per test process (`pnpm pack`: versions, not `workspace:*`). */
function packAll(): Packed[] {
  if (packed) return packed;
  const out = mkdtempSync(path.join(os.tmpdir(), "hw-registry-"));
  mkdirSync(out, { recursive: true });
  for (const name of readdirSync(path.join(repoRoot, "packages"))) {
    const dir = path.join(repoRoot, "packages", name);
    const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
    if (manifest.private) continue;
    execFileSync("pnpm", ["pack", "--pack-destination", out], { cwd: dir, stdio: "ignore" });
  }
  packed = readdirSync(out).map((file) => {
    const full = path.join(out, file);
    const text = execFileSync("tar", ["-xzOf", full, "package/package.json"], { encoding: "utf8" });
    return { manifest: JSON.parse(text), file, bytes: readFileSync(full) };
  });
  return packed;
}

export interface Registry {
  url: string;
  /** The packages it serves itself, by name. */
  names: string[];
  close(): Promise<void>;
}

export async function startRegistry(): Promise<Registry> {
  const packages = packAll();
  const byName = new Map(packages.map((entry) => [entry.manifest.name, entry]));
  const byFile = new Map(packages.map((entry) => [entry.file, entry]));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const name = decodeURIComponent(url.pathname.slice(1));
    const tarball = name.startsWith("-/") ? byFile.get(name.slice(2)) : undefined;
    if (tarball) {
      response.writeHead(200, { "content-type": "application/octet-stream" }).end(tarball.bytes);
      return;
    }
    const entry = byName.get(name);
    if (!entry) {
      response.writeHead(302, { location: `${UPSTREAM}${url.pathname}` }).end();
      return;
    }
    const { version } = entry.manifest;
    const base = `http://${request.headers.host}`;
    const document = {
      name,
      "dist-tags": { latest: version },
      versions: {
        [version]: {
          ...entry.manifest,
          dist: {
            tarball: `${base}/-/${entry.file}`,
            shasum: createHash("sha1").update(entry.bytes).digest("hex"),
            integrity: `sha512-${createHash("sha512").update(entry.bytes).digest("base64")}`,
          },
        },
      },
    };
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(document));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    names: [...byName.keys()],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
