import type { RulesetQuenchBatch } from "../../../quench/batch";
import { lunosAttacks } from "./attack-step";
import { liveLunosRoundStage, lunosRoundBatch } from "./round-batch";

/**
 * Lunos's scenario batches (its definition's `quenchBatches`), listed by
 * the shared register (src/quench/register.ts) where Quench is active: its
 * round of four, its attacks played through the attack card.
 */
export const lunosQuenchBatches: readonly RulesetQuenchBatch[] = [
  {
    key: "lunos.round",
    labelKey: "LUNOS.Quench.Round",
    batch: lunosRoundBatch(liveLunosRoundStage(), lunosAttacks()),
  },
];
