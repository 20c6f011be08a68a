import { parseDiceFormula } from "../kernel/dice";
import { RulesError, requireInteger } from "../kernel/errors";
import type { H2hBonuses, H2hFighter } from "./types";

/**
 * The text gives no attribute scale, bonus table, attacks per melee or hit
 * points (docs/rules/h2h.md, "Figures a sheet brings"): they are the
 * character's numbers. These are the defaults a sheet starts from, and the
 * bounds a sheet given as data is checked against where it is read.
 */

export const H2H_NO_BONUSES: H2hBonuses = Object.freeze({
  strike: 0,
  parry: 0,
  dodge: 0,
  roll: 0,
  breakfall: 0,
  disarm: 0,
  grapple: 0,
  initiative: 0,
  damage: 0,
  pp: 0,
  pe: 0,
  coma: 0,
});

/** A plain fighter: middling attributes, four attacks a melee, 20 hit points, no bonus, no armor. */
export const H2H_FIGHTER_DEFAULTS: Omit<H2hFighter, "id" | "name"> = Object.freeze({
  pp: 10,
  ps: 10,
  pe: 10,
  hitPoints: 20,
  attacksPerMelee: 4,
  bonuses: H2H_NO_BONUSES,
  ar: 0,
  arKind: "natural",
  martialArt: false,
  autoParry: false,
  autoDodge: false,
  balance: 14,
  weapon: null,
  knockOut: false,
  deathBlow: false,
});

/** The bounds a sheet's numbers are held to: far past any character, short of nonsense. */
export const H2H_LIMITS = Object.freeze({
  attribute: 100,
  bonus: 30,
  hitPoints: 1000,
  attacksPerMelee: 20,
  ar: 30,
});

const BONUS_KEYS = Object.keys(H2H_NO_BONUSES) as (keyof H2hBonuses)[];

function refuse(where: string, problem: string): never {
  throw new RulesError("invalid-value", `${where}: ${problem}`, { where });
}

/** Checks a fighter given as data; a bad field is a RulesError naming it. */
export function validateH2hFighter(data: H2hFighter): H2hFighter {
  const where = `fighter "${String(data?.name ?? data?.id)}"`;
  if (typeof data?.id !== "string" || data.id === "") refuse(where, "it has no id");
  if (typeof data.name !== "string" || data.name === "") refuse(where, "it has no name");
  for (const key of ["pp", "ps", "pe"] as const)
    requireInteger(data[key], `${where} ${key}`, 0, H2H_LIMITS.attribute);
  requireInteger(data.hitPoints, `${where} hitPoints`, 1, H2H_LIMITS.hitPoints);
  requireInteger(data.attacksPerMelee, `${where} attacksPerMelee`, 1, H2H_LIMITS.attacksPerMelee);
  if (!data.bonuses || typeof data.bonuses !== "object") refuse(where, "it has no bonuses");
  for (const key of BONUS_KEYS)
    requireInteger(data.bonuses[key], `${where} bonuses.${key}`, -H2H_LIMITS.bonus, H2H_LIMITS.bonus);
  for (const key of Object.keys(data.bonuses))
    if (!(BONUS_KEYS as string[]).includes(key)) refuse(where, `unknown bonus "${key}"`);
  requireInteger(data.ar, `${where} ar`, 0, H2H_LIMITS.ar);
  if (data.arKind !== "natural" && data.arKind !== "regular")
    refuse(where, `arKind must be natural or regular, got ${String(data.arKind)}`);
  for (const key of ["martialArt", "autoParry", "autoDodge", "knockOut", "deathBlow"] as const)
    if (typeof data[key] !== "boolean") refuse(where, `${key} must be true or false`);
  requireInteger(data.balance, `${where} balance`, 1, 20);
  if (data.weapon !== null) {
    if (!data.weapon || typeof data.weapon.name !== "string") refuse(where, "its weapon has no name");
    parseDiceFormula(data.weapon.damage);
  }
  return data;
}

/** A fighter from the defaults and what the sheet gives, checked. */
export function makeH2hFighter(
  sheet: Partial<Omit<H2hFighter, "bonuses">> & {
    readonly id: string;
    readonly name: string;
    readonly bonuses?: Partial<H2hBonuses>;
  },
): H2hFighter {
  const fighter: H2hFighter = {
    ...H2H_FIGHTER_DEFAULTS,
    ...sheet,
    bonuses: Object.freeze({ ...H2H_NO_BONUSES, ...(sheet.bonuses ?? {}) }),
  };
  return Object.freeze(validateH2hFighter(fighter));
}
