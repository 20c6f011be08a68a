import { beforeAll, describe, expect, it } from "vitest";
import { registerFangsEffectKinds } from "../fangs/effect-kinds";
import type { FangsEffectSubject } from "../fangs/effects";
import { WEAPON_DROPPED_NOTE } from "../fangs/fumble";
import { applyEffectsTo } from "./apply";
import type { Effect } from "./effects";

// The stuck weapon and the dropped weapon are FANGS's kinds, registered as its definition does.
beforeAll(registerFangsEffectKinds);

function subject(): FangsEffectSubject {
  return {
    pools: { stunPoints: 20, hitPoints: 10 },
    items: new Map([
      ["sword", { value: 3, max: 10 }],
      ["claws", null],
    ]),
    statuses: new Set(["prone"]),
    actionLost: false,
    dropped: new Set(),
  };
}

describe("applying effects to plain state", () => {
  it("lowers pools past 0, keeps item SP within 0…max, sets statuses and the lost action", () => {
    const s = subject();
    const effects: Effect[] = [
      { kind: "pool", actorId: "x", pool: "hitPoints", amount: 12 },
      { kind: "itemDurability", actorId: "x", itemId: "sword", delta: -5, reason: "excess" },
      { kind: "status", actorId: "x", status: "coma", active: true },
      { kind: "status", actorId: "x", status: "prone", active: false },
      { kind: "loseAction", actorId: "x", reason: "stunned" },
    ];
    const out = applyEffectsTo(effects, (id) => (id === "x" ? s : undefined), {
      statusAliases: { coma: "comatose" },
    });
    expect(s.pools).toEqual({ stunPoints: 20, hitPoints: -2 });
    expect(s.items.get("sword")).toEqual({ value: 0, max: 10 });
    expect([...s.statuses]).toEqual(["comatose"]);
    expect(s.actionLost).toBe(true);
    expect(out.skipped).toEqual([]);
  });

  it("hands stuck weapons and notes back, drops a weapon by its note, and lists what it could not apply", () => {
    const s = subject();
    const stuck: Effect = {
      kind: "stuckItem",
      ownerId: "y",
      itemId: "spear",
      targetId: "x",
      inItemId: null,
      perRoundDamage: "1d8",
    };
    const drop: Effect = { kind: "note", key: WEAPON_DROPPED_NOTE, data: { actorId: "x", itemId: "sword" } };
    const natural: Effect = {
      kind: "itemDurability",
      actorId: "x",
      itemId: "claws",
      delta: -1,
      reason: "nick",
    };
    const ghost: Effect = { kind: "pool", actorId: "z", pool: "stunPoints", amount: 1 };
    const mana: Effect = { kind: "pool", actorId: "x", pool: "mana", amount: 1 };
    const out = applyEffectsTo([stuck, drop, natural, ghost, mana], (id) => (id === "x" ? s : undefined));
    expect(out.records.filter((r) => r.effect.kind === "stuckItem").map((r) => r.effect)).toEqual([stuck]);
    expect(out.notes).toEqual([drop]);
    expect([...s.dropped]).toEqual(["sword"]);
    expect(out.skipped.map((x) => x.reason)).toEqual(["no-item-sp", "unknown-actor", "no-change"]);
  });
});
