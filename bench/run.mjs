// `pnpm bench`: runs every benchmark in one process, one after another, and prints one table of ratios.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { formatTable } from "./measure.mjs";

const SUITES = [
  ["dispatch", "./dispatch.bench.mjs"],
  ["wrapper", "./wrapper.bench.mjs"],
  ["loading", "./loading.bench.mjs"],
  ["command hooks", "./command.bench.mjs"],
  ["startup", "./startup.bench.mjs"],
  ["hook", "./hook.bench.mjs"],
  ["entry", "./entry.bench.mjs"],
  ["serve", "./serve.bench.mjs"],
  ["team", "./team.bench.mjs"],
  ["rules", "./rules.bench.mjs"],
  ["pi", "./pi.bench.mjs"],
];

function cpuModel() {
  try {
    const line = readFileSync("/proc/cpuinfo", "utf8")
      .split("\n")
      .find((l) => l.startsWith("model name"));
    return line?.split(":")[1]?.trim() ?? os.cpus()[0]?.model ?? "unknown";
  } catch {
    return os.cpus()[0]?.model ?? "unknown";
  }
}

function nproc() {
  try {
    return execFileSync("nproc", { encoding: "utf8" }).trim();
  } catch {
    return String(os.availableParallelism());
  }
}

const only = process.argv.slice(2);
const machine = [
  `date: ${new Date().toISOString()}`,
  `nproc: ${nproc()}`,
  `cpu: ${cpuModel()}`,
  `node: ${process.version}`,
  `load average at start: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
];
console.error(machine.join("\n"));

const rows = [];
for (const [name, file] of SUITES) {
  if (only.length > 0 && !only.includes(name)) continue;
  const started = performance.now();
  console.error(`running ${name}…`);
  const suite = await import(file);
  rows.push(...(await suite.run()));
  console.error(`  ${name} took ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
console.error(
  `load average at end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);

console.log(formatTable(rows));
const missed = rows.filter((r) => r.target !== null && r.target !== undefined && r.ratio > r.target);
console.log(
  missed.length === 0
    ? "\nEvery target met."
    : `\n${missed.length} target(s) missed: ${missed.map((r) => `${r.name} vs ${r.baseline}`).join("; ")}.`,
);
