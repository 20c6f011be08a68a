import { parentPort, workerData } from "node:worker_threads";
import { runRange, type SeededJob } from "../fight-runner";
import { loadTerminal } from "./rulesets";

/** Runs the ranges of fights the main thread sends with its ruleset's runner; each reply is a tally of whole counts. */
const { rulesetId, job } = workerData as { rulesetId: string; job: SeededJob };
const { runner } = await loadTerminal(rulesetId);
parentPort!.on("message", (message: { from: number; to: number } | null) => {
  if (message === null) {
    parentPort!.close();
    return;
  }
  parentPort!.postMessage({
    from: message.from,
    to: message.to,
    tally: runRange(runner, job, message.from, message.to),
  });
});
