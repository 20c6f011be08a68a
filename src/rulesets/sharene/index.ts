import { optionsLauncher } from "../../apps/settings/options-launcher";
import { anyTable } from "../../combat/table-ruleset";
import { activeRulesetId } from "../../config/ruleset-setting";
import { loadRuleset } from "../../on-demand";
import { registerHitLocationTable } from "../../rules/kernel/hit-locations";
import { SHARENE_HIT_LOCATIONS } from "../../rules/sharene/hit-locations";
import { SHARENE_CLAUSE_INDEX, shareneRuleset } from "../../rules/sharene/ruleset";
import { SHARENE_LIMBS } from "../../rules/sharene/sheet";
import { LIFE_POOL } from "../../rules/sharene/types";
import type { PoolDefinition, RulesetDefinition, StatusDefinition } from "../registry";
import { registerRulesetDefinition } from "../registry";
import { ShareneActorSheet } from "./apps/sheets/actor-sheet";
import { ShareneArmorSheet, ShareneStyleSheet, ShareneWeaponSheet } from "./apps/sheets/item-sheet";
import { SHARENE_PARTIALS } from "./apps/sheets/parts";
import { shareneTable } from "./combat/sharene-table";
import { ACTOR_TYPE_LABELS, ITEM_TYPE_LABELS, SHARENE_COMBATANT_TYPE } from "./config/labels";
import { applyStoredShareneRules, hasStoredShareneOptions, registerShareneSettings } from "./config/settings";
import { shareneConfigEntry, shareneStatuses } from "./config/sharene-config";
import { ShareneCharacterModel, ShareneCreatureModel } from "./data/actor";
import { ShareneCombatantModel } from "./data/combatant";
import { SHARENE_EXCHANGE_TYPE, ShareneExchangeModel } from "./data/exchange-card";
import { ShareneArmorModel } from "./data/item-armor";
import { ShareneStyleModel } from "./data/item-style";
import { ShareneWeaponModel } from "./data/item-weapon";
import { shareneAttack, shareneCardFlow, shareneExchangeRenderer, shareneQueries } from "./exchange-card";
import { loadShareneHeavy } from "./heavy";
import "./config/types";

/**
 * Sharene's Foundry side as one registration (docs/rulesets.md). Its pure
 * core is src/rules/sharene/ (readings in docs/rules/sharene.md), its heavy
 * part src/rulesets/sharene-heavy.ts.
 *
 * Playable: its actor and item types with their models and sheets (its
 * styles' reference entries among them), its packs, its statuses and token
 * bars, its world rules option, its CONFIG.FANGS entry, its simulator, its
 * round on the tracker (its table: declarations, initiative, styles,
 * turns; ./combat/) and its exchange card (its cards: the attack from a
 * weapon, the defense, the riposte, Apply and Undo; ./exchange-card.ts
 * registers it, its steps and drawing are in the heavy part, ./chat/).
 */

/** Token bars: the life points first, then each limb's damage (SHA-DMG-4), the one that grows. */
export const SHARENE_TRACKABLE = Object.freeze({
  bar: Object.freeze([LIFE_POOL]),
  value: Object.freeze(SHARENE_LIMBS.map((limb) => `wounds.${limb}.value`)),
});

/**
 * What effects may move on a Sharene fighter: its life points, without a
 * floor (SHA-CON-6, SHA-CON-7: a coma at 0 and below, death past it), and
 * each limb's damage tally, the pool Sharene's limb wound kind names.
 */
export const SHARENE_POOLS: readonly PoolDefinition[] = Object.freeze([
  Object.freeze({ name: LIFE_POOL, path: "lifePoints", labelKey: "SHARENE.Actor.LifePoints" }),
  ...SHARENE_LIMBS.map((limb) =>
    Object.freeze({
      // The pool Sharene's limb wound kind names (`woundPool`, in its heavy part): definition.test.ts holds them equal.
      name: `wounds.${limb}`,
      path: `wounds.${limb}`,
      labelKey: `SHARENE.Location.${limb}`,
      min: 0,
    }),
  ),
]);

/**
 * Its start-up, in `init`: its settings are registered by now, so a world
 * that changed its options has them read (its durations become its timed
 * statuses, its round's seconds the clock's); its sheets' partials load
 * (the parts load on first render).
 */
function shareneInit(): void {
  // The defaults need nothing more; a world that changed them, or plays Sharene, reads them with the heavy part.
  if (activeRulesetId() === "sharene" || hasStoredShareneOptions()) void applyStoredShareneRules();
  void foundry.applications.handlebars.loadTemplates([...SHARENE_PARTIALS]);
}

const actorSheets = (labelKey: string) => [{ sheetClass: ShareneActorSheet, labelKey, makeDefault: true }];

export const shareneDefinition: RulesetDefinition = Object.freeze({
  id: "sharene",
  rules: shareneRuleset,
  langPrefix: "SHARENE",
  playable: true,
  documents: {
    Actor: {
      shareneCharacter: {
        model: ShareneCharacterModel,
        labelKey: ACTOR_TYPE_LABELS.shareneCharacter,
        trackable: SHARENE_TRACKABLE,
        sheets: actorSheets("SHARENE.Sheet.Label.Character"),
      },
      shareneCreature: {
        model: ShareneCreatureModel,
        labelKey: ACTOR_TYPE_LABELS.shareneCreature,
        trackable: SHARENE_TRACKABLE,
        sheets: actorSheets("SHARENE.Sheet.Label.Creature"),
      },
    },
    Item: {
      shareneWeapon: {
        model: ShareneWeaponModel,
        labelKey: ITEM_TYPE_LABELS.shareneWeapon,
        sheets: [
          { sheetClass: ShareneWeaponSheet, labelKey: "SHARENE.Sheet.Label.Weapon", makeDefault: true },
        ],
      },
      shareneArmor: {
        model: ShareneArmorModel,
        labelKey: ITEM_TYPE_LABELS.shareneArmor,
        sheets: [{ sheetClass: ShareneArmorSheet, labelKey: "SHARENE.Sheet.Label.Armor", makeDefault: true }],
      },
      shareneStyle: {
        model: ShareneStyleModel,
        labelKey: ITEM_TYPE_LABELS.shareneStyle,
        sheets: [{ sheetClass: ShareneStyleSheet, labelKey: "SHARENE.Sheet.Label.Style", makeDefault: true }],
      },
    },
    ChatMessage: {
      [SHARENE_EXCHANGE_TYPE]: { model: ShareneExchangeModel, labelKey: "SHARENE.Chat.Type.Exchange" },
    },
    combatant: { type: SHARENE_COMBATANT_TYPE, model: ShareneCombatantModel },
  },
  table: anyTable(shareneTable),
  cards: {
    flow: shareneCardFlow,
    renderers: { [SHARENE_EXCHANGE_TYPE]: shareneExchangeRenderer },
    attack: shareneAttack,
  },
  queries: shareneQueries,
  pools: SHARENE_POOLS,
  /** As CONFIG.FANGS.sharene has them once modules had their `init`; read at `setup`. */
  get statuses(): readonly StatusDefinition[] {
    return shareneStatuses();
  },
  config: shareneConfigEntry,
  clauseIndex: SHARENE_CLAUSE_INDEX,
  options: {
    registerSettings: registerShareneSettings,
    menu: {
      key: "shareneRulesMenu",
      name: "SHARENE.Setting.RulesMenu.Name",
      label: "SHARENE.Setting.RulesMenu.Label",
      hint: "SHARENE.Setting.RulesMenu.Hint",
      icon: "fa-solid fa-scale-balanced",
      type: optionsLauncher(async () => (await loadRuleset("sharene")).shareneOptionsWindow),
    },
  },
  simulator: { load: async () => (await loadRuleset("sharene")).shareneSimulator },
  loadHeavy: loadShareneHeavy,
  quenchBatches: async () => (await import("./quench")).shareneQuenchBatches,
  init: shareneInit,
} satisfies RulesetDefinition);

// SHA-LOC-1's d20 table, registered before `init` so the world's editable copy starts from it.
registerHitLocationTable(SHARENE_HIT_LOCATIONS);
registerRulesetDefinition(shareneDefinition);
