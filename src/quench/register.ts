import type { QuenchLike } from "./batch";
import { exchangeBatch, liveExchangeStage } from "./exchange-batch";
import { forgeryBatch } from "./forgery-batch";
import { liveMigrationStage, migrationBatch } from "./migration-batch";
import { liveRoundStage, roundBatch } from "./round-batch";

/**
 * The FANGS scenario batches for the Quench test runner, registered when the
 * Quench module announces itself (`quenchReady`, src/fangs.ts) and loaded
 * only then (src/on-demand.ts). Each batch makes its own scene, actors,
 * users and combat in the world and deletes them afterwards. How to run
 * them: docs/development.md, "Scenarios in a live world".
 */
export function registerBatches(quench: QuenchLike): void {
  // Unticked: Quench's "run on start" must not write to a world nobody asked it to test.
  const preSelected = false;
  const name = (key: string) => game.i18n?.localize(key) ?? key;
  quench.registerBatch("fangs.round", roundBatch(liveRoundStage()), {
    displayName: name("FANGS.Quench.Round"),
    preSelected,
  });
  quench.registerBatch("fangs.exchange", exchangeBatch(liveExchangeStage()), {
    displayName: name("FANGS.Quench.Exchange"),
    preSelected,
  });
  quench.registerBatch(
    "fangs.forgery",
    forgeryBatch({ round: liveRoundStage("forgery"), exchange: liveExchangeStage("forgery") }),
    { displayName: name("FANGS.Quench.Forgery"), preSelected },
  );
  quench.registerBatch("fangs.migration", migrationBatch(liveMigrationStage()), {
    displayName: name("FANGS.Quench.Migration"),
    preSelected,
  });
}
