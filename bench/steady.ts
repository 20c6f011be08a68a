import { SeededDice } from "../src/rules/kernel/dice";

/*
 * The other rulesets' exchanges row in its steady state: the same loops as
 * the bench files (bench/loops/), bundled and run by plain Node
 * (`npm run bench:steady`, scripts/steady-bench.mjs, one process per
 * ruleset), 40 batches of
 * 20,000 exchanges each; the first 10 batches are the warm-up, the figure
 * is the median of the other 30. It shows what the engine does once the
 * JIT has settled, without the bench runner around it.
 */

// Loaded one at a time: another ruleset's set-up would warm the kernel's shared functions
// with its own shapes and slow the one being timed.
const LOOPS = {
  sharene: () => import("./loops/sharene"),
  lunos: () => import("./loops/lunos"),
  rhf: () => import("./loops/rhf"),
  h2h: () => import("./loops/h2h"),
} as const;
const BATCHES = 40;
const WARM_UP_BATCHES = 10;
const PER_BATCH = 20_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const only = process.argv[2];
if (only && !(only in LOOPS))
  throw new Error(`no exchanges loop for "${only}": ${Object.keys(LOOPS).join(", ")}`);
for (const [id, load] of Object.entries(LOOPS)) {
  if (only && only !== id) continue;
  const loop = await load();
  const dice = new SeededDice(7);
  const perSecond: number[] = [];
  for (let b = 0; b < BATCHES; b += 1) {
    const start = performance.now();
    loop.exchanges(dice, PER_BATCH);
    perSecond.push(PER_BATCH / ((performance.now() - start) / 1000));
  }
  const settled = perSecond.slice(WARM_UP_BATCHES);
  const m = median(settled);
  console.log(
    `${id.padEnd(8)} ${loop.EXCHANGE_NAME}: median ${(m / 1e6).toFixed(2)} M exchanges/s ` +
      `(slowest ${(Math.min(...settled) / 1e6).toFixed(2)}, fastest ${(Math.max(...settled) / 1e6).toFixed(2)})`,
  );
}
