import { choice, key, type NoBaseData, wholeNumber } from "../../../data/fields";
import { itemBaseSchema } from "../../../data/item-base";
import { migrateSkill } from "../../../data/migrations";
import { skillValue } from "../../../rules/fangs/character";
import { configuredLabels } from "../config/fangs-config";
import { FANGS } from "../config/labels";
import { abilityFormula } from "./ability-formula";
import { characteristicsOf } from "./owner";

function skillSchema() {
  return {
    ...itemBaseSchema(),
    /** Stable id other items point at ("broadsword", "shieldParry", "dodge", "grapple", "firstAid"). */
    key: key("", "FANGS.Item.Key"),
    /** Natural ability over ST AG CO IN PW SZ AP, fractions rounded up (CORE-CHR-6). */
    naturalAbility: abilityFormula("0", "FANGS.Validation.Field.NaturalAbility"),
    bought: wholeNumber(0, "FANGS.Validation.Field.Bought", { min: 0 }),
    category: choice(FANGS.skillCategories, "general", "FANGS.Item.Skill.Category.Label", () =>
      configuredLabels("skillCategories"),
    ),
  };
}
export type SkillSchema = ReturnType<typeof skillSchema>;

export type SkillDerived = {
  /** Null while the skill belongs to no actor: there are no characteristics to read. */
  natural: number | null;
  total: number | null;
};

export class SkillModel extends foundry.abstract.TypeDataModel<
  SkillSchema,
  Item.Implementation,
  NoBaseData,
  SkillDerived
> {
  static override defineSchema(): SkillSchema {
    return skillSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    migrateSkill(source);
    return super.migrateData(source);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const characteristics = characteristicsOf(this.parent);
    if (characteristics === null) {
      this.natural = null;
      this.total = null;
      return;
    }
    const value = skillValue(this.naturalAbility, characteristics, this.bought);
    this.natural = value.natural;
    this.total = value.total;
  }
}
