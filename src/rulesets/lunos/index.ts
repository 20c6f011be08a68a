import { optionsLauncher } from "../../apps/settings/options-launcher";
import { anyTable } from "../../combat/table-ruleset";
import { activeRulesetId } from "../../config/ruleset-setting";
import { loadRuleset } from "../../on-demand";
import { LUNOS_CLAUSE_INDEX, lunosRuleset } from "../../rules/lunos/ruleset";
import { TRACK_KINDS } from "../../rules/lunos/sheet";
import type { PoolDefinition, RulesetDefinition, StatusDefinition } from "../registry";
import { registerRulesetDefinition } from "../registry";
import { LunosActorSheet } from "./apps/sheets/actor-sheet";
import { LunosArmorSheet, LunosManeuverSheet, LunosWeaponSheet } from "./apps/sheets/item-sheet";
import { LUNOS_PARTIALS } from "./apps/sheets/parts";
import { lunosAttack, lunosAttackRenderer, lunosCardFlow, lunosQueries } from "./attack-card";
import { lunosTable } from "./combat/lunos-table";
import { ACTOR_TYPE_LABELS, ITEM_TYPE_LABELS, LUNOS_COMBATANT_TYPE } from "./config/labels";
import { lunosConfigEntry, lunosStatuses } from "./config/lunos-config";
import { applyStoredLunosRules, hasStoredLunosOptions, registerLunosSettings } from "./config/settings";
import { LunosCharacterModel, LunosCreatureModel } from "./data/actor";
import { LUNOS_ATTACK_TYPE, LunosAttackModel } from "./data/attack-card";
import { LunosCombatantModel } from "./data/combatant";
import { LunosArmorModel } from "./data/item-armor";
import { LunosManeuverModel } from "./data/item-maneuver";
import { LunosWeaponModel } from "./data/item-weapon";
import { loadLunosHeavy } from "./heavy";
import "./config/types";

/**
 * Lunos's Foundry side as one registration (docs/rulesets.md). Its pure
 * core is src/rules/lunos/ (readings in docs/rules/lunos.md), its heavy
 * part src/rulesets/lunos-heavy.ts.
 *
 * Playable: its actor and item types with their models and sheets (its
 * maneuvers' reference entries among them), its statuses and token bars,
 * its health pools, its world rules option and its options window, its
 * CONFIG.FANGS entry, its packs, its round on the tracker (its table: the
 * round's start with initiative, the declarations, the defense rolls, the
 * slots in initiative order; ./combat/) and its attack card
 * (./attack-card.ts registers it; its steps and drawing are in the heavy
 * part, ./chat/, on the round's fight).
 */

/**
 * Token bars: the levels left (derived from the tallies, shown, not
 * edited on the token), then each kind's tally, the values that grow.
 */
export const LUNOS_TRACKABLE = Object.freeze({
  bar: Object.freeze(["levels"]),
  value: Object.freeze(TRACK_KINDS.map((kind) => `health.${kind}.value`)),
});

/**
 * What effects may move on a Lunos fighter: the levels taken of each
 * kind (LUN-HLT-3), never below none. Their sum past the last level is a
 * blow that kills (LUN-HLT-4), so no maximum.
 */
export const LUNOS_POOLS: readonly PoolDefinition[] = Object.freeze(
  TRACK_KINDS.map((kind) =>
    Object.freeze({
      name: `health.${kind}`,
      path: `health.${kind}`,
      labelKey: `LUNOS.Damage.${kind}`,
      min: 0,
    }),
  ),
);

/**
 * Its start-up, in `init`: its settings are registered by now, so a world
 * that changed its options has them read (its health rules become its
 * fighters', its clocks its timed statuses); its sheets' partials load.
 */
function lunosInit(): void {
  if (activeRulesetId() === "lunos" || hasStoredLunosOptions()) void applyStoredLunosRules();
  void foundry.applications.handlebars.loadTemplates([...LUNOS_PARTIALS]);
}

const actorSheets = (labelKey: string) => [{ sheetClass: LunosActorSheet, labelKey, makeDefault: true }];

export const lunosDefinition: RulesetDefinition = Object.freeze({
  id: "lunos",
  rules: lunosRuleset,
  langPrefix: "LUNOS",
  playable: true,
  documents: {
    Actor: {
      lunosCharacter: {
        model: LunosCharacterModel,
        labelKey: ACTOR_TYPE_LABELS.lunosCharacter,
        trackable: LUNOS_TRACKABLE,
        sheets: actorSheets("LUNOS.Sheet.Label.Character"),
      },
      lunosCreature: {
        model: LunosCreatureModel,
        labelKey: ACTOR_TYPE_LABELS.lunosCreature,
        trackable: LUNOS_TRACKABLE,
        sheets: actorSheets("LUNOS.Sheet.Label.Creature"),
      },
    },
    Item: {
      lunosWeapon: {
        model: LunosWeaponModel,
        labelKey: ITEM_TYPE_LABELS.lunosWeapon,
        sheets: [{ sheetClass: LunosWeaponSheet, labelKey: "LUNOS.Sheet.Label.Weapon", makeDefault: true }],
      },
      lunosArmor: {
        model: LunosArmorModel,
        labelKey: ITEM_TYPE_LABELS.lunosArmor,
        sheets: [{ sheetClass: LunosArmorSheet, labelKey: "LUNOS.Sheet.Label.Armor", makeDefault: true }],
      },
      lunosManeuver: {
        model: LunosManeuverModel,
        labelKey: ITEM_TYPE_LABELS.lunosManeuver,
        sheets: [
          { sheetClass: LunosManeuverSheet, labelKey: "LUNOS.Sheet.Label.Maneuver", makeDefault: true },
        ],
      },
    },
    ChatMessage: {
      [LUNOS_ATTACK_TYPE]: { model: LunosAttackModel, labelKey: "LUNOS.Chat.Type.Attack" },
    },
    combatant: { type: LUNOS_COMBATANT_TYPE, model: LunosCombatantModel },
  },
  table: anyTable(lunosTable),
  cards: {
    flow: lunosCardFlow,
    renderers: { [LUNOS_ATTACK_TYPE]: lunosAttackRenderer },
    attack: lunosAttack,
  },
  queries: lunosQueries,
  pools: LUNOS_POOLS,
  /** As CONFIG.FANGS.lunos has them once modules had their `init`; read at `setup`. */
  get statuses(): readonly StatusDefinition[] {
    return lunosStatuses();
  },
  config: lunosConfigEntry,
  clauseIndex: LUNOS_CLAUSE_INDEX,
  options: {
    registerSettings: registerLunosSettings,
    menu: {
      key: "lunosRulesMenu",
      name: "LUNOS.Setting.RulesMenu.Name",
      label: "LUNOS.Setting.RulesMenu.Label",
      hint: "LUNOS.Setting.RulesMenu.Hint",
      icon: "fa-solid fa-scale-balanced",
      type: optionsLauncher(async () => (await loadRuleset("lunos")).lunosOptionsWindow),
    },
  },
  simulator: { load: async () => (await loadRuleset("lunos")).lunosSimulator },
  loadHeavy: loadLunosHeavy,
  quenchBatches: async () => (await import("./quench")).lunosQuenchBatches,
  init: lunosInit,
} satisfies RulesetDefinition);

registerRulesetDefinition(lunosDefinition);
