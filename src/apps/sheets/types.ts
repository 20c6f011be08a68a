/**
 * The plain data a sheet is built from: the prepared `system` data of each
 * document type as the team brief fixes it (stored fields plus the derived
 * ones that prepareDerivedData adds). The sheets read documents through these
 * shapes only, so the same context builders serve Foundry, the tests and the
 * static preview, and the sheets do not depend on how src/data declares its
 * models.
 *
 * Derived fields are optional here: a sheet must still render (and say what
 * is wrong) when a document was prepared without them.
 */
import type { CharacteristicId, ItemCondition } from "../../rules/fangs/types";

export type ActorType = "character" | "creature";
export type ItemType = "weapon" | "shield" | "armor" | "skill" | "advantage" | "maneuver";

export const ITEM_TYPES: readonly ItemType[] = [
  "weapon",
  "shield",
  "armor",
  "skill",
  "advantage",
  "maneuver",
];
export const ACTOR_TYPES: readonly ActorType[] = ["character", "creature"];

export interface Pool {
  value: number;
  /** Derived. */
  max?: number;
}

export interface ActorAttributes {
  damageModifier: number;
  /** Dice text of the DM ("1d4+1"); "0" when there is none. */
  damageModifierDice: string;
  movement: number;
  dodge: number;
  idea: number;
  luck: number;
  fatigue: number;
  powerPoints: number;
}

export interface ActorSystemData {
  characteristics: Record<CharacteristicId, number>;
  stunPoints: Pool;
  hitPoints: Pool;
  dodgeSkill: { bought: number };
  biography: string;
  /** Derived: the sum of the equipped armor. */
  armorProtection?: number;
  /** Derived. */
  attributes?: Partial<ActorAttributes>;
  /* creature only */
  humanoid?: boolean;
  intelligent?: boolean;
  monsterParry?: { bought: number; formula: string; natural?: number; total?: number };
  extraLimbs?: number;
}

export interface ItemSpData {
  value: number;
  max: number;
}

export interface WeaponSystemData {
  damage: string;
  /** Damage bonus or enchantment (NC-TAC-2). */
  damageBonus: number;
  itemSp: ItemSpData;
  impales: boolean;
  hands: "one" | "two" | "either";
  kind: "melee" | "thrown" | "missile";
  range: number;
  reach: number;
  reloadRounds: number;
  extendedReload: boolean;
  autofire: boolean;
  natural: boolean;
  skill: string;
  equipped: boolean;
  offHand: boolean;
  description: string;
  /** Derived. */
  condition?: ItemCondition;
}

export interface ShieldSystemData {
  itemSp: ItemSpData;
  skill: string;
  equipped: boolean;
  /** Blank: the rules options' one-handed club (NC-DEF-9). Optional: older test data lacks it. */
  bashDamage?: string;
  description: string;
  /** Derived. */
  condition?: ItemCondition;
}

export interface ArmorSystemData {
  armorProtection: number;
  price: number;
  equipped: boolean;
  description: string;
}

export interface SkillSystemData {
  key: string;
  naturalAbility: string;
  bought: number;
  category: "combat" | "general";
  description: string;
  /** Derived. */
  natural?: number;
  /** Derived. */
  total?: number;
}

export interface AdvantageSystemData {
  key: string;
  description: string;
}

export interface ManeuverSystemData {
  maneuverId: string;
  description: string;
}

export interface ItemSystemByType {
  weapon: WeaponSystemData;
  shield: ShieldSystemData;
  armor: ArmorSystemData;
  skill: SkillSystemData;
  advantage: AdvantageSystemData;
  maneuver: ManeuverSystemData;
}

/** One item as plain data; `system` matches `type`. */
export type ItemData = {
  [T in ItemType]: {
    id: string;
    name: string;
    img?: string;
    type: T;
    sort?: number;
    system: ItemSystemByType[T];
  };
}[ItemType];

export type ItemDataOf<T extends ItemType> = Extract<ItemData, { type: T }>;

export interface ActorData {
  id: string;
  name: string;
  img?: string;
  type: ActorType;
  system: ActorSystemData;
  items: readonly ItemData[];
  /** Absent in older test data: the Effects tab then lists none. */
  effects?: readonly EffectData[];
  statuses?: readonly StatusData[];
}

/** An Active Effect that applies to the actor: its own, or one an item of it transfers. */
export interface EffectData {
  id: string;
  name: string;
  img?: string;
  disabled: boolean;
  /** Has a duration in rounds, turns or seconds (Foundry's `isTemporary`). */
  temporary: boolean;
  /** The duration in Foundry's words ("2 Rounds"), or empty. */
  duration?: string;
  /** The item carrying it, when it is transferred from one; null when it is the actor's own. */
  item: { id: string; name: string } | null;
}

/** A status of the world's list (FANGS's and core's), its name already in the user's language, and whether the actor has it. */
export interface StatusData {
  id: string;
  name: string;
  img?: string;
  active: boolean;
}
