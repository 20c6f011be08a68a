import { CHARACTERISTIC_MAX, html, signedWholeNumber, wholeNumber } from "../../../data/fields";
import { damageModifierFormula, deriveAttributes } from "../../../rules/fangs/character";
import type { Characteristics } from "../../../rules/fangs/types";
import { rulesOptions } from "../config/settings";
import { ArmorModel } from "./item-armor";

const { SchemaField } = foundry.data.fields;

function characteristic(abbreviation: string) {
  return wholeNumber(10, `FANGS.Actor.Characteristic.${abbreviation}.Name`, {
    min: 1,
    max: CHARACTERISTIC_MAX,
  });
}

/** Stored data every FANGS actor has. */
export function actorBaseSchema() {
  return {
    characteristics: new SchemaField({
      st: characteristic("St"),
      ag: characteristic("Ag"),
      co: characteristic("Co"),
      in: characteristic("In"),
      pw: characteristic("Pw"),
      sz: characteristic("Sz"),
      ap: characteristic("Ap"),
    }),
    // Current pools may go below 0 (unconscious, dying); their max is derived.
    stunPoints: new SchemaField({ value: signedWholeNumber(20, "FANGS.Actor.Attribute.StunPoints") }),
    hitPoints: new SchemaField({ value: signedWholeNumber(10, "FANGS.Actor.Attribute.HitPoints") }),
    dodgeSkill: new SchemaField({ bought: wholeNumber(0, "FANGS.Validation.Field.DodgeBought", { min: 0 }) }),
    biography: html("FANGS.Actor.Biography"),
  };
}
export type ActorBaseSchema = ReturnType<typeof actorBaseSchema>;

export type DerivedAttributeValues = {
  damageModifier: number;
  /** The DM as dice text ("1d4+1"); "0" when there is none. */
  damageModifierDice: string;
  movement: number;
  dodge: number;
  idea: number;
  luck: number;
  fatigue: number;
  powerPoints: number;
};

/** Values computed in prepareDerivedData, never stored. */
export type ActorBaseDerived = {
  stunPoints: { value: number; max: number };
  hitPoints: { value: number; max: number };
  /** Sum of the armor SP of equipped armor items. */
  armorProtection: number;
  attributes: DerivedAttributeValues;
};

/**
 * Derives the attributes of an actor from its characteristics and items. The
 * document prepares its embedded items before it calls this, so the armor
 * items are ready; every figure comes from the rules core.
 */
export function prepareActorBase(
  system: ActorBaseSchemaData & ActorBaseDerived,
  actor: Actor.Implementation | null,
) {
  const armorProtection = equippedArmorProtection(actor);
  const attributes = deriveAttributes(
    system.characteristics,
    { armorProtection, dodgeBought: system.dodgeSkill.bought },
    rulesOptions(),
  );
  system.armorProtection = armorProtection;
  system.stunPoints.max = attributes.stunPoints;
  system.hitPoints.max = attributes.hitPoints;
  system.attributes = {
    damageModifier: attributes.damageModifier,
    damageModifierDice: damageModifierFormula(attributes.damageModifier, rulesOptions()),
    movement: attributes.movement,
    dodge: attributes.dodge,
    idea: attributes.idea,
    luck: attributes.luck,
    fatigue: attributes.fatigue,
    powerPoints: attributes.powerPoints,
  };
}

/** The stored part, as the model holds it once initialised. */
export type ActorBaseSchemaData = {
  characteristics: Characteristics;
  dodgeSkill: { bought: number };
};

function equippedArmorProtection(actor: Actor.Implementation | null): number {
  if (!actor) return 0;
  let total = 0;
  for (const item of actor.items) {
    if (item.system instanceof ArmorModel && item.system.equipped) total += item.system.armorProtection;
  }
  return total;
}
