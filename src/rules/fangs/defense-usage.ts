import { RulesError } from "../kernel/errors";
import type { DefenseChoice } from "./types";

/**
 * The round's defenses as plain data (NC-DEF-1 … -5, NC-ATK-9, NC-DEF-9):
 * what a combatant used so far, which the tracker keeps per combatant and
 * clears at each initiative, and what a Draw Weapon readies (NC-MAN-13,
 * NC-MAN-20). The tracker, the sheets and a combatant's round read these at
 * start-up; which defenses are left against an attack (./defenses.ts, which
 * re-exports these) is asked only in a fight.
 */

/** Defenses used so far this round. */
export interface DefenseUsage {
  readonly weaponParries: number;
  readonly shieldParries: number;
  readonly monsterParries: number;
  readonly grappleParries: number;
  readonly dodges: number;
  /**
   * The off-hand item attacked this round: without Two Weapon an off-hand
   * weapon can no longer parry (NC-ATK-9); a shield that bashed never can (NC-DEF-9).
   */
  readonly offHandAttacked: boolean;
}

/** A round's defenses before any is made, as a new object: a document update may take it as it is. */
export function freshDefenseUsage(): DefenseUsage {
  return {
    weaponParries: 0,
    shieldParries: 0,
    monsterParries: 0,
    grappleParries: 0,
    dodges: 0,
    offHandAttacked: false,
  };
}

/** Frozen, so one serves every round of every combatant. */
const EMPTY_DEFENSE_USAGE: DefenseUsage = Object.freeze(freshDefenseUsage());

export function emptyDefenseUsage(): DefenseUsage {
  return EMPTY_DEFENSE_USAGE;
}

const USAGE_FIELD: Readonly<Record<Exclude<DefenseChoice, "none">, keyof DefenseUsage>> = {
  dodge: "dodges",
  weaponParry: "weaponParries",
  shieldParry: "shieldParries",
  monsterParry: "monsterParries",
  grappleParry: "grappleParries",
};

/** The usage after one more defense of this kind ("none" changes nothing). */
export function recordDefense(usage: DefenseUsage, choice: DefenseChoice): DefenseUsage {
  if (choice === "none") return usage;
  const field = USAGE_FIELD[choice];
  if (field === undefined) {
    throw new RulesError("invalid-value", `"${String(choice)}" is not a defense`, { choice });
  }
  return Object.freeze({ ...usage, [field]: (usage[field] as number) + 1 });
}

/** Marks the off-hand weapon as having attacked (post-melee off-hand attack). */
export function recordOffHandAttack(usage: DefenseUsage): DefenseUsage {
  return Object.freeze({ ...usage, offHandAttacked: true });
}

/** What a Draw Weapon readies: the weapon-hand item, or the shield/parrying weapon of the off hand. */
export type Readying = "weapon" | "offHand";

export function isReadying(value: unknown): value is Readying {
  return value === "weapon" || value === "offHand";
}

/** What the actor has that a Draw Weapon could ready, whether in hand yet or not. */
export interface ReadyingHoldings {
  /** A weapon of its own for the weapon hand (a natural weapon is never drawn). */
  readonly weapon: boolean;
  /** A shield or parrying weapon for the off hand. */
  readonly offHand: boolean;
}

/**
 * What a Draw Weapon may ready, the one taken when not said first. The text's
 * main case is drawing a weapon ("not with the weapon he is drawing"); the
 * off hand's item is a choice only for an actor who has one, and the only
 * choice for one with a shield or parrying weapon and no weapon to draw.
 */
export function readyingChoices(holdings: ReadyingHoldings): readonly Readying[] {
  if (holdings.offHand && !holdings.weapon) return ["offHand"];
  if (holdings.offHand) return ["weapon", "offHand"];
  return ["weapon"];
}

/**
 * What a Draw Weapon readies: what was said when the actor has it to ready,
 * else the first of `readyingChoices`. Without holdings to go on (a
 * declaration stored before the question was asked), what was said, else the
 * weapon (docs/rules/fangs.md, "What Draw Weapon readies").
 */
export function readyingOf(said: unknown, holdings?: ReadyingHoldings): Readying {
  if (!holdings) return isReadying(said) ? said : "weapon";
  const choices = readyingChoices(holdings);
  return isReadying(said) && choices.includes(said) ? said : choices[0]!;
}
