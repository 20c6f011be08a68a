import { listRulesets } from "../rules/kernel/ruleset";

/**
 * The FANGS round lives on the Combat document (the phase and the acting
 * order of that phase) and each combatant's share of it on the Combatant
 * (./combatant.ts: declared maneuver, hold, what it has used this round),
 * with the GM's copy of that share on the Combat (`records`), the one the
 * round reads. One turn entry per combatant, never duplicates: the phase
 * changes, the combatant list does not.
 */

const { ArrayField, ObjectField, StringField } = foundry.data.fields;

/** Every registered ruleset's phases: the stored phase is one of the world ruleset's (FANGS first). */
export function phaseChoices(): string[] {
  return [...new Set(listRulesets().flatMap((r) => r.phases.map((p) => p.id)))];
}

function combatSchema() {
  return {
    phase: new StringField({ required: true, blank: false, choices: phaseChoices, initial: "initiative" }),
    /**
     * Ids of those who act in this phase, in acting order, fixed when the
     * phase begins (a hold broken mid-phase is spliced in). `turn` indexes
     * it; a combatant dropped before its turn stays listed and is skipped.
     */
    order: new ArrayField(new StringField({ required: true, blank: false })),
    /**
     * Groups of ids of `order` that act at once (each a run of consecutive
     * ids; src/combat/turn-groups.ts). Empty for a ruleset that forms none
     * (FANGS), so its stored combats read as before.
     */
    groups: new ArrayField(new ArrayField(new StringField({ required: true, blank: false }))),
    /** The members of the group acting now that have ended their part (cleared when the turn moves). */
    groupEnded: new ArrayField(new StringField({ required: true, blank: false })),
    /**
     * The GM's copy of each combatant's round (its `system` below, by
     * combatant id), written in the same update as the combatant: a player
     * may be able to write the `system` of a combatant it owns, never the
     * Combat, so the round is read from here (src/rulesets/fangs/combat/record.ts).
     */
    records: new ObjectField({ required: true, initial: {} }),
    /**
     * State between two fighters (range, a hold, reach, a grapple), the
     * world ruleset's own data by the two combatant ids sorted; written by
     * the active GM only, read and checked through src/combat/pairs.ts.
     */
    pairs: new ObjectField({ required: true, initial: {} }),
  };
}
export type FangsCombatSchema = ReturnType<typeof combatSchema>;

export class FangsCombatData extends foundry.abstract.TypeDataModel<
  FangsCombatSchema,
  Combat.Implementation
> {
  static override defineSchema(): FangsCombatSchema {
    return combatSchema();
  }
}
