import { html, wholeNumber } from "../../../data/fields";
import type { LunosHealthRules } from "../../../rules/lunos/health-rules";
import { MAX_RATING } from "../../../rules/lunos/pool";
import { type HealthBox, healthTrack, TRACK_KINDS } from "../../../rules/lunos/sheet";
import { ABILITIES, type Ability, SKILLS, type Skill } from "../../../rules/lunos/types";
import { lunosHealthRules } from "../config/settings";

/**
 * The most levels of one kind a sheet stores: every level of a Body 5
 * fighter (5 + 5), and one past them, the blow that kills.
 */
export const LEVELS_MAX = 11;

const rating = (label: string, initial: number) => wholeNumber(initial, label, { min: 0, max: MAX_RATING });

function fighterSchema() {
  const { SchemaField } = foundry.data.fields;
  return {
    /** What a fight reads of a body and mind, each 0 to 5 dots ([found] basics). */
    abilities: new SchemaField(
      Object.fromEntries(ABILITIES.map((id) => [id, rating(`LUNOS.Ability.${id}`, 2)])) as Record<
        Ability,
        ReturnType<typeof rating>
      >,
    ),
    /** Combat and its sub-skills, and Athletics, each 0 to 5 dots. */
    skills: new SchemaField(
      Object.fromEntries(SKILLS.map((id) => [id, rating(`LUNOS.Skill.${id}`, 0)])) as Record<
        Skill,
        ReturnType<typeof rating>
      >,
    ),
    /** Levels taken of each kind (LUN-HLT-3): the round engine's tallies, which damage effects move. */
    health: new SchemaField(
      Object.fromEntries(
        TRACK_KINDS.map((kind) => [
          kind,
          new SchemaField({
            value: wholeNumber(0, `LUNOS.Damage.${kind}`, { min: 0, max: LEVELS_MAX }),
          }),
        ]),
      ) as Record<
        (typeof TRACK_KINDS)[number],
        foundry.data.fields.SchemaField<{ value: ReturnType<typeof wholeNumber> }>
      >,
    ),
    biography: html("LUNOS.Actor.Biography"),
  };
}
export type LunosFighterSchema = ReturnType<typeof fighterSchema>;

/** What the rules core works out from the stored figures, never stored. */
export type LunosFighterDerived = {
  /** Each level with its penalty and the kind that took it (LUN-HLT-1, LUN-HLT-3). */
  track: HealthBox[];
  /** The token bar: levels left of all of them. */
  levels: { value: number; max: number };
  /** LUN-HLT-2: dice off every pool. */
  woundPenalty: number;
  /** LUN-HLT-2: the wound penalty exceeds Willpower. */
  overcome: boolean;
  /** LUN-HLT-4: every level used. */
  allLevelsUsed: boolean;
};

/**
 * Works out a fighter's health from its stored figures with the rules
 * core and the world's health rules. What depends on the rest of the
 * rules (its pools) is worked out where it is shown, with Lunos's heavy
 * part, which holds the round engine.
 */
export function prepareLunosFighter(
  system: foundry.data.fields.SchemaField.InitializedData<LunosFighterSchema> & LunosFighterDerived,
  rules: LunosHealthRules,
): void {
  const track = healthTrack(
    {
      bruising: system.health.bruising.value,
      wounding: system.health.wounding.value,
      trauma: system.health.trauma.value,
    },
    system.abilities.body,
    system.abilities.willpower,
    rules,
  );
  system.track = [...track.boxes];
  system.levels = { value: track.left, max: track.levels };
  system.woundPenalty = track.woundPenalty;
  system.overcome = track.unconscious;
  system.allLevelsUsed = track.allUsed;
}

/** A Lunos player character, or an NPC built like one. */
export class LunosCharacterModel extends foundry.abstract.TypeDataModel<
  LunosFighterSchema,
  Actor.Implementation,
  Record<never, never>,
  LunosFighterDerived
> {
  static override defineSchema(): LunosFighterSchema {
    return fighterSchema();
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    prepareLunosFighter(this, lunosHealthRules());
  }
}

/**
 * A Lunos creature: the same figures as a character (the rules read a
 * creature as any fighter), its own type so that its sheet and packs can
 * tell it apart.
 */
export class LunosCreatureModel extends LunosCharacterModel {}
