import type { FangsRules } from "../../../rules/fangs/config";
import type { InitiativeMode } from "./settings";

/**
 * The lang key of each value of the rules options that are a choice, shared
 * by the world settings that store them (settings.ts, loaded at start-up)
 * and the rules options menu that edits them (apps/settings/catalogue.ts,
 * loaded when the GM opens it). Pure: no Foundry global.
 */

export const INITIATIVE_CHOICES = Object.freeze({
  ag: "FANGS.Setting.InitiativeMode.Ag",
  rollEachRound: "FANGS.Setting.InitiativeMode.RollEachRound",
  rollOnce: "FANGS.Setting.InitiativeMode.RollOnce",
} as const satisfies Record<InitiativeMode, string>);

const FUMBLE_CHOICES = {
  hitAnother: "FANGS.Setting.Rules.Fumble.HitAnother",
  hitSelf: "FANGS.Setting.Rules.Fumble.HitSelf",
  dropWeapon: "FANGS.Setting.Rules.Fumble.DropWeapon",
} as const satisfies Record<FangsRules["fumbleLuckSuccess"], string>;

/** The choices of each rules option that has named values, by its key in FangsRules. */
export const RULES_CHOICES = Object.freeze({
  parryWearCombination: {
    greater: "FANGS.Setting.Rules.ParryWear.Greater",
    sum: "FANGS.Setting.Rules.ParryWear.Sum",
  },
  specialParryWeaponDamage: {
    rolledDamage: "FANGS.Setting.Rules.SpecialParry.RolledDamage",
    nick: "FANGS.Setting.Rules.SpecialParry.Nick",
  },
  fumbledDefenseHitPoints: {
    full: "FANGS.Setting.Rules.FumbledDefense.Full",
    half: "FANGS.Setting.Rules.FumbledDefense.Half",
  },
  shieldBashAttack: {
    maneuver: "FANGS.Setting.Rules.ShieldBash.Maneuver",
    offHand: "FANGS.Setting.Rules.ShieldBash.OffHand",
  },
  autofireSpecialDodge: {
    countHits: "FANGS.Setting.Rules.AutofireSpecialDodge.CountHits",
    evadesBurst: "FANGS.Setting.Rules.AutofireSpecialDodge.EvadesBurst",
  },
  fumbleLuckSuccess: FUMBLE_CHOICES,
  fumbleLuckFailure: FUMBLE_CHOICES,
  /* Readings where the text supports two answers (docs/rules/fangs.md). */
  meleeDodgeScope: {
    melee: "FANGS.Setting.Rules.MeleeDodgeScope.Melee",
    all: "FANGS.Setting.Rules.MeleeDodgeScope.All",
  },
  parryToAttackCap: {
    attackSkill: "FANGS.Setting.Rules.ParryToAttackCap.AttackSkill",
    boughtPoints: "FANGS.Setting.Rules.ParryToAttackCap.BoughtPoints",
  },
  impaleRoundDamage: {
    weapon: "FANGS.Setting.Rules.ImpaleRoundDamage.Weapon",
    weaponAndDm: "FANGS.Setting.Rules.ImpaleRoundDamage.WeaponAndDm",
  },
  dodgePastSecondChance: {
    maneuverAllows: "FANGS.Setting.Rules.DodgePastSecondChance.ManeuverAllows",
    always: "FANGS.Setting.Rules.DodgePastSecondChance.Always",
  },
  weaponBreakSp: {
    current: "FANGS.Setting.Rules.WeaponBreakSp.Current",
    maximum: "FANGS.Setting.Rules.WeaponBreakSp.Maximum",
  },
  /* The reach, holds and firearms rules' readings, as the optional modules read them. */
  additionalAttacks: {
    beyondAllowance: "FANGS.Setting.Rules.AdditionalAttacks.BeyondAllowance",
    beyondFirst: "FANGS.Setting.Rules.AdditionalAttacks.BeyondFirst",
  },
  additionalAttackSkill: {
    aboveZero: "FANGS.Setting.Rules.AdditionalAttackSkill.AboveZero",
    atLeastPenalty: "FANGS.Setting.Rules.AdditionalAttackSkill.AtLeastPenalty",
  },
  recoilStrengthRounding: {
    up: "FANGS.Setting.Rules.RecoilStrengthRounding.Up",
    down: "FANGS.Setting.Rules.RecoilStrengthRounding.Down",
  },
} as const satisfies {
  [K in
    | "parryWearCombination"
    | "specialParryWeaponDamage"
    | "fumbledDefenseHitPoints"
    | "shieldBashAttack"
    | "autofireSpecialDodge"
    | "fumbleLuckSuccess"
    | "fumbleLuckFailure"
    | "meleeDodgeScope"
    | "parryToAttackCap"
    | "impaleRoundDamage"
    | "dodgePastSecondChance"
    | "weaponBreakSp"
    | "additionalAttacks"
    | "additionalAttackSkill"
    | "recoilStrengthRounding"]: Record<FangsRules[K], string>;
});
