/**
 * A Lunos combatant's share of the round. Empty until its table comes
 * (its actions, lunge, defense roll and initiative will be its fields);
 * the type exists now so a combatant of a Lunos world is told apart from
 * another ruleset's, as docs/rulesets.md "Combatant state" says.
 */
export class LunosCombatantModel extends foundry.abstract.TypeDataModel<
  Record<never, never>,
  Combatant.Implementation
> {
  static override defineSchema(): Record<never, never> {
    return {};
  }
}
