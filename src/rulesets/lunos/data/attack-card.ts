/**
 * The `lunosAttack` ChatMessage subtype: one Lunos attack (LUN-ACT-1), its
 * pool rolled against every target's defense, the extra successes spent
 * on maneuvers, the damage and the effects, kept whole in the message's
 * system data so the card draws again from it at every step and survives
 * a reload. The scalars the steps compare are typed fields; what the rules
 * core answered is stored as the plain objects it returned (ObjectField),
 * read by ../chat/attack-state.ts.
 */

const { ArrayField, NumberField, ObjectField, SchemaField, StringField } = foundry.data.fields;

export const LUNOS_ATTACK_TYPE = "lunosAttack";

/** Where a card stands: rolled and waiting on the maneuvers, resolved, its effects applied. */
export const LUNOS_ATTACK_STAGES = ["spend", "resolved", "applied"] as const;

const text = (initial: string) => new StringField({ required: true, blank: true, initial });

function party() {
  return new SchemaField({
    combatantId: text(""),
    actorUuid: text(""),
    name: text(""),
  });
}

function attackSchema() {
  return {
    /** The ruleset the card was made under (src/chat/card-flows.ts reads it). */
    ruleset: new StringField({ required: true, blank: false, initial: "lunos" }),
    revision: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    stage: new StringField({
      required: true,
      blank: false,
      choices: [...LUNOS_ATTACK_STAGES],
      initial: "spend",
    }),
    rollMode: new StringField({ required: true, blank: false, initial: "publicroll" }),
    combatId: text(""),
    round: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    attacker: party(),
    /** Every target, in the order the attack named them. */
    targets: new ArrayField(party()),
    weaponName: text(""),
    /** The attack as settled before the roll: kind, skill, the maneuver declared, damage forgone. */
    attack: new ObjectField({ required: true, initial: {} }),
    /** The engine's pending attack (its roll, each target's defense and extra successes). */
    pending: new ObjectField({ required: true, nullable: true, initial: null }),
    /** The pool's dice as they fell: the d6 faces, the luck die apart. */
    faces: new ArrayField(new NumberField({ required: true, integer: true, min: 1 })),
    luck: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    /** The maneuvers the engine accepts on each target hit, by combatant id. */
    menu: new ObjectField({ required: true, initial: {} }),
    /** What was bought on each target, then the engine's outcome of each. */
    spends: new ArrayField(new ObjectField()),
    outcomes: new ArrayField(new ObjectField()),
    /** The effects to apply, by actor UUID, and the exact changes their Apply made. */
    effects: new ArrayField(new ObjectField()),
    deltas: new ArrayField(new ObjectField()),
    /** The round's record as the Apply found and left it: what Undo puts back, and whether it may. */
    applied: new ObjectField({ required: true, nullable: true, initial: null }),
  };
}
export type LunosAttackSchema = ReturnType<typeof attackSchema>;

export class LunosAttackModel extends foundry.abstract.TypeDataModel<
  LunosAttackSchema,
  ChatMessage.Implementation
> {
  static override defineSchema(): LunosAttackSchema {
    return attackSchema();
  }
}
