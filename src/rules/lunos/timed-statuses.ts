import { registerTimedStatuses, type TimedStatusDefinition } from "../kernel/timed-status";
import { LUNOS_DEFAULTS, type LunosRules } from "./config";
import { dyingRounds } from "./health";

/**
 * Lunos's clocks as timed statuses (docs/rulesets.md, "Timed statuses"):
 * the dying fighter's five minutes (LUN-HLT-4), and a choke (LUN-GRP-3),
 * out after Body × `chokeMinutesPerBody` minutes, dead `chokeDeathMinutes`
 * later. Counted in rounds as the engine counts them, never under one: a
 * world that sets a clock to 0 minutes still shows the status for a round.
 * The defaults are registered as the module loads (with Lunos's heavy
 * part); a world's options register them again (rules-apply.ts).
 */

function rounds(minutes: number, rules: LunosRules): number {
  return Math.max(1, Math.ceil((minutes * 60) / rules.secondsPerRound));
}

export const LUNOS_TIMED = Object.freeze({
  dying: "lunos.dying",
  choking: "lunos.choking",
  choked: "lunos.choked",
});

export function lunosTimedStatuses(rules: LunosRules = LUNOS_DEFAULTS): TimedStatusDefinition[] {
  return [
    {
      id: LUNOS_TIMED.dying,
      status: "dying",
      labelKey: "LUNOS.Timed.dying",
      duration: { dice: String(Math.max(1, dyingRounds(rules))), unit: "rounds" },
      end: { kind: "replace", status: "dead" },
    },
    {
      // Its length is the victim's Body × chokeMinutesPerBody, given where it is put on (chokeRounds).
      id: LUNOS_TIMED.choking,
      status: "choking",
      labelKey: "LUNOS.Timed.choking",
      duration: { dice: String(rounds(rules.chokeMinutesPerBody, rules)), unit: "rounds" },
      end: { kind: "replaceTimed", timedStatus: LUNOS_TIMED.choked },
    },
    {
      id: LUNOS_TIMED.choked,
      status: "unconscious",
      labelKey: "LUNOS.Timed.choked",
      duration: { dice: String(rounds(rules.chokeDeathMinutes, rules)), unit: "rounds" },
      end: { kind: "replace", status: "dead" },
    },
  ];
}

/** Rounds a choke takes to put out a victim of this Body (LUN-GRP-3), as the engine counts them. */
export function chokeRounds(body: number, rules: LunosRules = LUNOS_DEFAULTS): number {
  return rounds(body * rules.chokeMinutesPerBody, rules);
}

registerTimedStatuses(lunosTimedStatuses());
