import { LUNOS_DEFAULTS } from "../../rules/lunos/config";
import { MANEUVER_REFUSALS } from "../../rules/lunos/maneuvers";
import { ROUND_REFUSALS } from "../../rules/lunos/round-engine";
import { LUNOS_STATUS_IDS } from "../../rules/lunos/statuses";
import {
  ABILITIES,
  ACTION_KINDS,
  ARMOR_KINDS,
  DAMAGE_TYPES,
  MANEUVERS,
  OTHER_TASKS,
  SKILLS,
  WEAPON_SIZES,
} from "../../rules/lunos/types";
import { literalsOf, simWinnerFamily } from "../lang-families";
import type { LangFamily } from "../registry";
import { PALETTE_PLANS } from "./token-palette";
import { LUNOS_ROW_STATES } from "./tracker-row";

/**
 * Lunos's lang keys built at run time (its simulator's log,
 * src/rulesets/lunos/sim/format.ts, its documents and sheets, its round
 * on the tracker), each
 * prefix with the source of its ids. Its prefix is its definition's
 * `langPrefix`, repeated here as the lang test asks. Read by
 * test/lang.test.ts only.
 */

export const LANG_PREFIX = "LUNOS";

export const LANG_FAMILIES: readonly LangFamily[] = [
  {
    pattern: "LUNOS.Action.{id}",
    source: "ACTION_KINDS in src/rules/lunos/types.ts",
    ids: () => ACTION_KINDS,
    complete: true,
  },
  {
    pattern: "LUNOS.Maneuver.{id}",
    source: "MANEUVERS in src/rules/lunos/types.ts",
    ids: () => MANEUVERS,
    complete: true,
  },
  {
    // An ordinary roll is not named in the log.
    pattern: "LUNOS.Outcome.{id}",
    source: "PoolOutcome in src/rules/lunos/pool.ts, but normal",
    ids: () => literalsOf("src/rules/lunos/pool.ts", "PoolOutcome").filter((id) => id !== "normal"),
    complete: true,
  },
  simWinnerFamily("LUNOS"),
  {
    pattern: "LUNOS.Ability.{id}",
    source: "ABILITIES in src/rules/lunos/types.ts (the sheet's dot ratings)",
    ids: () => ABILITIES,
    complete: true,
  },
  {
    pattern: "LUNOS.Skill.{id}",
    source: "SKILLS in src/rules/lunos/types.ts (the sheet's dot ratings, a weapon's skill)",
    ids: () => SKILLS,
    complete: true,
  },
  {
    pattern: "LUNOS.WeaponSize.{id}",
    source: "WEAPON_SIZES in src/rules/lunos/types.ts",
    ids: () => WEAPON_SIZES,
    complete: true,
  },
  {
    pattern: "LUNOS.ArmorKind.{id}",
    source: "ARMOR_KINDS in src/rules/lunos/types.ts",
    ids: () => ARMOR_KINDS,
    complete: true,
  },
  {
    pattern: "LUNOS.ManeuverName.{id}",
    source: "MANEUVERS in src/rules/lunos/types.ts (the maneuver entries and their sheet)",
    ids: () => MANEUVERS,
    complete: true,
  },
  {
    pattern: "LUNOS.Damage.{id}",
    source: "DAMAGE_TYPES in src/rules/lunos/types.ts (the health track's kinds, the pools)",
    ids: () => DAMAGE_TYPES,
    complete: true,
  },
  {
    pattern: "LUNOS.Status.{id}",
    source: "LUNOS_STATUS_IDS in src/rules/lunos/statuses.ts",
    ids: () => LUNOS_STATUS_IDS,
    complete: true,
  },
  {
    // The round engine's refusals, and the table's own: a record or a sheet it does not read, no step back, any other,
    // a player's healing spell, the check not loaded yet (combat/player-check.ts, lunos-table.ts).
    pattern: "LUNOS.Combat.Refusal.{id}",
    source: "ROUND_REFUSALS in src/rules/lunos/round-engine.ts, and src/rulesets/lunos/combat/fight-read.ts",
    ids: () => [...ROUND_REFUSALS, "Refused", "BadRecord", "BadSheet", "HealingSpell", "NotLoaded"],
    complete: true,
  },
  {
    pattern: "LUNOS.Combat.Palette.{id}",
    source: "PALETTE_PLANS in src/rulesets/lunos/token-palette.ts (the Token HUD's plans)",
    ids: () => Object.keys(PALETTE_PLANS),
    complete: true,
  },
  {
    pattern: "LUNOS.Combat.Tracker.State.{id}",
    source: "LUNOS_ROW_STATES in src/rulesets/lunos/tracker-row.ts (the fight's states on a row)",
    ids: () => Object.keys(LUNOS_ROW_STATES),
    complete: true,
  },
  {
    pattern: "LUNOS.Chat.Refusal.{id}",
    source:
      "ROUND_REFUSALS in src/rules/lunos/round-engine.ts and MANEUVER_REFUSALS in src/rules/lunos/maneuvers.ts (the attack card's refusals)",
    ids: () => [...ROUND_REFUSALS, ...MANEUVER_REFUSALS],
    complete: true,
  },
  {
    pattern: "LUNOS.Chat.Roll.{id}",
    source: "the attack card's dice steps (src/rulesets/lunos/chat/attack-flow.ts)",
    ids: () => ["Attack"],
    complete: true,
  },
  {
    pattern: "LUNOS.Task.{id}",
    source:
      "OTHER_TASKS in src/rules/lunos/types.ts (the Other actions of the declaration's menu and the row)",
    ids: () => OTHER_TASKS,
    complete: true,
  },
  // The options window's words for each key of the defaults: a key without them cannot reach a GM unnamed.
  ...(["Label", "Hint"] as const).map((part) => ({
    pattern: `LUNOS.Option.{id}.${part}`,
    source: "Object.keys(LUNOS_DEFAULTS) in src/rules/lunos/config.ts (src/apps/settings/options-view.ts)",
    ids: () => Object.keys(LUNOS_DEFAULTS),
    complete: true,
  })),
];
