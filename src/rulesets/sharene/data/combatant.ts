/**
 * A Sharene combatant's share of the round (src/rules/sharene/round-engine.ts's
 * `RoundFighter`): its declared action and target, its initiative roll,
 * its style with its stated blow, called shot and split parry, and what it
 * has used up. This `system` is what the tracker and sheets show; the GM
 * reads its copy on the Combat (`system.records`, ../combat/record.ts),
 * since a player may write the `system` of a combatant it owns.
 */

function roundSchema() {
  const { BooleanField, NumberField, ObjectField, StringField } = foundry.data.fields;
  const text = () => new StringField({ required: true, nullable: true, blank: false, initial: null });
  const count = () => new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 });
  const yes = () => new BooleanField({ required: true, initial: false });
  return {
    target: text(),
    action: text(),
    declared: yes(),
    /** `{ roll, ability, abilityValue, total }` once rolled (SHA-INI-1); null before. */
    initiativeRoll: new ObjectField({ required: true, nullable: true, initial: null }),
    style: text(),
    split: count(),
    statedBlow: text(),
    called: new ObjectField({ required: true, nullable: true, initial: null }),
    acted: yes(),
    defenses: count(),
    riposted: yes(),
    parriedFullAttack: yes(),
    loseNextAttack: yes(),
    lossAfterTurn: yes(),
  };
}
export type ShareneCombatantSchema = ReturnType<typeof roundSchema>;

export class ShareneCombatantModel extends foundry.abstract.TypeDataModel<
  ShareneCombatantSchema,
  Combatant.Implementation
> {
  static override defineSchema(): ShareneCombatantSchema {
    return roundSchema();
  }
}
