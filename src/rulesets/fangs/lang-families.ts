import { GM_DAMAGE_WORDS } from "../../apps/gm-damage/dialog";
import { ENCOUNTERS } from "../../encounters/table";
import { FANGS_DEFAULTS } from "../../rules/fangs/config";
import { AIM_REFUSAL_REASONS } from "../../rules/fangs/firearms";
import { CHARACTERISTIC_IDS, MANEUVER_IDS } from "../../rules/fangs/types";
import { literalsOf } from "../lang-families";
import type { LangFamily } from "../registry";
import { CONDITION_LABELS } from "./apps/sheets/labels";
import { FANGS_DICE_STEPS } from "./chat/exchange-state";

/**
 * FANGS's lang keys built at run time (`FANGS.Status.${id}`), each prefix
 * with the source of its ids (`LangFamily` in src/rulesets/registry.ts).
 * Read by test/lang.test.ts only; the system never imports it.
 */

/** "dice-exhausted" → "DiceExhausted"; "allOutAttack" → "AllOutAttack". */
const pascal = (id: string) =>
  id
    .split("-")
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join("");

export const LANG_FAMILIES: readonly LangFamily[] = [
  {
    pattern: "FANGS.GmDamage.Ruleset.{id}",
    source:
      "GM_DAMAGE_WORDS in src/apps/gm-damage/dialog.ts (FANGS's own words for the GM damage tool, under its lang prefix)",
    ids: () => GM_DAMAGE_WORDS,
  },
  {
    pattern: "FANGS.Encounter.{id}.Name",
    source: "ENCOUNTERS in src/encounters/table.ts (the ready-made encounters)",
    ids: () => Object.values(ENCOUNTERS).map((e) => e.name.split(".")[2]!),
    complete: true,
  },
  {
    pattern: "FANGS.Maneuver.{id}.Name",
    source: "MANEUVER_IDS in src/rules/fangs/types.ts (the rules core's maneuver registry)",
    ids: () => MANEUVER_IDS.map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Maneuver.{id}.Hint",
    source: "MANEUVER_IDS in src/rules/fangs/types.ts",
    ids: () => MANEUVER_IDS.map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Status.{id}",
    source: "STATUS_IDS in src/config/statuses.ts",
    ids: () => literalsOf("src/config/statuses.ts", "STATUS_IDS").map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Actor.Characteristic.{id}.Name",
    source: "CHARACTERISTIC_IDS (the data models' field labels)",
    ids: () => CHARACTERISTIC_IDS.map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Actor.Type.{id}",
    source: "ACTOR_TYPES in src/rulesets/fangs/config/labels.ts (labels(), also the sheets)",
    ids: () => literalsOf("src/rulesets/fangs/config/labels.ts", "ACTOR_TYPES").map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Item.Type.{id}",
    source: "ITEM_TYPES in src/rulesets/fangs/config/labels.ts (labels(), also the sheets)",
    ids: () => literalsOf("src/rulesets/fangs/config/labels.ts", "ITEM_TYPES").map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Item.Weapon.Hands.{id}",
    source: "WEAPON_HANDS in src/rulesets/fangs/config/labels.ts",
    ids: () => literalsOf("src/rulesets/fangs/config/labels.ts", "WEAPON_HANDS").map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Item.Weapon.Kind.{id}",
    source: "WEAPON_KINDS in src/rulesets/fangs/config/labels.ts",
    ids: () => literalsOf("src/rulesets/fangs/config/labels.ts", "WEAPON_KINDS").map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Item.Skill.Category.{id}",
    source: "SKILL_CATEGORIES in src/rulesets/fangs/config/labels.ts",
    ids: () => literalsOf("src/rulesets/fangs/config/labels.ts", "SKILL_CATEGORIES").map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Item.Advantage.Effect.{id}",
    source: "KNOWN_ADVANTAGES in src/rulesets/fangs/config/labels.ts",
    ids: () => literalsOf("src/rulesets/fangs/config/labels.ts", "KNOWN_ADVANTAGES").map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Item.Advantage.Known.{id}",
    source: "KNOWN_ADVANTAGES in src/rulesets/fangs/config/labels.ts",
    ids: () => literalsOf("src/rulesets/fangs/config/labels.ts", "KNOWN_ADVANTAGES").map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Setting.Rules.Field.{id}",
    source: "the keys of FANGS_DEFAULTS (src/rulesets/fangs/config/settings.ts labels the ones it exposes)",
    ids: () => Object.keys(FANGS_DEFAULTS).map(pascal),
  },
  {
    // Also the Combat's own refusals, named literally; src/combat/combat-refusal.test.ts checks each reason has its key.
    pattern: "FANGS.Combat.Refusal.{id}",
    source:
      "ROUND_REFUSAL_REASONS in src/rules/fangs/round-engine.ts (tableRefusal, src/combat/combat-refusal.ts)",
  },
  {
    pattern: "FANGS.Chat.Rules.{id}",
    source: "RulesErrorCode in src/rules/kernel/errors.ts",
    ids: () => literalsOf("src/rules/kernel/errors.ts", "RulesErrorCode").map(pascal),
  },
  {
    // Built by the shared dice bridge from the card's ruleset (src/chat/foundry-dice.ts stepLabelKey).
    pattern: "FANGS.Chat.Roll.{id}",
    source: "FANGS_DICE_STEPS in src/rulesets/fangs/chat/exchange-state.ts (the dice steps FANGS records)",
    ids: () => FANGS_DICE_STEPS.map(pascal),
    complete: true,
  },
  {
    pattern: "FANGS.Sim.Item.{id}",
    source: "ItemCondition (the condition badge's ids)",
    ids: () => Object.keys(CONDITION_LABELS),
    complete: true,
  },
  {
    pattern: "FANGS.Sim.Defense.{id}",
    source: "DefenseChoice in src/rules/fangs/types.ts",
    ids: () => literalsOf("src/rules/fangs/types.ts", "DefenseChoice"),
  },
  { pattern: "FANGS.Sim.Outcome.{id}", source: "outcome kinds of the exchange (src/rules/fangs/outcome.ts)" },
  { pattern: "FANGS.Sim.Fumble.{id}", source: "fumble results (src/rules/fangs/fumble.ts)" },
  {
    pattern: "FANGS.Reach.Range.{id}",
    source: "RANGES in src/rules/rhf/types.ts (the reach module's three ranges)",
    ids: () => literalsOf("src/rules/rhf/types.ts", "RANGES"),
    complete: true,
  },
  {
    pattern: "FANGS.Reach.Maneuver.{id}",
    source: "RANGE_MANEUVERS in src/rules/rhf/types.ts (the reach module's advance and withdraw)",
    ids: () => literalsOf("src/rules/rhf/types.ts", "RANGE_MANEUVERS"),
    complete: true,
  },
  {
    pattern: "FANGS.Reach.Refusal.{id}",
    source:
      "the refusals of performRangeManeuver (src/rulesets/fangs/apps/attack/range-maneuver.ts), the core's rangeManeuver reasons among them",
  },
  { pattern: "FANGS.Odds.End.{id}", source: "END_STATES of the simulator (src/sim)" },
  {
    pattern: "FANGS.Aim.Refusal.{id}",
    source:
      "AIM_REFUSAL_REASONS in src/rules/fangs/firearms.ts (aimRefusalKey, src/rulesets/fangs/apps/attack/aim.ts)",
    ids: () => AIM_REFUSAL_REASONS,
  },
  { pattern: "FANGS.Chat.Refusal.{id}", source: "RefusalCode in src/rulesets/fangs/chat/exchange-state.ts" },
  {
    pattern: "FANGS.Rules.Attack.Refusal.{id}",
    source: "the refusal reasons of src/rules/fangs/attack-checks.ts",
  },
  {
    pattern: "FANGS.Rules.Defense.Refusal.{id}",
    source: "the refusal reasons of src/rules/fangs/defenses.ts",
  },
  {
    pattern: "FANGS.Rules.Maneuver.Refusal.{id}",
    source: "the refusal reasons of src/rules/fangs/maneuvers.ts",
  },
];
