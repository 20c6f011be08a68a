import "../foundry/setup";
import { describe, expect, it } from "vitest";
import {
  SHARENE_EXCHANGE_STAGES,
  SHARENE_RIPOSTE_STATES,
} from "../../src/rulesets/sharene/data/exchange-card";
import { shareneCardPreviewPages, shareneCardStates } from "./fixtures/sharene-card";

/**
 * The card's preview pages are reached with scripted dice through the
 * round engine: a change of the rules or of a sample fighter could move a
 * page to another outcome without any error. Each page must still show
 * what its title says.
 */

const states = Object.fromEntries(shareneCardStates().map((s) => [s.id, s.card()]));
const damage = (id: string) => states[id]!.exchange!.damage!;

describe("Sharene's card preview pages", () => {
  it("reach every stage of the card and every state of its riposte", () => {
    const cards = Object.values(states);
    expect(new Set(cards.map((c) => c.stage))).toEqual(new Set(SHARENE_EXCHANGE_STAGES));
    expect(new Set(cards.map((c) => c.riposteState))).toEqual(new Set(SHARENE_RIPOSTE_STATES));
    expect(new Set(cards.map((c) => c.exchange?.outcome ?? null))).toEqual(
      new Set([null, "parried", "hit", "dodged", "miss"]),
    );
  });

  it("each hit shows what its page names", () => {
    expect(states["parried--defender"]!.exchange!.defense!.check.level).toBe("special");
    expect(states["riposte--defender"]).toMatchObject({ riposte: true, answers: "message00000001" });
    expect(damage("riposte-rolled").rolled).toBeLessThan(damage("riposte-rolled").weaponDamage);
    expect(states["riposte-held"]!.offer.dn).toMatchObject({ dfRaw: -12, df: -10 });
    expect(damage("hit--gm").consciousness).toMatchObject({ kind: "endCheck", knockout: null });
    expect(damage("limb-useless").limb).toMatchObject({
      location: "rightArm",
      state: "useless",
      newly: true,
    });
    expect(damage("limb-useless").consciousness).toMatchObject({ kind: "endCheck", knockout: "knockedOut" });
    expect(damage("limb-severed").limb).toMatchObject({ location: "leftLeg", state: "severed", newly: true });
    expect(damage("coma").consciousness.kind).toBe("coma");
    expect(states.coma!.exchange!.defense).toBeNull();
    expect(damage("dead").consciousness).toEqual({ kind: "dead", cause: "headSevered" });
    expect(states.dead!.exchange!.called).toEqual({ kind: "location", location: "head" });
    expect(damage("dead-below-coma").consciousness).toEqual({ kind: "dead", cause: "belowComa" });
    expect(states.missed!.exchange!.attack.check.criticalFailure).toBe(true);
  });

  it("name their pages once each, a dark twin beside some", () => {
    const ids = shareneCardPreviewPages().map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        "sharene-card-awaitDefense--gm",
        "sharene-card-hit--gm--dark",
        "sharene-app-attack-dialog--gm",
        "sharene-app-style-dialog",
      ]),
    );
  });
});
