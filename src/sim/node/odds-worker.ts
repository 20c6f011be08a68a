import { parentPort, workerData } from "node:worker_threads";
import { type OddsJob, runFightRange } from "../odds";

/** Runs the ranges of fights the main thread sends; each reply is a tally of whole counts. */
const job = workerData as OddsJob;
parentPort!.on("message", (message: { from: number; to: number } | null) => {
  if (message === null) {
    parentPort!.close();
    return;
  }
  parentPort!.postMessage({
    from: message.from,
    to: message.to,
    tally: runFightRange(job, message.from, message.to),
  });
});
