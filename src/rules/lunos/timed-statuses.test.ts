import { afterEach, describe, expect, it } from "vitest";
import { registerTimedStatuses, timedStatusDefinition } from "../kernel/timed-status";
import { LUNOS_DEFAULTS, resolveLunosOptions } from "./config";
import { dyingRounds } from "./health";
import { LUNOS_STATUS_IDS } from "./statuses";
import { chokeRounds, LUNOS_TIMED, lunosTimedStatuses } from "./timed-statuses";

afterEach(() => registerTimedStatuses(lunosTimedStatuses()));

describe("Lunos's clocks as timed statuses", () => {
  it("LUN-HLT-4: the dying clock runs the engine's rounds, then the fighter is dead", () => {
    registerTimedStatuses(lunosTimedStatuses());
    const dying = timedStatusDefinition(LUNOS_TIMED.dying);
    expect(dying?.duration).toEqual({ dice: String(dyingRounds(LUNOS_DEFAULTS)), unit: "rounds" });
    expect(dying?.duration.dice).toBe("50");
    expect(dying?.end).toEqual({ kind: "replace", status: "dead" });
  });

  it("LUN-GRP-3: a choke puts out after Body minutes, then kills a minute later", () => {
    registerTimedStatuses(lunosTimedStatuses());
    expect(chokeRounds(3)).toBe(30);
    expect(timedStatusDefinition(LUNOS_TIMED.choking)?.end).toEqual({
      kind: "replaceTimed",
      timedStatus: LUNOS_TIMED.choked,
    });
    const choked = timedStatusDefinition(LUNOS_TIMED.choked);
    expect(choked).toMatchObject({ status: "unconscious", duration: { dice: "10", unit: "rounds" } });
    expect(choked?.end).toEqual({ kind: "replace", status: "dead" });
  });

  it("follows the world's options, a clock of 0 minutes lasting one round", () => {
    const rules = resolveLunosOptions({ dyingMinutes: 0, secondsPerRound: 12, chokeDeathMinutes: 2 });
    registerTimedStatuses(lunosTimedStatuses(rules));
    expect(timedStatusDefinition(LUNOS_TIMED.dying)?.duration.dice).toBe("1");
    expect(timedStatusDefinition(LUNOS_TIMED.choked)?.duration.dice).toBe("10");
    expect(chokeRounds(0, rules)).toBe(1);
  });

  it("every status a clock shows is one of Lunos's statuses", () => {
    for (const definition of lunosTimedStatuses())
      expect(LUNOS_STATUS_IDS as readonly string[]).toContain(definition.status);
  });
});
