import type { H2hRules } from "../../../rules/h2h/config";
import { formulaOf } from "../../../rules/h2h/damage";
import {
  type Awaited,
  defenseOptions,
  fighterState,
  type H2hFighterState,
  type H2hInput,
  type H2hMelee,
  rangeOf,
} from "../../../rules/h2h/melee";
import type { MoveData } from "../../../rules/h2h/moves";
import { type DefenseId, MOVE_IDS, type ModifierId, type MoveId, type Range } from "../../../rules/h2h/types";
import { duelPolicyBook } from "../../../sim/duel-kit";

/**
 * How a simulated Hand to Hand fighter chooses. The melee engine
 * (src/rules/h2h/melee.ts) says whose choice is awaited and of which kind;
 * the policy answers only that, among what the rules allow (moves its
 * range takes, the defenses `defenseOptions` offers). It never decides a
 * rule: an answer the engine refuses stops the duel with the refusal.
 */

export interface PolicyQuestion {
  readonly melee: H2hMelee;
  readonly awaited: Awaited;
  /** The fighter asked. */
  readonly self: string;
  readonly opponent: string;
  readonly rules: H2hRules;
}

export interface H2hPolicy {
  readonly id: string;
  answer(question: PolicyQuestion): H2hInput;
}

/** The dice's mean: what a move deals on average before bonuses. */
function meanOf(source: string): number {
  const f = formulaOf(source);
  let mean = f.flat;
  for (const t of f.terms) mean += (t.sign * t.count * (t.faces + 1)) / 2;
  return mean;
}

interface Ranked {
  readonly move: MoveId;
  readonly data: MoveData;
  readonly mean: number;
}

const RANKED = new WeakMap<object, readonly Ranked[]>();

/** The moves list by mean damage, best first (read once per moves list). */
function ranked(rules: H2hRules): readonly Ranked[] {
  let list = RANKED.get(rules.moves);
  if (list === undefined) {
    list = MOVE_IDS.map((move) => ({ move, data: rules.moves[move], mean: meanOf(rules.moves[move].dice) }))
      .filter((r) => !r.data.disarm && !r.data.weapon)
      .sort((a, b) => b.mean - a.mean);
    RANKED.set(rules.moves, list);
  }
  return list;
}

const CLOSER: Readonly<Record<Range, Range>> = {
  long: "fighting",
  fighting: "grappling",
  grappling: "grappling",
};

/**
 * The strongest move the fighter may make now at `range` with the
 * modifiers asked for (a Dash taken at long range to close in), filtered by
 * `keep`; a strike with its weapon when that is better. Null when none.
 */
export function bestAttack(
  self: H2hFighterState,
  range: Range,
  rules: H2hRules,
  want: readonly ModifierId[] = [],
  keep: (r: Ranked) => boolean = () => true,
): { readonly move: MoveId; readonly modifiers: readonly ModifierId[] } | null {
  const weapon = self.weapon !== null ? meanOf(self.weapon.damage) : -1;
  for (const dash of [false, true]) {
    if (dash && range !== "long") break;
    const at = dash ? CLOSER[range] : range;
    const mods: readonly ModifierId[] = dash ? ["dash", ...want] : want;
    for (const r of ranked(rules)) {
      const w = rules.moves.weaponStrike;
      if (weapon >= r.mean && w.ranges.includes(at) && mods.every((m) => w.modifiers.includes(m)))
        return { move: "weaponStrike", modifiers: mods };
      if (!keep(r)) continue;
      if (!r.data.ranges.includes(at) && !r.data.penalizedRanges.includes(at)) continue;
      if (!mods.every((m) => r.data.modifiers.includes(m))) continue;
      return { move: r.move, modifiers: mods };
    }
  }
  return null;
}

/** A strike, not a grapple: grappling is the wrestler's. */
const strikes = (r: Ranked) => r.data.family !== "grapple" && r.data.family !== "hold";
const POWER: readonly ModifierId[] = Object.freeze(["power"]);

const TIMED_OUT = (by: string): H2hInput => ({ type: "timedOut", by });

/** What every policy answers the same way: ties, catches, holds, a prepared Power Attack. */
function common(q: PolicyQuestion, choose: Tactics): H2hInput {
  const { melee, awaited, self, opponent, rules } = q;
  const me = fighterState(melee, self);
  const kinds = awaited.kinds;
  if (kinds.includes("tie")) {
    // One preparing a Power Attack or in a hold has no defense to roll for.
    const free = !me.preparingPower && me.holding === null && me.heldBy === null;
    return { type: "tie", defend: free && choose.defendTie(q) ? [self] : [] };
  }
  if (kinds.includes("catch")) return { type: "catch", by: self, attempt: true };
  if (kinds.includes("reduce")) {
    const b = me.sheet.bonuses;
    return { type: "reduce", by: self, reduction: b.breakfall + 3 >= b.roll ? "breakfall" : "roll" };
  }
  if (kinds.includes("defend")) return choose.defend(q, defenseOptions(melee, rules));
  const range = rangeOf(melee, self, opponent);
  const simultaneous = !kinds.includes("squeeze");
  if (me.heldBy !== null) return simultaneous ? TIMED_OUT(self) : { type: "breakFree", by: self };
  if (me.holding !== null) {
    if (me.holding.move === "bearHug") return { type: "attack", by: self, move: "slam" };
    return simultaneous ? TIMED_OUT(self) : { type: "squeeze", by: self };
  }
  if (me.preparingPower) {
    const power = bestAttack(me, range, rules, POWER, strikes) ?? bestAttack(me, range, rules, POWER);
    return power
      ? { type: "attack", by: self, move: power.move, modifiers: power.modifiers }
      : TIMED_OUT(self);
  }
  return choose.attack(q, me, range, simultaneous);
}

interface Tactics {
  defendTie(q: PolicyQuestion): boolean;
  defend(q: PolicyQuestion, options: readonly DefenseId[]): H2hInput;
  attack(q: PolicyQuestion, me: H2hFighterState, range: Range, simultaneous: boolean): H2hInput;
}

/** Parry or dodge, by the better bonus; no defense offered: take it, and reduce. */
function guard(q: PolicyQuestion, options: readonly DefenseId[]): H2hInput {
  const me = fighterState(q.melee, q.self);
  if (options.length === 0) return { type: "noDefense", by: q.self };
  const b = me.sheet.bonuses;
  const parry = options.includes("parry") && (b.parry >= b.dodge || !options.includes("dodge"));
  // Neither (a holder, whose one option is to throw or slam instead): take it, and reduce.
  if (!parry && !options.includes("dodge")) return { type: "noDefense", by: q.self };
  return { type: "defend", by: q.self, defense: parry ? "parry" : "dodge" };
}

function plain(q: PolicyQuestion, me: H2hFighterState, range: Range): H2hInput {
  const best = bestAttack(me, range, q.rules, [], strikes) ?? bestAttack(me, range, q.rules);
  if (best) return { type: "attack", by: q.self, move: best.move, modifiers: best.modifiers };
  return { type: "actions", by: q.self, actions: ["approach"] };
}

/** A counter's move: the best the defender may make at this range with no modification. */
function counterMove(q: PolicyQuestion): MoveId | null {
  const me = fighterState(q.melee, q.self);
  if (me.holding !== null) return null;
  const best = bestAttack(me, rangeOf(q.melee, q.self, q.opponent), q.rules, [], strikes);
  return best === null || best.modifiers.length > 0 ? null : best.move;
}

const DEFAULT_TACTICS: Tactics = {
  defendTie: () => false,
  defend: guard,
  attack: (q, me, range) => plain(q, me, range),
};

/**
 * The default tactics: the strongest strike (not a grapple) its range
 * allows (a Dash to close from long range), parry or dodge by the better bonus, a Breakfall
 * unless the roll bonus is far better, every natural 1 and flinch tried.
 */
export function createDefaultPolicy(): H2hPolicy {
  return { id: "default", answer: (q) => common(q, DEFAULT_TACTICS) };
}

/** Power Attacks and Spins; a simultaneous strike instead of a defense while it has attacks. */
function createBrawler(): H2hPolicy {
  const tactics: Tactics = {
    defendTie: () => false,
    defend(q, options) {
      const move = options.includes("simultaneous") ? counterMove(q) : null;
      const back = q.melee.current?.strike?.declaration.move === "backKick";
      if (move !== null && !back) return { type: "defend", by: q.self, defense: "simultaneous", move };
      return guard(q, options);
    },
    attack(q, me, range, simultaneous) {
      // A tie's strike or a caught miss's counter is struck now: no Power Attack is prepared in it.
      const now = simultaneous || q.melee.current?.free === true;
      const tries: (readonly ModifierId[])[] = now ? [["spin"], []] : [["power"], ["spin"], []];
      for (const want of tries) {
        const best = bestAttack(me, range, q.rules, want, strikes);
        if (best) return { type: "attack", by: q.self, move: best.move, modifiers: best.modifiers };
      }
      return plain(q, me, range);
    },
  };
  return { id: "brawler", answer: (q) => common(q, tactics) };
}

/** Closes in and grapples: holds, throws and slams; Auto Flip/Throw in defense. */
function createWrestler(): H2hPolicy {
  const grapples = (r: Ranked) => r.data.family === "grapple" || r.move === "bearHug";
  const tactics: Tactics = {
    defendTie: () => false,
    defend(q, options) {
      if (options.includes("autoFlip") && fighterState(q.melee, q.self).holding === null)
        return { type: "defend", by: q.self, defense: "autoFlip" };
      return guard(q, options);
    },
    attack(q, me, range, simultaneous) {
      if (range === "long" && !simultaneous)
        return { type: "actions", by: q.self, actions: ["approach", "approach"] };
      const best = bestAttack(me, range, q.rules, [], grapples);
      if (best) return { type: "attack", by: q.self, move: best.move, modifiers: best.modifiers };
      return plain(q, me, range);
    },
  };
  return { id: "wrestler", answer: (q) => common(q, tactics) };
}

/** Passes the initiative to counter at +3, rolls to defend in a tie, defends with a Combo Parry/Attack. */
function createCautious(): H2hPolicy {
  const tactics: Tactics = {
    defendTie: () => true,
    defend(q, options) {
      const move = options.includes("comboParry") ? counterMove(q) : null;
      if (move !== null) return { type: "defend", by: q.self, defense: "comboParry", move };
      return guard(q, options);
    },
    attack(q, me, range, simultaneous) {
      const c = q.melee.current!;
      const them = fighterState(q.melee, q.opponent);
      const canPass =
        !simultaneous &&
        q.rules.passRule &&
        c.passedBy === null &&
        !c.free &&
        them.attacksLeft > 0 &&
        them.holding === null &&
        !me.passStrike;
      if (canPass) return { type: "pass", by: q.self };
      return plain(q, me, range);
    },
  };
  return { id: "cautious", answer: (q) => common(q, tactics) };
}

const FACTORIES: Record<string, () => H2hPolicy> = {
  default: createDefaultPolicy,
  brawler: createBrawler,
  wrestler: createWrestler,
  cautious: createCautious,
};

export const { policyIds, createPolicy, parsePolicies } = duelPolicyBook<H2hPolicy>(FACTORIES);
