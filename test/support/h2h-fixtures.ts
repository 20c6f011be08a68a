import { expect } from "vitest";
import { type H2hOptions, resolveH2hOptions } from "../../src/rules/h2h/config";
import { makeH2hFighter } from "../../src/rules/h2h/fighter";
import { act, type H2hEvent, type H2hInput, type H2hMelee, startMelee } from "../../src/rules/h2h/melee";
import type { H2hBonuses, H2hFighter, Range } from "../../src/rules/h2h/types";
import { ScriptedDice } from "../../src/rules/kernel/dice";
import { RulesError } from "../../src/rules/kernel/errors";

/**
 * Fighters and a player of scripted steps for the Hand to Hand tests. The
 * text gives no figures for a character (docs/rules/h2h.md), so these are
 * plain numbers chosen to keep each test's arithmetic easy: no bonus unless
 * the test gives one, four attacks, 30 hit points.
 */

export function h2hFighter(
  id: string,
  more: Partial<Omit<H2hFighter, "bonuses" | "id">> & { bonuses?: Partial<H2hBonuses> } = {},
): H2hFighter {
  return makeH2hFighter({ name: id.toUpperCase(), hitPoints: 30, ...more, id });
}

/** A first melee between `al` and `bo` (and any more), all at `range`. */
export function duel(
  al: Parameters<typeof h2hFighter>[1] = {},
  bo: Parameters<typeof h2hFighter>[1] = {},
  range: Range = "fighting",
  more: H2hFighter[] = [],
): H2hMelee {
  return startMelee(null, [h2hFighter("al", al), h2hFighter("bo", bo), ...more], range);
}

export interface Played {
  readonly melee: H2hMelee;
  readonly events: H2hEvent[];
}

/** Plays the steps with exactly the dice given (all must be used). */
export function play(
  melee: H2hMelee,
  steps: readonly H2hInput[],
  dice: readonly number[],
  options?: H2hOptions,
): Played {
  const rules = resolveH2hOptions(options);
  const source = new ScriptedDice(dice);
  const events: H2hEvent[] = [];
  let m = melee;
  for (const step of steps) {
    const r = act(m, step, source, rules);
    m = r.melee;
    events.push(...r.events);
  }
  expect(source.remaining, "scripted dice left over").toBe(0);
  return { melee: m, events };
}

/** `al` wins the initiative (15 against 8). */
export const AL_FIRST: readonly H2hInput[] = [{ type: "exchange", a: "al", b: "bo" }];
export const AL_INIT = [15, 8] as const;

export function hp(melee: H2hMelee, id: string): number {
  return melee.fighters.find((f) => f.id === id)!.hp;
}

export function state(melee: H2hMelee, id: string) {
  return melee.fighters.find((f) => f.id === id)!;
}

export function eventsOf<K extends H2hEvent["kind"]>(
  events: readonly H2hEvent[],
  kind: K,
): Extract<H2hEvent, { kind: K }>[] {
  return events.filter((e): e is Extract<H2hEvent, { kind: K }> => e.kind === kind);
}

export function expectRefusal(fn: () => unknown, code: string, reason?: string): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RulesError);
    expect((error as RulesError).code).toBe(code);
    if (reason !== undefined) expect((error as RulesError).details.reason).toBe(reason);
    return;
  }
  expect.fail("expected a RulesError");
}
