import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  type ExchangeModules,
  lastMessage,
  loadExchange,
  table,
} from "../../../../../test/foundry/chat-fixtures";
import { world } from "../../../../../test/foundry/chat-stand-in";
import { ScriptedDice } from "../../../../rules/kernel/dice";
import type { CheckRequest } from "../../chat/check-card";
import { registerRollApi } from "../sheets/rolls";

/*
 * A sheet's checks dragged to the hotbar: the drop makes a macro, and the
 * macro's script, run as Foundry runs it, posts the check the sheet's button
 * would. Through the Foundry stand-in with Gru of the Sample Characters.
 */

/** Every check the macros post, as the card is asked for it (the stand-in renders no template). */
const posted = vi.hoisted(() => [] as CheckRequest[]);
vi.mock("../../chat/check-card", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../chat/check-card")>();
  return {
    ...original,
    postCheck: async (request: CheckRequest) => {
      posted.push(request);
      await original.postCheck(request);
    },
  };
});

let modules: ExchangeModules;
beforeAll(async () => {
  modules = await loadExchange();
  registerRollApi();
});

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...args: string[]
) => (...args: unknown[]) => Promise<unknown>;

async function dropAndRun(data: object, slot: number, die: number) {
  expect(modules.hotbar.onHotbarDrop(null, data, slot)).toBe(false);
  // The drop makes the macro without waiting for it (the hook answers at once).
  for (let i = 0; i < 100 && world.player.hotbar.at(-1)?.slot !== slot; i++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  const placed = world.player.hotbar.at(-1);
  expect(placed?.slot).toBe(slot);
  const macro = placed?.macro as { name: string; command: string };
  const before = [...(game.messages as unknown as Iterable<unknown>)].length;
  world.dice.push(die);
  await new AsyncFunction("event", macro.command)(null);
  expect([...(game.messages as unknown as Iterable<unknown>)].length).toBe(before + 1);
  const speaker = (lastMessage() as unknown as { speaker: { alias: string } }).speaker;
  const check = posted.at(-1)!;
  // The check's target: what a d20 of 10 totals on it.
  const total = check.resolve(new ScriptedDice([10])).total;
  return { macro, speaker: speaker.alias, label: check.meta.label, total };
}

describe("checks on the hotbar", () => {
  it("a characteristic's ×2 button dropped rolls ST×2 for that actor", async () => {
    const t = await table();
    world.as(world.player);
    const rolled = await dropAndRun(
      { type: "FangsRoll", actorUuid: t.gru.uuid, spec: { kind: "characteristic", id: "st", multiplier: 2 } },
      1,
      10,
    );
    const st = (t.gru.system as unknown as { characteristics: { st: number } }).characteristics.st;
    expect(rolled).toMatchObject({
      speaker: "Gru",
      label: "FANGS.Actor.Characteristic.St.Abbr",
      total: 10 + 2 * st,
    });
    expect(rolled.macro.name).toBe("Roll ST×2 (Gru)");
  });

  it("Dodge's button dropped rolls Dodge", async () => {
    const t = await table();
    world.as(world.player);
    const rolled = await dropAndRun(
      { type: "FangsRoll", actorUuid: t.gru.uuid, spec: { kind: "attribute", id: "dodge" } },
      2,
      10,
    );
    const dodge = (t.gru.system as unknown as { attributes: { dodge: number } }).attributes.dodge;
    expect(rolled).toMatchObject({ speaker: "Gru", label: "FANGS.Actor.Attribute.Dodge", total: 10 + dodge });
    expect(rolled.macro.name).toBe("Roll Dodge (Gru)");
  });

  it("a skill's row dropped rolls that skill", async () => {
    const t = await table();
    world.as(world.player);
    const fist = [...t.gru.items].find((i) => i.type === "skill" && i.name === "Fist")!;
    expect(fist.type).toBe("skill");
    const rolled = await dropAndRun({ type: "Item", uuid: fist.uuid }, 3, 10);
    const fistTotal = (fist.system as unknown as { total: number }).total;
    expect(rolled).toMatchObject({ speaker: "Gru", label: "Fist", total: 10 + fistTotal });
    expect(rolled.macro.name).toBe("Roll Fist (Gru)");
  });

  it("a drop naming nothing rollable is left to Foundry", async () => {
    const t = await table();
    world.as(world.player);
    const bad = { type: "FangsRoll", actorUuid: t.gru.uuid, spec: { kind: "attribute", id: "fatigue" } };
    expect(modules.hotbar.onHotbarDrop(null, bad, 4)).toBeUndefined();
    const nobody = { type: "FangsRoll", actorUuid: "Actor.nobody", spec: { kind: "attribute", id: "dodge" } };
    expect(modules.hotbar.onHotbarDrop(null, nobody, 4)).toBeUndefined();
  });
});
