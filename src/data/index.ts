import { CharacterModel } from "./actor-character";
import { CreatureModel } from "./actor-creature";
import { AdvantageModel } from "./item-advantage";
import { ArmorModel } from "./item-armor";
import { ManeuverModel } from "./item-maneuver";
import { ShieldModel } from "./item-shield";
import { SkillModel } from "./item-skill";
import { WeaponModel } from "./item-weapon";

export * from "./actor-base";
export * from "./actor-character";
export * from "./actor-creature";
export * from "./fields";
export * from "./item-advantage";
export * from "./item-armor";
export * from "./item-maneuver";
export * from "./item-shield";
export * from "./item-skill";
export * from "./item-weapon";
export * from "./migrations";
export * from "./owner";

/** CONFIG.Actor.dataModels */
export const ACTOR_DATA_MODELS = Object.freeze({
  character: CharacterModel,
  creature: CreatureModel,
});

/** CONFIG.Item.dataModels */
export const ITEM_DATA_MODELS = Object.freeze({
  weapon: WeaponModel,
  shield: ShieldModel,
  armor: ArmorModel,
  skill: SkillModel,
  advantage: AdvantageModel,
  maneuver: ManeuverModel,
});
