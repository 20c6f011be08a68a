import { parseDiceFormula } from "../kernel/dice";
import { RulesError, requireInteger } from "../kernel/errors";
import { validateTimedStatus } from "../kernel/timed-status";
import {
  type BlowRange,
  type Fraction,
  KNOCKOUT_IDS,
  SHARENE_DEFAULTS,
  type ShareneOptions,
  type ShareneRules,
  type SituationModifier,
} from "./defaults";
import { ACTION_KINDS } from "./types";

/**
 * Checking a table's options against the core (the figures themselves and
 * their types are ./defaults.ts, which the Foundry side reads at start-up
 * without these checks: they come with Sharene's heavy part).
 */

export * from "./defaults";

const INTEGER_KEYS = [
  "secondsPerRound",
  "criticalFailureFace",
  "criticalFailureUnlessDnAbove",
  "criticalHitFace",
  "dfMin",
  "dfMax",
  "initiativeDie",
  "fullAttackDf",
  "fullAttackDefenseDf",
  "parriedFullAttackDf",
  "fullParryDefenseDf",
  "fullParryRiposteDf",
  "splitParryDf",
  "riposteParryDf",
  "statedBlowDf",
  "lowLifeBelow",
  "lastPoint",
  "comaDownTo",
] as const;

function refuse(message: string, details: Readonly<Record<string, unknown>> = {}): never {
  throw new RulesError("invalid-value", `Sharene option ${message}`, details);
}

function checkFraction(what: string, f: Fraction | undefined): void {
  if (f === undefined) return;
  requireInteger(f?.num, `option ${what}.num`, 0);
  requireInteger(f?.den, `option ${what}.den`, 1);
}

function checkMultiplier(what: string, value: unknown): void {
  if (!(typeof value === "number" && Number.isFinite(value) && value >= 1))
    refuse(`${what} must be a number of at least 1, got ${String(value)}`, { what, value });
}

function checkBlowTable(table: readonly BlowRange[], die: number): void {
  const faces = new Array<number>(die + 1).fill(0);
  for (const range of table) {
    requireInteger(range.from, "option blowTable from", 1, die);
    requireInteger(range.to, "option blowTable to", range.from, die);
    if (!["slash", "thrust", "special"].includes(range.blow))
      refuse(`blowTable names the blow "${String(range.blow)}"`, { blow: range.blow });
    for (let face = range.from; face <= range.to; face += 1) faces[face]! += 1;
  }
  const wrong = faces.findIndex((count, face) => face > 0 && count !== 1);
  if (wrong > 0) refuse(`blowTable must name each face of the d${die} once; face ${wrong} is not`, { wrong });
}

/** A reading's key must name one of its readings: a typo would silently play the other one. */
function checkChoice(key: string, value: unknown, choices: readonly string[]): void {
  if (value !== undefined && !choices.includes(value as string))
    refuse(`${key} must be one of ${choices.join(", ")}, got ${JSON.stringify(value)}`, { key, value });
}

const CHOICES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  criticalFailure: ["loseNextAttack", "none"],
  riposteReading: ["betterParryOpens", "asWritten"],
  specialHit: ["successLevel", "specialBlow"],
  multiplierStacking: ["add", "multiply"],
  limbDamage: ["cumulative", "perBlow"],
  limbThresholdBase: ["full", "current"],
  lowLifeKnockout: KNOCKOUT_IDS,
  lastPointKnockout: KNOCKOUT_IDS,
});

/** Checks every key an override gives; a bad value is a RulesError naming it, never used. */
function checkOptions(options: ShareneOptions): void {
  for (const [key, choices] of Object.entries(CHOICES))
    checkChoice(key, (options as Record<string, unknown>)[key], choices);
  if (options.initiativeAbility !== undefined)
    for (const action of ACTION_KINDS)
      checkChoice(`initiativeAbility.${action}`, options.initiativeAbility?.[action] ?? null, ["dex", "agi"]);
  for (const [key, level] of Object.entries(options.calledShots ?? {}))
    checkChoice(`calledShots.${key}`, level, ["high", "special"]);
  for (const key of INTEGER_KEYS) {
    const value = options[key];
    if (value !== undefined) requireInteger(value, `option ${key}`);
  }
  if (options.secondsPerRound !== undefined)
    requireInteger(options.secondsPerRound, "option secondsPerRound", 1);
  if (options.initiativeDie !== undefined)
    requireInteger(options.initiativeDie, "option initiativeDie", 1, 1000);
  const sl = options.successLevels;
  if (sl !== undefined) {
    requireInteger(sl?.high, "option successLevels.high", 1);
    requireInteger(sl?.special, "option successLevels.special", sl.high + 1);
  }
  const md = options.multipleDefenseDf;
  if (md !== undefined) {
    if (!Array.isArray(md) || md.length !== 2) refuse("multipleDefenseDf must be two numbers", { md });
    for (const df of md) requireInteger(df, "option multipleDefenseDf");
  }
  const r = options.riposteDf;
  if (r !== undefined)
    for (const key of ["better", "notBetter", "failed"] as const)
      requireInteger(r?.[key], `option riposteDf.${key}`);
  checkFraction("riposteDamage", options.riposteDamage);
  checkFraction("limbUseless", options.limbUseless);
  checkFraction("limbSevered", options.limbSevered);
  if (options.damageMultipliers !== undefined)
    for (const key of ["head", "special", "critical"] as const)
      checkMultiplier(`damageMultipliers.${key}`, options.damageMultipliers?.[key]);
  for (const band of options.damageBands ?? []) {
    checkFraction("damageBands.atLeast", band.atLeast);
    checkMultiplierLike("damageBands.cf", band.cf);
    checkChoice("damageBands.knockout", band.knockout ?? null, KNOCKOUT_IDS);
  }
  if (options.lowLifeCf !== undefined) checkMultiplierLike("lowLifeCf", options.lowLifeCf);
  const durations = options.durations;
  if (durations !== undefined) {
    const named = Object.keys(durations ?? {});
    const missing = KNOCKOUT_IDS.filter((id) => !named.includes(id));
    const unknown = named.filter((id) => !(KNOCKOUT_IDS as readonly string[]).includes(id));
    if (missing.length > 0 || unknown.length > 0)
      refuse(
        `durations must name each of ${KNOCKOUT_IDS.join(", ")} once (missing: ${missing.join(", ") || "none"}; unknown: ${unknown.join(", ") || "none"})`,
        { missing, unknown },
      );
  }
  for (const [id, spec] of Object.entries(durations ?? {}))
    validateTimedStatus({
      id: `sharene.${id}`,
      status: "unconscious",
      duration: spec,
      end: { kind: "remove" },
    });
  const ids = new Set<string>();
  for (const row of options.situations ?? []) {
    if (typeof row?.id !== "string" || row.id === "") refuse("situations: a row has no id", { row });
    if (ids.has(row.id)) refuse(`situations: two rows of the id "${row.id}"`, { id: row.id });
    ids.add(row.id);
    requireInteger(row.df, `option situations.${row.id}.df`);
    if (row.defense !== undefined && typeof row.defense !== "boolean")
      refuse(`situations.${row.id}.defense must be true or false`, { id: row.id, defense: row.defense });
  }
}

/** A characteristic's CF: a positive number (0.5, 1, 1.5, 2 in the text). */
function checkMultiplierLike(what: string, value: unknown): void {
  if (!(typeof value === "number" && Number.isFinite(value) && value > 0))
    refuse(`${what} must be a number above 0, got ${String(value)}`, { what, value });
}

let lastOptions: ShareneOptions | undefined;
let lastResolved: ShareneRules = SHARENE_DEFAULTS;
const resolvedRules = new WeakSet<object>();

/**
 * Merges a partial override onto the defaults (one level: a table given
 * replaces the default table). Every value given is checked first.
 */
export function resolveShareneOptions(options?: ShareneOptions): ShareneRules {
  if (options === undefined || options === SHARENE_DEFAULTS) return SHARENE_DEFAULTS;
  if (options === lastOptions) return lastResolved;
  if (resolvedRules.has(options)) return options as ShareneRules;
  checkOptions(options);
  const given: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) if (v !== undefined) given[k] = v;
  const resolved = Object.freeze({ ...SHARENE_DEFAULTS, ...given }) as ShareneRules;
  if (resolved.dfMin > resolved.dfMax) refuse(`dfMin (${resolved.dfMin}) is above dfMax (${resolved.dfMax})`);
  // "A riposte does less damage": a share of 1 or more would not be less.
  if (resolved.riposteDamage.num >= resolved.riposteDamage.den)
    refuse("riposteDamage must be a share below 1 (the text: a riposte does less damage)", {
      riposteDamage: resolved.riposteDamage,
    });
  const { limbUseless: useless, limbSevered: severed } = resolved;
  if (useless.num * severed.den > severed.num * useless.den)
    refuse("limbUseless must not be above limbSevered: a severed limb is a useless one too", {
      useless,
      severed,
    });
  if (resolved.comaDownTo > 0) refuse(`comaDownTo must be 0 or below, got ${resolved.comaDownTo}`);
  checkBlowTable(resolved.blowTable, 10);
  lastOptions = options;
  lastResolved = resolved;
  resolvedRules.add(resolved);
  return resolved;
}

/** Whether a situation may be named on that side's roll: every row on the attack's, a defender's own plight on the defense's. */
export function situationApplies(row: SituationModifier, side: "attack" | "defense"): boolean {
  return side === "attack" || row.defense === true;
}

/** The DF of a situation of the table, by id, on the attack's or the defense's roll; an unknown id, or one not of that side, is refused. */
export function situationDf(
  id: string,
  rules: ShareneRules = SHARENE_DEFAULTS,
  side: "attack" | "defense" = "attack",
): number {
  const row = rules.situations.find((s) => s.id === id);
  if (!row) throw new RulesError("invalid-value", `no situation "${id}" in the DF table`, { id });
  if (!situationApplies(row, side))
    throw new RulesError("invalid-value", `situation "${id}" is the attacker's, not a defense's`, { id });
  return row.df;
}

/** Parses a personal damage bonus once, so a malformed one is refused where the sheet is read. */
export function checkDamageBonus(bonus: string): void {
  parseDiceFormula(bonus);
}
