import { beforeAll, describe, expect, it } from "vitest";
import { registerFangsEffectKinds } from "../rules/fangs/effect-kinds";
import { WEAPON_DROPPED_NOTE } from "../rules/fangs/fumble";
import type { Effect } from "../rules/kernel/effects";
import { stuckWeaponAttachment } from "../rulesets/fangs/stuck-weapon-effect";
import { registerEffectAttachment } from "./attached-effects";
import { type ActorView, actorsOf, appliable, inverseOf, planEffects } from "./effect-plan";

// FANGS's kinds, as its definition registers them (src/rulesets/fangs/index.ts).
beforeAll(() => {
  registerFangsEffectKinds();
  registerEffectAttachment(stuckWeaponAttachment);
});

function view(overrides: Partial<ActorView> = {}): ActorView {
  return {
    pools: { stunPoints: 20, hitPoints: 12 },
    items: new Map([
      ["shield", { itemSp: { value: 12, max: 12 }, equipped: true }],
      ["claws", { itemSp: null, equipped: true }],
      ["sword", { itemSp: { value: 3, max: 20 }, equipped: true }],
    ]),
    statuses: new Set(),
    combatant: { uuid: "Combat.c.Combatant.x", actionLost: false },
    ...overrides,
  };
}

const views = new Map<string, ActorView>([
  ["Actor.def", view()],
  ["Actor.att", view({ combatant: null, statuses: new Set(["prone"]) })],
]);

describe("planning effects: pools", () => {
  it("takes damage from the pools and records before and after", () => {
    const plan = planEffects(
      [
        { kind: "pool", actorId: "Actor.def", pool: "stunPoints", amount: 7 },
        { kind: "pool", actorId: "Actor.def", pool: "hitPoints", amount: 2 },
      ],
      views,
    );
    expect(plan.changes).toEqual([
      { kind: "pool", actorUuid: "Actor.def", pool: "stunPoints", before: 20, after: 13 },
      { kind: "pool", actorUuid: "Actor.def", pool: "hitPoints", before: 12, after: 10 },
    ]);
    expect(plan.skipped).toEqual([]);
  });

  it("folds several blows on one pool into one change, and lets a pool go below 0", () => {
    const plan = planEffects(
      [
        { kind: "pool", actorId: "Actor.def", pool: "hitPoints", amount: 8 },
        { kind: "pool", actorId: "Actor.def", pool: "hitPoints", amount: 9 },
      ],
      views,
    );
    expect(plan.changes).toEqual([
      { kind: "pool", actorUuid: "Actor.def", pool: "hitPoints", before: 12, after: -5 },
    ]);
  });

  it("changes nothing for a zero blow", () => {
    const plan = planEffects([{ kind: "pool", actorId: "Actor.def", pool: "stunPoints", amount: 0 }], views);
    expect(plan.changes).toEqual([]);
  });

  it("skips an actor it cannot find and a pool it does not know", () => {
    const ghost: Effect = { kind: "pool", actorId: "Actor.gone", pool: "stunPoints", amount: 3 };
    const odd: Effect = { kind: "pool", actorId: "Actor.def", pool: "mana", amount: 3 };
    const plan = planEffects([ghost, odd], views);
    expect(plan.changes).toEqual([]);
    expect(plan.skipped).toEqual([
      { effect: ghost, reason: "unknown-actor" },
      { effect: odd, reason: "no-change" },
    ]);
  });
});

describe("planning effects: item SP", () => {
  it("wears a shield down, never below 0 nor above its max", () => {
    const plan = planEffects(
      [
        { kind: "itemDurability", actorId: "Actor.def", itemId: "shield", delta: -1, reason: "nick" },
        { kind: "itemDurability", actorId: "Actor.def", itemId: "sword", delta: -10, reason: "excess" },
      ],
      views,
    );
    expect(plan.changes).toEqual([
      { kind: "itemSp", actorUuid: "Actor.def", itemId: "shield", before: 12, after: 11 },
      { kind: "itemSp", actorUuid: "Actor.def", itemId: "sword", before: 3, after: 0 },
    ]);
  });

  it("skips natural weapons (no SP) and items that are gone", () => {
    const claws: Effect = {
      kind: "itemDurability",
      actorId: "Actor.def",
      itemId: "claws",
      delta: -2,
      reason: "nick",
    };
    const gone: Effect = {
      kind: "itemDurability",
      actorId: "Actor.def",
      itemId: "axe",
      delta: -2,
      reason: "nick",
    };
    const plan = planEffects([claws, gone], views);
    expect(plan.changes).toEqual([]);
    expect(plan.skipped.map((s) => s.reason)).toEqual(["no-item-sp", "unknown-item"]);
  });
});

describe("planning effects: statuses, stuck weapons, lost actions, dropped weapons", () => {
  it("sets a status only when it changes, and folds repeated ones", () => {
    const plan = planEffects(
      [
        { kind: "status", actorId: "Actor.def", status: "stunned", active: true },
        { kind: "status", actorId: "Actor.def", status: "unconscious", active: true },
        { kind: "status", actorId: "Actor.def", status: "unconscious", active: false },
        { kind: "prone", actorId: "Actor.att" },
      ],
      views,
    );
    // unconscious on then off is no change; the attacker is prone already.
    expect(plan.changes).toEqual([
      { kind: "status", actorUuid: "Actor.def", status: "stunned", before: false, after: true },
    ]);
  });

  it("names the rules' coma by the token status id", () => {
    const plan = planEffects([{ kind: "status", actorId: "Actor.def", status: "coma", active: true }], views);
    expect(plan.changes).toEqual([
      { kind: "status", actorUuid: "Actor.def", status: "comatose", before: false, after: true },
    ]);
  });

  it("records a stuck weapon, whose effect carries the impaled status itself", () => {
    const plan = planEffects(
      [
        {
          kind: "stuckItem",
          ownerId: "Actor.att",
          itemId: "spear",
          targetId: "Actor.def",
          inItemId: null,
          perRoundDamage: "1d6+1",
        },
        { kind: "status", actorId: "Actor.def", status: "impaled", active: true },
      ],
      views,
    );
    expect(plan.changes).toEqual([
      {
        kind: "stuck",
        targetUuid: "Actor.def",
        ownerUuid: "Actor.att",
        itemId: "spear",
        inItemId: null,
        perRoundDamage: "1d6+1",
      },
    ]);
  });

  it("marks the combatant's next action lost, or skips it out of combat", () => {
    const inCombat: Effect = { kind: "loseAction", actorId: "Actor.def", reason: "stun" };
    const outOfCombat: Effect = { kind: "loseAction", actorId: "Actor.att", reason: "stun" };
    const plan = planEffects([inCombat, outOfCombat], views);
    expect(plan.changes).toEqual([
      { kind: "actionLost", combatantUuid: "Combat.c.Combatant.x", before: false, after: true },
    ]);
    expect(plan.skipped).toEqual([{ effect: outOfCombat, reason: "not-in-combat" }]);
  });

  it("unequips a dropped weapon and keeps every note for the card", () => {
    const dropped: Effect = {
      kind: "note",
      key: WEAPON_DROPPED_NOTE,
      data: { actorId: "Actor.att", itemId: "sword" },
    };
    const other: Effect = { kind: "note", key: "FANGS.Rules.Other", data: {} };
    const plan = planEffects([dropped, other], views);
    expect(plan.changes).toEqual([
      { kind: "equipped", actorUuid: "Actor.att", itemId: "sword", before: true, after: false },
    ]);
    expect(plan.notes).toEqual([dropped, other]);
  });

  it("lists the actors an effect list touches", () => {
    expect(
      actorsOf([
        { kind: "pool", actorId: "A", pool: "stunPoints", amount: 1 },
        { kind: "stuckItem", ownerId: "B", itemId: "i", targetId: "C", inItemId: null, perRoundDamage: null },
        { kind: "note", key: WEAPON_DROPPED_NOTE, data: { actorId: "D", itemId: "x" } },
        { kind: "note", key: "other", data: { actorId: "E" } },
      ]),
    ).toEqual(["A", "C", "D"]);
  });
});

describe("whether there is anything to apply", () => {
  it("counts every effect but a note, and the note of a dropped weapon", () => {
    expect(appliable([])).toBe(false);
    expect(appliable([{ kind: "note", key: "FANGS.Rules.Item.Shattered", data: {} }])).toBe(false);
    expect(appliable([{ kind: "note", key: WEAPON_DROPPED_NOTE, data: { actorId: "A", itemId: "s" } }])).toBe(
      true,
    );
    expect(appliable([{ kind: "prone", actorId: "A" }])).toBe(true);
  });
});

describe("reverting a delta", () => {
  it("moves a pool back by its difference, keeping blows taken since", () => {
    const delta = { kind: "pool", actorUuid: "A", pool: "stunPoints", before: 20, after: 13 } as const;
    expect(inverseOf(delta, 13)).toBe(20);
    expect(inverseOf(delta, 10)).toBe(17);
  });

  it("moves a pool back no higher than its maximum, unless it stood higher before", () => {
    const delta = { kind: "pool", actorUuid: "A", pool: "hitPoints", before: 11, after: 7 } as const;
    expect(inverseOf(delta, 11, 11)).toBe(11);
    expect(inverseOf(delta, 9, 11)).toBe(11);
    expect(inverseOf(delta, 5, 11)).toBe(9);
    const over = { kind: "pool", actorUuid: "A", pool: "hitPoints", before: 13, after: 9 } as const;
    expect(inverseOf(over, 9, 11)).toBe(13);
  });

  it("moves item SP back within 0…max", () => {
    const delta = { kind: "itemSp", actorUuid: "A", itemId: "s", before: 3, after: 0 } as const;
    expect(inverseOf(delta, 0, 20)).toBe(3);
    expect(inverseOf(delta, 19, 20)).toBe(20);
  });

  it("sets a status back only if it still holds what the application set", () => {
    const delta = { kind: "status", actorUuid: "A", status: "stunned", before: false, after: true } as const;
    expect(inverseOf(delta, true)).toBe(false);
    expect(inverseOf(delta, false)).toBeNull();
  });
});
