import { type H2hOptions, type H2hRules, resolveH2hOptions } from "../../../rules/h2h/config";
import {
  act,
  expecting,
  type H2hEvent,
  type H2hInput,
  type H2hMelee,
  startMelee,
} from "../../../rules/h2h/melee";
import type { H2hFighter, H2hOut, Range } from "../../../rules/h2h/types";
import { SeededDice } from "../../../rules/kernel/dice";
import { duelLimit } from "../../../sim/duel-kit";
import type { EndState, FightSummary } from "../../../sim/stats";
import type { H2hPolicy, PolicyQuestion } from "./policies";

/**
 * A Hand to Hand duel for the simulator: two fighters, seeded dice, each
 * melee walked through the melee engine until every attack is spent, each
 * choice the engine awaits asked of that side's policy. The fight ends when
 * a fighter is out (down, unconscious, in a coma, dead), or at the melee
 * limit.
 */

export const DEFAULT_MAX_MELEES = 100;

export interface H2hDuelSetup {
  readonly fighters: readonly [H2hFighter, H2hFighter];
  readonly policies: readonly [H2hPolicy, H2hPolicy];
  readonly maxMelees?: number;
  readonly options?: H2hOptions;
  /** Where the fighters start ([default] fighting range). */
  readonly range?: Range;
}

/** One melee's record, for the fight log. */
export interface H2hMeleeLog {
  readonly melee: number;
  readonly events: readonly H2hEvent[];
}

export interface H2hDuelResult {
  readonly summary: FightSummary;
  readonly names: readonly [string, string];
  readonly hitPoints: readonly [number, number];
  readonly log: readonly H2hMeleeLog[] | null;
}

export function endStateOf(out: H2hOut | null): EndState {
  switch (out) {
    case null:
      return "standing";
    case "dead":
      return "dead";
    case "coma":
      return "dying";
    default:
      return "unconscious";
  }
}

function anyOut(melee: H2hMelee): boolean {
  for (const f of melee.fighters) if (f.out !== null) return true;
  return false;
}

/** Runs one duel with the dice of `seed`; `record` keeps the melee-by-melee log. */
export function runH2hDuel(setup: H2hDuelSetup, seed: number, record = false): H2hDuelResult {
  const rules: H2hRules = resolveH2hOptions(setup.options);
  const maxMelees = duelLimit(setup.fighters, setup.maxMelees, DEFAULT_MAX_MELEES, "melee");
  const [a, b] = setup.fighters;
  const dice = new SeededDice(seed);
  const begin: H2hInput = { type: "exchange", a: a.id, b: b.id };
  const log: H2hMeleeLog[] | null = record ? [] : null;
  let melee = startMelee(null, [a, b], setup.range ?? "fighting");
  const question: { -readonly [K in keyof PolicyQuestion]: PolicyQuestion[K] } = {
    melee,
    awaited: expecting(melee),
    self: a.id,
    opponent: b.id,
    rules,
  };
  let melees = 0;
  while (melees < maxMelees) {
    melees += 1;
    const events: H2hEvent[] | null = record ? [] : null;
    while (!melee.over) {
      const awaited = expecting(melee);
      let input: H2hInput;
      if (awaited.who.length === 0) input = begin;
      else {
        const self = awaited.who[0]!;
        // One question, refilled each step: a policy reads it and keeps nothing of it.
        question.melee = melee;
        question.awaited = awaited;
        question.self = self;
        question.opponent = self === a.id ? b.id : a.id;
        input = setup.policies[self === a.id ? 0 : 1].answer(question);
        // In a tie each side says whether it rolls to defend.
        if (input.type === "tie" && awaited.who.length > 1) {
          const other = setup.policies[self === a.id ? 1 : 0].answer({
            ...question,
            self: question.opponent,
            opponent: self,
          });
          if (other.type === "tie" && other.defend.length > 0)
            input = { type: "tie", defend: [...input.defend, ...other.defend] };
        }
      }
      const result = act(melee, input, dice, rules, record);
      if (events !== null) events.push(...result.events);
      melee = result.melee;
      if (anyOut(melee)) break;
    }
    log?.push({ melee: melee.melee, events: events! });
    if (anyOut(melee) || melees >= maxMelees) break;
    melee = startMelee(melee);
  }
  const fa = melee.fighters[0]!;
  const fb = melee.fighters[1]!;
  const ends = [endStateOf(fa.out), endStateOf(fb.out)] as [EndState, EndState];
  const out = [fa.out !== null, fb.out !== null];
  const unfinished = !out[0] && !out[1];
  const winner: 0 | 1 | null = out[0] && !out[1] ? 1 : out[1] && !out[0] ? 0 : null;
  return {
    summary: { winner, rounds: melees, ends, unfinished },
    names: [a.name, b.name],
    hitPoints: [fa.hp, fb.hp],
    log,
  };
}
