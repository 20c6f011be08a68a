import type { ToyVolleyModel } from "./toy-cards";
import type { ToyStrikeModel } from "./toy-limit";
import type { ToyBladeModel, ToyCardModel, ToyFighterModel } from "./toy-ruleset";
import type { ToyKnockoutModel } from "./toy-timed";

/**
 * The toy's document types for TypeScript, declared as a ruleset declares
 * its own from its folder (FANGS: src/rulesets/fangs/config/types.ts), so
 * the shared views read a toy fighter's `system` as its model.
 */
declare module "../../src/config/fvtt-configuration" {
  interface RulesetActorModels {
    toyFighter: typeof ToyFighterModel;
  }
  interface RulesetItemModels {
    toyBlade: typeof ToyBladeModel;
  }
  interface RulesetChatMessageModels {
    toyCard: typeof ToyCardModel;
    toyVolley: typeof ToyVolleyModel;
    toyStrike: typeof ToyStrikeModel;
    toyKnockout: typeof ToyKnockoutModel;
  }
}
