import { describe, expect, it } from "vitest";
import { SeededDice } from "../../../rules/kernel/dice";
import { LUNOS_DEFAULTS } from "../../../rules/lunos/config";
import {
  beginAttacks,
  declare,
  type FightView,
  type LunosFight,
  resolveAttack,
  rollAttack,
  startFight,
  startRound,
} from "../../../rules/lunos/round-engine";
import { LUNOS_SAMPLE_FIGHTERS } from "../sim/roster";
import { BadFightRecord, readStoredFight, storedFight, withFighters } from "./fight-record";

/**
 * The fight as the Combat stores it, and read back: every part the engine
 * keeps survives the trip as plain data (an attack waiting for its
 * maneuvers, a grapple, a threat, the slot's start and blows), and a record
 * with an id or a figure off is refused whole, never half-read.
 */

const [A, B] = LUNOS_SAMPLE_FIGHTERS;
const ids = ["a", "b"] as const;
const sheets = { a: { ...A!, id: "a" }, b: { ...B!, id: "b" } };
const view: FightView = { sheet: (id) => sheets[id as "a" | "b"], distance: () => 5 };
const rules = LUNOS_DEFAULTS;

/** A round begun, declared, defended, and the first slot's attack rolled: an attack waiting for its maneuvers. */
function midSlot(seed = 7): LunosFight {
  const dice = new SeededDice(seed);
  let fight = startRound(startFight(ids), view, dice, rules);
  fight = declare(
    fight,
    "a",
    {
      actions: [
        { kind: "attack", targets: ["b"], declared: "grapple" },
        { kind: "defense", against: ["b"] },
      ],
      lunge: false,
    },
    view,
    rules,
  );
  fight = declare(
    fight,
    "b",
    {
      actions: [
        { kind: "attack", targets: ["a"] },
        { kind: "parry", against: ["a"] },
      ],
    },
    view,
    rules,
  );
  fight = beginAttacks(fight, view, dice, rules);
  return rollAttack(fight, fight.slots[0]![0]!, view, dice, rules);
}

const roundTrip = (fight: LunosFight) => readStoredFight(JSON.parse(JSON.stringify(storedFight(fight))));

describe("the stored fight (fight-record.ts)", () => {
  it("comes back as the engine left it: the attack waiting, the plans, the defenses, the slot's start", () => {
    const fight = midSlot();
    expect(fight.pending).not.toBeNull();
    // Read back with every flag said (a plan's lunge, an attack's forgone damage: false where left out).
    expect(storedFight(roundTrip(fight))).toEqual(storedFight(fight));
    expect(roundTrip(fight).pending).toEqual(fight.pending);
    // And the engine goes on from what was read back exactly as from the fight itself.
    const spends = fight.pending!.targets.map((t) => ({ target: t.id, maneuvers: [] }));
    const fromRecord = resolveAttack(roundTrip(fight), spends, view, rules);
    const fromFight = resolveAttack(fight, spends, view, rules);
    expect(fromRecord.targets).toEqual(fromFight.targets);
    expect(storedFight(fromRecord.fight)).toEqual(storedFight(fromFight.fight));
  });

  it("keeps a grapple with its choke, and a threat", () => {
    const fight: LunosFight = {
      ...midSlot(),
      pending: null,
      grapples: [{ a: "a", b: "b", pinnedBy: "a", choke: { by: "a", victim: "b", rounds: 2 } }],
      threats: [{ by: "b", target: "a", margin: 3, since: 1 }],
      landed: [{ target: "b", damage: { points: 4, bruising: 0, wounding: 3, trauma: 1 } }],
      holds: [{ kind: "grapple", by: "a", target: "b", extra: 1 }],
    };
    const back = roundTrip(fight);
    expect([back.grapples, back.threats, back.landed, back.holds]).toEqual([
      fight.grapples,
      fight.threats,
      fight.landed,
      fight.holds,
    ]);
    expect(storedFight(back)).toEqual(storedFight(fight));
  });

  it("refuses a record with an id, a figure or a choice off, whole", () => {
    const stored = JSON.parse(JSON.stringify(storedFight(midSlot()))) as Record<string, unknown> & {
      fighters: Record<string, unknown>[];
    };
    const off = [
      { ...stored, fighters: stored.fighters.map((f, i) => (i === 0 ? { ...f, actions: 2.5 } : f)) },
      { ...stored, fighters: stored.fighters.map((f, i) => (i === 1 ? { ...f, weapon: "thrown" } : f)) },
      { ...stored, fighters: [...stored.fighters, stored.fighters[0]] },
      { ...stored, slots: [["a"], ["zed"]] },
      { ...stored, slots: [["a", "a"]] },
      { ...stored, slot: 9 },
      { ...stored, phase: "style" },
      { ...stored, grapples: [{ a: "a", b: "zed", pinnedBy: null, choke: null }] },
      { ...stored, grapples: [{ a: "a", b: "b", pinnedBy: "zed", choke: null }] },
      { ...stored, threats: [{ by: "a", target: "b", margin: -1, since: 1 }] },
      { ...stored, pending: { ...(stored.pending as object), declared: "fireball" } },
      {
        ...stored,
        fighters: stored.fighters.map((f, i) =>
          i === 0
            ? {
                ...f,
                plan: { actions: [{ kind: "attack", targets: ["zed"] }], lunge: false, standByRoll: false },
              }
            : f,
        ),
      },
      { ...stored, landed: [{ target: "b", damage: { points: "4", bruising: 0, wounding: 0, trauma: 0 } }] },
    ];
    for (const record of off)
      expect(() => readStoredFight(record), JSON.stringify(record).slice(0, 80)).toThrow(BadFightRecord);
  });

  it("follows the combat's fighters: one gone leaves the order, grapples and threats; one new joins unhurt and sits the round out", () => {
    const fight: LunosFight = {
      ...midSlot(),
      pending: null,
      grapples: [{ a: "a", b: "b", pinnedBy: null, choke: null }],
      threats: [{ by: "b", target: "a", margin: 2, since: 1 }],
    };
    const after = withFighters(fight, ["a", "c"]);
    expect(after.fighters.map((f) => f.id)).toEqual(["a", "c"]);
    expect(after.slots.flat()).toEqual(["a"]);
    expect([after.grapples, after.threats]).toEqual([[], []]);
    expect(after.fighters[1]).toMatchObject({
      id: "c",
      initiative: null,
      plan: { actions: [] },
      bruising: 0,
    });
    // Nothing of the fight names "b" any more: an attack on b alone is dropped, a rolled defense covers no one.
    expect(after.fighters[0]!.plan!.actions).toEqual([]);
    expect(after.fighters[0]!.defense?.against).toEqual([]);
    expect(JSON.stringify(storedFight(after))).not.toContain('"b"');
    expect(() => readStoredFight(storedFight(after))).not.toThrow();
  });
});
