import { RulesError } from "../kernel/errors";
import type { LunosRules } from "./config";
import { type LunosArmor, MANEUVERS, type Maneuver } from "./types";

/**
 * Maneuvers (LUN-MNV-1, LUN-MNV-2, LUN-GRP-3): what each costs in extra
 * successes, the free successes of a maneuver declared before the roll,
 * and a purchase checked against what the attack has to spend.
 */

/** Maneuvers only a grappler may buy against the one it grapples. */
export const GRAPPLE_MANEUVERS: readonly Maneuver[] = Object.freeze(["pin", "choke"]);
/** Maneuvers that cannot be declared for a free success ("except for increase damage or coup de gras"). */
export const UNDECLARABLE: readonly Maneuver[] = Object.freeze(["increaseDamage", "coupDeGrace"]);

/**
 * Why a maneuver is refused, in `details.reason`: what a table names in its
 * own words (the attack card's refusals), as the round engine's reasons are.
 */
export const MANEUVER_REFUSALS = Object.freeze([
  "UnknownManeuver",
  "Undeclarable",
  "ForgoNeedsManeuver",
  "MagicalArmor",
  "ManeuverLimit",
  "NeedsGrapple",
  "TooDear",
] as const);
export type ManeuverRefusal = (typeof MANEUVER_REFUSALS)[number];

function refuse(reason: ManeuverRefusal, message: string, details: Record<string, unknown> = {}): never {
  throw new RulesError("invalid-value", `Lunos maneuver: ${message}`, { reason, ...details });
}

export function requireManeuver(id: unknown): Maneuver {
  if (typeof id !== "string" || !(MANEUVERS as readonly string[]).includes(id))
    throw new RulesError(
      "unknown-maneuver",
      `"${String(id)}" is not a Lunos maneuver (${MANEUVERS.join(", ")})`,
      { maneuver: id, reason: "UnknownManeuver" },
    );
  return id as Maneuver;
}

/** What a maneuver costs against this armor; Avoid Armor is cheaper against partial armor and impossible against magical. */
export function maneuverCost(maneuver: Maneuver, armor: LunosArmor | null, rules: LunosRules): number {
  const cost = rules.maneuverCosts[requireManeuver(maneuver)];
  if (maneuver !== "avoidArmor" || armor === null) return cost;
  if (armor.magical) refuse("MagicalArmor", "Avoid Armor cannot be used against magical armor", { maneuver });
  return armor.partial ? Math.max(0, cost - rules.partialArmorDiscount) : cost;
}

/** Free successes an attack declared with: one for the maneuver, one more for forgoing damage. */
export function freeSuccesses(declared: Maneuver | null, forgoDamage: boolean, rules: LunosRules): number {
  if (declared === null) return 0;
  return rules.declaredFreeSuccesses + (forgoDamage ? rules.forgoDamageFreeSuccesses : 0);
}

/** Checks a declaration before the roll: a maneuver that may be declared, and no forgoing damage without one. */
export function checkDeclaration(declared: Maneuver | null, forgoDamage: boolean): void {
  if (declared !== null && UNDECLARABLE.includes(requireManeuver(declared)))
    refuse("Undeclarable", `${declared} cannot be declared before the roll`, { declared });
  if (forgoDamage && declared === null)
    refuse("ForgoNeedsManeuver", "forgoing damage gives its success to a declared maneuver; none is", {});
}

export interface Purchase {
  /** How many of each maneuver, in the order given. */
  readonly counts: Readonly<Partial<Record<Maneuver, number>>>;
  /** Successes paid out of the extra ones (free successes used first on the declared maneuver). */
  readonly spent: number;
  /** Free successes this purchase used: the attack has them once, whatever its targets. */
  readonly freeUsed: number;
}

const NOTHING_BOUGHT: Purchase = Object.freeze({ counts: Object.freeze({}), spent: 0, freeUsed: 0 });

/**
 * Checks maneuvers bought after a hit: each known, within its limit and
 * allowed here, their cost covered by `extra` successes and the declared
 * maneuver's free ones. Refused with a RulesError naming what is wrong.
 */
export function buyManeuvers(
  maneuvers: readonly Maneuver[],
  extra: number,
  free: number,
  declared: Maneuver | null,
  armor: LunosArmor | null,
  grappling: boolean,
  rules: LunosRules,
): Purchase {
  // Most hits buy nothing: no count to keep, nothing to pay (extra is never below 0).
  if (maneuvers.length === 0 && extra >= 0) return NOTHING_BOUGHT;
  const counts: Partial<Record<Maneuver, number>> = {};
  let declaredCost = 0;
  let otherCost = 0;
  for (const raw of maneuvers) {
    const m = requireManeuver(raw);
    const n = (counts[m] ?? 0) + 1;
    if (n > rules.maneuverLimits[m])
      refuse("ManeuverLimit", `${m} may be bought at most ${rules.maneuverLimits[m]} time(s)`, { m });
    if (!grappling && GRAPPLE_MANEUVERS.includes(m))
      refuse("NeedsGrapple", `${m} needs a grapple with the target`, { m });
    counts[m] = n;
    const cost = maneuverCost(m, armor, rules);
    if (m === declared) declaredCost += cost;
    else otherCost += cost;
  }
  const fromFree = Math.min(free, declaredCost);
  const spent = declaredCost - fromFree + otherCost;
  if (spent > extra)
    refuse("TooDear", `the maneuvers cost ${spent} extra successes, the attack has ${extra}`, {
      spent,
      extra,
    });
  return { counts, spent, freeUsed: fromFree };
}
