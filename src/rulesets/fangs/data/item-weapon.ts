import { choice, diceFormula, flag, itemSp, key, type NoBaseData, wholeNumber } from "../../../data/fields";
import { itemBaseSchema } from "../../../data/item-base";
import { assertItemSpJoint } from "../../../data/item-sp";
import { migrateWeapon } from "../../../data/migrations";
import { itemCondition } from "../../../rules/fangs/character";
import type { ItemCondition } from "../../../rules/fangs/types";
import { MAX_FLAT } from "../../../rules/kernel/dice";
import { configuredLabels } from "../config/fangs-config";
import { FANGS } from "../config/labels";

function weaponSchema() {
  return {
    ...itemBaseSchema(),
    /** Damage without the wielder's DM, e.g. "1d8+2"; refused unless the rules core's dice parser reads it. */
    damage: diceFormula("1d6", "FANGS.Item.Weapon.Damage"),
    /** A damage bonus or magical enchantment: added to the damage, kept out of the trade's base (NC-TAC-2). */
    // Bounded like a formula's flat: the same number typed into the damage formula is refused there.
    damageBonus: wholeNumber(0, "FANGS.Item.Weapon.DamageBonus", { min: 0, max: MAX_FLAT }),
    itemSp: itemSp(10),
    impales: flag(false, "FANGS.Item.Weapon.Impales"),
    hands: choice(FANGS.weaponHands, "one", "FANGS.Item.Weapon.Hands.Label", () =>
      configuredLabels("weaponHands"),
    ),
    kind: choice(FANGS.weaponKinds, "melee", "FANGS.Item.Weapon.Kind.Label", () =>
      configuredLabels("weaponKinds"),
    ),
    /** Paces; 0 for a weapon that is not thrown or shot. */
    range: wholeNumber(0, "FANGS.Item.Weapon.Range", { min: 0 }),
    /** Paces. */
    reach: wholeNumber(1, "FANGS.Item.Weapon.Reach", { min: 0 }),
    reloadRounds: wholeNumber(0, "FANGS.Item.Weapon.ReloadRounds", { min: 0 }),
    extendedReload: flag(false, "FANGS.Item.Weapon.ExtendedReload"),
    autofire: flag(false, "FANGS.Item.Weapon.Autofire"),
    /** A firearm's Recoil: read only when the world's recoil module is on (RHF-REC-1); 0 for none. */
    recoil: wholeNumber(0, "FANGS.Item.Weapon.Recoil", { min: 0, max: 100 }),
    /** Fired from a tripod: Strength ×2 against its recoil (RHF-REC-2). */
    tripod: flag(false, "FANGS.Item.Weapon.Tripod"),
    /** Claws, bite, fist: no item SP to wear down. */
    natural: flag(false, "FANGS.Item.Weapon.Natural"),
    /** The `key` of the skill item used to attack and parry with it. */
    skill: key("", "FANGS.Item.Weapon.Skill"),
    equipped: flag(false, "FANGS.Validation.Field.Equipped"),
    offHand: flag(false, "FANGS.Item.Weapon.OffHand"),
  };
}
export type WeaponSchema = ReturnType<typeof weaponSchema>;

export type WeaponDerived = {
  /** Null for a natural weapon, which has no SP track. */
  condition: ItemCondition | null;
};

export class WeaponModel extends foundry.abstract.TypeDataModel<
  WeaponSchema,
  Item.Implementation,
  NoBaseData,
  WeaponDerived
> {
  static override defineSchema(): WeaponSchema {
    return weaponSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    migrateWeapon(source);
    return super.migrateData(source);
  }

  static override validateJoint(data: Record<string, unknown>): void {
    // The types declare the base method's parameter `never` for a model with its own schema.
    super.validateJoint(data as never);
    assertItemSpJoint(data);
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.condition = this.natural ? null : itemCondition(this.itemSp);
  }
}
