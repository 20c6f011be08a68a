import type { FangsOptions } from "../../../rules/fangs/config";
import { engagementRange, type Range, type ReachWeapon, reachAllowsParry } from "../../../rules/fangs/reach";
import { handsOf, skillKeyOf, weaponProfile } from "../chat/facts";
import { itemSystem } from "../data/views";
import { type PairReach, pairReachOf, pairReachUpdate } from "./pair-reach";

/**
 * The reach module at the table (RHF-RNG-1 … -3, docs/rules/fangs.md,
 * "Reach and weapon length"): where the range between two combatants comes
 * from, read the same way on the attacker's, the defender's and the GM's
 * clients from the documents alone. Kept on the Combat (./pair-reach.ts)
 * once the two engage: the GM's client writes it when the first melee
 * attack between them is posted, at the longer of their weapons' ranges
 * (the core's `engagementRange`); until then it reads as that range.
 * Loaded with the fight (the attack workflow, the card's drawing).
 */

type AnyActor = Actor.Implementation;
type AnyItem = Item.Implementation;

interface PairCombatant {
  readonly id: string | null;
  readonly actor: AnyActor | null;
}

/**
 * The weapon whose length a fighter's engagement and range maneuver read:
 * its main-hand melee weapon (the one that parries, facts.ts `handsOf`),
 * else a natural melee weapon it fights with (a fist, a claw); null for
 * none. The simulator reads its fighter's main weapon the same way.
 */
export function reachItemOf(actor: AnyActor | null | undefined): AnyItem | null {
  if (!actor) return null;
  const main = handsOf(actor).main;
  if (main) return main;
  return (
    actor.items.find((i) => {
      const s = itemSystem(i, "weapon");
      return s?.equipped === true && s.kind === "melee" && s.natural && !s.offHand;
    }) ?? null
  );
}

/** An item as the module reads it: the skill it strikes with names its length. */
export function reachWeaponOf(item: AnyItem): ReachWeapon {
  return { skillKey: skillKeyOf(item), kind: weaponProfile(item).kind };
}

/** How many paces off two engaged fighters may stand: the longer of their weapons' own reach, at least one. */
export function engagedPaces(...actors: (AnyActor | null | undefined)[]): number {
  let paces = 1;
  for (const actor of actors) {
    const item = reachItemOf(actor);
    const reach = item ? (itemSystem(item, "weapon")?.reach ?? 1) : 1;
    if (Number.isFinite(reach)) paces = Math.max(paces, reach);
  }
  return paces;
}

/** The range two combatants engage at: the longer of their weapons' (the core's `engagementRange`). */
export function engagingRange(a: PairCombatant, b: PairCombatant, rules: FangsOptions | undefined): Range {
  const weapons = [a, b].map((c) => {
    const item = reachItemOf(c.actor);
    return item ? reachWeaponOf(item) : null;
  });
  return engagementRange(weapons, rules);
}

/** The range kept between two combatants (null: not engaged yet, or parted in an earlier round). */
export function keptReach(
  combat: { readonly system: unknown; readonly round?: number },
  a: PairCombatant,
  b: PairCombatant,
): PairReach | null {
  const kept = a.id && b.id ? pairReachOf(combat, a.id, b.id) : null;
  // Parted in an earlier round: they engage afresh.
  if (typeof kept?.apart === "number" && kept.apart < (combat.round ?? 0)) return null;
  return kept;
}

/** The range the two stand at: the kept one, else the one they engage at. */
export function rangeBetween(
  combat: { readonly system: unknown },
  a: PairCombatant,
  b: PairCombatant,
  rules: FangsOptions | undefined,
): Range {
  return keptReach(combat, a, b)?.range ?? engagingRange(a, b, rules);
}

/**
 * The reach facts of `canAttackNow` (RHF-RNG-1): the range the attacker and
 * its target stand at and the striking weapon; none when the module is off,
 * the weapon is not melee, or the target is not in the attacker's combat.
 */
export function attackReach(
  combat: { readonly system: unknown },
  attacker: PairCombatant,
  target: PairCombatant | null,
  weapon: AnyItem,
  rules: FangsOptions | undefined,
): { readonly range: Range; readonly weapon: ReachWeapon } | undefined {
  if (rules?.reachModule !== true || !target?.id || target.id === attacker.id) return undefined;
  const striking = reachWeaponOf(weapon);
  if (striking.kind !== "melee") return undefined;
  return { range: rangeBetween(combat, attacker, target, rules), weapon: striking };
}

/**
 * The reach facts of the defense offers (RHF-RNG-2): whether the
 * defender's weapon parries at the range the blow was struck at, as the
 * GM wrote it on the card (`setup.reach`): a withdraw or a step away before
 * the defense does not change the blow's range. None when the card carries
 * none (the module off, a shot, no fight) or the defender holds no weapon
 * of a length.
 */
export function parryReach(
  defender: AnyActor,
  struckAt: Range | undefined,
  rules: FangsOptions | undefined,
): { readonly weaponParries: boolean } | undefined {
  if (rules?.reachModule !== true || struckAt === undefined) return undefined;
  const parrying = handsOf(defender).main;
  if (!parrying) return undefined;
  return { weaponParries: reachAllowsParry(reachWeaponOf(parrying), struckAt, rules) };
}

/**
 * The update that engages two combatants at the range they engage at, on
 * their first melee attack at each other; null when the module is off or
 * a range is kept already. The active GM's client writes it.
 */
export function engageUpdate(
  combat: { readonly system: unknown },
  attacker: PairCombatant,
  target: PairCombatant,
  rules: FangsOptions | undefined,
): Combat.UpdateData | null {
  if (rules?.reachModule !== true || !attacker.id || !target.id || attacker.id === target.id) return null;
  if (keptReach(combat, attacker, target)) return null;
  // A pair parted in an earlier round is written afresh: no mark, no rounds.
  const reach: PairReach = { range: engagingRange(attacker, target, rules), moved: {}, apart: null };
  return pairReachUpdate(attacker.id, target.id, reach);
}
