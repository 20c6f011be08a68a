import { isSettingRegistered, refreshActors } from "../../../config/settings";
import { SYSTEM_ID } from "../../../config/system";
import { choice, flag, wholeNumber } from "../../../data/fields";
import {
  FANGS_DEFAULTS,
  type FangsOptions,
  type FangsRules,
  RHF_INTEGER_BOUNDS,
  RHF_MULTIPLIER_KEYS,
  resolveOptions,
} from "../../../rules/fangs/config";
import { DEFAULT_MANEUVER_OPTIONS, type ManeuverReading } from "../../../rules/fangs/maneuvers";
import { READING_CHOICES } from "../apps/settings/maneuver-readings";
import { abilityFormula } from "../data/ability-formula";
import { INITIATIVE_CHOICES, RULES_CHOICES } from "./rules-choices";

/**
 * FANGS's world settings (its definition's `options.registerSettings`, with
 * `maneuverOptions` from apps/settings/maneuver-options.ts), read through
 * the small getters below so the rest of FANGS never spells a setting key:
 * `initiativeMode` (NC-RND-8), `maneuverReading` (which text wins where the
 * maneuver prose and tables disagree) and `rules` (every open figure of the
 * core rules as one GM-editable object). Their keys are the ones worlds
 * store under the system's namespace.
 */

export const FANGS_SETTINGS = Object.freeze({
  initiativeMode: "initiativeMode",
  maneuverReading: "maneuverReading",
  rules: "rules",
} as const);

export const INITIATIVE_MODES = ["ag", "rollEachRound", "rollOnce"] as const;
export type InitiativeMode = (typeof INITIATIVE_MODES)[number];

export const MANEUVER_READINGS = ["prose", "table"] as const satisfies readonly ManeuverReading[];
export type ManeuverReadingSetting = (typeof MANEUVER_READINGS)[number];

/* -------------------------------------------- */
/*  The rules options as a data model           */
/* -------------------------------------------- */

const C = RULES_CHOICES;
const D = FANGS_DEFAULTS;

/** Labels of the rules options, for the settings menu and refusal notices. */
const L = (key: keyof FangsRules): string =>
  `FANGS.Setting.Rules.Field.${key.charAt(0).toUpperCase()}${key.slice(1)}`;

/** The readings a GM may switch (each explained in docs/rules/fangs.md). */
function readingOptionsSchema() {
  return {
    meleeDodgeScope: choice(C.meleeDodgeScope, D.meleeDodgeScope, L("meleeDodgeScope")),
    parryToAttackCap: choice(C.parryToAttackCap, D.parryToAttackCap, L("parryToAttackCap")),
    impaleRoundDamage: choice(C.impaleRoundDamage, D.impaleRoundDamage, L("impaleRoundDamage")),
    dodgePastSecondChance: choice(
      C.dodgePastSecondChance,
      D.dodgePastSecondChance,
      L("dodgePastSecondChance"),
    ),
    weaponBreakSp: choice(C.weaponBreakSp, D.weaponBreakSp, L("weaponBreakSp")),
  };
}

/** The optional modules from the reach, holds and firearms rules: each a switch, off by default. */
function moduleSwitchesSchema() {
  return {
    reachModule: flag(D.reachModule, L("reachModule")),
    controlPointsModule: flag(D.controlPointsModule, L("controlPointsModule")),
    multipleAttacksModule: flag(D.multipleAttacksModule, L("multipleAttacksModule")),
  };
}

/** A field the rules core judges: its refusal, naming the key, is the field's failure. */
const judged = (key: keyof FangsRules) => (value: unknown) => {
  resolveOptions({ [key]: value });
};

type RhfFigureKey =
  | keyof typeof RHF_INTEGER_BOUNDS
  | (typeof RHF_MULTIPLIER_KEYS)[number]
  | "additionalAttacks"
  | "additionalAttackSkill"
  | "recoilStrengthRounding"
  | "holdFirstRoundCounts"
  | "immobilizedMayBreak"
  | "quicknessBands"
  | "reachWeaponRanges";

/** RHF-AUT-1, -2: the hits of a burst's and of area fire's successful roll, by a d6 (tables the core judges). */
function hitsTables() {
  const { fields } = foundry.data;
  const table = (key: "burstHits" | "areaHits") =>
    new fields.ArrayField(new fields.ObjectField(), {
      required: true,
      initial: () => D[key].map((band) => ({ ...band })),
      label: L(key),
      validate: judged(key),
    });
  return { burstHits: table("burstHits"), areaHits: table("areaHits") };
}

/**
 * The reach, holds and firearms rules' figures and readings the modules
 * read (the RHF core's by default), built from the core's own lists so the
 * bounds are written once. A multiplier may have a fraction; the tables
 * are judged whole by the core.
 */
function rhfFiguresSchema() {
  const { fields } = foundry.data;
  const out: Record<string, foundry.data.fields.DataField.Any> = {};
  for (const [key, [min, max]] of Object.entries(RHF_INTEGER_BOUNDS))
    out[key] = wholeNumber(D[key as keyof typeof RHF_INTEGER_BOUNDS], L(key as keyof FangsRules), {
      min,
      max,
    });
  for (const key of RHF_MULTIPLIER_KEYS)
    out[key] = new fields.NumberField({
      required: true,
      nullable: false,
      initial: D[key],
      label: L(key),
      validate: judged(key),
    });
  for (const key of ["additionalAttacks", "additionalAttackSkill", "recoilStrengthRounding"] as const)
    out[key] = choice(C[key] as Record<string, string>, D[key], L(key));
  for (const key of ["holdFirstRoundCounts", "immobilizedMayBreak"] as const) out[key] = flag(D[key], L(key));
  out.quicknessBands = new fields.ArrayField(new fields.ObjectField(), {
    required: true,
    initial: () => D.quicknessBands.map((band) => ({ ...band })),
    label: L("quicknessBands"),
    validate: judged("quicknessBands"),
  });
  out.reachWeaponRanges = new fields.ObjectField({
    required: true,
    initial: {},
    label: L("reachWeaponRanges"),
    validate: judged("reachWeaponRanges"),
  });
  return out as Record<RhfFigureKey, foundry.data.fields.DataField.Any>;
}

/**
 * The figures of FANGS_DEFAULTS a GM may change from the world, each with
 * the constraint the rules core would otherwise refuse at play time. The
 * equipment tables are compendium data, and the DM dice table stays as the
 * core defines it.
 */
function rulesSchema() {
  return {
    characteristicBase: wholeNumber(D.characteristicBase, L("characteristicBase"), { min: 1 }),
    characteristicStartingMax: wholeNumber(D.characteristicStartingMax, L("characteristicStartingMax"), {
      min: 1,
    }),
    hitPointsFormula: abilityFormula(D.hitPointsFormula, L("hitPointsFormula")),
    stunPointsFormula: abilityFormula(D.stunPointsFormula, L("stunPointsFormula")),
    movementFormula: abilityFormula(D.movementFormula, L("movementFormula")),
    ideaFormula: abilityFormula(D.ideaFormula, L("ideaFormula")),
    luckFormula: abilityFormula(D.luckFormula, L("luckFormula")),
    fatigueFormula: abilityFormula(D.fatigueFormula, L("fatigueFormula")),
    powerPointsFormula: abilityFormula(D.powerPointsFormula, L("powerPointsFormula")),
    dodgeNaturalFormula: abilityFormula(D.dodgeNaturalFormula, L("dodgeNaturalFormula")),
    damageModifierThreshold: wholeNumber(D.damageModifierThreshold, L("damageModifierThreshold"), { min: 0 }),
    damageModifierStep: wholeNumber(D.damageModifierStep, L("damageModifierStep"), { min: 1 }),
    damageModifierCap: wholeNumber(D.damageModifierCap, L("damageModifierCap"), { min: 0 }),
    resistedCheckBase: wholeNumber(D.resistedCheckBase, L("resistedCheckBase"), { min: 0 }),
    parryWearCombination: choice(C.parryWearCombination, D.parryWearCombination, L("parryWearCombination")),
    specialParryWeaponDamage: choice(
      C.specialParryWeaponDamage,
      D.specialParryWeaponDamage,
      L("specialParryWeaponDamage"),
    ),
    fumbledDefenseHitPoints: choice(
      C.fumbledDefenseHitPoints,
      D.fumbledDefenseHitPoints,
      L("fumbledDefenseHitPoints"),
    ),
    ...readingOptionsSchema(),
    shieldBashAttack: choice(C.shieldBashAttack, D.shieldBashAttack, L("shieldBashAttack")),
    autofireSpecialDodge: choice(C.autofireSpecialDodge, D.autofireSpecialDodge, L("autofireSpecialDodge")),
    ...moduleSwitchesSchema(),
    unconsciousStunRecoveryPerMinute: wholeNumber(
      D.unconsciousStunRecoveryPerMinute,
      L("unconsciousStunRecoveryPerMinute"),
      { min: 0 },
    ),
    dyingHitPointLossPerRound: wholeNumber(D.dyingHitPointLossPerRound, L("dyingHitPointLossPerRound"), {
      min: 0,
    }),
    fumbleLuckSuccess: choice(C.fumbleLuckSuccess, D.fumbleLuckSuccess, L("fumbleLuckSuccess")),
    fumbleLuckFailure: choice(C.fumbleLuckFailure, D.fumbleLuckFailure, L("fumbleLuckFailure")),
    /* Optional firearms modules from the reach, holds and firearms rules: each off unless the GM turns it on. */
    recoilModule: flag(D.recoilModule, L("recoilModule")),
    aimingModule: flag(D.aimingModule, L("aimingModule")),
    ...rhfFiguresSchema(),
    areaFireModule: flag(D.areaFireModule, L("areaFireModule")),
    burstRolls: wholeNumber(D.burstRolls, L("burstRolls"), { min: 1, max: 30 }),
    areaMaxTargets: wholeNumber(D.areaMaxTargets, L("areaMaxTargets"), { min: 1, max: 50 }),
    // Whole metres in the window; the rules core also takes a fraction from a world's stored options.
    areaSpread: wholeNumber(D.areaSpread, L("areaSpread"), { min: 1 }),
    ...hitsTables(),
  } satisfies Partial<Record<keyof FangsRules, foundry.data.fields.DataField.Any>>;
}
type RulesSchema = ReturnType<typeof rulesSchema>;

export class RulesOptionsModel extends foundry.abstract.DataModel<RulesSchema> {
  static override defineSchema(): RulesSchema {
    return rulesSchema();
  }

  /** Across keys: no more rounds of aiming for one unfamiliar with the weapon than for one familiar. */
  static override validateJoint(data: Record<string, unknown>): void {
    resolveOptions({
      aimMaxRounds: data.aimMaxRounds as number,
      aimRoundsUnfamiliar: data.aimRoundsUnfamiliar as number,
    });
  }

  /** The options object the rules core takes. */
  toOptions(): FangsOptions {
    // The tables are plain objects to the model; the rules core checked their shape (judged).
    return this.toObject() as unknown as FangsOptions;
  }
}

/* -------------------------------------------- */
/*  Registration                                */
/* -------------------------------------------- */

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "fangs.initiativeMode": InitiativeMode;
    "fangs.maneuverReading": ManeuverReadingSetting;
    "fangs.rules": typeof RulesOptionsModel;
  }
}

/**
 * FANGS's settings (its definition's `options.registerSettings`): the
 * initiative mode, the maneuver reading and the rules options object, all
 * edited through FANGS's rules options menu.
 */
export function registerFangsSettings(): void {
  game.settings.register(SYSTEM_ID, FANGS_SETTINGS.initiativeMode, {
    name: "FANGS.Setting.InitiativeMode.Name",
    hint: "FANGS.Setting.InitiativeMode.Hint",
    scope: "world",
    // Set in the FANGS rules options menu with the other readings, not a second time in the list.
    config: false,
    type: String,
    choices: { ...INITIATIVE_CHOICES },
    default: "ag",
  });

  game.settings.register(SYSTEM_ID, FANGS_SETTINGS.maneuverReading, {
    name: "FANGS.Setting.ManeuverReading.Name",
    hint: "FANGS.Setting.ManeuverReading.Hint",
    scope: "world",
    // Set in the FANGS rules options menu with the other readings, not a second time in the list.
    config: false,
    type: String,
    choices: { ...READING_CHOICES },
    default: DEFAULT_MANEUVER_OPTIONS.reading,
  });

  game.settings.register(SYSTEM_ID, FANGS_SETTINGS.rules, {
    name: "FANGS.Setting.Rules.Name",
    hint: "FANGS.Setting.Rules.Hint",
    scope: "world",
    // Edited through a settings menu or a macro; the form of a
    // single setting cannot show an object.
    config: false,
    type: RulesOptionsModel,
    default: new RulesOptionsModel(),
    onChange: refreshActors,
  });
}

/* -------------------------------------------- */
/*  Reading                                     */
/* -------------------------------------------- */

let cachedModel: unknown;
let cachedOptions: FangsOptions | undefined;

/**
 * The rules options of this world, or undefined (the core's defaults) before
 * the settings are registered. The same object is returned until the
 * setting changes, so the rules core resolves it once.
 */
export function rulesOptions(): FangsOptions | undefined {
  if (!isSettingRegistered(FANGS_SETTINGS.rules)) return undefined;
  const model = game.settings.get(SYSTEM_ID, FANGS_SETTINGS.rules);
  if (model !== cachedModel) {
    cachedModel = model;
    cachedOptions = model instanceof RulesOptionsModel ? model.toOptions() : undefined;
  }
  return cachedOptions;
}

export function initiativeMode(): InitiativeMode {
  return isSettingRegistered(FANGS_SETTINGS.initiativeMode)
    ? game.settings.get(SYSTEM_ID, FANGS_SETTINGS.initiativeMode)
    : "ag";
}

export function maneuverReading(): ManeuverReadingSetting {
  return isSettingRegistered(FANGS_SETTINGS.maneuverReading)
    ? game.settings.get(SYSTEM_ID, FANGS_SETTINGS.maneuverReading)
    : "prose";
}
