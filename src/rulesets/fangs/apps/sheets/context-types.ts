/**
 * The plain data a sheet is built from: each document type's `system` as its
 * data model holds it once prepared (src/rulesets/fangs/data/views.ts), so the sheets read
 * the models' own fields, and plain fixtures (the tests, the static preview)
 * are typed by the same schema.
 *
 * Derived fields are optional here: a sheet must still render (and say what
 * is wrong) when a document was prepared without them.
 */
import type {
  ActorCharacterSystem,
  ActorCreatureSystem,
  ActorSourceByType,
  FangsActorType,
  FangsItemType,
  ItemSourceByType,
  ItemSystemByType as PreparedItemSystem,
} from "../../data/views";

export type ActorType = FangsActorType;
export type ItemType = FangsItemType;

/** The stored fields, and what prepareDerivedData adds to them, each derived value possibly missing. */
type WithDerived<Stored, Prepared> = Stored & {
  [K in Exclude<keyof Prepared, keyof Stored>]?: Prepared[K] extends object
    ? Partial<Prepared[K]>
    : Prepared[K];
} & {
  [K in keyof Stored & keyof Prepared]: Stored[K] extends object ? Partial<Prepared[K]> : unknown;
};

type CharacterStored = ActorSourceByType["character"];
type CreatureStored = ActorSourceByType["creature"];

export type ActorAttributes = ActorCharacterSystem["attributes"];

/** A character's or a creature's system: the creature's own fields are absent on a character. */
export type ActorSystemData = WithDerived<CharacterStored, ActorCharacterSystem> & {
  [K in Exclude<keyof CreatureStored, keyof CharacterStored>]?: CreatureStored[K];
} & { monsterParry?: Partial<ActorCreatureSystem["monsterParry"]> & CreatureStored["monsterParry"] };

export type Pool = ActorSystemData["stunPoints"];

export type ItemSystemByType = {
  [T in ItemType]: WithDerived<ItemSourceByType[T], PreparedItemSystem[T]>;
};

export type ItemSpData = ItemSystemByType["weapon"]["itemSp"];
export type WeaponSystemData = ItemSystemByType["weapon"];
export type ShieldSystemData = ItemSystemByType["shield"];
export type ArmorSystemData = ItemSystemByType["armor"];
export type SkillSystemData = ItemSystemByType["skill"];
export type AdvantageSystemData = ItemSystemByType["advantage"];
export type ManeuverSystemData = ItemSystemByType["maneuver"];

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
