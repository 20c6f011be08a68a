import { multipleAttackPenalty } from "../../../rules/rhf/attacks";
import type { RhfRules } from "../../../rules/rhf/config";
import { recoilPenalty, recoilStrength } from "../../../rules/rhf/firearms";
import type { RhfDefense, RhfFight, RhfFighterState, TurnOptions } from "../../../rules/rhf/round-engine";
import type { Location, RhfFighter } from "../../../rules/rhf/types";
import { duelPolicyBook } from "../../../sim/duel-kit";

/**
 * How a simulated fighter chooses. The round engine
 * (src/rules/rhf/round-engine.ts) derives what is legal (turnOptions,
 * defenseOptions); the duel hands a policy only those and the policy picks.
 * It never decides a rule: an answer the engine did not offer is refused.
 */

export interface RhfPolicyView {
  readonly sheet: RhfFighter;
  readonly state: RhfFighterState;
}

export interface TurnQuestion {
  readonly fight: RhfFight;
  readonly self: RhfPolicyView;
  readonly opponent: RhfPolicyView;
  readonly options: TurnOptions;
  readonly rules: RhfRules;
}

/** What a fighter does with its turn, once any range maneuver is made. */
export type TurnPlan =
  | { readonly kind: "strike"; readonly attacks: number; readonly feint?: number; readonly pull?: boolean }
  | { readonly kind: "hold" }
  | { readonly kind: "breakFree" }
  | { readonly kind: "shoot"; readonly shots: number }
  | { readonly kind: "burst" }
  | { readonly kind: "aim" }
  | { readonly kind: "reload" }
  | { readonly kind: "release" }
  | { readonly kind: "pass" };

export interface RhfPolicy {
  readonly id: string;
  /** The area it concentrates its defense on this round (RHF-DFA-1), or null. */
  chooseFocus(self: RhfPolicyView, opponent: RhfPolicyView): Location | null;
  /** Whether to try the range maneuver the engine offers. */
  takeManeuver(question: TurnQuestion): boolean;
  chooseTurn(question: TurnQuestion): TurnPlan;
  /** One of the offered defenses (never empty when asked), or null to take the blow. */
  chooseDefense(self: RhfPolicyView, options: readonly RhfDefense[]): RhfDefense | null;
}

/** The chance a d20 at or under `target` succeeds. */
const chance = (target: number) => Math.min(20, Math.max(0, target)) / 20;

/** The number of blows that lands the most hits on average, each roll at the skill less the round's penalty. */
export function bestAttackCount(skill: number, allowance: number, most: number, rules: RhfRules): number {
  let best = 1;
  let bestHits = 0;
  for (let n = 1; n <= most; n += 1) {
    const hits = n * chance(skill - multipleAttackPenalty(n, allowance, rules));
    if (hits > bestHits + 1e-9) {
      best = n;
      bestHits = hits;
    }
  }
  return best;
}

/** A firing goes on while the next shot's target stays within 4 of the skill (and 8 or more). */
export function shotsWorthFiring(view: RhfPolicyView, options: TurnOptions, rules: RhfRules): number {
  const gun = view.sheet.weapon.firearm!;
  const strength = recoilStrength(view.sheet.strength, gun.grip, rules);
  const skill = view.sheet.skills.weapon;
  const floor = Math.max(8, skill - 4);
  const room = Math.min(view.state.ammo, gun.rateOfFire - view.state.shots);
  let shots = 0;
  while (shots < room && skill + recoilPenalty(view.state.shots + shots + 1, strength, gun.recoil) >= floor)
    shots += 1;
  return options.shoot ? Math.max(1, shots) : 0;
}

function bestDefense(self: RhfPolicyView, options: readonly RhfDefense[]): RhfDefense | null {
  if (options.length === 0) return null;
  if (
    options.includes("parry") &&
    (!options.includes("dodge") || self.sheet.skills.weapon >= self.sheet.skills.dodge)
  )
    return "parry";
  return options.includes("dodge") ? "dodge" : options[0]!;
}

interface Tactics {
  readonly focus: Location | null;
  /** Rounds of aiming before the first shot, as many as allowed. */
  readonly aimFirst: boolean;
  /** A feint of this size before the blows, when it has two attacks or more. */
  readonly feint: number;
}

function policy(id: string, tactics: Tactics): RhfPolicy {
  return {
    id,
    chooseFocus: () => tactics.focus,
    takeManeuver: ({ self, options }) =>
      options.maneuver !== null && self.sheet.weapon.firearm === undefined && options.maneuverTarget > 0,
    chooseTurn({ self, opponent, options, rules }): TurnPlan {
      const s = self.state;
      if (options.breakFree) return { kind: "breakFree" };
      if (s.holding !== null)
        return opponent.state.condition === "standing" ? { kind: "pass" } : { kind: "release" };
      const gun = self.sheet.weapon.firearm;
      if (gun) {
        if (tactics.aimFirst && options.aim && s.aimRounds < 2 && s.ammo > 0) return { kind: "aim" };
        if (options.burst && s.ammo >= rules.burstShots) return { kind: "burst" };
        if (options.shoot) return { kind: "shoot", shots: shotsWorthFiring(self, options, rules) };
        if (options.reload) return { kind: "reload" };
      }
      if (options.hold && self.sheet.skills.unarmed > self.sheet.skills.weapon) return { kind: "hold" };
      if (options.strike) {
        const attacks = bestAttackCount(
          self.sheet.skills.weapon,
          options.allowance,
          options.maxAttacks,
          rules,
        );
        const feint = attacks >= 2 && tactics.feint > 0 ? tactics.feint : 0;
        return { kind: "strike", attacks, feint };
      }
      return { kind: "pass" };
    },
    chooseDefense: bestDefense,
  };
}

/**
 * The default tactics: close in or open out to its own weapon's range
 * whenever it can, then the number of blows that lands the most hits on
 * average (extra attacks only while they pay); a wrestler holds, and keeps
 * holding; a held fighter tries to break free; a gunman fires the shots
 * whose recoil leaves it within 4 of its skill, reloads when empty, and
 * bursts with autofire. Parries with the better of parry and dodge.
 */
export function createDefaultPolicy(): RhfPolicy {
  return policy("default", { focus: null, aimFirst: false, feint: 0 });
}

const FACTORIES: Record<string, () => RhfPolicy> = {
  default: createDefaultPolicy,
  // The default, but a gunman aims all the rounds it may before its first shot.
  marksman: () => policy("marksman", { focus: null, aimFirst: true, feint: 0 }),
  // The default, concentrating its defense on the body every round.
  guarded: () => policy("guarded", { focus: "body", aimFirst: false, feint: 0 }),
  // The default, opening each round of several attacks with a feint at −3.
  feinter: () => policy("feinter", { focus: null, aimFirst: false, feint: 3 }),
};

export const { policyIds, createPolicy, parsePolicies } = duelPolicyBook<RhfPolicy>(FACTORIES);
