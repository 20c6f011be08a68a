import { RulesError, requireInteger } from "../kernel/errors";
import { MAX_RATING } from "./check";
import { RHF_DEFAULTS, type RhfRules, weaponRow } from "./config";
import { GRIPS, type RhfFighter } from "./types";

function refuse(where: string, problem: string): never {
  throw new RulesError("invalid-value", `${where}: ${problem}`, { where });
}

/**
 * Checks a fighter given as data (a sample, a JSON file of the terminal)
 * once where it is read: every rating a whole number in range, a weapon
 * kind the weapon table knows, a firearm's figures sound. A bad one is a
 * RulesError naming the field, so the rules never meet NaN.
 */
export function validateFighter(data: RhfFighter, rules: RhfRules = RHF_DEFAULTS): RhfFighter {
  const where = `fighter "${String(data?.name ?? data?.id)}"`;
  if (typeof data?.id !== "string" || data.id === "") refuse(where, "it has no id");
  if (typeof data.name !== "string" || data.name === "") refuse(where, "it has no name");
  requireInteger(data.strength, `${where} strength`, 0, MAX_RATING);
  requireInteger(data.quickness, `${where} quickness`, 1, MAX_RATING);
  if (!data.skills || typeof data.skills !== "object") refuse(where, "it has no skills");
  for (const key of ["weapon", "unarmed", "dodge", "spot"] as const)
    requireInteger(data.skills[key], `${where} skill ${key}`, 0, MAX_RATING);
  if (typeof data.familiar !== "boolean") refuse(where, "familiar must be true or false");
  if (typeof data.npc !== "boolean") refuse(where, "npc must be true or false");
  const w = data.weapon;
  if (!w || typeof w !== "object") refuse(where, "it has no weapon");
  if (typeof w.name !== "string" || w.name === "") refuse(where, "its weapon has no name");
  weaponRow(w.kind, rules);
  const f = w.firearm;
  if (f !== undefined) {
    requireInteger(f?.recoil, `${where} firearm recoil`, 0, MAX_RATING);
    if (!GRIPS.includes(f.grip))
      refuse(where, `its firearm's grip "${String(f.grip)}" is not one of ${GRIPS.join(", ")}`);
    requireInteger(f.rateOfFire, `${where} firearm rateOfFire`, 1, 1000);
    requireInteger(f.magazine, `${where} firearm magazine`, 1, 1000);
    if (typeof f.autofire !== "boolean") refuse(where, "its firearm's autofire must be true or false");
  }
  return data;
}
