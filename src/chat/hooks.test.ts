import { beforeAll, describe, expect, it } from "vitest";
import {
  ask,
  attackWith,
  lastMessage,
  loadExchange,
  pools,
  stateOf,
  table,
} from "../../test/foundry/chat-fixtures";
import { world } from "../../test/foundry/chat-stand-in";
import { hookListeners } from "../../test/foundry/hook-listeners";

/**
 * The module hooks around an exchange (docs/api.md): who runs each, what it
 * is given, and that a false from a "pre" hook stops the step and changes
 * nothing. The GM's side derives everything it writes itself, so a listener
 * gets frozen copies: it may stop a step, never alter one.
 */

beforeAll(async () => {
  await loadExchange();
});

const listen = hookListeners();

describe("an attack declared", () => {
  it("fangs.preDeclareAttack runs on the attacker's client with its choices; fangs.declareAttack on the GM's with the card", async () => {
    const t = await table();
    const pre = listen("preDeclareAttack", () => undefined);
    const after = listen("declareAttack", () => undefined);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    expect(pre).toHaveLength(1);
    const [preUser, actor, choices] = pre[0]!;
    expect(preUser).toBe(world.player.id);
    expect(actor).toBe(t.gru);
    expect(choices).toMatchObject({
      attackerUuid: t.gru.uuid,
      weaponId: t.sword,
      targetActorUuid: t.jenny.uuid,
    });
    expect(Object.isFrozen(choices)).toBe(true);
    expect(after).toHaveLength(1);
    const [afterUser, card, state] = after[0]!;
    expect(afterUser).toBe(world.gm.id);
    expect(card).toBe(message);
    expect(state).toMatchObject({
      stage: stateOf(message).stage,
      attacker: { actorUuid: t.gru.uuid },
      target: { actorUuid: t.jenny.uuid },
    });
    expect(Object.isFrozen(state)).toBe(true);
  });

  it("a false from fangs.preDeclareAttack sends nothing to the GM: no card, no count", async () => {
    const t = await table();
    listen("preDeclareAttack", () => false);
    const after = listen("declareAttack", () => undefined);
    const before = [...(game.messages as unknown as Iterable<unknown>)].length;
    const { start } = await loadExchange();
    world.as(world.player);
    world.player.targets.clear();
    world.player.targets.add({ document: t.jennyToken, actor: t.jenny, name: "Pirate Jenny" });
    expect(await start.startAttack(t.gru, t.sword, { event: { shiftKey: true } as unknown as Event })).toBe(
      false,
    );
    expect([...(game.messages as unknown as Iterable<unknown>)].length).toBe(before);
    expect(after).toHaveLength(0);
    expect(world.gm.queries ?? []).not.toContainEqual(expect.objectContaining({ name: "fangs.startAttack" }));
  });
});

describe("a defense chosen", () => {
  it("fangs.preChooseDefense runs on the defender's client; fangs.chooseDefense on the GM's once the defense is rolled", async () => {
    const t = await table();
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    const pre = listen("preChooseDefense", () => undefined);
    const after = listen("chooseDefense", () => undefined);
    world.dice.push(8);
    expect(await ask(world.defender, message, { type: "defend", choice: "weaponParry" })).toMatchObject({
      ok: true,
    });
    expect(pre).toEqual([[world.defender.id, message.id, "weaponParry"]]);
    expect(after).toHaveLength(1);
    expect(after[0]![0]).toBe(world.gm.id);
    expect(after[0]![1]).toBe(message);
    expect(after[0]![2]).toMatchObject({ defense: { declaration: { choice: "weaponParry" } } });
  });

  it("a false from fangs.preChooseDefense keeps the choice from the GM: the card waits as it was", async () => {
    const t = await table();
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    const revision = stateOf(message).revision;
    listen("preChooseDefense", () => false);
    const after = listen("chooseDefense", () => undefined);
    expect(await ask(world.defender, message, { type: "defend", choice: "weaponParry" })).toMatchObject({
      ok: false,
      code: "cancelled",
    });
    expect(stateOf(message).revision).toBe(revision);
    expect(stateOf(message).stage).toBe("attackRolled");
    expect(after).toHaveLength(0);
  });
});

describe("damage applied", () => {
  async function rolledDamage() {
    const t = await table();
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    await ask(world.defender, message, { type: "defend", choice: "none" });
    world.dice.push(8);
    await ask(world.player, message, { type: "rollDamage" });
    return { t, message };
  }

  it("fangs.preApplyDamage and fangs.applyDamage run on the GM's client with frozen changes and the exact deltas", async () => {
    const { t, message } = await rolledDamage();
    const pre = listen("preApplyDamage", (changes) => {
      // A listener cannot alter what the GM derived.
      expect(() => {
        (changes as { after: number }[])[0]!.after = 999;
      }).toThrow();
    });
    const after = listen("applyDamage", () => undefined);
    const before = pools(t.jenny);
    await ask(world.gm, message, { type: "apply" });
    expect(pre).toHaveLength(1);
    expect(pre[0]![0]).toBe(world.gm.id);
    expect(pools(t.jenny).stun).toBeLessThan(before.stun);
    expect(after).toHaveLength(1);
    expect(after[0]![1]).toEqual(stateOf(message).application?.deltas);
  });

  it("a false from fangs.preApplyDamage writes nothing and leaves the card to be applied again", async () => {
    const { t, message } = await rolledDamage();
    const before = pools(t.jenny);
    listen("preApplyDamage", () => false);
    const after = listen("applyDamage", () => undefined);
    expect(await ask(world.gm, message, { type: "apply" })).toMatchObject({ ok: false, code: "cancelled" });
    expect(pools(t.jenny)).toEqual(before);
    expect(stateOf(message).stage).toBe("damageRolled");
    expect(after).toHaveLength(0);
  });

  it("actor.applyDamage and actor.heal go through the same applier, so the hooks hear them too", async () => {
    const t = await table();
    world.as(world.gm);
    const after = listen("applyDamage", () => undefined);
    const before = pools(t.jenny);
    const jenny = t.jenny as unknown as {
      applyDamage(p: object): Promise<unknown[] | null>;
      heal(p: object): Promise<unknown[] | null>;
    };
    expect(await jenny.applyDamage({ stunPoints: 4, hitPoints: 1 })).toHaveLength(2);
    expect(pools(t.jenny)).toEqual({ stun: before.stun - 4, hp: before.hp - 1 });
    await jenny.heal({ stunPoints: 4, hitPoints: 1 });
    expect(pools(t.jenny)).toEqual(before);
    expect(after).toHaveLength(2);
    expect(lastMessage().content).toBeTruthy();
    // A player may not.
    world.as(world.defender);
    expect(await jenny.applyDamage({ stunPoints: 4 })).toBeNull();
    expect(pools(t.jenny)).toEqual(before);
  });
});
