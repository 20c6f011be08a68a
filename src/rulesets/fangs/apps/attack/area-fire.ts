import { checkAreaFireTargets } from "../../../../rules/fangs/area-fire";
import { type FangsOptions, resolveOptions } from "../../../../rules/fangs/config";
import type { AttackDeclaration } from "../../../../rules/fangs/types";
import { RulesError } from "../../../../rules/kernel/errors";

/**
 * Area fire at the table (the bursts and area fire module, RHF-AUT-2): the
 * targeted tokens' spacing, measured on their scene in its own grid units
 * and turned into metres, and the rules core's refusal worded for the user.
 * docs/rules/fangs.md, "Bursts and area fire", decides the units.
 */

/** Metres in one of a scene's grid units; null for a unit the table does not read. */
export function metresPerUnit(units: string | null | undefined): number | null {
  const unit = (units ?? "").trim().toLowerCase().replace(/\.$/, "");
  // FANGS measures in paces (a new scene's unit); a scene without units is read the same way.
  if (unit === "" || unit === "pace" || unit === "paces") return 1;
  if (["m", "meter", "meters", "metre", "metres"].includes(unit)) return 1;
  if (["ft", "foot", "feet"].includes(unit)) return 0.3048;
  return null;
}

export type AreaRefusal = { readonly key: string; readonly data: Readonly<Record<string, string>> };

/**
 * The greatest distance in metres between two of the targets, from the
 * distances between each pair in the scene's units (`between` measures two
 * targets, null when they are not on one scene); a refusal when a pair is
 * not on one scene or the scene's units are not read.
 */
export function areaSpreadMetres<T>(
  targets: readonly T[],
  between: (a: T, b: T) => number | null,
  units: string | null | undefined,
): { readonly ok: true; readonly metres: number } | ({ readonly ok: false } & AreaRefusal) {
  const perUnit = metresPerUnit(units);
  if (perUnit === null)
    return { ok: false, key: "FANGS.AreaFire.Units", data: { units: String(units ?? "") } };
  let widest = 0;
  for (let i = 0; i < targets.length; i++)
    for (let j = i + 1; j < targets.length; j++) {
      const d = between(targets[i]!, targets[j]!);
      if (d === null) return { ok: false, key: "FANGS.AreaFire.NotOnScene", data: {} };
      widest = Math.max(widest, d);
    }
  // Rounded to the centimetre so a grid's feet do not read 3 m as 3.0000000004.
  return { ok: true, metres: Math.round(widest * perUnit * 100) / 100 };
}

/** The rules core's refusal of this area fire, worded for the user; null when it may be fired. */
export function areaFireRefusal(
  attack: Pick<AttackDeclaration, "weapon" | "mode">,
  targetIds: readonly string[],
  metres: number,
  options?: FangsOptions,
): AreaRefusal | null {
  try {
    checkAreaFireTargets(attack, targetIds, metres, options);
    return null;
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    const d = error.details;
    switch (d.reason) {
      case "TooManyTargets":
        return { key: "FANGS.AreaFire.TooMany", data: { max: String(d.max), count: String(d.count) } };
      case "TooFarApart":
        return {
          key: "FANGS.AreaFire.TooFar",
          data: { max: String(resolveOptions(options).areaSpread), spread: String(metres) },
        };
      case "SameTarget":
        return { key: "FANGS.AreaFire.SameTarget", data: {} };
      case "ModuleOff":
        return { key: "FANGS.AreaFire.ModuleOff", data: {} };
      case "NoAutofire":
        return { key: "FANGS.AreaFire.NoAutofire", data: {} };
      default:
        return { key: "FANGS.AreaFire.Refused", data: {} };
    }
  }
}
