import type { DeadlineStart } from "../kernel/deadline";
import { H2H_DEFAULTS, type H2hRules } from "./config";
import { type H2hInput, type H2hMelee, refuseRound } from "./melee";

/**
 * The ten seconds to choose an attack and a defense (H2H-ATK-1,
 * H2H-DEF-1) on the kernel's real-time limits (src/rules/kernel/deadline.ts):
 * which limit the awaited choice runs under, and the input the melee takes
 * when it runs out. The clock is the table's; the core never reads one.
 */

/** The limits' ids, as the ruleset's Foundry side registers them. */
export const H2H_LIMIT_IDS = Object.freeze({ attack: "h2hAttack", defense: "h2hDefense" });

/**
 * The limit the awaited choice runs under, ready for `startDeadline`; null
 * when no limit applies (a tie's roll, a catch, a damage reduction, between
 * exchanges).
 */
export function choiceLimit(melee: H2hMelee, rules: H2hRules = H2H_DEFAULTS): DeadlineStart | null {
  const c = melee.current;
  if (c === null || melee.over) return null;
  if (c.stage === "declare") {
    const answerer = c.simultaneous?.find((s) => s.declaration === null)?.by ?? c.attacker;
    return answerer === null ? null : { limit: H2H_LIMIT_IDS.attack, answerer, seconds: rules.attackSeconds };
  }
  if (c.stage === "defend")
    return { limit: H2H_LIMIT_IDS.defense, answerer: c.defender!, seconds: rules.defenseSeconds };
  return null;
}

/**
 * What the melee takes when a limit ran out: the answerer's `timedOut`. A
 * deadline the melee no longer waits on (answered since, another stage) is
 * refused, so a late expiry changes nothing.
 */
export function expiredInput(
  melee: H2hMelee,
  deadline: { readonly limit: string; readonly answerer: string },
  rules: H2hRules = H2H_DEFAULTS,
): H2hInput {
  const now = choiceLimit(melee, rules);
  if (now === null || now.limit !== deadline.limit || now.answerer !== deadline.answerer)
    refuseRound("WrongStage", `the melee no longer waits on ${deadline.answerer}'s ${deadline.limit}`, {
      limit: deadline.limit,
    });
  return { type: "timedOut", by: deadline.answerer };
}
