/**
 * A Sharene combatant's share of the round. Empty until its table comes
 * (the declared action, style, initiative roll and defenses will be its
 * fields); the type exists now so a combatant of a Sharene world is told
 * apart from another ruleset's, as docs/rulesets.md "Combatant state" says.
 */
export class ShareneCombatantModel extends foundry.abstract.TypeDataModel<
  Record<never, never>,
  Combatant.Implementation
> {
  static override defineSchema(): Record<never, never> {
    return {};
  }
}
