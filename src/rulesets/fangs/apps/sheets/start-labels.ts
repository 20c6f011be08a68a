/**
 * Localisation keys start-up needs, written out in full as in ./labels.ts:
 * the names of the checks (the sheets' rolls and the hotbar's macros), of
 * an item type (a new item on the actor sheet) and of the tabs (the sheet
 * classes' static TABS). The rest of the sheets' labels load with the
 * context builders.
 */
import type { CharacteristicId } from "../../../../rules/fangs/types";
import type { ItemType } from "./context-types";

export const CHARACTERISTIC_LABELS: Readonly<Record<CharacteristicId, { name: string; abbr: string }>> = {
  st: { name: "FANGS.Actor.Characteristic.St.Name", abbr: "FANGS.Actor.Characteristic.St.Abbr" },
  ag: { name: "FANGS.Actor.Characteristic.Ag.Name", abbr: "FANGS.Actor.Characteristic.Ag.Abbr" },
  co: { name: "FANGS.Actor.Characteristic.Co.Name", abbr: "FANGS.Actor.Characteristic.Co.Abbr" },
  in: { name: "FANGS.Actor.Characteristic.In.Name", abbr: "FANGS.Actor.Characteristic.In.Abbr" },
  pw: { name: "FANGS.Actor.Characteristic.Pw.Name", abbr: "FANGS.Actor.Characteristic.Pw.Abbr" },
  sz: { name: "FANGS.Actor.Characteristic.Sz.Name", abbr: "FANGS.Actor.Characteristic.Sz.Abbr" },
  ap: { name: "FANGS.Actor.Characteristic.Ap.Name", abbr: "FANGS.Actor.Characteristic.Ap.Abbr" },
};

export const ATTRIBUTE_LABELS = {
  hitPoints: "FANGS.Actor.Attribute.HitPoints",
  stunPoints: "FANGS.Actor.Attribute.StunPoints",
  damageModifier: "FANGS.Actor.Attribute.DamageModifier",
  movement: "FANGS.Actor.Attribute.Movement",
  dodge: "FANGS.Actor.Attribute.Dodge",
  idea: "FANGS.Actor.Attribute.Idea",
  luck: "FANGS.Actor.Attribute.Luck",
  fatigue: "FANGS.Actor.Attribute.Fatigue",
  powerPoints: "FANGS.Actor.Attribute.PowerPoints",
  armorProtection: "FANGS.Actor.Attribute.ArmorProtection",
} as const;

export const ITEM_TYPE_LABELS: Readonly<Record<ItemType, string>> = {
  weapon: "FANGS.Item.Type.Weapon",
  shield: "FANGS.Item.Type.Shield",
  armor: "FANGS.Item.Type.Armor",
  skill: "FANGS.Item.Type.Skill",
  advantage: "FANGS.Item.Type.Advantage",
  maneuver: "FANGS.Item.Type.Maneuver",
};

export const TAB_LABELS = {
  main: "FANGS.Sheet.Tab.Main",
  skills: "FANGS.Sheet.Tab.Skills",
  combat: "FANGS.Sheet.Tab.Combat",
  features: "FANGS.Sheet.Tab.Features",
  effects: "FANGS.Sheet.Tab.Effects",
  biography: "FANGS.Sheet.Tab.Biography",
  details: "FANGS.Sheet.Tab.Details",
  description: "FANGS.Sheet.Tab.Description",
} as const;
