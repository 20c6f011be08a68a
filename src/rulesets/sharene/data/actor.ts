import { choice, diceFormula, flag, html, signedWholeNumber, wholeNumber } from "../../../data/fields";
import type { LimbThresholds } from "../../../rules/sharene/limb-thresholds";
import {
  type LimbState,
  limbStates,
  SHARENE_LIMBS,
  SHARENE_LOCATIONS,
  skillTotal,
} from "../../../rules/sharene/sheet";
import { MAX_RATING, STYLES, type Style } from "../../../rules/sharene/types";
import { WEAPON_ARM_LABELS } from "../config/labels";
import { shareneRules } from "../config/settings";
import { ShareneArmorModel } from "./item-armor";
import { skillField } from "./skill";

/** The most life points the core reads (`validateFighter`). */
export const LIFE_POINTS_MAX = 1000;

function characteristic(id: string) {
  return wholeNumber(10, `SHARENE.Characteristic.${id}`, { min: 0, max: MAX_RATING });
}

function fighterSchema() {
  const { SchemaField } = foundry.data.fields;
  return {
    /** What the rules read of a body: DEX, AGI (initiative, SHA-INI-1) and END (the END checks, SHA-CON-1…4). */
    characteristics: new SchemaField({
      dex: characteristic("dex"),
      agi: characteristic("agi"),
      end: characteristic("end"),
    }),
    /** The full life points are the sheet's figure (docs/rules/sharene.md); the value falls to the coma and below. */
    lifePoints: new SchemaField({
      value: signedWholeNumber(20, "SHARENE.Actor.LifePoints"),
      max: wholeNumber(20, "SHARENE.Actor.LifePointsMax", { min: 1, max: LIFE_POINTS_MAX }),
    }),
    /** The personal damage bonus, a dice formula or a number (SHA-DMG-1). */
    damageBonus: diceFormula("0", "SHARENE.Actor.DamageBonus"),
    dodge: skillField(
      {
        skill: "SHARENE.Actor.Dodge",
        level: "SHARENE.Actor.DodgeLevel",
        natural: "SHARENE.Actor.DodgeNatural",
      },
      0,
      10,
    ),
    /** The styles the fighter knows (SHA-STY-3 … SHA-STY-6); the round offers only these. */
    styles: new SchemaField(
      Object.fromEntries(STYLES.map((style) => [style, flag(true, `SHARENE.Style.${style}`)])) as Record<
        Style,
        ReturnType<typeof flag>
      >,
    ),
    weaponArm: choice(WEAPON_ARM_LABELS, "rightArm", "SHARENE.Actor.WeaponArm"),
    /** The damage each limb has taken (SHA-DMG-4's tally); the limb wound effect moves it, the GM may set it. */
    wounds: new SchemaField(
      Object.fromEntries(
        SHARENE_LIMBS.map((limb) => [
          limb,
          new SchemaField({ value: wholeNumber(0, `SHARENE.Location.${limb}`, { min: 0 }) }),
        ]),
      ) as Record<string, foundry.data.fields.SchemaField<{ value: ReturnType<typeof wholeNumber> }>>,
    ),
    biography: html("SHARENE.Actor.Biography"),
  };
}
export type ShareneFighterSchema = ReturnType<typeof fighterSchema>;

/** One limb as the sheet shows it: the damage taken and the state the rules give it. */
export interface LimbView {
  readonly damage: number;
  readonly state: LimbState;
}

/** What the rules core works out from the stored figures, never stored. */
export type ShareneFighterDerived = {
  /** The dodge's total (level + natural ability). */
  dodgeTotal: number;
  /** Each limb's damage and state (SHA-DMG-4), read against the full life points. */
  limbs: Record<string, LimbView>;
  /** Protection per location: the equipped armor's, added up. */
  armor: Record<string, number>;
  /** The styles the fighter knows, in the core's order. */
  knownStyles: Style[];
};

/**
 * Works out a fighter's derived values from its stored figures and items
 * with the rules core and the world's limb thresholds. The actor prepares
 * its items first, so its armor is ready. What depends on the rest of the
 * world's options (the END checks' DNs) is worked out where it is shown,
 * with Sharene's heavy part, which holds their checks.
 */
export function prepareShareneFighter(
  system: foundry.data.fields.SchemaField.InitializedData<ShareneFighterSchema> & ShareneFighterDerived,
  actor: Actor.Implementation | null,
  rules: LimbThresholds,
): void {
  system.dodgeTotal = skillTotal(system.dodge);
  const wounds = system.wounds as Record<string, { value: number } | undefined>;
  const tallies = Object.fromEntries(SHARENE_LIMBS.map((limb) => [limb, wounds[limb]?.value ?? 0]));
  const states = limbStates(tallies, system.lifePoints.max, rules);
  system.limbs = Object.fromEntries(
    SHARENE_LIMBS.map((limb) => [limb, { damage: tallies[limb] ?? 0, state: states[limb] ?? null }]),
  );
  system.armor = wornArmor(actor);
  system.knownStyles = STYLES.filter((style) => system.styles[style]);
}

function wornArmor(actor: Actor.Implementation | null): Record<string, number> {
  const armor: Record<string, number> = Object.fromEntries(SHARENE_LOCATIONS.map((l) => [l, 0]));
  for (const item of actor?.items ?? []) {
    const system: unknown = item.system;
    if (!(system instanceof ShareneArmorModel) || !system.equipped) continue;
    const protection = system.protection as Record<string, number>;
    for (const location of SHARENE_LOCATIONS)
      armor[location] = (armor[location] ?? 0) + (protection[location] ?? 0);
  }
  return armor;
}

/** A Sharene player character, or an NPC built like one. */
export class ShareneCharacterModel extends foundry.abstract.TypeDataModel<
  ShareneFighterSchema,
  Actor.Implementation,
  Record<never, never>,
  ShareneFighterDerived
> {
  static override defineSchema(): ShareneFighterSchema {
    return fighterSchema();
  }

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    prepareShareneFighter(this, this.parent, shareneRules());
  }
}

/**
 * A Sharene creature: the same figures as a character (the rules read a
 * creature as any fighter), its own type so that its sheet and packs can
 * tell it apart.
 */
export class ShareneCreatureModel extends ShareneCharacterModel {}
