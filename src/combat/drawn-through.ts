import { loadedRuleset, loadRuleset, type RulesetHeavyParts, type RulesetWithHeavyPart } from "../on-demand";

/**
 * The heavy part a ruleset's start-up row part and palette draw through,
 * so their drawing stays out of the start-up set: the part if it has
 * loaded; else null, the load started and the tracker drawn again once it
 * lands (a world playing the ruleset starts loading it on `ready`, so a row
 * shows the shared cells alone for a moment at most).
 */
const waiting = new Set<string>();

export function drawnThrough<K extends RulesetWithHeavyPart>(id: K): RulesetHeavyParts[K] | null {
  const part = loadedRuleset(id);
  if (part === null && !waiting.has(id)) {
    waiting.add(id);
    loadRuleset(id).then(
      () => {
        waiting.delete(id);
        ui.combat?.render();
      },
      () => waiting.delete(id),
    );
  }
  return part;
}
