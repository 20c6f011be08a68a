import { parseDiceFormula } from "../kernel/dice";
import { RulesError, requireInteger } from "../kernel/errors";
import { checkDamageBonus } from "./config";
import { ACTION_KINDS, MAX_RATING, type ShareneFighter } from "./types";

/**
 * A fighter's sheet given as data (the table's documents, a sample, a JSON
 * file of the terminal) is checked once where it is read, so the rules
 * never meet NaN or a formula that does not parse.
 */

function refuse(where: string, problem: string): never {
  throw new RulesError("invalid-value", `${where}: ${problem}`, { where });
}

/**
 * Checks a fighter given as data (a sample, or a JSON file of the
 * terminal): every rating a whole number in range, damage formulas that
 * parse, a weapon that deals its main blow. A bad one is a RulesError
 * naming the field.
 */
export function validateFighter(data: ShareneFighter): ShareneFighter {
  const where = `fighter "${String(data?.name ?? data?.id)}"`;
  if (typeof data?.id !== "string" || data.id === "") refuse(where, "it has no id");
  if (typeof data.name !== "string" || data.name === "") refuse(where, "it has no name");
  for (const key of ["dex", "agi", "end", "dodge"] as const)
    requireInteger(data[key], `${where} ${key}`, 0, MAX_RATING);
  requireInteger(data.lifePoints, `${where} lifePoints`, 1, 1000);
  checkDamageBonus(data.damageBonus);
  for (const [location, points] of Object.entries(data.armor ?? {}))
    requireInteger(points, `${where} armor on ${location}`, 0, MAX_RATING);
  const w = data.weapon;
  if (!w || typeof w !== "object") refuse(where, "it has no weapon");
  if (!ACTION_KINDS.includes(w.kind))
    refuse(where, `its weapon's kind "${String(w.kind)}" is not one of ${ACTION_KINDS.join(", ")}`);
  requireInteger(w.attack, `${where} weapon attack`, -MAX_RATING, MAX_RATING);
  if (w.parry !== null) requireInteger(w.parry, `${where} weapon parry`, -MAX_RATING, MAX_RATING);
  for (const formula of Object.values(w.damage ?? {})) parseDiceFormula(formula!);
  if (w.damage?.[w.mainBlow] === undefined)
    refuse(where, `its weapon deals no ${String(w.mainBlow)}, its main blow`);
  if (data.weaponArm !== "rightArm" && data.weaponArm !== "leftArm")
    refuse(where, `its weapon arm must be rightArm or leftArm, got ${String(data.weaponArm)}`);
  return data;
}
