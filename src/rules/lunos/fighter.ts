import { RulesError, requireInteger } from "../kernel/errors";
import { MAX_RATING } from "./pool";
import { ABILITIES, ARMOR_KINDS, ATTACK_SKILLS, type LunosFighter, SKILLS, WEAPON_SIZES } from "./types";

/**
 * A fighter's sheet given as data (a sample, a JSON file of the terminal,
 * later the table's documents) is checked once where it is read, so the
 * rules never meet NaN, a rating out of range or an unknown word.
 */

function refuse(where: string, problem: string): never {
  throw new RulesError("invalid-value", `${where}: ${problem}`, { where });
}

export function validateFighter(data: LunosFighter): LunosFighter {
  const where = `Lunos fighter "${String(data?.name ?? data?.id)}"`;
  if (typeof data?.id !== "string" || data.id === "") refuse(where, "it has no id");
  if (typeof data.name !== "string" || data.name === "") refuse(where, "it has no name");
  if (!data.abilities || typeof data.abilities !== "object") refuse(where, "it has no abilities");
  if (!data.skills || typeof data.skills !== "object") refuse(where, "it has no skills");
  for (const key of ABILITIES) requireInteger(data.abilities[key], `${where} ${key}`, 0, MAX_RATING);
  for (const key of SKILLS) requireInteger(data.skills[key], `${where} ${key}`, 0, MAX_RATING);
  const w = data.weapon;
  if (w !== null) {
    if (!w || typeof w !== "object") refuse(where, "its weapon must be a weapon or null");
    if (!WEAPON_SIZES.includes(w.size))
      refuse(where, `its weapon's size "${String(w.size)}" is not one of ${WEAPON_SIZES.join(", ")}`);
    if (!ATTACK_SKILLS.includes(w.skill))
      refuse(where, `its weapon's skill "${String(w.skill)}" is not one of ${ATTACK_SKILLS.join(", ")}`);
    if (w.damageType !== "bruising" && w.damageType !== "wounding")
      refuse(where, `its weapon deals "${String(w.damageType)}", not bruising or wounding`);
    requireInteger(w.quality, `${where} weapon quality`, 0, MAX_RATING);
  }
  const a = data.armor;
  if (a !== null) {
    if (!a || typeof a !== "object") refuse(where, "its armor must be armor or null");
    requireInteger(a.rating, `${where} armor rating`, 0, 3);
    if (!ARMOR_KINDS.includes(a.kind))
      refuse(where, `its armor kind "${String(a.kind)}" is not one of ${ARMOR_KINDS.join(", ")}`);
    if (typeof a.magical !== "boolean" || typeof a.partial !== "boolean")
      refuse(where, "its armor must say whether it is magical and whether it is partial");
  }
  return data;
}
