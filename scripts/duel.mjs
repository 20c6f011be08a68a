// `npm run duel -- <fighter> <fighter> [--seed N] [--json]`: one fight, round by round.
// Node 20 cannot run the TypeScript sources, so the simulator is first built
// into build/sim/<hash>/ (reused while the sources are unchanged).
import { pathToFileURL } from "node:url";
import { buildSim } from "../src/sim/node/build-sim.mjs";

const dir = await buildSim();
await import(pathToFileURL(`${dir}/duel-cli.js`).href);
