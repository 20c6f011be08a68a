import { listRulesetDefinitions } from "../rulesets/registry";
import type { QuenchLike, RulesetQuenchBatch } from "./batch";
import { liveMigrationStage, migrationBatch } from "./migration-batch";
import { liveRoundStage, roundBatch } from "./round-batch";

/**
 * The scenario batches for the Quench test runner, registered when the
 * Quench module announces itself (`quenchReady`, src/fangs.ts) and loaded
 * only then (src/on-demand.ts): the round and the migration, and between
 * them each registered ruleset's own (its definition's `quenchBatches`,
 * FANGS's in src/rulesets/fangs/quench/). Each batch makes its own scene,
 * actors, users and combat in the world and deletes them afterwards. How to
 * run them: docs/development.md, "Scenarios in a live world".
 */
export async function registerBatches(quench: QuenchLike): Promise<void> {
  const rulesets = await Promise.all(
    listRulesetDefinitions().map(async (d) => (await d.quenchBatches?.()) ?? []),
  );
  const batches: RulesetQuenchBatch[] = [
    { key: "fangs.round", labelKey: "FANGS.Quench.Round", batch: roundBatch(liveRoundStage()) },
    ...rulesets.flat(),
    {
      key: "fangs.migration",
      labelKey: "FANGS.Quench.Migration",
      batch: migrationBatch(liveMigrationStage()),
    },
  ];
  // Unticked: Quench's "run on start" must not write to a world nobody asked it to test.
  const preSelected = false;
  const name = (key: string) => game.i18n?.localize(key) ?? key;
  for (const { key, labelKey, batch } of batches)
    quench.registerBatch(key, batch, { displayName: name(labelKey), preSelected });
}
