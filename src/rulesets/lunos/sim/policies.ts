import type { LunosRules } from "../../../rules/lunos/config";
import { distanceDice, moveFeet } from "../../../rules/lunos/equipment";
import { healthLevels } from "../../../rules/lunos/health";
import {
  defensePool,
  type FighterState,
  type Grapple,
  type LunosAction,
  type LunosPlan,
  levelsTaken,
  type PendingAttack,
  type TargetRoll,
  type TargetSpend,
} from "../../../rules/lunos/round-engine";
import type { LunosFighter, Maneuver } from "../../../rules/lunos/types";
import { duelPolicyBook } from "../../../sim/duel-kit";

/**
 * How a simulated Lunos fighter chooses: the round's actions, and what to
 * buy with the extra successes of a hit. The round engine
 * (src/rules/lunos/round-engine.ts) decides every rule and refuses a plan
 * or a purchase it does not allow; a policy only picks.
 */

export interface PlanQuestion {
  readonly round: number;
  readonly self: FighterState;
  readonly sheet: LunosFighter;
  readonly opponent: FighterState;
  readonly opponentSheet: LunosFighter;
  /** Feet between the two. */
  readonly distance: number;
  /** The grapple it is in, if any. */
  readonly grapple: Grapple | null;
  readonly rules: LunosRules;
}

export interface SpendQuestion {
  readonly attack: PendingAttack;
  readonly target: TargetRoll;
  readonly targetState: FighterState;
  readonly targetSheet: LunosFighter;
  /** Whether the attacker grapples this target (Pin and Choke are for sale). */
  readonly grappling: boolean;
  readonly rules: LunosRules;
}

export interface LunosPolicy {
  readonly id: string;
  plan(question: PlanQuestion): LunosPlan;
  spend(question: SpendQuestion): readonly Maneuver[];
}

const SPEAK: LunosAction = Object.freeze({ kind: "other", task: "speak" });
const STAND: LunosAction = Object.freeze({ kind: "other", task: "standUp" });
const RECOVER: LunosAction = Object.freeze({ kind: "other", task: "recoverWeapon" });

/** What every policy does first: the grapple, the ground, a lost weapon, the distance. Null: free to choose. */
function forced(q: PlanQuestion, attackAction: LunosAction, guard: LunosAction): LunosPlan | null {
  const { self, opponent } = q;
  if (self.actions === 0) return { actions: [] };
  if (q.grapple !== null) {
    if (!self.mayAct) return { actions: [SPEAK] };
    return { actions: [{ kind: "attack", targets: [opponent.id] }] };
  }
  const armed = self.weapon === "held" && q.sheet.weapon !== null;
  const first: LunosAction[] = [];
  let distance = q.distance;
  if (self.prone) first.push(STAND);
  else if (self.weapon === "lying") first.push(RECOVER);
  if (distanceDice(q.sheet, armed, distance, q.rules) === null) {
    // Close in: the rest of the distance but the next space, as far as a Move goes.
    const feet = Math.min(moveFeet(q.sheet, q.rules), Math.max(0, distance - q.rules.feetPerSpace));
    first.push({ kind: "move", feet });
    distance -= feet;
  }
  if (first.length === 0) return null;
  // A weapon picked up is in hand when the attacks begin.
  const armedThen = q.sheet.weapon !== null && self.weapon !== "caught";
  first.push(distanceDice(q.sheet, armedThen, distance, q.rules) === null ? guard : attackAction);
  return { actions: first.slice(0, self.actions) };
}

const attack = (q: PlanQuestion): LunosAction => ({ kind: "attack", targets: [q.opponent.id] });

/** The better of Defense and Parry for this fighter now. */
function guard(q: PlanQuestion): LunosAction {
  const against = [q.opponent.id];
  const canParry = q.self.weapon === "held" && q.sheet.weapon !== null;
  if (!canParry) return { kind: "defense", against };
  const parry = defensePool(q.self, q.sheet, "parry", 1, q.rules);
  const dodge = defensePool(q.self, q.sheet, "defense", 1, q.rules);
  const skill = q.opponentSheet.weapon?.skill ?? "brawl";
  const ranged = skill === "archery" || skill === "projectile" || skill === "thrown";
  const parryWorth = parry.dice + 2 * parry.automatic - (ranged ? 2 * q.rules.parryRangedDifficulty : 0);
  return parryWorth > dodge.dice + 2 * dodge.automatic
    ? { kind: "parry", against }
    : { kind: "defense", against };
}

/** Extra successes into damage, or a maneuver that ends or turns the fight. */
function spendForDamage(q: SpendQuestion, stun: boolean): Maneuver[] {
  const { target, rules, targetState, targetSheet } = q;
  let extra = target.extra;
  const out: Maneuver[] = [];
  const left = healthLevels(targetSheet.abilities.body, rules) - levelsTaken(targetState);
  if (!q.attack.forgoDamage && extra >= rules.maneuverCosts.coupDeGrace && left > 0) return ["coupDeGrace"];
  if (stun && extra >= rules.maneuverCosts.stun) {
    out.push("stun");
    extra -= rules.maneuverCosts.stun;
  }
  for (
    ;
    extra >= rules.maneuverCosts.increaseDamage && rules.maneuverCosts.increaseDamage > 0;
    extra -= rules.maneuverCosts.increaseDamage
  )
    out.push("increaseDamage");
  return out;
}

/**
 * The default: an attack and the better of Defense and Parry each round;
 * extra successes buy Coup de Grâce when they can, else a Stun, the rest
 * damage.
 */
export function createDefaultPolicy(): LunosPolicy {
  return {
    id: "default",
    plan(q) {
      const must = forced(q, attack(q), guard(q));
      if (must) return must;
      return { actions: q.self.actions >= 2 ? [attack(q), guard(q)] : [attack(q)] };
    },
    spend: (q) => spendForDamage(q, true),
  };
}

/**
 * All in: a Power attack every round it can, lunging for a parry on top
 * when the last round was not a lunge; every extra success into damage.
 */
export function createAggressivePolicy(): LunosPolicy {
  return {
    id: "aggressive",
    plan(q) {
      const must = forced(q, attack(q), guard(q));
      if (must) return must;
      if (q.self.actions >= 2) {
        const power: LunosAction = { kind: "powerAttack", targets: [q.opponent.id] };
        return q.self.lungedLast ? { actions: [power] } : { actions: [power, guard(q)], lunge: true };
      }
      return { actions: [attack(q)] };
    },
    spend: (q) => spendForDamage(q, false),
  };
}

/**
 * Into the clinch: declares a Grapple on every attack until it holds one
 * (the free success pays for it), then strikes its partner, pinning when
 * it can and putting the rest into damage.
 */
export function createGrapplerPolicy(): LunosPolicy {
  return {
    id: "grappler",
    plan(q) {
      const grab: LunosAction = {
        kind: "attack",
        targets: [q.opponent.id],
        skill: "brawl",
        declared: "grapple",
      };
      const must = forced(q, grab, guard(q));
      if (must) return must;
      return { actions: q.self.actions >= 2 ? [grab, guard(q)] : [grab] };
    },
    spend(q) {
      if (q.grappling) {
        const pin = q.rules.maneuverCosts.pin;
        if (q.target.extra >= pin)
          return [
            "pin",
            ...spendForDamage({ ...q, target: { ...q.target, extra: q.target.extra - pin } }, false),
          ];
        return spendForDamage(q, false);
      }
      if (q.attack.declared === "grapple") {
        // The free successes pay for the declared Grapple first; they buy nothing else.
        const owed = Math.max(0, q.rules.maneuverCosts.grapple - q.attack.free);
        if (q.target.extra < owed) return spendForDamage(q, false);
        const more = { ...q, target: { ...q.target, extra: q.target.extra - owed } };
        return ["grapple", ...spendForDamage(more, false)];
      }
      return spendForDamage(q, false);
    },
  };
}

/**
 * Careful: attacks and guards while it is fresh; once past half its
 * health levels, a Full defense every other round to wait out the foe.
 */
export function createCautiousPolicy(): LunosPolicy {
  return {
    id: "cautious",
    plan(q) {
      const must = forced(q, attack(q), guard(q));
      if (must) return must;
      const hurt = levelsTaken(q.self) * 2 > healthLevels(q.sheet.abilities.body, q.rules);
      if (q.self.actions >= 2 && hurt && q.round % 2 === 0)
        return { actions: [{ kind: "fullDefense", against: [q.opponent.id] }] };
      return { actions: q.self.actions >= 2 ? [attack(q), guard(q)] : [attack(q)] };
    },
    spend: (q) => spendForDamage(q, true),
  };
}

const FACTORIES: Record<string, () => LunosPolicy> = {
  default: createDefaultPolicy,
  aggressive: createAggressivePolicy,
  grappler: createGrapplerPolicy,
  cautious: createCautiousPolicy,
};

export const { policyIds, createPolicy, parsePolicies } = duelPolicyBook<LunosPolicy>(FACTORIES);

/** What a policy answers for one target, as the engine takes it. */
export function spendFor(policy: LunosPolicy, q: SpendQuestion): TargetSpend {
  return { target: q.target.id, maneuvers: q.target.hit ? policy.spend(q) : [] };
}
