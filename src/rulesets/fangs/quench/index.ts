import type { RulesetQuenchBatch } from "../../../quench/batch";
import { liveRoundStage } from "../../../quench/round-batch";
import { exchangeBatch, liveExchangeStage } from "./exchange-batch";
import { forgeryBatch } from "./forgery-batch";

/**
 * FANGS's own scenario batches (its definition's `quenchBatches`): the
 * exchange card from attack to undo, and the forged round actions and card
 * steps. The shared register (src/quench/register.ts) lists them with the
 * others, loaded only where Quench is active.
 */
export const fangsQuenchBatches: readonly RulesetQuenchBatch[] = [
  { key: "fangs.exchange", labelKey: "FANGS.Quench.Exchange", batch: exchangeBatch(liveExchangeStage()) },
  {
    key: "fangs.forgery",
    labelKey: "FANGS.Quench.Forgery",
    batch: forgeryBatch({ round: liveRoundStage("forgery"), exchange: liveExchangeStage("forgery") }),
  },
];
