import type { GmDamageNoteData } from "../../../data/gm-damage-note";
import type { CharacterModel } from "../data/actor-character";
import type { CreatureModel } from "../data/actor-creature";
import type { ExchangeMessageData } from "../data/exchange-card";
import type { AdvantageModel } from "../data/item-advantage";
import type { ArmorModel } from "../data/item-armor";
import type { ManeuverModel } from "../data/item-maneuver";
import type { ShieldModel } from "../data/item-shield";
import type { SkillModel } from "../data/item-skill";
import type { WeaponModel } from "../data/item-weapon";

/**
 * FANGS's document types for TypeScript: the model class of each type its
 * definition registers (src/rulesets/fangs/index.ts), added to the shared
 * interfaces Foundry's types read `system` from. Types only: nothing here
 * runs.
 */
declare module "../../../config/fvtt-configuration" {
  interface RulesetActorModels {
    character: typeof CharacterModel;
    creature: typeof CreatureModel;
  }
  interface RulesetItemModels {
    weapon: typeof WeaponModel;
    shield: typeof ShieldModel;
    armor: typeof ArmorModel;
    skill: typeof SkillModel;
    advantage: typeof AdvantageModel;
    maneuver: typeof ManeuverModel;
  }
  interface RulesetChatMessageModels {
    exchange: typeof ExchangeMessageData;
    gmDamage: typeof GmDamageNoteData;
  }
}
