/**
 * A Lunos combatant: its type tells it apart from another ruleset's (docs/
 * rulesets.md, "Combatant state"); its `system` holds nothing of the round.
 * The round is the GM's copy on the Combat (the engine's fight and what
 * each row shows, ../combat/record.ts), which only a GM may write: a
 * combatant's owner may write its `system`, so the round kept there would
 * be a second copy to check and put back, and start-up would carry its
 * schema for nothing the table reads.
 */
export class LunosCombatantModel extends foundry.abstract.TypeDataModel<
  Record<never, never>,
  Combatant.Implementation
> {
  static override defineSchema(): Record<never, never> {
    return {};
  }
}
