import type { StuckFlag } from "../chat/stuck-weapons";
import type { FangsActor } from "../documents/actor";
import type { FangsItem } from "../documents/item";

/*
 * Tells the Foundry types about this system's settings, documents and data
 * models. Other parts of the system add their own entries in their own
 * files: these interfaces merge.
 */

/**
 * The data model classes of every ruleset's document types, by type: each
 * ruleset adds its own from its folder, as FANGS does in
 * src/rulesets/fangs/config/types.ts:
 *
 *   declare module "../../../config/fvtt-configuration" {
 *     interface RulesetActorModels { character: typeof CharacterModel }
 *   }
 *
 * Foundry's types read `system` from these (DataModelConfig), and the shared
 * views (src/data/views.ts) narrow a document's `system` by them.
 */
// biome-ignore lint/suspicious/noEmptyInterface: each ruleset merges its types into it
export interface RulesetActorModels {}
// biome-ignore lint/suspicious/noEmptyInterface: each ruleset merges its types into it
export interface RulesetItemModels {}
// biome-ignore lint/suspicious/noEmptyInterface: each ruleset merges its types into it
export interface RulesetChatMessageModels {}

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

  /**
   * Every ruleset's models, each declared from its own folder (above): a
   * second `Actor` entry in another file would not merge, so the entries
   * are interfaces that do.
   */
  interface DataModelConfig {
    Actor: RulesetActorModels;
    Item: RulesetItemModels;
    ChatMessage: RulesetChatMessageModels;
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
  /** The shared settings; each ruleset declares its own beside their registration. */
  interface SettingConfig {
    "fangs.schemaVersion": number;
  }
}
