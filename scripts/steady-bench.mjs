/**
 * `npm run bench:steady [id]`: bundles bench/steady.ts with rolldown into
 * a temporary folder and runs it with Node, one process per ruleset (or
 * only `id`): rulesets sharing one process share the kernel's hot
 * functions, which then serve several shapes and run slower than either
 * alone. The bench files time the same loops inside the bench runner;
 * this is their steady state in a plain process. See docs/performance.md.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "rolldown";
import { ROOT } from "./lib/manifest.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "fangs-steady-"));
try {
  const file = path.join(dir, "steady.mjs");
  await build({
    input: path.join(ROOT, "bench/steady.ts"),
    platform: "node",
    logLevel: "silent",
    output: { dir, format: "esm", entryFileNames: "steady.mjs" },
  });
  const ids = process.argv.length > 2 ? process.argv.slice(2) : ["sharene", "lunos", "rhf", "h2h"];
  for (const id of ids) {
    const run = spawnSync(process.execPath, [file, id], { stdio: "inherit" });
    if (run.status !== 0) process.exitCode = run.status ?? 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
