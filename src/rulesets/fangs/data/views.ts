import type { FangsCombatSchema } from "../../../data/combat";
import type { ActorBaseDerived } from "./actor-base";
import { CharacterModel, type CharacterSchema } from "./actor-character";
import { type CreatureDerived, CreatureModel, type CreatureSchema } from "./actor-creature";
import type { FangsCombatantSchema } from "./combatant";
import { AdvantageModel, type AdvantageSchema } from "./item-advantage";
import { ArmorModel, type ArmorSchema } from "./item-armor";
import { ManeuverModel, type ManeuverSchema } from "./item-maneuver";
import { type ShieldDerived, ShieldModel, type ShieldSchema } from "./item-shield";
import { type SkillDerived, SkillModel, type SkillSchema } from "./item-skill";
import { type WeaponDerived, WeaponModel, type WeaponSchema } from "./item-weapon";

/**
 * One typed view of each FANGS document's `system`, inferred from the data
 * models: the schema gives the stored fields, the model's derived type what
 * prepareDerivedData adds. Sheets, cards, the round snapshot and the
 * simulator's pack reader all read documents through these, so a field
 * named wrong is a compile error rather than a silent 0.
 */

type Schema = foundry.data.fields.DataSchema;
/** A schema's data as a prepared document holds it. */
type Initialized<S extends Schema> = foundry.data.fields.SchemaField.InitializedData<S>;
/** A schema's data as it is stored (the `system` of a pack's JSON). */
type Source<S extends Schema> = foundry.data.fields.SchemaField.SourceData<S>;

export type ActorCharacterSystem = Initialized<CharacterSchema> & ActorBaseDerived;
export type ActorCreatureSystem = Initialized<CreatureSchema> & CreatureDerived;
export type ActorSystem = ActorCharacterSystem | ActorCreatureSystem;

export type WeaponSystem = Initialized<WeaponSchema> & WeaponDerived;
export type ShieldSystem = Initialized<ShieldSchema> & ShieldDerived;
export type ArmorSystem = Initialized<ArmorSchema>;
export type SkillSystem = Initialized<SkillSchema> & SkillDerived;
export type AdvantageSystem = Initialized<AdvantageSchema>;
export type ManeuverSystem = Initialized<ManeuverSchema>;

export interface ActorSystemByType {
  character: ActorCharacterSystem;
  creature: ActorCreatureSystem;
}

export interface ItemSystemByType {
  weapon: WeaponSystem;
  shield: ShieldSystem;
  armor: ArmorSystem;
  skill: SkillSystem;
  advantage: AdvantageSystem;
  maneuver: ManeuverSystem;
}

export type FangsActorType = keyof ActorSystemByType;
export type FangsItemType = keyof ItemSystemByType;

/** The stored `system` of each type, as a pack source or an export holds it. */
export interface ActorSourceByType {
  character: Source<CharacterSchema>;
  creature: Source<CreatureSchema>;
}
export interface ItemSourceByType {
  weapon: Source<WeaponSchema>;
  shield: Source<ShieldSchema>;
  armor: Source<ArmorSchema>;
  skill: Source<SkillSchema>;
  advantage: Source<AdvantageSchema>;
  maneuver: Source<ManeuverSchema>;
}

/** A Combat's and a Combatant's round data, as their models store it (src/data/combat.ts, src/rulesets/fangs/data/combatant.ts). */
export type CombatSystem = Initialized<FangsCombatSchema>;
export type CombatantSystem = Initialized<FangsCombatantSchema>;

/* -------------------------------------------- */
/*  Reading a document's system                 */
/* -------------------------------------------- */

/** Each actor type's model: CONFIG.Actor.dataModels. */
export const ACTOR_DATA_MODELS = Object.freeze({
  character: CharacterModel,
  creature: CreatureModel,
});

/** Each item type's model: CONFIG.Item.dataModels, and the class `itemSystem` narrows by. */
export const ITEM_DATA_MODELS = Object.freeze({
  weapon: WeaponModel,
  shield: ShieldModel,
  armor: ArmorModel,
  skill: SkillModel,
  advantage: AdvantageModel,
  maneuver: ManeuverModel,
});

type ItemModelOf<T extends FangsItemType> = InstanceType<(typeof ITEM_DATA_MODELS)[T]>;

/*
 * Foundry types `system` as the union of every sub-type's (a module's
 * included), and `type` does not narrow it; the model's class does.
 */

/** The actor's FANGS data (prepared, derived values included); null for a type a module adds. */
export function actorSystem(actor: Actor.Implementation): CharacterModel | CreatureModel | null {
  const system = actor.system;
  return system instanceof CharacterModel || system instanceof CreatureModel ? system : null;
}

/** A creature's data; null for a character. */
export function creatureSystem(actor: Actor.Implementation): CreatureModel | null {
  return actor.system instanceof CreatureModel ? actor.system : null;
}

/** The item's data when it is of that type, else null. */
export function itemSystem<T extends FangsItemType>(
  item: Item.Implementation,
  type: T,
): ItemModelOf<T> | null {
  const system: unknown = item.system;
  return system instanceof ITEM_DATA_MODELS[type] ? (system as ItemModelOf<T>) : null;
}
