import { beforeAll, describe, expect, it } from "vitest";
import {
  ask,
  attackWith,
  choices,
  combat,
  itemId,
  lastMessage,
  loadExchange,
  SHIFT,
  sendAttack,
  stateOf,
  table,
} from "../../test/foundry/chat-fixtures";
import { type ChatMessage, world } from "../../test/foundry/chat-stand-in";

/**
 * A hostile player's client, beyond the cards (security.test.ts): raw
 * queries naming a free attack no card offered. Each names the rule of
 * docs/security.md it proves.
 */

beforeAll(async () => {
  await loadExchange();
});

function messages(): ChatMessage[] {
  return [...(game.messages as unknown as Iterable<ChatMessage>)];
}

async function forbidding<T>(work: () => Promise<T>): Promise<T> {
  world.as(world.gm);
  await game.settings!.set("fangs", "attackEnforcement", "forbid");
  try {
    return await work();
  } finally {
    world.as(world.gm);
    await game.settings!.set("fangs", "attackEnforcement", "warn");
  }
}

describe("a free attack is one a GM's card offered (docs/security.md: startAttack)", () => {
  it("a player's query naming a Charge free attack no card offered is refused when the rules forbid the attack", async () => {
    const t = await table();
    await combat([t.gru, { maneuver: "dodgeMelee" }], [t.jenny, { maneuver: "move" }]);
    await forbidding(async () => {
      world.dice.push(15);
      expect(await sendAttack(world.player, choices(t))).toMatchObject({ ok: false });
      expect(await sendAttack(world.player, choices(t, { free: "chargeFreeAttack" }))).toMatchObject({
        ok: false,
      });
      expect(await sendAttack(world.player, choices(t, { free: "dodgePast" }))).toMatchObject({ ok: false });
      world.dice.length = 0;
    });
    expect(messages()).toEqual([]);
  });

  it("NC-MAN-9: a Charge's free attack, taken once from the GM's card, cannot be sent again by its taker", async () => {
    const t = await table();
    await combat([t.gru, { maneuver: "charge" }], [t.jenny, { maneuver: "attack" }]);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [2]);
    expect(await ask(world.defender, message, { type: "takeFreeAttack" })).toMatchObject({ ok: true });
    const { start } = await loadExchange();
    world.as(world.defender);
    world.dice.push(12);
    await start.takeFreeAttack(stateOf(message), { event: SHIFT });
    expect(stateOf(lastMessage()).setup.source).toBe("chargeFreeAttack");
    const posted = messages().length;
    const again = {
      ...choices(t),
      userId: world.defender.id,
      attackerUuid: t.jenny.uuid,
      attackerTokenUuid: t.jennyToken.uuid,
      weaponId: itemId(t.jenny, "Shortsword"),
      targetActorUuid: t.gru.uuid,
      targetTokenUuid: t.gruToken.uuid,
      free: "chargeFreeAttack",
    };
    world.dice.push(12);
    expect(await sendAttack(world.defender, again)).toMatchObject({
      ok: false,
      key: "FANGS.Chat.Refusal.NoOffer",
    });
    world.dice.length = 0;
    expect(messages().length).toBe(posted);
  });
});
