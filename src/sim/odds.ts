/**
 * The shared wrappers every ruleset's odds run through: ranges of fights,
 * each seeded by `fightSeed(job.seed, i)`, counted and merged whatever the
 * ruleset (fight-runner.ts). A ruleset's own job and runner live with it
 * (FANGS's: src/rulesets/fangs/fights.ts).
 */
export {
  type ChunkedOptions,
  chunkRanges,
  type FightRunner,
  runChunked,
  runRange,
  type SeededJob,
} from "./fight-runner";
