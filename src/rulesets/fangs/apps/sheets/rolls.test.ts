import "../../../../../test/foundry/setup";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, itemNamed, skill } from "../../../../../test/foundry/builders";
import { resetWorld } from "../../../../../test/foundry/setup";
import { ScriptedDice } from "../../../../rules/kernel/dice";
import type { CheckRequest } from "../../chat/check-card";

/*
 * A sheet's roll button and the hotbar macro made from it roll what the data
 * models prepared: no sheet context is built for a roll.
 */
const posted = vi.hoisted(() => [] as CheckRequest[]);
vi.mock("../../chat/check-card", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../chat/check-card")>()),
  postCheck: vi.fn(async (request: CheckRequest) => {
    posted.push(request);
  }),
}));
const sheetContext = vi.hoisted(() => ({ built: 0 }));
vi.mock("./actor-context", async (importOriginal) => {
  const original = await importOriginal<typeof import("./actor-context")>();
  return {
    ...original,
    actorSheetContext: (...args: Parameters<typeof original.actorSheetContext>) => {
      sheetContext.built += 1;
      return original.actorSheetContext(...args);
    },
  };
});

const { rollCheck } = await import("./rolls");

/** What a d20 of 10 totals on the last check posted. */
function lastTotal(): number {
  return posted.at(-1)!.resolve(new ScriptedDice([10])).total;
}

beforeEach(() => {
  resetWorld();
  posted.length = 0;
  sheetContext.built = 0;
});

describe("rolling a skill", () => {
  it("rolls the skill model's total, which follows the owner's characteristics, without building a sheet", async () => {
    const gru = await createActor({
      characteristics: { st: 12, ag: 10 },
      items: [skill("Brawl", { key: "brawl", naturalAbility: "(ST+AG)/2", bought: 3 })],
    });
    const brawl = itemNamed(gru, "Brawl");
    await rollCheck(gru, { kind: "skill", itemId: brawl.id! });
    expect(posted.at(-1)?.meta.label).toBe("Brawl");
    expect(lastTotal()).toBe(10 + 11 + 3);

    await gru.update({ system: { characteristics: { st: 16 } } });
    await rollCheck(gru, { kind: "skill", itemId: brawl.id! });
    expect(lastTotal()).toBe(10 + 13 + 3);
    expect(sheetContext.built).toBe(0);
  });

  it("a characteristic and an attribute are read from the model too", async () => {
    const gru = await createActor({ characteristics: { st: 12, ag: 14 } });
    await rollCheck(gru, { kind: "characteristic", id: "st", multiplier: 2 });
    expect(lastTotal()).toBe(10 + 24);
    await rollCheck(gru, { kind: "attribute", id: "dodge" });
    expect(lastTotal()).toBe(10 + 14);
    expect(sheetContext.built).toBe(0);
  });
});
