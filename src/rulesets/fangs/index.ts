import { START_ATTACK_QUERY } from "../../chat/authority";
import { anyTable } from "../../combat/table-ruleset";
import { GmDamageNoteData } from "../../data/gm-damage-note";
import { loadRuleset } from "../../on-demand";
import { fangsRuleset } from "../../rules/fangs/ruleset";
import { type RulesetDefinition, registerRulesetDefinition, type StatusDefinition } from "../registry";
import { fangsHotbarDrop } from "./apps/attack/hotbar";
import { FANGS_RULES_MENU } from "./apps/settings";
import { registerManeuverOptionsSetting } from "./apps/settings/maneuver-options";
import { registerSheets } from "./apps/sheets";
import { CharacterSheet, CreatureSheet, CreatureStatBlockSheet } from "./apps/sheets/actor-sheet";
import { ITEM_SHEETS } from "./apps/sheets/item-sheet";
import { rollSpecOf } from "./apps/sheets/roll-spec";
import { rollCheck } from "./apps/sheets/rolls";
import { fangsAttack } from "./attack";
import { readFangsIntent } from "./card-intents";
import { fangsCheckLabels } from "./chat/check-card";
import { fangsTable } from "./combat/fangs-table";
import { registerHoldWatch } from "./combat/hold-watch";
import { registerReachParting } from "./combat/pair-reach";
import { registerCombatSettings } from "./config/combat-settings";
import { registerExchangeSettings } from "./config/exchange-settings";
import { fangsConfigEntry, fangsStatuses } from "./config/fangs-config";
import { FANGS, type FangsItemType, ITEM_TYPES } from "./config/labels";
import { registerFangsSettings } from "./config/settings";
import { FangsCombatantData } from "./data/combatant";
import { ExchangeMessageData } from "./data/exchange-card";
import { ACTOR_DATA_MODELS, ITEM_DATA_MODELS } from "./data/views";
import { exchangeCardRenderer } from "./exchange-card";
import { fangsGmDamage } from "./gm-damage";
import { loadFangsHeavy } from "./heavy";
import { fangsParty } from "./party";
import { FANGS_POOLS } from "./pools";
import { fangsManeuverPalette } from "./token-palette";
import { fangsTrackerRow } from "./tracker-row";

/**
 * FANGS's Foundry side as one registration: what the world setting
 * "Combat rules" selects when it says "fangs" (the default, and the
 * fallback for a ruleset this version lacks). FANGS's types keep the names
 * its worlds store (`character`, `weapon`, `exchange`…) and its combatants
 * the `base` type, so no world migrates. Its pure core is src/rules/fangs/,
 * its heavy part src/rulesets/fangs-heavy.ts (loaded by ./heavy.ts).
 */

/** Token bars: the two pools FANGS tracks (Stun first: it is the one that moves most). */
export const FANGS_TRACKABLE = Object.freeze({ bar: ["stunPoints", "hitPoints"], value: [] as string[] });

const ITEM_SHEET_LABELS: Readonly<Record<FangsItemType, string>> = {
  weapon: "FANGS.Sheet.Label.Weapon",
  shield: "FANGS.Sheet.Label.Shield",
  armor: "FANGS.Sheet.Label.Armor",
  skill: "FANGS.Sheet.Label.Skill",
  advantage: "FANGS.Sheet.Label.Advantage",
  maneuver: "FANGS.Sheet.Label.Maneuver",
};

export const fangsDefinition: RulesetDefinition = Object.freeze({
  id: "fangs",
  rules: fangsRuleset,
  langPrefix: "FANGS",
  documents: {
    Actor: {
      character: {
        model: ACTOR_DATA_MODELS.character,
        labelKey: FANGS.actorTypes.character,
        trackable: FANGS_TRACKABLE,
        sheets: [{ sheetClass: CharacterSheet, labelKey: "FANGS.Sheet.Label.Character", makeDefault: true }],
      },
      creature: {
        model: ACTOR_DATA_MODELS.creature,
        labelKey: FANGS.actorTypes.creature,
        trackable: FANGS_TRACKABLE,
        // A creature opens as its stat block; the full sheet stays one choice away in the sheet's configuration.
        sheets: [
          {
            sheetClass: CreatureStatBlockSheet,
            labelKey: "FANGS.Sheet.Label.CreatureStatBlock",
            makeDefault: true,
          },
          { sheetClass: CreatureSheet, labelKey: "FANGS.Sheet.Label.Creature", makeDefault: false },
        ],
      },
    },
    Item: Object.fromEntries(
      ITEM_TYPES.map((type) => [
        type,
        {
          model: ITEM_DATA_MODELS[type],
          labelKey: FANGS.itemTypes[type],
          sheets: [{ sheetClass: ITEM_SHEETS[type], labelKey: ITEM_SHEET_LABELS[type], makeDefault: true }],
        },
      ]),
    ),
    ChatMessage: {
      exchange: { model: ExchangeMessageData, labelKey: "FANGS.Chat.Type.Exchange" },
      gmDamage: { model: GmDamageNoteData, labelKey: "FANGS.Chat.Type.GmDamage" },
    },
    combatant: { type: "base", model: FangsCombatantData },
  },
  // Its tracker cells (the maneuver badge and menu, the undeclared count) and its Token HUD maneuvers.
  table: anyTable({ ...fangsTable, row: fangsTrackerRow, palette: fangsManeuverPalette }),
  pools: FANGS_POOLS,
  gmDamage: fangsGmDamage,
  cards: {
    flow: {
      runStep: async (request, user) => (await loadRuleset("fangs")).runStep(request, user),
      readIntent: readFangsIntent,
    },
    renderers: { exchange: exchangeCardRenderer },
    attack: fangsAttack,
    check: fangsCheckLabels,
    hotbarDrop: fangsHotbarDrop,
  },
  /** As CONFIG.FANGS has them once modules had their `init` (docs/api.md); read at `setup`. */
  get statuses(): readonly StatusDefinition[] {
    return fangsStatuses();
  },
  // Its maneuvers, statuses and item choices: CONFIG.FANGS.fangs, and CONFIG.FANGS.maneuvers… as before.
  config: fangsConfigEntry,
  initiative: { formula: "@characteristics.ag" },
  clauseIndex: { path: "docs/rules/texts/fangs-clauses.md", prefixes: ["CORE", "NC"] },
  options: {
    registerSettings() {
      registerFangsSettings();
      registerManeuverOptionsSetting();
      registerCombatSettings();
      registerExchangeSettings();
    },
    menu: FANGS_RULES_MENU,
  },
  simulator: { load: async () => (await loadRuleset("fangs")).fangsSimulator },
  loadHeavy: loadFangsHeavy,
  // The active GM makes every exchange card (apps/attack/start-attack.ts): a player's attack is asked of it.
  queries: {
    [START_ATTACK_QUERY]: async (payload) => (await loadRuleset("fangs")).handleStartAttack(payload),
  },
  quenchBatches: async () => (await import("./quench")).fangsQuenchBatches,
  // Its sheets' checks, as `actor.rollCheck(spec)` rolls them.
  rolls: { readCheck: rollSpecOf, rollCheck },
  // Core's sheets put away, its partials preloaded, the sheets following the tracker, `api.rolls`.
  // The holds module's watch on the Grappled status (./combat/hold-watch.ts), and the
  // reach module's range forgotten when two fighters' tokens part.
  init() {
    registerSheets();
    registerHoldWatch();
    registerReachParting();
  },
  // The applier's reads and writes of its combatants' lost action and its pool statuses.
  party: fangsParty,
} satisfies RulesetDefinition);

registerRulesetDefinition(fangsDefinition);
