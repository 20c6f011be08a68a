import type { RulesetQuenchBatch } from "../../../quench/batch";
import { shareneExchanges } from "./exchange-step";
import { liveShareneRoundStage, shareneRoundBatch } from "./round-batch";

/**
 * Sharene's scenario batches (its definition's `quenchBatches`), listed by
 * the shared register (src/quench/register.ts) where Quench is active: its
 * round of four, its exchanges played by the exchange card.
 */
export const shareneQuenchBatches: readonly RulesetQuenchBatch[] = [
  {
    key: "sharene.round",
    labelKey: "SHARENE.Quench.Round",
    batch: shareneRoundBatch(liveShareneRoundStage(), shareneExchanges()),
  },
];
