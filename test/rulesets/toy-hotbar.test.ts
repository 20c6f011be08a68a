import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ExchangeModules, loadExchange } from "../foundry/chat-fixtures";
import { setOwners, world } from "../foundry/chat-stand-in";
import { standIn } from "../foundry/setup";
import { TOY_CHANT_DRAG, TOY_CHANT_QUERY, toyHotbarLog, toyQueries } from "./toy-hotbar";
import { TOY_ID, toyDefinition } from "./toy-ruleset";

/**
 * A ruleset's own hotbar drops (`cards.hotbarDrop`) and queries
 * (`queries`): the unchanged shared hook hands a toy world's drops to the
 * toy first, and the shared start-up registers the toy's query beside
 * FANGS's, so the toy's macro, run by a player, reaches the active GM. A
 * drop is the world's ruleset's: FANGS's skill is left to Foundry in a toy
 * world, the toy's chant in a FANGS one.
 */

type Loose = Record<string, unknown>;
type Doc = { id: string; uuid: string; name: string; items: { contents: Doc[] } };

let modules: ExchangeModules;
beforeAll(async () => {
  (game as unknown as { system: object }).system ??= { id: "fangs" };
  (await import("../../src/rulesets/registry")).registerRulesetDefinition(toyDefinition);
  (await import("../../src/config/document-classes")).configureDocuments();
  modules = await loadExchange();
});

let tin: Doc;
beforeEach(async () => {
  world.reset();
  standIn.game.settings.storage.set("fangs.ruleset", TOY_ID);
  toyHotbarLog.drops.length = 0;
  toyHotbarLog.chants.length = 0;
  const cls = CONFIG.Actor.documentClass as unknown as { create(d: Loose): Promise<Doc> };
  world.as(world.gm);
  tin = await cls.create({ name: "Tin", type: "toyFighter" });
  setOwners(tin, world.player.id);
});
afterEach(() => standIn.game.settings.storage.delete("fangs.ruleset"));

async function placed(slot: number): Promise<{ name: string; command: string } | undefined> {
  for (let i = 0; i < 100 && world.player.hotbar.at(-1)?.slot !== slot; i++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  const last = world.player.hotbar.at(-1);
  return last?.slot === slot ? (last.macro as { name: string; command: string }) : undefined;
}

/** Runs a hotbar macro's script as Foundry does: an async function of `event`. */
async function runMacro(command: string): Promise<void> {
  const AsyncFunction = (async () => undefined).constructor as new (
    ...args: string[]
  ) => (event: unknown) => Promise<void>;
  await new AsyncFunction("event", command)(null);
}

describe("a ruleset's own hotbar drops and queries", () => {
  it("a toy chant dropped on the hotbar makes the toy's macro; run by a player, it reaches the GM through the toy's query", async () => {
    world.as(world.player);
    const drop = { type: TOY_CHANT_DRAG, actorUuid: tin.uuid };
    expect(modules.hotbar.onHotbarDrop(null, drop, 2)).toBe(false);
    expect(toyHotbarLog.drops).toEqual([drop]);
    const macro = await placed(2);
    expect(macro?.name).toBe("Chant of Tin");
    await runMacro(macro!.command);
    expect(toyHotbarLog.chants).toEqual([{ user: world.gm.id, payload: { actorUuid: tin.uuid } }]);
  });

  it("the shared start-up registers each ruleset's queries: the toy's chant, FANGS's player attack", async () => {
    const { getRulesetDefinition } = await import("../../src/rulesets/registry");
    const queries = CONFIG.queries as unknown as Record<string, unknown>;
    expect(queries[TOY_CHANT_QUERY]).toBe(toyQueries[TOY_CHANT_QUERY]);
    const fangs = getRulesetDefinition("fangs")!.queries!;
    expect(Object.keys(fangs)).toEqual(["fangs.startAttack"]);
    expect(queries["fangs.startAttack"]).toBe(fangs["fangs.startAttack"]);
  });

  it("a drop is the world's ruleset's: FANGS's skill is left to Foundry in a toy world, the toy's chant in a FANGS one", async () => {
    const cls = CONFIG.Actor.documentClass as unknown as { create(d: Loose): Promise<Doc> };
    world.as(world.gm);
    const gru = await cls.create({
      name: "Gru",
      type: "character",
      items: [{ name: "Climb", type: "skill" }],
    });
    setOwners(gru, world.player.id);
    world.as(world.player);
    const skill = { type: "Item", uuid: gru.items.contents[0]!.uuid };
    expect(modules.hotbar.onHotbarDrop(null, skill, 3)).toBeUndefined();
    standIn.game.settings.storage.delete("fangs.ruleset");
    const chant = { type: TOY_CHANT_DRAG, actorUuid: tin.uuid };
    expect(modules.hotbar.onHotbarDrop(null, chant, 4)).toBeUndefined();
    expect(toyHotbarLog.drops).toEqual([]);
    // FANGS's own drop, in its world: the skill's check macro.
    expect(modules.hotbar.onHotbarDrop(null, skill, 5)).toBe(false);
    expect((await placed(5))?.command).toContain("rollCheckFor");
  });
});
