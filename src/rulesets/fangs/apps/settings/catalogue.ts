import { SYSTEM_ID } from "../../../../config/system";
import { FANGS_DEFAULTS, type FangsRules, RHF_INTEGER_BOUNDS } from "../../../../rules/fangs/config";
import { DEFAULT_MANEUVER_OPTIONS, MANEUVERS, type ManeuverReading } from "../../../../rules/fangs/maneuvers";
import type { ManeuverId } from "../../../../rules/fangs/types";
import { INITIATIVE_CHOICES, RULES_CHOICES } from "../../config/rules-choices";
import type { InitiativeMode } from "../../config/settings";
import {
  FOLLOW_GENERAL,
  MANEUVERS_WITH_TWO_READINGS,
  PER_MANEUVER_CHOICES,
  READING_CHOICES,
} from "./maneuver-readings";
import { formatTable, type TableCodec } from "./tables";

/**
 * What the "FANGS rules options" menu offers, as data: every option, its
 * group, its kind of input, its label and hint (lang keys), what kind of
 * figure it is and which page of the rules readings journal explains it. Pure: no Foundry
 * global, so the view, the form reading and the preview run without it.
 *
 * The values live in four world settings: `rules` (a data model of the open
 * figures, ../../config/settings.ts), `initiativeMode`, `maneuverReading`, and
 * `maneuverOptions` (registered by this folder). The choices and bounds
 * below repeat what those settings accept; a test holds them together.
 */

/** Readings where the text supports two answers: the "readings" group of the menu. */
const READING_KEYS = [
  "meleeDodgeScope",
  "dodgePastSecondChance",
  "parryToAttackCap",
  "impaleRoundDamage",
  "weaponBreakSp",
] as const satisfies readonly (keyof FangsRules)[];

/** Optional firearms modules from the reach, holds and firearms rules: the "firearms" group of the menu. */
const FIREARMS_MODULE_KEYS = [
  "recoilModule",
  "aimingModule",
  "areaFireModule",
  "burstRolls",
  "areaMaxTargets",
  "areaSpread",
  "burstHits",
  "areaHits",
] as const satisfies readonly (keyof FangsRules)[];

/** The figures of FANGS_DEFAULTS the `rules` setting stores, in the order the menu shows them. */
export const RULES_FIGURE_KEYS = [
  "characteristicBase",
  "characteristicStartingMax",
  "hitPointsFormula",
  "stunPointsFormula",
  "movementFormula",
  "dodgeNaturalFormula",
  "ideaFormula",
  "luckFormula",
  "fatigueFormula",
  "powerPointsFormula",
  "damageModifierThreshold",
  "damageModifierStep",
  "damageModifierCap",
  "resistedCheckBase",
  "parryWearCombination",
  "specialParryWeaponDamage",
  "fumbledDefenseHitPoints",
  "shieldBashAttack",
  "autofireSpecialDodge",
  "fumbleLuckSuccess",
  "fumbleLuckFailure",
  "unconsciousStunRecoveryPerMinute",
  "dyingHitPointLossPerRound",
  ...READING_KEYS,
  // Optional modules from the reach, holds and firearms rules
  "reachModule",
  "controlPointsModule",
  "multipleAttacksModule",
  ...FIREARMS_MODULE_KEYS,
  // The reach, holds and firearms rules' figures and readings the modules read
  "reachWeaponRanges",
  "reachHardDivisor",
  "rangeManeuversPerRound",
  "controlPointsDivisor",
  "holdFirstRoundCounts",
  "immobilizedMayBreak",
  "quicknessBands",
  "multipleAttackPenalty",
  "additionalAttacks",
  "additionalAttackSkill",
  "recoilOneHandMultiplier",
  "recoilTwoHandsMultiplier",
  "recoilTripodMultiplier",
  "recoilStrengthRounding",
  "aimBonus",
  "aimMaxRounds",
  "aimRoundsUnfamiliar",
] as const satisfies readonly (keyof FangsRules)[];
export type RulesFigureKey = (typeof RULES_FIGURE_KEYS)[number];
export type RulesFigures = { -readonly [K in RulesFigureKey]: FangsRules[K] };

/** Everything the menu edits, in the shapes the settings and the rules core use. */
export interface RulesMenuValues {
  readonly rules: Readonly<RulesFigures>;
  readonly initiativeMode: InitiativeMode;
  readonly maneuverReading: ManeuverReading;
  readonly strictNoDefense: boolean;
  /** Only the maneuvers read differently from the general reading. */
  readonly perManeuver: Readonly<Partial<Record<ManeuverId, ManeuverReading>>>;
}

export function defaultRulesFigures(): RulesFigures {
  return Object.fromEntries(RULES_FIGURE_KEYS.map((key) => [key, FANGS_DEFAULTS[key]])) as RulesFigures;
}

/** The defaults of every option: the rules core's, the initiative of the rules (AG order), the prose reading. */
export function defaultMenuValues(): RulesMenuValues {
  return {
    rules: defaultRulesFigures(),
    initiativeMode: "ag",
    maneuverReading: DEFAULT_MANEUVER_OPTIONS.reading,
    strictNoDefense: DEFAULT_MANEUVER_OPTIONS.strictNoDefense,
    perManeuver: {},
  };
}

/* -------------------------------------------- */
/*  Choices (value → lang key)                  */
/* -------------------------------------------- */

/** Label, hint and clauses of each reading. */
const READING_WORDS: Readonly<
  Record<(typeof READING_KEYS)[number], { label: string; hint: string; clauses: readonly string[] }>
> = {
  meleeDodgeScope: {
    label: "FANGS.Setting.Rules.Field.MeleeDodgeScope",
    hint: "FANGS.Setting.RulesMenu.OptionHint.MeleeDodgeScope",
    clauses: ["NC-MAN-11", "NC-DEF-3"],
  },
  dodgePastSecondChance: {
    label: "FANGS.Setting.Rules.Field.DodgePastSecondChance",
    hint: "FANGS.Setting.RulesMenu.OptionHint.DodgePastSecondChance",
    clauses: ["NC-MAN-11", "NC-DEF-4", "NC-MAN-9"],
  },
  parryToAttackCap: {
    label: "FANGS.Setting.Rules.Field.ParryToAttackCap",
    hint: "FANGS.Setting.RulesMenu.OptionHint.ParryToAttackCap",
    clauses: ["NC-TAC-3"],
  },
  impaleRoundDamage: {
    label: "FANGS.Setting.Rules.Field.ImpaleRoundDamage",
    hint: "FANGS.Setting.RulesMenu.OptionHint.ImpaleRoundDamage",
    clauses: ["NC-DMG-13"],
  },
  weaponBreakSp: {
    label: "FANGS.Setting.Rules.Field.WeaponBreakSp",
    hint: "FANGS.Setting.RulesMenu.OptionHint.WeaponBreakSp",
    clauses: ["NC-DMG-17"],
  },
};

function readingOption(key: (typeof READING_KEYS)[number]): OptionDef {
  return rules(key, {
    kind: "choice",
    choices: RULES_CHOICES[key],
    ...READING_WORDS[key],
    basis: "reading",
    docs: "readings",
  });
}

/* -------------------------------------------- */
/*  Options                                     */
/* -------------------------------------------- */

/**
 * What kind of figure an option is, so a GM knows what changing it means:
 * the rules text states it (changing it is a house rule); fangs-core.md
 * leaves it open and this is a proposed [default]; the text is unclear or
 * contradicts itself and this is how the system reads it; or the rules
 * themselves offer the table a choice.
 */
export type OptionBasis = "text" | "default" | "reading" | "option";

export const BASIS_LABELS: Readonly<Record<OptionBasis, string>> = Object.freeze({
  text: "FANGS.Setting.RulesMenu.Basis.Text",
  default: "FANGS.Setting.RulesMenu.Basis.Default",
  reading: "FANGS.Setting.RulesMenu.Basis.Reading",
  option: "FANGS.Setting.RulesMenu.Basis.Option",
});

/**
 * The compendium journal "FANGS rules readings" (packs/rules/fangs-rules-readings.json):
 * the readings of docs/rules/fangs.md in a GM's words, one page per section.
 * Its ids are fixed data that the pack source repeats; a test holds the two
 * together, since a link to a changed id opens nothing.
 */
export const RULES_READINGS_JOURNAL_ID = "eo7lSy8rQc3ElqBa";
const RULES_PACK = `${SYSTEM_ID}.rules`;

export interface DocSectionDef {
  /** Lang key of the page's title, which is also the link's text. */
  readonly title: string;
  /** The journal page that explains it. */
  readonly pageId: string;
  /** The heading of docs/rules/fangs.md whose readings the page retells (for contributors, never shown). */
  readonly notes: string;
}

/** The pages of the rules readings journal an option can point to. */
export const DOC_SECTIONS = Object.freeze({
  defaults: {
    title: "FANGS.Setting.RulesMenu.DocSection.Defaults",
    pageId: "tzvNQn3M08R2CheK",
    notes: "Defaults the core text leaves open",
  },
  checks: {
    title: "FANGS.Setting.RulesMenu.DocSection.Checks",
    pageId: "IIbUfcxufnpibevY",
    notes: "Checks and characters",
  },
  damage: {
    title: "FANGS.Setting.RulesMenu.DocSection.Damage",
    pageId: "a6sLuvIXXbdT09c0",
    notes: "Damage, parries and the outcome matrix",
  },
  consequences: {
    title: "FANGS.Setting.RulesMenu.DocSection.Consequences",
    pageId: "EBvq95OFQr3PZmlE",
    notes: "Impaling and consequences",
  },
  maneuvers: {
    title: "FANGS.Setting.RulesMenu.DocSection.Maneuvers",
    pageId: "dLw3XbzDoAgrMVJF",
    notes: "Maneuvers: where the tables and the prose disagree",
  },
  rounds: {
    title: "FANGS.Setting.RulesMenu.DocSection.Rounds",
    pageId: "CE3MjDkfTkVTb79b",
    notes: "Round order, holds and phases",
  },
  readings: {
    title: "FANGS.Setting.RulesMenu.DocSection.Readings",
    pageId: "w0fBLcUz3D1P9M3F",
    notes: "Readings a GM may switch",
  },
  shields: {
    title: "FANGS.Setting.RulesMenu.DocSection.Shields",
    pageId: "GZUo4lmzF1NURB3J",
    notes: "Shield bash and readying",
  },
  modules: {
    title: "FANGS.Setting.RulesMenu.DocSection.Modules",
    pageId: "Rk4mQd7TzW2pLx9N",
    notes: "Optional modules from the reach, holds and firearms rules",
  },
} as const satisfies Record<string, DocSectionDef>);
export type DocSection = keyof typeof DOC_SECTIONS;

/** The UUID of a section's page, as Foundry's content links carry it. */
export function docSectionUuid(section: DocSection): string {
  return `Compendium.${RULES_PACK}.JournalEntry.${RULES_READINGS_JOURNAL_ID}.JournalEntryPage.${DOC_SECTIONS[section].pageId}`;
}

interface OptionBase {
  /** The form field's name: "rules.<key>", "initiativeMode", "maneuverReading", "strictNoDefense", "perManeuver.<id>". */
  readonly name: string;
  readonly label: string;
  readonly hint: string;
  readonly basis: OptionBasis;
  /** The page of the rules readings journal that explains it. */
  readonly docs: DocSection;
  /** Clause ids of fangs-clauses.md the option is about: data for the tests and contributors, never shown. */
  readonly clauses: readonly string[];
}

export interface IntegerOption extends OptionBase {
  readonly kind: "integer";
  readonly min: number;
  /** The highest it may be, where the rules core bounds it. */
  readonly max?: number;
}
export interface FormulaOption extends OptionBase {
  readonly kind: "formula";
}
export interface ChoiceOption extends OptionBase {
  readonly kind: "choice";
  readonly choices: Readonly<Record<string, string>>;
}
export interface BooleanOption extends OptionBase {
  readonly kind: "boolean";
}
/** A figure that may have a fraction (×1.5), above `min`. */
export interface NumberOption extends OptionBase {
  readonly kind: "number";
  readonly min: number;
  readonly max: number;
}
/** A table, typed on one line (tables.ts). */
export interface TableOption extends OptionBase {
  readonly kind: "table";
  readonly table: TableCodec;
}
export type OptionDef =
  | IntegerOption
  | FormulaOption
  | ChoiceOption
  | BooleanOption
  | NumberOption
  | TableOption;

/** The figures the window shows as a table, and how. */
const TABLE_KEYS: Readonly<Partial<Record<RulesFigureKey, TableCodec>>> = {
  quicknessBands: "bands",
  reachWeaponRanges: "ranges",
  burstHits: "hits",
  areaHits: "hits",
};

export interface OptionGroup {
  readonly id: string;
  readonly legend: string;
  readonly hint: string;
  readonly options: readonly OptionDef[];
}

type WithoutName<T> = T extends OptionDef ? Omit<T, "name"> : never;

function rules(key: RulesFigureKey, option: WithoutName<OptionDef>): OptionDef {
  return Object.freeze({ name: `rules.${key}`, ...option }) as OptionDef;
}

const formula = (
  key: RulesFigureKey,
  label: string,
  hint: string,
  basis: OptionBasis,
  clauses: readonly string[],
): OptionDef => rules(key, { kind: "formula", label, hint, basis, docs: "defaults", clauses });

/** The bounds the rules core puts on an RHF figure that is a whole number. */
const bounds = (key: keyof typeof RHF_INTEGER_BOUNDS) => ({
  min: RHF_INTEGER_BOUNDS[key][0],
  max: RHF_INTEGER_BOUNDS[key][1],
});

/**
 * A figure or reading of the reach, holds and firearms rules that a module
 * reads, shown under the module's switch. Its page is the figures' page,
 * which retells them with the other figures a table may change.
 */
function rhfFigure(
  key: RulesFigureKey,
  input:
    | Pick<IntegerOption, "kind" | "min" | "max">
    | Pick<NumberOption, "kind" | "min" | "max">
    | Pick<ChoiceOption, "kind" | "choices">
    | Pick<BooleanOption, "kind">
    | Pick<TableOption, "kind" | "table">,
  basis: OptionBasis,
  words: { label: string; hint: string },
): OptionDef {
  return rules(key, { ...input, ...words, basis, docs: "defaults", clauses: [] } as WithoutName<OptionDef>);
}

const perManeuverHints: Readonly<Partial<Record<ManeuverId, string>>> = {
  attack: "FANGS.Setting.RulesMenu.PerManeuver.Hint.Attack",
  charge: "FANGS.Setting.RulesMenu.PerManeuver.Hint.Charge",
  disengage: "FANGS.Setting.RulesMenu.PerManeuver.Hint.Disengage",
  engage: "FANGS.Setting.RulesMenu.PerManeuver.Hint.Engage",
  retreat: "FANGS.Setting.RulesMenu.PerManeuver.Hint.Retreat",
  run: "FANGS.Setting.RulesMenu.PerManeuver.Hint.Run",
};

/** The per-maneuver hints the menu has words for (a test checks they match MANEUVERS_WITH_TWO_READINGS). */
export const PER_MANEUVER_HINTS = Object.freeze(perManeuverHints);

function perManeuverOption(id: ManeuverId): OptionDef {
  return Object.freeze({
    name: `perManeuver.${id}`,
    kind: "choice",
    choices: PER_MANEUVER_CHOICES,
    label: MANEUVERS[id].labelKey,
    hint: PER_MANEUVER_HINTS[id] ?? "FANGS.Setting.RulesMenu.PerManeuver.Hint.Other",
    basis: "reading",
    docs: "maneuvers",
    clauses: [MANEUVERS[id].clause],
  });
}

/** The menu, group by group, in the order shown. */
export const RULES_MENU_GROUPS: readonly OptionGroup[] = Object.freeze([
  {
    id: "characteristics",
    legend: "FANGS.Setting.RulesMenu.Group.Characteristics.Legend",
    hint: "FANGS.Setting.RulesMenu.Group.Characteristics.Hint",
    options: [
      rules("characteristicBase", {
        kind: "integer",
        min: 1,
        label: "FANGS.Setting.Rules.Field.CharacteristicBase",
        hint: "FANGS.Setting.RulesMenu.OptionHint.CharacteristicBase",
        basis: "text",
        docs: "defaults",
        clauses: ["CORE-CHR-1"],
      }),
      rules("characteristicStartingMax", {
        kind: "integer",
        min: 1,
        label: "FANGS.Setting.Rules.Field.CharacteristicStartingMax",
        hint: "FANGS.Setting.RulesMenu.OptionHint.CharacteristicStartingMax",
        basis: "text",
        docs: "defaults",
        clauses: ["CORE-CHR-1"],
      }),
    ],
  },
  {
    id: "attributes",
    legend: "FANGS.Setting.RulesMenu.Group.Attributes.Legend",
    hint: "FANGS.Setting.RulesMenu.Group.Attributes.Hint",
    options: [
      formula(
        "hitPointsFormula",
        "FANGS.Setting.Rules.Field.HitPointsFormula",
        "FANGS.Setting.RulesMenu.OptionHint.HitPointsFormula",
        "text",
        ["CORE-CHR-2"],
      ),
      formula(
        "stunPointsFormula",
        "FANGS.Setting.Rules.Field.StunPointsFormula",
        "FANGS.Setting.RulesMenu.OptionHint.StunPointsFormula",
        "text",
        ["CORE-CHR-3"],
      ),
      formula(
        "movementFormula",
        "FANGS.Setting.Rules.Field.MovementFormula",
        "FANGS.Setting.RulesMenu.OptionHint.MovementFormula",
        "default",
        ["CORE-CHR-5"],
      ),
      formula(
        "dodgeNaturalFormula",
        "FANGS.Setting.Rules.Field.DodgeNaturalFormula",
        "FANGS.Setting.RulesMenu.OptionHint.DodgeNaturalFormula",
        "default",
        ["CORE-CHR-7"],
      ),
      formula(
        "ideaFormula",
        "FANGS.Setting.Rules.Field.IdeaFormula",
        "FANGS.Setting.RulesMenu.OptionHint.IdeaFormula",
        "default",
        [],
      ),
      formula(
        "luckFormula",
        "FANGS.Setting.Rules.Field.LuckFormula",
        "FANGS.Setting.RulesMenu.OptionHint.LuckFormula",
        "default",
        [],
      ),
      formula(
        "fatigueFormula",
        "FANGS.Setting.Rules.Field.FatigueFormula",
        "FANGS.Setting.RulesMenu.OptionHint.FatigueFormula",
        "default",
        [],
      ),
      formula(
        "powerPointsFormula",
        "FANGS.Setting.Rules.Field.PowerPointsFormula",
        "FANGS.Setting.RulesMenu.OptionHint.PowerPointsFormula",
        "default",
        [],
      ),
    ],
  },
  {
    id: "damageModifier",
    legend: "FANGS.Setting.RulesMenu.Group.DamageModifier.Legend",
    hint: "FANGS.Setting.RulesMenu.Group.DamageModifier.Hint",
    options: [
      rules("damageModifierThreshold", {
        kind: "integer",
        min: 0,
        label: "FANGS.Setting.Rules.Field.DamageModifierThreshold",
        hint: "FANGS.Setting.RulesMenu.OptionHint.DamageModifierThreshold",
        basis: "default",
        docs: "defaults",
        clauses: ["CORE-CHR-4"],
      }),
      rules("damageModifierStep", {
        kind: "integer",
        min: 1,
        label: "FANGS.Setting.Rules.Field.DamageModifierStep",
        hint: "FANGS.Setting.RulesMenu.OptionHint.DamageModifierStep",
        basis: "default",
        docs: "defaults",
        clauses: ["CORE-CHR-4"],
      }),
      rules("damageModifierCap", {
        kind: "integer",
        min: 0,
        label: "FANGS.Setting.Rules.Field.DamageModifierCap",
        hint: "FANGS.Setting.RulesMenu.OptionHint.DamageModifierCap",
        basis: "default",
        docs: "defaults",
        clauses: ["CORE-CHR-4"],
      }),
    ],
  },
  {
    id: "checks",
    legend: "FANGS.Setting.RulesMenu.Group.Checks.Legend",
    hint: "FANGS.Setting.RulesMenu.Group.Checks.Hint",
    options: [
      rules("resistedCheckBase", {
        kind: "integer",
        min: 0,
        label: "FANGS.Setting.Rules.Field.ResistedCheckBase",
        hint: "FANGS.Setting.RulesMenu.OptionHint.ResistedCheckBase",
        basis: "reading",
        docs: "checks",
        clauses: ["CORE-CHK-3"],
      }),
    ],
  },
  {
    id: "parries",
    legend: "FANGS.Setting.RulesMenu.Group.Parries.Legend",
    hint: "FANGS.Setting.RulesMenu.Group.Parries.Hint",
    options: [
      rules("parryWearCombination", {
        kind: "choice",
        choices: RULES_CHOICES.parryWearCombination,
        label: "FANGS.Setting.Rules.Field.ParryWearCombination",
        hint: "FANGS.Setting.RulesMenu.OptionHint.ParryWearCombination",
        basis: "reading",
        docs: "damage",
        clauses: ["NC-DMG-6", "NC-DMG-9"],
      }),
      rules("specialParryWeaponDamage", {
        kind: "choice",
        choices: RULES_CHOICES.specialParryWeaponDamage,
        label: "FANGS.Setting.Rules.Field.SpecialParryWeaponDamage",
        hint: "FANGS.Setting.RulesMenu.OptionHint.SpecialParryWeaponDamage",
        basis: "reading",
        docs: "damage",
        clauses: ["NC-DMG-18"],
      }),
      rules("fumbledDefenseHitPoints", {
        kind: "choice",
        choices: RULES_CHOICES.fumbledDefenseHitPoints,
        label: "FANGS.Setting.Rules.Field.FumbledDefenseHitPoints",
        hint: "FANGS.Setting.RulesMenu.OptionHint.FumbledDefenseHitPoints",
        basis: "reading",
        docs: "damage",
        clauses: ["NC-DMG-23"],
      }),
      rules("shieldBashAttack", {
        kind: "choice",
        choices: RULES_CHOICES.shieldBashAttack,
        label: "FANGS.Setting.Rules.Field.ShieldBashAttack",
        hint: "FANGS.Setting.RulesMenu.OptionHint.ShieldBashAttack",
        basis: "reading",
        docs: "shields",
        clauses: ["NC-DEF-9"],
      }),
      rules("autofireSpecialDodge", {
        kind: "choice",
        choices: RULES_CHOICES.autofireSpecialDodge,
        label: "FANGS.Setting.Rules.Field.AutofireSpecialDodge",
        hint: "FANGS.Setting.RulesMenu.OptionHint.AutofireSpecialDodge",
        basis: "reading",
        docs: "damage",
        clauses: ["NC-MAN-12", "NC-DMG-16"],
      }),
    ],
  },
  {
    id: "fumbles",
    legend: "FANGS.Setting.RulesMenu.Group.Fumbles.Legend",
    hint: "FANGS.Setting.RulesMenu.Group.Fumbles.Hint",
    options: [
      rules("fumbleLuckSuccess", {
        kind: "choice",
        choices: RULES_CHOICES.fumbleLuckSuccess,
        label: "FANGS.Setting.Rules.Field.FumbleLuckSuccess",
        hint: "FANGS.Setting.RulesMenu.OptionHint.FumbleLuckSuccess",
        basis: "reading",
        docs: "damage",
        clauses: ["NC-DMG-21"],
      }),
      rules("fumbleLuckFailure", {
        kind: "choice",
        choices: RULES_CHOICES.fumbleLuckFailure,
        label: "FANGS.Setting.Rules.Field.FumbleLuckFailure",
        hint: "FANGS.Setting.RulesMenu.OptionHint.FumbleLuckFailure",
        basis: "reading",
        docs: "damage",
        clauses: ["NC-DMG-21"],
      }),
    ],
  },
  {
    id: "consequences",
    legend: "FANGS.Setting.RulesMenu.Group.Consequences.Legend",
    hint: "FANGS.Setting.RulesMenu.Group.Consequences.Hint",
    options: [
      rules("unconsciousStunRecoveryPerMinute", {
        kind: "integer",
        min: 0,
        label: "FANGS.Setting.Rules.Field.UnconsciousStunRecoveryPerMinute",
        hint: "FANGS.Setting.RulesMenu.OptionHint.UnconsciousStunRecoveryPerMinute",
        basis: "text",
        docs: "consequences",
        clauses: ["CORE-CON-2"],
      }),
      rules("dyingHitPointLossPerRound", {
        kind: "integer",
        min: 0,
        label: "FANGS.Setting.Rules.Field.DyingHitPointLossPerRound",
        hint: "FANGS.Setting.RulesMenu.OptionHint.DyingHitPointLossPerRound",
        basis: "text",
        docs: "consequences",
        clauses: ["CORE-CON-3"],
      }),
    ],
  },
  {
    id: "maneuvers",
    legend: "FANGS.Setting.RulesMenu.Group.Maneuvers.Legend",
    hint: "FANGS.Setting.RulesMenu.Group.Maneuvers.Hint",
    options: [
      Object.freeze({
        name: "maneuverReading",
        kind: "choice",
        choices: READING_CHOICES,
        label: "FANGS.Setting.ManeuverReading.Name",
        hint: "FANGS.Setting.ManeuverReading.Hint",
        basis: "reading",
        docs: "maneuvers",
        clauses: ["NC-MAN-7", "NC-MAN-9", "NC-MAN-10", "NC-MAN-14", "NC-MAN-16", "NC-MAN-17"],
      }),
      Object.freeze({
        name: "strictNoDefense",
        kind: "boolean",
        label: "FANGS.Setting.RulesMenu.Field.StrictNoDefense",
        hint: "FANGS.Setting.RulesMenu.OptionHint.StrictNoDefense",
        basis: "reading",
        docs: "maneuvers",
        clauses: ["NC-DEF-2"],
      }),
      ...MANEUVERS_WITH_TWO_READINGS.map(perManeuverOption),
    ],
  },
  {
    id: "readings",
    legend: "FANGS.Setting.RulesMenu.Group.Readings.Legend",
    hint: "FANGS.Setting.RulesMenu.Group.Readings.Hint",
    options: READING_KEYS.map(readingOption),
  },
  {
    id: "modules",
    legend: "FANGS.Setting.RulesMenu.Group.Modules.Legend",
    hint: "FANGS.Setting.RulesMenu.Group.Modules.Hint",
    options: [
      rules("reachModule", {
        kind: "boolean",
        label: "FANGS.Setting.Rules.Field.ReachModule",
        hint: "FANGS.Setting.RulesMenu.OptionHint.ReachModule",
        basis: "option",
        docs: "modules",
        clauses: ["NC-MAN-7", "NC-MAN-3"],
      }),
      rhfFigure("reachWeaponRanges", { kind: "table", table: "ranges" }, "text", {
        label: "FANGS.Setting.Rules.Field.ReachWeaponRanges",
        hint: "FANGS.Setting.RulesMenu.OptionHint.ReachWeaponRanges",
      }),
      rhfFigure("reachHardDivisor", { kind: "integer", ...bounds("reachHardDivisor") }, "default", {
        label: "FANGS.Setting.Rules.Field.ReachHardDivisor",
        hint: "FANGS.Setting.RulesMenu.OptionHint.ReachHardDivisor",
      }),
      rhfFigure("rangeManeuversPerRound", { kind: "integer", ...bounds("rangeManeuversPerRound") }, "text", {
        label: "FANGS.Setting.Rules.Field.RangeManeuversPerRound",
        hint: "FANGS.Setting.RulesMenu.OptionHint.RangeManeuversPerRound",
      }),
      rules("controlPointsModule", {
        kind: "boolean",
        label: "FANGS.Setting.Rules.Field.ControlPointsModule",
        hint: "FANGS.Setting.RulesMenu.OptionHint.ControlPointsModule",
        basis: "option",
        docs: "modules",
        clauses: ["NC-GRP-2", "NC-GRP-3"],
      }),
      rhfFigure("controlPointsDivisor", { kind: "integer", ...bounds("controlPointsDivisor") }, "text", {
        label: "FANGS.Setting.Rules.Field.ControlPointsDivisor",
        hint: "FANGS.Setting.RulesMenu.OptionHint.ControlPointsDivisor",
      }),
      rhfFigure("holdFirstRoundCounts", { kind: "boolean" }, "reading", {
        label: "FANGS.Setting.Rules.Field.HoldFirstRoundCounts",
        hint: "FANGS.Setting.RulesMenu.OptionHint.HoldFirstRoundCounts",
      }),
      rhfFigure("immobilizedMayBreak", { kind: "boolean" }, "reading", {
        label: "FANGS.Setting.Rules.Field.ImmobilizedMayBreak",
        hint: "FANGS.Setting.RulesMenu.OptionHint.ImmobilizedMayBreak",
      }),
      rules("multipleAttacksModule", {
        kind: "boolean",
        label: "FANGS.Setting.Rules.Field.MultipleAttacksModule",
        hint: "FANGS.Setting.RulesMenu.OptionHint.MultipleAttacksModule",
        basis: "option",
        docs: "modules",
        clauses: ["NC-ATK-7", "NC-ATK-8"],
      }),
      rhfFigure("quicknessBands", { kind: "table", table: "bands" }, "text", {
        label: "FANGS.Setting.Rules.Field.QuicknessBands",
        hint: "FANGS.Setting.RulesMenu.OptionHint.QuicknessBands",
      }),
      rhfFigure("multipleAttackPenalty", { kind: "integer", ...bounds("multipleAttackPenalty") }, "text", {
        label: "FANGS.Setting.Rules.Field.MultipleAttackPenalty",
        hint: "FANGS.Setting.RulesMenu.OptionHint.MultipleAttackPenalty",
      }),
      rhfFigure(
        "additionalAttacks",
        { kind: "choice", choices: RULES_CHOICES.additionalAttacks },
        "reading",
        {
          label: "FANGS.Setting.Rules.Field.AdditionalAttacks",
          hint: "FANGS.Setting.RulesMenu.OptionHint.AdditionalAttacks",
        },
      ),
      rhfFigure(
        "additionalAttackSkill",
        { kind: "choice", choices: RULES_CHOICES.additionalAttackSkill },
        "reading",
        {
          label: "FANGS.Setting.Rules.Field.AdditionalAttackSkill",
          hint: "FANGS.Setting.RulesMenu.OptionHint.AdditionalAttackSkill",
        },
      ),
    ],
  },
  {
    id: "firearms",
    legend: "FANGS.Setting.RulesMenu.Group.Firearms.Legend",
    hint: "FANGS.Setting.RulesMenu.Group.Firearms.Hint",
    options: [
      rules("recoilModule", {
        kind: "boolean",
        label: "FANGS.Setting.Rules.Field.RecoilModule",
        hint: "FANGS.Setting.RulesMenu.OptionHint.RecoilModule",
        basis: "option",
        docs: "modules",
        clauses: [],
      }),
      rhfFigure("recoilOneHandMultiplier", { kind: "number", min: 0, max: 10 }, "default", {
        label: "FANGS.Setting.Rules.Field.RecoilOneHandMultiplier",
        hint: "FANGS.Setting.RulesMenu.OptionHint.RecoilOneHandMultiplier",
      }),
      rhfFigure("recoilTwoHandsMultiplier", { kind: "number", min: 0, max: 10 }, "text", {
        label: "FANGS.Setting.Rules.Field.RecoilTwoHandsMultiplier",
        hint: "FANGS.Setting.RulesMenu.OptionHint.RecoilTwoHandsMultiplier",
      }),
      rhfFigure("recoilTripodMultiplier", { kind: "number", min: 0, max: 10 }, "text", {
        label: "FANGS.Setting.Rules.Field.RecoilTripodMultiplier",
        hint: "FANGS.Setting.RulesMenu.OptionHint.RecoilTripodMultiplier",
      }),
      rhfFigure(
        "recoilStrengthRounding",
        { kind: "choice", choices: RULES_CHOICES.recoilStrengthRounding },
        "default",
        {
          label: "FANGS.Setting.Rules.Field.RecoilStrengthRounding",
          hint: "FANGS.Setting.RulesMenu.OptionHint.RecoilStrengthRounding",
        },
      ),
      rules("aimingModule", {
        kind: "boolean",
        label: "FANGS.Setting.Rules.Field.AimingModule",
        hint: "FANGS.Setting.RulesMenu.OptionHint.AimingModule",
        basis: "option",
        docs: "modules",
        clauses: [],
      }),
      rhfFigure("aimBonus", { kind: "integer", ...bounds("aimBonus") }, "text", {
        label: "FANGS.Setting.Rules.Field.AimBonus",
        hint: "FANGS.Setting.RulesMenu.OptionHint.AimBonus",
      }),
      rhfFigure("aimMaxRounds", { kind: "integer", ...bounds("aimMaxRounds") }, "text", {
        label: "FANGS.Setting.Rules.Field.AimMaxRounds",
        hint: "FANGS.Setting.RulesMenu.OptionHint.AimMaxRounds",
      }),
      rhfFigure("aimRoundsUnfamiliar", { kind: "integer", ...bounds("aimRoundsUnfamiliar") }, "text", {
        label: "FANGS.Setting.Rules.Field.AimRoundsUnfamiliar",
        hint: "FANGS.Setting.RulesMenu.OptionHint.AimRoundsUnfamiliar",
      }),
      rules("areaFireModule", {
        kind: "boolean",
        label: "FANGS.Setting.Rules.Field.AreaFireModule",
        hint: "FANGS.Setting.RulesMenu.OptionHint.AreaFireModule",
        basis: "option",
        docs: "modules",
        clauses: ["NC-MAN-12"],
      }),
      rules("burstRolls", {
        kind: "integer",
        min: 1,
        label: "FANGS.Setting.Rules.Field.BurstRolls",
        hint: "FANGS.Setting.RulesMenu.OptionHint.BurstRolls",
        basis: "text",
        docs: "modules",
        clauses: [],
      }),
      rules("burstHits", {
        kind: "table",
        table: "hits",
        label: "FANGS.Setting.Rules.Field.BurstHits",
        hint: "FANGS.Setting.RulesMenu.OptionHint.BurstHits",
        basis: "text",
        docs: "modules",
        clauses: [],
      }),
      rules("areaMaxTargets", {
        kind: "integer",
        min: 1,
        label: "FANGS.Setting.Rules.Field.AreaMaxTargets",
        hint: "FANGS.Setting.RulesMenu.OptionHint.AreaMaxTargets",
        basis: "text",
        docs: "modules",
        clauses: [],
      }),
      rules("areaSpread", {
        kind: "integer",
        min: 1,
        label: "FANGS.Setting.Rules.Field.AreaSpread",
        hint: "FANGS.Setting.RulesMenu.OptionHint.AreaSpread",
        basis: "text",
        docs: "modules",
        clauses: [],
      }),
      rules("areaHits", {
        kind: "table",
        table: "hits",
        label: "FANGS.Setting.Rules.Field.AreaHits",
        hint: "FANGS.Setting.RulesMenu.OptionHint.AreaHits",
        basis: "text",
        docs: "modules",
        clauses: [],
      }),
    ],
  },
  {
    id: "initiative",
    legend: "FANGS.Setting.RulesMenu.Group.Initiative.Legend",
    hint: "FANGS.Setting.RulesMenu.Group.Initiative.Hint",
    options: [
      Object.freeze({
        name: "initiativeMode",
        kind: "choice",
        choices: INITIATIVE_CHOICES,
        label: "FANGS.Setting.InitiativeMode.Name",
        hint: "FANGS.Setting.InitiativeMode.Hint",
        basis: "option",
        docs: "rounds",
        clauses: ["NC-RND-8"],
      }),
    ],
  },
] satisfies OptionGroup[]);

/** Every option by its form name. */
export const OPTIONS_BY_NAME: ReadonlyMap<string, OptionDef> = new Map(
  RULES_MENU_GROUPS.flatMap((group) => group.options.map((option) => [option.name, option] as const)),
);

/* -------------------------------------------- */
/*  Reading a value by form name                */
/* -------------------------------------------- */

/** The value an option has in these values, as the form carries it (a per-maneuver option without override is FOLLOW_GENERAL). */
export function optionValue(values: RulesMenuValues, name: string): string | number | boolean {
  const [head, tail] = splitOptionName(name);
  if (head === "rules") {
    const value = values.rules[tail as RulesFigureKey];
    const table = TABLE_KEYS[tail as RulesFigureKey];
    return table === undefined ? (value as string | number | boolean) : formatTable(table, value);
  }
  if (head === "perManeuver") return values.perManeuver[tail as ManeuverId] ?? FOLLOW_GENERAL;
  if (head === "initiativeMode") return values.initiativeMode;
  if (head === "maneuverReading") return values.maneuverReading;
  if (head === "strictNoDefense") return values.strictNoDefense;
  throw new Error(`"${name}" is not an option of the rules menu`);
}

/** "rules.movementFormula" → ["rules", "movementFormula"]; "initiativeMode" → ["initiativeMode", ""]. */
export function splitOptionName(name: string): [string, string] {
  const dot = name.indexOf(".");
  return dot < 0 ? [name, ""] : [name.slice(0, dot), name.slice(dot + 1)];
}
