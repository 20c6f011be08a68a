import "../../../../../test/foundry/setup";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeActor } from "../../../../../test/foundry/chat-fixtures";
import { resetWorld, standIn } from "../../../../../test/foundry/setup";
import { lunosActorData } from "./sheet-data";

/**
 * What a Lunos sheet's form sends that its data model refuses, beyond the
 * out-of-range values src/rulesets/lunos/documents.test.ts covers: a
 * rating typed as text or cleared (a form sends null), a tally past the
 * most a sheet holds, one bad field among good ones. The document is left
 * as it was, its derived figures with it, and the user is told which
 * field expects what, in one error notice naming the document.
 */

type Obj = Record<string, unknown>;
const errors = () => standIn.ui.notifications.shown.filter((n) => n.type === "error").map((n) => n.message);
/** A change as a sheet form submits it: dotted keys, values possibly text. */
const asUpdate = (change: Obj) => change as never;

beforeEach(() => {
  resetWorld();
  // Each refusal is also logged for the developer; keep the test output quiet.
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

const kell = () => makeActor("lunos-characters/kell.json");

describe("a refused edit of a Lunos sheet", () => {
  it.each([
    ["text", "system.abilities.reflexes", "three", "Reflexes"],
    ["cleared", "system.skills.combat", null, "Combat"],
  ])(
    "a rating %s leaves the fighter unchanged and says what it expects",
    async (_what, path, value, label) => {
      const actor = await kell();
      const before = actor.toObject();
      expect(await actor.update(asUpdate({ [path]: value }))).toBeUndefined();
      expect(actor.toObject()).toEqual(before);
      expect(errors()).toEqual([
        `Kell: ${label} must be a whole number from 0 to 5. The change was not saved.`,
      ]);
    },
  );

  it("a tally of levels below none, or past the most a sheet holds, is refused; the track is as it was", async () => {
    const actor = await kell();
    await actor.update(asUpdate({ "system.health.wounding.value": 2 }));
    await actor.update(asUpdate({ "system.health.wounding.value": -1 }));
    await actor.update(asUpdate({ "system.health.bruising.value": 12 }));
    const data = lunosActorData(actor)!;
    expect(data.system.health.wounding.value).toBe(2);
    expect(data.system.health.bruising.value).toBe(0);
    expect(data.system.woundPenalty).toBe(2);
    expect(errors()).toEqual([
      "Kell: Wounding must be a whole number from 0 to 11. The change was not saved.",
      "Kell: Bruising must be a whole number from 0 to 11. The change was not saved.",
    ]);
  });

  it("the whole change is refused when one field in it is bad", async () => {
    const actor = await kell();
    await actor.update(asUpdate({ "system.abilities.agility": 5, "system.abilities.willpower": 9 }));
    expect(actor.toObject().system).toMatchObject({ abilities: { agility: 4, willpower: 3 } });
    expect(errors()).toEqual([
      "Kell: Willpower must be a whole number from 0 to 5. The change was not saved.",
    ]);
  });

  it("a good change is saved without a notice, and what the core derives follows it", async () => {
    const actor = await kell();
    await actor.update(asUpdate({ "system.health.trauma.value": 1, "system.abilities.willpower": 0 }));
    const data = lunosActorData(actor)!;
    expect(data.system.health.trauma.value).toBe(1);
    expect(data.system).toMatchObject({ woundPenalty: 1, overcome: true });
    expect(errors()).toEqual([]);
  });
});
