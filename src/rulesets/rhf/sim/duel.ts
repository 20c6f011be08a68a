import { SeededDice } from "../../../rules/kernel/dice";
import type { RhfCheck } from "../../../rules/rhf/check";
import { type RhfOptions, type RhfRules, resolveRhfOptions } from "../../../rules/rhf/config";
import {
  acting,
  aim,
  attack,
  beginActions,
  declareAttacks,
  declareFocus,
  defenseOptions,
  endTurn,
  isOut,
  type RhfAction,
  type RhfExchange,
  type RhfFight,
  type RhfFighterState,
  rangeBetween,
  rangeManeuver,
  releaseHold,
  reload,
  startFight,
  startRound,
  turnOptions,
} from "../../../rules/rhf/round-engine";
import type { Condition, Range, RangeManeuver, RhfFighter } from "../../../rules/rhf/types";
import { duelLimit } from "../../../sim/duel-kit";
import type { EndState, FightSummary } from "../../../sim/stats";
import type { RhfPolicy, RhfPolicyView, TurnPlan } from "./policies";

/**
 * A duel of the reach, holds and firearms core for the simulator: two
 * fighters, seeded dice, each round walked through the round engine
 * (concentrated defenses, then each turn in order: the range maneuver its
 * policy takes, then its attacks, or a round of aiming or reloading). The
 * fight ends when a fighter is out (immobilized, unconscious, dying,
 * dead), or at the round limit.
 */

export const DEFAULT_MAX_ROUNDS = 100;

export interface DuelSetup {
  readonly fighters: readonly [RhfFighter, RhfFighter];
  readonly policies: readonly [RhfPolicy, RhfPolicy];
  readonly maxRounds?: number;
  readonly options?: RhfOptions;
}

/** One thing that happened in a turn, for the fight log. */
export type DuelEvent =
  | {
      readonly kind: "maneuver";
      readonly id: string;
      readonly maneuver: RangeManeuver;
      readonly check: RhfCheck;
      readonly range: Range;
    }
  | { readonly kind: "exchange"; readonly exchange: RhfExchange }
  | { readonly kind: "aim"; readonly id: string; readonly check: RhfCheck; readonly bonus: number }
  | { readonly kind: "reload"; readonly id: string }
  | { readonly kind: "release"; readonly id: string };

export interface DuelRoundLog {
  readonly round: number;
  /** The range when the round began. */
  readonly range: Range;
  readonly events: readonly DuelEvent[];
}

export interface DuelResult {
  readonly summary: FightSummary;
  readonly names: readonly [string, string];
  readonly wounds: readonly [number, number];
  readonly conditions: readonly [Condition, Condition];
  readonly log: readonly DuelRoundLog[] | null;
}

/** How the shared odds report counts a fighter's end: an immobilized one is out and alive, as if unconscious. */
const END_OF: Readonly<Record<Condition, EndState>> = {
  standing: "standing",
  immobilized: "unconscious",
  unconscious: "unconscious",
  dying: "dying",
  dead: "dead",
};

/** Runs one duel with the dice of `seed`; `record` keeps the round-by-round log. */
export function runDuel(setup: DuelSetup, seed: number, record = false): DuelResult {
  const rules: RhfRules = resolveRhfOptions(setup.options);
  const maxRounds = duelLimit(setup.fighters, setup.maxRounds, DEFAULT_MAX_ROUNDS);
  const [a, b] = setup.fighters;
  const dice = new SeededDice(seed);
  let fight: RhfFight = startFight(setup.fighters, rules);
  const log: DuelRoundLog[] | null = record ? [] : null;
  const over = () => isOut(fight.fighters[0]!) || isOut(fight.fighters[1]!);
  const side = (id: string) => (id === a.id ? 0 : 1);
  const view = (i: number): RhfPolicyView => ({ sheet: setup.fighters[i]!, state: fight.fighters[i]! });

  let events: DuelEvent[] | null = null;
  const ask = (id: string, me: number) => ({
    fight,
    self: view(me),
    opponent: view(1 - me),
    options: turnOptions(fight, id, rules),
    rules,
  });
  function playTurn(plan: TurnPlan, id: string, me: number): void {
    const other = setup.fighters[1 - me]!.id;
    const policy = setup.policies[1 - me]!;
    const strike = (action: RhfAction) => {
      const open = defenseOptions(fight, other, action.kind, rules);
      const defense = open.length > 0 ? policy.chooseDefense(view(1 - me), open) : null;
      const done = attack(fight, id, action, defense, dice, rules);
      fight = done.fight;
      events?.push({ kind: "exchange", exchange: done.exchange });
    };
    switch (plan.kind) {
      case "strike": {
        if (plan.attacks > 1) fight = declareAttacks(fight, id, plan.attacks, rules);
        for (let n = 0; n < plan.attacks && !over(); n += 1)
          strike({
            kind: "strike",
            targetId: other,
            pull: plan.pull === true,
            feint: n === 0 ? (plan.feint ?? 0) : 0,
          });
        return;
      }
      case "hold":
        strike({ kind: "hold", targetId: other });
        return;
      case "breakFree":
        strike({ kind: "breakFree" });
        return;
      case "shoot":
        strike({ kind: "shoot", targetId: other, shots: plan.shots });
        return;
      case "burst":
        strike({ kind: "burst", targetId: other });
        return;
      case "aim": {
        const done = aim(fight, id, dice, rules);
        fight = done.fight;
        events?.push({ kind: "aim", id, check: done.check, bonus: done.bonus });
        return;
      }
      case "reload":
        fight = reload(fight, id);
        events?.push({ kind: "reload", id });
        return;
      case "release":
        fight = releaseHold(fight, id);
        events?.push({ kind: "release", id });
        return;
      case "pass":
        return;
    }
  }

  while (fight.round < maxRounds && !over()) {
    fight = startRound(fight, rules, dice);
    events = record ? [] : null;
    const range = rangeBetween(fight, a.id, b.id);
    for (let i = 0; i < 2; i += 1) {
      if (isOut(fight.fighters[i]!)) continue;
      const focus = setup.policies[i]!.chooseFocus(view(i), view(1 - i));
      if (focus !== null) fight = declareFocus(fight, setup.fighters[i]!.id, focus, rules);
    }
    fight = beginActions(fight);
    while (fight.phase === "action" && !over()) {
      const id = acting(fight)!;
      const me = side(id);
      const policy = setup.policies[me]!;
      let q = ask(id, me);
      if (q.options.maneuver !== null && policy.takeManeuver(q)) {
        const moved = rangeManeuver(fight, id, q.options.maneuver, dice, rules);
        fight = moved.fight;
        events?.push({
          kind: "maneuver",
          id,
          maneuver: moved.maneuver,
          check: moved.check,
          range: moved.range,
        });
        q = ask(id, me);
      }
      const plan = policy.chooseTurn(q);
      playTurn(plan, id, me);
      // Breaking free is a roll, not an attack: a fighter that did may still act.
      if (plan.kind === "breakFree" && fight.phase === "action" && !over()) {
        q = ask(id, me);
        const then = policy.chooseTurn(q);
        if (then.kind !== "breakFree") playTurn(then, id, me);
      }
      if (fight.phase === "action") fight = endTurn(fight, rules);
    }
    while (fight.phase === "action") fight = endTurn(fight, rules);
    log?.push({ round: fight.round, range, events: events! });
  }

  const states = fight.fighters as readonly RhfFighterState[];
  const ends = [END_OF[states[0]!.condition], END_OF[states[1]!.condition]] as [EndState, EndState];
  const out = [isOut(states[0]!), isOut(states[1]!)];
  const unfinished = !out[0] && !out[1];
  const winner: 0 | 1 | null = out[0] && !out[1] ? 1 : out[1] && !out[0] ? 0 : null;
  return {
    summary: { winner, rounds: fight.round, ends, unfinished },
    names: [a.name, b.name],
    wounds: [states[0]!.wounds, states[1]!.wounds],
    conditions: [states[0]!.condition, states[1]!.condition],
    log,
  };
}
