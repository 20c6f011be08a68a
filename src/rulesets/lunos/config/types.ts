import type { LunosCharacterModel, LunosCreatureModel } from "../data/actor";
import type { LunosAttackModel } from "../data/attack-card";
import type { LunosArmorModel } from "../data/item-armor";
import type { LunosManeuverModel } from "../data/item-maneuver";
import type { LunosWeaponModel } from "../data/item-weapon";

/**
 * Lunos's document types for TypeScript: the model class of each type its
 * definition registers (src/rulesets/lunos/index.ts), added to the shared
 * interfaces Foundry's types read `system` from. Types only.
 */
declare module "../../../config/fvtt-configuration" {
  interface RulesetActorModels {
    lunosCharacter: typeof LunosCharacterModel;
    lunosCreature: typeof LunosCreatureModel;
  }
  interface RulesetItemModels {
    lunosWeapon: typeof LunosWeaponModel;
    lunosArmor: typeof LunosArmorModel;
    lunosManeuver: typeof LunosManeuverModel;
  }
  interface RulesetChatMessageModels {
    lunosAttack: typeof LunosAttackModel;
  }
}
