import { availableParallelism } from "node:os";
import { parseArgs, parseCount, parseRuns, parseSeed } from "../args";
import { MAX_SIDE_FIGHTERS } from "../duel";
import { jobNames, type OddsJob } from "../odds";
import { parsePolicies } from "../policies";
import { formatOddsReport, oddsReport } from "../report";
import { SimError } from "../sim-error";
import { loadLocalizer, progressBar, projectRoot, runMain } from "./common";
import { resolveSides } from "./packs";
import { runOddsPool } from "./pool";

const USAGE = `usage: npm run odds -- <side> <side> [--runs N] [--seed N] [--workers N] [--chunk N] [--json] [--time] [--policy ID|ID,ID] [--distance PACES] [--max-rounds N]
Runs N fights (default 10,000) and prints each side's chance to win with a 95% Wilson interval.
A side is one fighter or several separated by commas (Gru,Dagmar; quote a name holding a comma).`;

await runMain(async () => {
  const args = parseArgs(process.argv.slice(2), {
    withValue: ["runs", "seed", "workers", "chunk", "policy", "distance", "max-rounds"],
    switches: ["json", "help", "time"],
  });
  if (args.flags.has("help")) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (args.positional.length !== 2) {
    throw new SimError(
      "invalid-argument",
      `odds need two sides (a side is one fighter or several joined by commas), got ${args.positional.length}\n${USAGE}`,
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
  const policies = parsePolicies(args.flags.get("policy"));
  const root = projectRoot();
  const sides = resolveSides(args.positional[0]!, args.positional[1]!, root);
  for (const side of sides) {
    if (side.length > MAX_SIDE_FIGHTERS)
      throw new SimError("invalid-argument", `a side may field at most ${MAX_SIDE_FIGHTERS} fighters`);
  }
  const duel = sides[0].length === 1 && sides[1].length === 1;
  const job: OddsJob = {
    ...(duel ? { fighters: [sides[0][0]!, sides[1][0]!] as const } : { sides }),
    seed,
    policies,
    startDistance: parseCount("distance", args.flags.get("distance"), 10, 1000),
    maxRounds: parseCount("max-rounds", args.flags.get("max-rounds"), 100, 10_000),
  };
  const bar = progressBar(runs, "fights");
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const tally = await runOddsPool(job, runs, {
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
  const names = jobNames(job);
  const report = oddsReport(tally, names.sides, seed, names.fighters);
  if (args.flags.has("json")) {
    process.stdout.write(`${JSON.stringify({ ...report, rounds: tally.rounds }, null, 2)}\n`);
    return;
  }
  process.stdout.write(`${formatOddsReport(report, loadLocalizer(root)).join("\n")}\n`);
});
