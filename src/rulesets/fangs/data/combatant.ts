import { MANEUVER_IDS } from "../../../rules/fangs/types";

/**
 * A combatant's share of the round (the Combat's phase and order: ./combat.ts):
 * declared maneuver, hold, what it has used this round. The GM's copy of it,
 * the one the round reads, is the Combat's `records`.
 */

const { ArrayField, BooleanField, NumberField, ObjectField, SchemaField, StringField } = foundry.data.fields;

function count() {
  return new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 });
}

function shift() {
  return new NumberField({ required: true, nullable: false, integer: true, initial: 0 });
}

function combatantSchema() {
  return {
    /** Declared in the Initiative phase (or when breaking a hold); cleared at each new round. */
    maneuver: new StringField({
      required: true,
      nullable: true,
      blank: false,
      choices: [...MANEUVER_IDS],
      initial: null,
    }),
    /** The weapon kind the combatant attacks with this round: decides Missile or Melee phase. */
    attackKind: new StringField({
      required: true,
      nullable: true,
      blank: false,
      choices: ["melee", "thrown", "missile"],
      initial: null,
    }),
    /**
     * Draw Weapon: which hand's item is being drawn or readied this round
     * (NC-MAN-13, NC-MAN-20); it cannot parry. Null: not said.
     */
    readying: new StringField({
      required: true,
      nullable: true,
      blank: false,
      choices: ["weapon", "offHand"],
      initial: null,
    }),
    held: new BooleanField({ required: true, initial: false }),
    /** Broke its hold this round: it must act now and cannot hold again (NC-RND-5). */
    committed: new BooleanField({ required: true, initial: false }),
    /** Owes a lost action (a failed stun check): the next turn it would take is skipped. */
    actionLost: new BooleanField({ required: true, initial: false }),
    /** The d20 of rolled initiative (null in AG order); "once per combat" keeps it. */
    initiativeRoll: new NumberField({ required: true, nullable: true, integer: true, initial: null }),
    engagedAtRoundStart: new BooleanField({ required: true, initial: false }),
    /**
     * Its turn in the phase where its maneuver happens has been taken this
     * round (NC-MAN-2: attacked before that, it may dodge instead).
     */
    maneuverPerformed: new BooleanField({ required: true, initial: false }),
    /** NC-MAN-2: the maneuver given up for a dodge this round (retried next round). */
    lostManeuver: new StringField({
      required: true,
      nullable: true,
      blank: false,
      choices: [...MANEUVER_IDS],
      initial: null,
    }),
    /** Defenses used this round: the rules core's DefenseUsage, reset at each initiative. */
    defenses: new SchemaField({
      weaponParries: count(),
      shieldParries: count(),
      monsterParries: count(),
      grappleParries: count(),
      dodges: count(),
      offHandAttacked: new BooleanField({ required: true, initial: false }),
    }),
    /** Attacks made this round: the rules core's AttackCounter, reset at each initiative. */
    attacks: new SchemaField({
      made: new ArrayField(new StringField({ required: true, blank: false })),
      usedRanged: new BooleanField({ required: true, initial: false }),
      usedMelee: new BooleanField({ required: true, initial: false }),
      targets: new ArrayField(new StringField({ required: true, blank: false })),
    }),
    /**
     * Parry and dodge moved by trades until the next initiative (NC-TAC-3,
     * NC-TAC-4): negative when parry points went to the attack.
     */
    tradeShift: new SchemaField({ parry: shift(), dodge: shift() }),
    /**
     * What Retreats and Disengages left on this attacker (the rules core's
     * AttackRestriction, NC-SPD-1 … -3, NC-MAN-16): kept across rounds, each
     * says when it applies; written by the active GM when the answer's card is posted.
     */
    restrictions: new ArrayField(new ObjectField()),
  };
}
export type FangsCombatantSchema = ReturnType<typeof combatantSchema>;

export class FangsCombatantData extends foundry.abstract.TypeDataModel<
  FangsCombatantSchema,
  Combatant.Implementation
> {
  static override defineSchema(): FangsCombatantSchema {
    return combatantSchema();
  }
}

// FANGS's Combatant subtype, declared for TypeScript from its own folder: a combatant's `system` reads as this model.
declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    Combatant: { base: typeof FangsCombatantData };
  }
}
