import { flag, type NoBaseData, wholeNumber } from "../../../data/fields";
import { migrateCreature } from "../../../data/migrations";
import { skillValue } from "../../../rules/fangs/character";
import { abilityFormula } from "./ability-formula";
import { type ActorBaseDerived, type ActorBaseSchema, actorBaseSchema, prepareActorBase } from "./actor-base";

const { SchemaField } = foundry.data.fields;

/**
 * [default] The text gives no natural ability for the monster parry
 * (NC-DEF-8); a creature starts with the one-handed melee formula and the GM
 * sets its own per creature.
 */
export const DEFAULT_MONSTER_PARRY_FORMULA = "(ST+AG+SZ)/5";

function creatureSchema() {
  return {
    ...actorBaseSchema(),
    humanoid: flag(false, "FANGS.Actor.Creature.Humanoid"),
    intelligent: flag(false, "FANGS.Actor.Creature.Intelligent"),
    monsterParry: new SchemaField({
      formula: abilityFormula(DEFAULT_MONSTER_PARRY_FORMULA, "FANGS.Validation.Field.MonsterParryFormula"),
      bought: wholeNumber(0, "FANGS.Validation.Field.MonsterParryBought", { min: 0 }),
    }),
    /** Manipulative limbs beyond two: each binds one more limb in a grapple (NC-GRP). */
    extraLimbs: wholeNumber(0, "FANGS.Actor.Creature.ExtraLimbs", { min: 0 }),
  };
}
export type CreatureSchema = ReturnType<typeof creatureSchema> & ActorBaseSchema;

export type CreatureDerived = ActorBaseDerived & {
  monsterParry: { formula: string; bought: number; natural: number; total: number };
};

/** A monster or animal; may parry by "monster dodge" when neither humanoid nor intelligent. */
export class CreatureModel extends foundry.abstract.TypeDataModel<
  CreatureSchema,
  Actor.Implementation,
  NoBaseData,
  CreatureDerived
> {
  static override defineSchema(): CreatureSchema {
    return creatureSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    migrateCreature(source);
    return super.migrateData(source);
  }

  /** NC-DEF-8: only unintelligent, non-humanoid creatures parry by monster dodge. */
  get hasMonsterParry(): boolean {
    return !this.humanoid && !this.intelligent;
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    prepareActorBase(this, this.parent);
    const parry = skillValue(this.monsterParry.formula, this.characteristics, this.monsterParry.bought);
    this.monsterParry.natural = parry.natural;
    this.monsterParry.total = parry.total;
  }
}
