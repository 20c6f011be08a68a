import { availableParallelism } from "node:os";
import { parseArgs, parseCount, parseRuns, parseSeed } from "../args";
import { formatOddsReport, oddsReport } from "../report";
import { SimError } from "../sim-error";
import { loadLocalizer, progressBar, projectRoot, runMain } from "./common";
import { runOddsPool } from "./pool";
import { loadTerminal, rulesetArg } from "./rulesets";

const usage = (
  own: string,
) => `usage: npm run odds -- <side> <side> [--ruleset ID] [--runs N] [--seed N] [--workers N] [--chunk N] [--json] [--time] ${own}
Runs N fights (default 10,000) and prints each side's chance to win with a 95% Wilson interval.
--ruleset picks the combat rules (default fangs).`;

await runMain(async () => {
  const { id, rest } = rulesetArg(process.argv.slice(2));
  const terminal = await loadTerminal(id);
  const args = parseArgs(rest, {
    withValue: ["runs", "seed", "workers", "chunk", ...terminal.options],
    switches: ["json", "help", "time"],
  });
  if (args.flags.has("help")) {
    process.stdout.write(`${usage(terminal.usage)}\n`);
    return;
  }
  if (args.positional.length !== 2) {
    throw new SimError(
      "invalid-argument",
      `odds need two sides (a side is one fighter or several joined by commas), got ${args.positional.length}\n${usage(terminal.usage)}`,
    );
  }
  const runs = parseRuns(args.flags.get("runs"), 10_000);
  const seed = parseSeed(args.flags.get("seed"), 1);
  const workers = parseCount("workers", args.flags.get("workers"), availableParallelism(), 64);
  const chunk = parseCount(
    "chunk",
    args.flags.get("chunk"),
    Math.max(50, Math.min(2_000, Math.ceil(runs / (workers * 8)))),
    1_000_000,
  );
  const root = projectRoot();
  const job = terminal.job([args.positional[0]!, args.positional[1]!], args.flags, seed, root);
  const bar = progressBar(runs, "fights");
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const tally = await runOddsPool(terminal, job, runs, {
    workers,
    chunkSize: chunk,
    workerUrl: new URL("./odds-worker.js", import.meta.url),
    onProgress: (done) => bar.update(done),
  });
  bar.end();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  // All threads' CPU time: on a machine shared with other jobs this shows what the fights cost.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  if (args.flags.has("time")) {
    // On stderr, so the odds on stdout stay the same from run to run.
    process.stderr.write(
      `${loadLocalizer(root).format("FANGS.Odds.Timing", {
        fights: runs.toLocaleString("en"),
        seconds: seconds.toFixed(2),
        rate: Math.round(runs / seconds).toLocaleString("en"),
        workers,
        cpuSeconds: cpuSeconds.toFixed(2),
        cpuRate: Math.round(runs / cpuSeconds).toLocaleString("en"),
      })}\n`,
    );
  }
  const names = terminal.names(job);
  const report = oddsReport(tally, names.sides, seed, names.fighters);
  if (args.flags.has("json")) {
    process.stdout.write(`${JSON.stringify({ ...report, rounds: tally.rounds }, null, 2)}\n`);
    return;
  }
  process.stdout.write(`${formatOddsReport(report, loadLocalizer(root)).join("\n")}\n`);
});
