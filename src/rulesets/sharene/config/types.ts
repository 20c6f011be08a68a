import type { ShareneCharacterModel, ShareneCreatureModel } from "../data/actor";
import type { ShareneExchangeModel } from "../data/exchange-card";
import type { ShareneArmorModel } from "../data/item-armor";
import type { ShareneStyleModel } from "../data/item-style";
import type { ShareneWeaponModel } from "../data/item-weapon";

/**
 * Sharene's document types for TypeScript: the model class of each type its
 * definition registers (src/rulesets/sharene/index.ts), added to the shared
 * interfaces Foundry's types read `system` from. Types only.
 */
declare module "../../../config/fvtt-configuration" {
  interface RulesetActorModels {
    shareneCharacter: typeof ShareneCharacterModel;
    shareneCreature: typeof ShareneCreatureModel;
  }
  interface RulesetItemModels {
    shareneWeapon: typeof ShareneWeaponModel;
    shareneArmor: typeof ShareneArmorModel;
    shareneStyle: typeof ShareneStyleModel;
  }
  interface RulesetChatMessageModels {
    shareneExchange: typeof ShareneExchangeModel;
  }
}
