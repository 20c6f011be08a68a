import { choice, flag, html, optionalDiceFormula } from "../../../data/fields";
import { skillTotal } from "../../../rules/sharene/sheet";
import { BLOWS, type Blow } from "../../../rules/sharene/types";
import { ACTION_KIND_LABELS, MAIN_BLOW_LABELS } from "../config/labels";
import { shareneLabels } from "../config/sharene-config";
import { skillField } from "./skill";

function weaponSchema() {
  const { SchemaField } = foundry.data.fields;
  return {
    description: html("SHARENE.Item.Description"),
    /** What attacking with it is, for initiative (SHA-INI-1: AGI for melee, DEX for a throw or a shot). */
    kind: choice(ACTION_KIND_LABELS, "melee", "SHARENE.Weapon.Kind", () => shareneLabels("actionKinds")),
    attack: skillField(
      {
        skill: "SHARENE.Weapon.Attack",
        level: "SHARENE.Weapon.AttackLevel",
        natural: "SHARENE.Weapon.AttackNatural",
      },
      0,
      10,
    ),
    parry: skillField(
      {
        skill: "SHARENE.Weapon.Parry",
        level: "SHARENE.Weapon.ParryLevel",
        natural: "SHARENE.Weapon.ParryNatural",
      },
      0,
      10,
    ),
    /** A thrown knife, a bow: no parry with it. */
    parries: flag(true, "SHARENE.Weapon.Parries"),
    /** Damage per blow (SHA-DMG-1); blank: the weapon does not deal that blow. */
    damage: new SchemaField({
      slash: optionalDiceFormula("SHARENE.Weapon.DamageSlash"),
      thrust: optionalDiceFormula("SHARENE.Weapon.DamageThrust"),
      special: optionalDiceFormula("SHARENE.Weapon.DamageSpecial"),
    }),
    /** The blow it deals when the d10 names one it lacks (SHA-BLW-1). */
    mainBlow: choice(MAIN_BLOW_LABELS, "slash", "SHARENE.Weapon.MainBlow"),
    equipped: flag(true, "SHARENE.Item.Equipped"),
  };
}
export type ShareneWeaponSchema = ReturnType<typeof weaponSchema>;

export type ShareneWeaponDerived = {
  /** Attack and parry totals (level + natural ability); parry null for a weapon that does not parry. */
  attackTotal: number;
  parryTotal: number | null;
  /** The blows it deals, in the core's order. */
  blows: Blow[];
  /** Whether it deals its main blow: a weapon that does not cannot be fought with yet (the sheet says so). */
  dealsMainBlow: boolean;
};

/** A Sharene weapon: attack and parry skills, damage per blow, its main blow. */
export class ShareneWeaponModel extends foundry.abstract.TypeDataModel<
  ShareneWeaponSchema,
  Item.Implementation,
  Record<never, never>,
  ShareneWeaponDerived
> {
  static override defineSchema(): ShareneWeaponSchema {
    return weaponSchema();
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    this.attackTotal = skillTotal(this.attack);
    this.parryTotal = this.parries ? skillTotal(this.parry) : null;
    this.blows = BLOWS.filter((blow) => this.damage[blow] !== "");
    this.dealsMainBlow = this.damage[this.mainBlow] !== "";
  }
}
