import { SeededDice } from "../../../rules/kernel/dice";
import { type LunosOptions, type LunosRules, resolveLunosOptions } from "../../../rules/lunos/config";
import type { DamageDealt } from "../../../rules/lunos/damage";
import { healthLevels } from "../../../rules/lunos/health";
import type { PoolOutcome } from "../../../rules/lunos/pool";
import {
  acting,
  attackOf,
  beginAttacks,
  declare,
  endSlot,
  type FighterState,
  type FightView,
  fighterOf,
  grappleOf,
  isOut,
  type LunosFight,
  levelsTaken,
  resolveAttack,
  rollAttack,
  slotGrappleOf,
  startFight,
  startRound,
  type TargetSpend,
} from "../../../rules/lunos/round-engine";
import type { ActionKind, LunosFighter, Maneuver } from "../../../rules/lunos/types";
import { duelLimit } from "../../../sim/duel-kit";
import type { EndState, FightSummary } from "../../../sim/stats";
import { type LunosPolicy, spendFor } from "./policies";

/**
 * A Lunos duel for the simulator: two fighters, seeded dice, each round
 * walked through the round engine (initiative and grapple checks, the
 * plans, the defense rolls, the attacks in order with their maneuvers).
 * The engine keeps no positions: the duel keeps the feet between the two
 * along a line, applies the round's Moves before the attacks (the
 * fighters close in as the round opens) and each Push after its blow. It
 * ends when a fighter is out (unconscious, dying, dead) or at the round
 * limit.
 */

export const DEFAULT_MAX_ROUNDS = 100;
/** The two start in the next space of each other. */
export const START_FEET = 5;

export interface DuelSetup {
  readonly fighters: readonly [LunosFighter, LunosFighter];
  readonly policies: readonly [LunosPolicy, LunosPolicy];
  readonly maxRounds?: number;
  readonly options?: LunosOptions;
  readonly startFeet?: number;
}

export interface DuelAttackLog {
  readonly attackerId: string;
  readonly targetId: string;
  readonly kind: "attack" | "powerAttack" | "flurry";
  readonly grapple: boolean;
  readonly successes: number;
  readonly outcome: PoolOutcome;
  readonly difficulty: number;
  readonly hit: boolean;
  readonly maneuvers: readonly Maneuver[];
  readonly damage: DamageDealt;
  readonly levelsLeft: number;
}

/** One round's record, for the fight log. */
export interface DuelRoundLog {
  readonly round: number;
  /** Initiative successes per fighter (−1: did not roll). */
  readonly initiative: readonly number[];
  readonly actions: readonly (readonly ActionKind[])[];
  readonly lunged: readonly boolean[];
  /** Defense successes per fighter (null: no defense roll). */
  readonly defenses: readonly (number | null)[];
  readonly moved: readonly number[];
  readonly attacks: readonly DuelAttackLog[];
}

export interface DuelResult {
  readonly summary: FightSummary;
  readonly names: readonly [string, string];
  readonly levelsLeft: readonly [number, number];
  readonly log: readonly DuelRoundLog[] | null;
}

function endStateOf(f: FighterState): EndState {
  if (f.dead) return "dead";
  if (f.dying >= 0) return "dying";
  if (f.unconscious) return "unconscious";
  return "standing";
}

function movedFeet(f: FighterState): number {
  let feet = 0;
  for (const a of f.plan?.actions ?? []) if (a.kind === "move") feet += a.feet;
  return feet;
}

/** Runs one duel with the dice of `seed`; `record` keeps the round-by-round log. */
export function runDuel(setup: DuelSetup, seed: number, record = false): DuelResult {
  const rules: LunosRules = resolveLunosOptions(setup.options);
  const maxRounds = duelLimit(setup.fighters, setup.maxRounds, DEFAULT_MAX_ROUNDS);
  const [a, b] = setup.fighters;
  const dice = new SeededDice(seed);
  let distance = setup.startFeet ?? START_FEET;
  const view: FightView = {
    sheet: (id) => (id === a.id ? a : b),
    distance: () => distance,
  };
  const ids = [a.id, b.id] as const;
  const policyOf = (id: string) => (id === a.id ? setup.policies[0] : setup.policies[1]);
  const log: DuelRoundLog[] | null = record ? [] : null;
  let fight: LunosFight = startFight(ids);
  let rounds = 0;

  while (rounds < maxRounds && !fight.fighters.some(isOut)) {
    rounds += 1;
    fight = startRound(fight, view, dice, rules);
    for (const id of ids) {
      const other = id === a.id ? b.id : a.id;
      const self = fighterOf(fight, id);
      if (self.dead || self.unconscious) continue;
      const plan = policyOf(id).plan({
        round: fight.round,
        self,
        sheet: view.sheet(id),
        opponent: fighterOf(fight, other),
        opponentSheet: view.sheet(other),
        distance,
        grapple: grappleOf(fight, id),
        rules,
      });
      fight = declare(fight, id, plan, view, rules);
    }
    fight = beginAttacks(fight, view, dice, rules);
    const moved = fight.fighters.map(movedFeet);
    if (moved[0]! + moved[1]! > 0) distance = Math.max(rules.feetPerSpace, distance - moved[0]! - moved[1]!);
    const attacks: DuelAttackLog[] | null = record ? [] : null;
    while (fight.phase === "attack") {
      for (const id of acting(fight)) {
        const me = fighterOf(fight, id);
        if (me.attacked || attackOf(me.plan) === null || (isOut(me) && me.outAtSlot !== fight.slot)) continue;
        fight = rollAttack(fight, id, view, dice, rules);
        const pending = fight.pending!;
        const spends: TargetSpend[] = [];
        for (const target of pending.targets) {
          // A Pin or Choke is bought on a grapple held as the slot began.
          const grapple = slotGrappleOf(fight, id);
          spends.push(
            spendFor(policyOf(id), {
              attack: pending,
              target,
              targetState: fighterOf(fight, target.id),
              targetSheet: view.sheet(target.id),
              grappling: grapple !== null && (grapple.a === target.id || grapple.b === target.id),
              rules,
            }),
          );
        }
        const out = resolveAttack(fight, spends, view, rules);
        fight = out.fight;
        for (const t of out.targets) {
          if (t.pushed > 0) distance += t.pushed;
          if (attacks !== null) {
            const roll = out.attack.targets.find((x) => x.id === t.id)!;
            attacks.push({
              attackerId: id,
              targetId: t.id,
              kind: out.attack.kind,
              grapple: out.attack.grapple,
              successes: out.attack.roll.successes,
              outcome: out.attack.roll.outcome,
              difficulty: roll.difficulty,
              hit: t.hit,
              maneuvers: t.maneuvers,
              damage: t.damage,
              levelsLeft: healthLevels(view.sheet(t.id).abilities.body, rules) - t.levelsAfter,
            });
          }
        }
      }
      fight = endSlot(fight);
    }
    log?.push({
      round: fight.round,
      initiative: fight.fighters.map((f) => f.initiative?.successes ?? -1),
      actions: fight.fighters.map((f) => (f.plan?.actions ?? []).map((x) => x.kind)),
      lunged: fight.fighters.map((f) => f.lunged),
      defenses: fight.fighters.map((f) => f.defense?.roll.successes ?? null),
      moved,
      attacks: attacks ?? [],
    });
  }

  const fa = fighterOf(fight, a.id);
  const fb = fighterOf(fight, b.id);
  const ends = [endStateOf(fa), endStateOf(fb)] as [EndState, EndState];
  const out = ends.map((e) => e !== "standing");
  const unfinished = !out[0] && !out[1];
  const winner: 0 | 1 | null = out[0] && !out[1] ? 1 : out[1] && !out[0] ? 0 : null;
  return {
    summary: { winner, rounds, ends, unfinished },
    names: [a.name, b.name],
    levelsLeft: [
      Math.max(0, healthLevels(a.abilities.body, rules) - levelsTaken(fa)),
      Math.max(0, healthLevels(b.abilities.body, rules) - levelsTaken(fb)),
    ],
    log,
  };
}
