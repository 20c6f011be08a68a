import type { StuckFlag } from "../chat/stuck-weapons";
import type { GmDamageNoteData } from "../data/gm-damage-note";
import type { FangsActor } from "../documents/actor";
import type { FangsItem } from "../documents/item";
import type {
  InitiativeMode,
  ManeuverReadingSetting,
  RulesOptionsModel,
} from "../rulesets/fangs/config/settings";
import type { CharacterModel } from "../rulesets/fangs/data/actor-character";
import type { CreatureModel } from "../rulesets/fangs/data/actor-creature";
import type { ExchangeMessageData } from "../rulesets/fangs/data/exchange-card";
import type { AdvantageModel } from "../rulesets/fangs/data/item-advantage";
import type { ArmorModel } from "../rulesets/fangs/data/item-armor";
import type { ManeuverModel } from "../rulesets/fangs/data/item-maneuver";
import type { ShieldModel } from "../rulesets/fangs/data/item-shield";
import type { SkillModel } from "../rulesets/fangs/data/item-skill";
import type { WeaponModel } from "../rulesets/fangs/data/item-weapon";

/**
 * Tells the Foundry types about this system's settings, documents and data
 * models. Other parts of the system add their own entries in their own
 * files: these interfaces merge.
 */
declare module "fvtt-types/configuration" {
  /**
   * Our code runs from `init` on (settings, data preparation, sheets), and
   * `game` is complete once `ready` has run, which is when users act.
   */
  interface AssumeHookRan {
    ready: never;
  }

  interface DocumentClassConfig {
    Actor: typeof FangsActor<Actor.SubType>;
    Item: typeof FangsItem<Item.SubType>;
  }

  interface DataModelConfig {
    Actor: {
      character: typeof CharacterModel;
      creature: typeof CreatureModel;
    };
    Item: {
      weapon: typeof WeaponModel;
      shield: typeof ShieldModel;
      armor: typeof ArmorModel;
      skill: typeof SkillModel;
      advantage: typeof AdvantageModel;
      maneuver: typeof ManeuverModel;
    };
    /** One entry for both chat subtypes: a second ChatMessage entry elsewhere would not merge. */
    ChatMessage: {
      exchange: typeof ExchangeMessageData;
      gmDamage: typeof GmDamageNoteData;
    };
  }

  /** Flags this system writes, so a read or a write names a known key. */
  interface FlagConfig {
    ActiveEffect: {
      fangs: {
        /** A weapon stuck in the actor or in its shield (src/chat/stuck-weapons.ts). */
        stuck?: StuckFlag;
      };
    };
    User: {
      fangs: {
        /** Each sheet's lock (play or edit) as this user last chose it, by actor UUID with "-" for ".". */
        sheetModes?: Record<string, "play" | "edit">;
      };
    };
    Macro: {
      fangs: {
        /** A check's macro: the actor's UUID and the roll, as JSON (src/rulesets/fangs/apps/attack/roll-macro.ts). */
        rollCheck?: string;
        /** A weapon's attack macro: the item's UUID (src/rulesets/fangs/apps/attack/hotbar.ts). */
        attackItem?: string;
      };
    };
  }
  interface SettingConfig {
    "fangs.schemaVersion": number;
    "fangs.initiativeMode": InitiativeMode;
    "fangs.maneuverReading": ManeuverReadingSetting;
    "fangs.rules": typeof RulesOptionsModel;
  }
}
