/**
 * A Lunos combatant's share of the round as the tracker, the HUD and
 * macros show it, worked out by the active GM from the round engine's
 * fight (src/rules/lunos/round-engine.ts): its initiative, its actions
 * left of the round's two (three with a Lunge), a lunge and the debt it
 * leaves for the next round, its declared actions and their targets, its
 * defense roll and the difficulty it sets, and whether it is out of the
 * fight. The GM plans from its copy on the Combat (`system.records`,
 * ../combat/record.ts), never from this `system`, which the combatant's
 * owner may write.
 */

function roundSchema() {
  const { ArrayField, BooleanField, NumberField, ObjectField, StringField } = foundry.data.fields;
  const count = () => new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 });
  const yes = () => new BooleanField({ required: true, initial: false });
  return {
    declared: yes(),
    /** Initiative successes (LUN-RND-2); null before the roll, or without one this round. */
    initiative: new NumberField({ required: true, nullable: true, integer: true, min: 0, initial: null }),
    /** Actions left to declare this round, of `actionsMax`. */
    actions: count(),
    /** The round's actions: two, three with a Lunge (LUN-ACT-10). */
    actionsMax: count(),
    /** Lunging this round: a third action. */
    lunging: yes(),
    /** Lunged last round: one action this round, dice off every roll. */
    lungeDebt: yes(),
    /** The dice the lunge's debt takes off every roll this round (0: none). */
    debtDice: count(),
    /** `{ kind, targets }` of each declared action, in the order declared. */
    declaredActions: new ArrayField(new ObjectField({ required: true })),
    /** `{ kind, successes, difficulty, against, outcome }` once the defenses are rolled; null before. */
    defense: new ObjectField({ required: true, nullable: true, initial: null }),
    /** Out of the fight: "unconscious", "dying" or "dead"; "" while it fights. */
    condition: new StringField({
      required: true,
      blank: true,
      initial: "",
      choices: ["", "unconscious", "dying", "dead"],
    }),
  };
}
export type LunosCombatantSchema = ReturnType<typeof roundSchema>;

export class LunosCombatantModel extends foundry.abstract.TypeDataModel<
  LunosCombatantSchema,
  Combatant.Implementation
> {
  static override defineSchema(): LunosCombatantSchema {
    return roundSchema();
  }
}
