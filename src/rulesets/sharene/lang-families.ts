import { BAND_NAMES } from "../../rules/sharene/check";
import { KNOCKOUT_IDS, SHARENE_DEFAULTS } from "../../rules/sharene/config";
import { ROUND_REFUSALS } from "../../rules/sharene/round-engine";
import { SHARENE_LIMBS, SHARENE_LOCATIONS } from "../../rules/sharene/sheet";
import {
  ACTION_KINDS,
  BLOWS,
  CALLED_EFFECTS,
  DEFENSES,
  limbStatus,
  SHARENE_STATUS,
  STYLES,
  SUCCESS_LEVELS,
} from "../../rules/sharene/types";
import { literalsOf, simWinnerFamily } from "../lang-families";
import type { LangFamily } from "../registry";
import { DF_SOURCES } from "./chat/exchange-view";

/**
 * Sharene's lang keys built at run time (its simulator's log,
 * src/rulesets/sharene/sim/format.ts, its rules core, its documents and
 * sheets), each prefix with the source of its ids. Its prefix is its
 * definition's `langPrefix`, repeated here as the lang test asks. Read by
 * test/lang.test.ts only.
 */

export const LANG_PREFIX = "SHARENE";

export const LANG_FAMILIES: readonly LangFamily[] = [
  {
    // The round engine's refusals, and the table's own: a style the sheet does not know, no step back, any other.
    pattern: "SHARENE.Combat.Refusal.{id}",
    source:
      "ROUND_REFUSALS in src/rules/sharene/round-engine.ts, and src/rulesets/sharene/combat/round-planner.ts",
    ids: () => [
      ...ROUND_REFUSALS,
      "StyleNotKnown",
      "InitiativePending",
      "NoTurnThisRound",
      "NoStepBack",
      "Refused",
    ],
    complete: true,
  },
  {
    pattern: "SHARENE.Outcome.{id}",
    source: "ExchangeOutcome in src/rules/sharene/exchange.ts",
    ids: () => literalsOf("src/rules/sharene/exchange.ts", "ExchangeOutcome"),
    complete: true,
  },
  {
    // A failed roll has no Success Level; the log names it "failure".
    pattern: "SHARENE.Level.{id}",
    source: "SUCCESS_LEVELS in src/rules/sharene/types.ts, and failure",
    ids: () => [...SUCCESS_LEVELS, "failure"],
    complete: true,
  },
  {
    pattern: "SHARENE.Defense.{id}",
    source: "DEFENSES in src/rules/sharene/types.ts",
    ids: () => DEFENSES,
    complete: true,
  },
  {
    pattern: "SHARENE.Blow.{id}",
    source: "BLOWS in src/rules/sharene/types.ts",
    ids: () => BLOWS,
    complete: true,
  },
  {
    // A fighter out of the fight has no style; the log names it "none".
    pattern: "SHARENE.Style.{id}",
    source: "STYLES in src/rules/sharene/types.ts, and none",
    ids: () => [...STYLES, "none"],
    complete: true,
  },
  simWinnerFamily("SHARENE"),
  {
    pattern: "SHARENE.Knockout.{id}",
    source:
      "KNOCKOUT_IDS in src/rules/sharene/config.ts (the timed statuses, src/rules/sharene/effect-kinds.ts)",
    ids: () => KNOCKOUT_IDS,
    complete: true,
  },
  {
    pattern: "SHARENE.Called.{id}",
    source:
      "CALLED_EFFECTS in src/rules/sharene/types.ts (the note of a called effect, src/rules/sharene/exchange.ts)",
    ids: () => CALLED_EFFECTS,
    complete: true,
  },
  {
    pattern: "SHARENE.Characteristic.{id}",
    source: "the characteristics of a fighter's sheet (src/rulesets/sharene/data/actor.ts)",
    ids: () => ["dex", "agi", "end"],
    complete: true,
  },
  {
    pattern: "SHARENE.Location.{id}",
    source: "SHARENE_LOCATIONS in src/rules/sharene/sheet.ts (armor, wounds, the weapon arm)",
    ids: () => SHARENE_LOCATIONS,
    complete: true,
  },
  {
    pattern: "SHARENE.ActionKind.{id}",
    source: "ACTION_KINDS in src/rules/sharene/types.ts (a weapon's kind)",
    ids: () => ACTION_KINDS,
    complete: true,
  },
  {
    pattern: "SHARENE.EndCheck.{id}",
    source: "BAND_NAMES in src/rules/sharene/sheet.ts, and lowLife (endCheckDns)",
    ids: () => [...BAND_NAMES, "lowLife"],
    complete: true,
  },
  {
    pattern: "SHARENE.Status.{id}",
    source: "SHARENE_STATUS and limbStatus in src/rules/sharene/types.ts (its token statuses)",
    ids: () => [
      ...Object.values(SHARENE_STATUS),
      ...SHARENE_LIMBS.flatMap((limb) => [limbStatus(limb, "useless"), limbStatus(limb, "severed")]),
      limbStatus("head", "severed"),
    ],
    complete: true,
  },
  {
    pattern: "SHARENE.Df.{id}",
    source:
      "the DF parts' sources of src/rules/sharene/round-engine.ts (DF_SOURCES in chat/exchange-view.ts)",
    ids: () => DF_SOURCES,
    complete: true,
  },
  {
    pattern: "SHARENE.CalledEffect.{id}",
    source:
      "CALLED_EFFECTS in src/rules/sharene/types.ts (a called shot's name: the style's dialog, the tracker row, the exchange card)",
    ids: () => CALLED_EFFECTS,
    complete: true,
  },
  {
    pattern: "SHARENE.Chat.Dead.{id}",
    source: "the causes of a dead ConsciousnessOutcome in src/rules/sharene/damage.ts",
    ids: () => ["belowComa", "headSevered"],
    complete: true,
  },
  {
    pattern: "SHARENE.Chat.Limb.{id}",
    source: "the states of a LimbOutcome in src/rules/sharene/damage.ts",
    ids: () => ["useless", "severed"],
    complete: true,
  },
  {
    pattern: "SHARENE.Chat.Roll.{id}",
    source: "the exchange card's dice steps (splitDice in chat/exchange-flow.ts), by stepLabelKey",
    ids: () => ["Attack", "Defense", "Damage"],
    complete: true,
  },
  {
    pattern: "SHARENE.Chat.Compared.{id}",
    source: "comparedLevels in chat/exchange-view.ts: the defense's level against the attack's",
    ids: () => ["above", "level", "below"],
    complete: true,
  },
  // The options window's words for each key of the defaults: a key without them cannot reach a GM unnamed.
  ...(["Label", "Hint"] as const).map((part) => ({
    pattern: `SHARENE.Option.{id}.${part}`,
    source:
      "Object.keys(SHARENE_DEFAULTS) in src/rules/sharene/config.ts (src/apps/settings/options-view.ts)",
    ids: () => Object.keys(SHARENE_DEFAULTS),
    complete: true,
  })),
];
