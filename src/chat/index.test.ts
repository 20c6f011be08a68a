import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type AnyActor,
  itemId,
  lastMessage,
  loadExchange,
  SHIFT,
  stateOf,
  type Table,
  table,
  target,
} from "../../test/foundry/chat-fixtures";
import { world } from "../../test/foundry/chat-stand-in";

/**
 * What registerExchange gives the rest of the system and macros
 * (`game.system.api.exchange`): attack starters and the effect applier that
 * reach their workflow through FANGS's heavy part (src/on-demand.ts) and
 * behave as the workflow's own functions do.
 */

type ExchangeApi = {
  startAttack(actor: AnyActor, weaponId: string, options?: { event?: Event }): Promise<boolean>;
  attackWithItem(itemUuid: string, options?: { event?: Event }): Promise<boolean>;
  stuckWeapons(actor: AnyActor): unknown[];
};

let api: ExchangeApi;

beforeAll(async () => {
  (game as unknown as { system: object }).system ??= { id: "fangs" };
  // Registers the exchange as `init` does (once per test file).
  await loadExchange();
  api = (game.system as unknown as { api: { exchange: ExchangeApi } }).api.exchange;
});

describe("game.system.api.exchange", () => {
  let t: Table;
  beforeEach(async () => {
    t = await table();
  });

  it("startAttack loads the attack workflow and posts the attack card", async () => {
    world.as(world.player);
    target(world.player, t.jennyToken);
    world.dice.push(15);
    expect(await api.startAttack(t.gru, t.sword, { event: SHIFT })).toBe(true);
    const state = stateOf(lastMessage());
    expect(state.attacker.actorUuid).toBe(t.gru.uuid);
    expect(state.target?.actorUuid).toBe(t.jenny.uuid);
    expect(world.dice).toEqual([]);
  });

  it("attackWithItem (the hotbar macro's call) attacks with the weapon its UUID names", async () => {
    world.as(world.player);
    target(world.player, t.jennyToken);
    world.dice.push(15);
    const sword = t.gru.items.get(itemId(t.gru, "Broadsword"))!;
    expect(await api.attackWithItem(sword.uuid, { event: SHIFT })).toBe(true);
    expect(stateOf(lastMessage()).declaration.weapon.name).toBe("Broadsword");
  });

  it("refuses, as the workflow does, an attack with no target", async () => {
    world.as(world.player);
    target(world.player);
    const posted = [...(game.messages as unknown as Iterable<unknown>)].length;
    expect(await api.startAttack(t.gru, t.sword, { event: SHIFT })).toBe(false);
    expect([...(game.messages as unknown as Iterable<unknown>)].length).toBe(posted);
    expect(world.notices.length).toBeGreaterThan(0);
  });

  it("stuckWeapons reads the flag without loading the applier: nothing stuck in a fresh actor", () => {
    expect(api.stuckWeapons(t.jenny)).toEqual([]);
  });
});
