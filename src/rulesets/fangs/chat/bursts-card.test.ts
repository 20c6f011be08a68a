import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ask, attackWith, loadExchange, makeActor, stateOf } from "../../../../test/foundry/chat-fixtures";
import { type ChatMessage, type TokenDocument, world } from "../../../../test/foundry/chat-stand-in";
import { previewLocalize } from "../../../../test/preview/fixtures/page";
import type { AutofireDamage } from "../../../rules/fangs/autofire";
import { RulesOptionsModel } from "../config/settings";
import { exchangeCardView } from "./exchange-view";

/**
 * The bursts and area fire module at the table (RHF-AUT-1 on FANGS): the
 * Troll-Martian's blaster rifle fires a burst at Pirate Jenny through the
 * GM, and the card shows each roll and the hits it put through.
 */

beforeAll(async () => {
  await loadExchange();
});

interface Shooting {
  readonly troll: Actor.Implementation;
  readonly jenny: Actor.Implementation;
  readonly jennyToken: TokenDocument;
}

async function shooting(module: boolean): Promise<Shooting> {
  world.reset();
  await game.settings.set("fangs", "rules", new RulesOptionsModel({ areaFireModule: module }));
  const troll = await makeActor("creatures/troll-martian.json", world.player.id);
  const jenny = await makeActor("characters/pirate-jenny.json", world.defender.id);
  world.token(troll as never, "Troll-Martian");
  return { troll, jenny, jennyToken: world.token(jenny as never, "Pirate Jenny") };
}

function fire(s: Shooting, dice: number[]): Promise<ChatMessage> {
  return attackWith(world.player, s.troll, "Blaster Rifle", s.jennyToken, dice);
}

function cardText(message: ChatMessage): string[] {
  const view = exchangeCardView(
    stateOf(message),
    { isGM: true, ownsAttacker: false, ownsTarget: false },
    previewLocalize,
  );
  return [...view.burst.map((l) => l.text), ...(view.damage?.lines ?? []).map((l) => l.text)];
}

describe("a burst on the exchange card (RHF-AUT-1 on FANGS, the bursts and area fire module)", () => {
  beforeEach(() => {
    world.dice.length = 0;
  });

  it("off, the blaster's attack is one roll, as before the module", async () => {
    const s = await shooting(false);
    const message = await fire(s, [15]);
    expect(stateOf(message).attack?.burst).toBeUndefined();
    expect(message.rolls).toHaveLength(1);
    expect(cardText(message)).toEqual([]);
  });

  it("RHF-AUT-1 (FANGS module): the GM rolls three checks and the d6 of each success; the card shows each roll and the hits it put through", async () => {
    const s = await shooting(true);
    // Three d20s (12, 5, 15), then a d6 for each success (6: three hits, 4: two).
    const message = await fire(s, [12, 5, 15, 6, 4]);
    const state = stateOf(message);
    expect(state.attack?.burst?.map((b) => [b.check.natural, b.face, b.hits])).toEqual([
      [12, 6, 3],
      [5, null, 0],
      [15, 4, 2],
    ]);
    expect(state.stage).toBe("attackRolled");
    const rolls = cardText(message);
    expect(rolls).toHaveLength(3);
    expect(rolls[0]).toMatch(/^Roll 1: d20 12, total \d+, Success; d6 6: 3 hits, if it gets through\.$/);
    expect(rolls[1]).toMatch(/^Roll 2: d20 5, total \d+, Failure; no hits\.$/);
    expect(rolls[2]).toMatch(/^Roll 3: d20 15, total \d+, Success; d6 4: 2 hits, if it gets through\.$/);

    // Jenny dodges and fails: every success lands; five hits, each its own damage roll.
    world.dice.push(2);
    expect(await ask(world.defender, message, { type: "defend", choice: "dodge" })).toMatchObject({
      ok: true,
    });
    expect(stateOf(message).outcome?.kind).toBe("hit");
    world.dice.push(...Array.from({ length: 10 }, () => 1));
    expect(await ask(world.player, message, { type: "rollDamage" })).toMatchObject({ ok: true });
    const damage = stateOf(message).damage?.result as AutofireDamage;
    expect(damage.hits).toBe(5);
    expect(damage.perRoll).toEqual([3, 0, 2]);
    expect(cardText(message)).toContain("Hits through the defense, roll by roll: 3, 0, 2.");
    expect(cardText(message)[0]).toMatch(
      /^Roll 1: d20 12, total \d+, Success; d6 6: 3 through the defense\.$/,
    );
  });

  it("RHF-AUT-1 (FANGS module): a made dodge stops the plain rolls, and the card resolves it as dodged", async () => {
    const s = await shooting(true);
    const message = await fire(s, [12, 5, 15, 6, 4]);
    // A dodge of natural 18: made, and not a Special for Jenny's Dodge.
    world.dice.push(18);
    expect(await ask(world.defender, message, { type: "defend", choice: "dodge" })).toMatchObject({
      ok: true,
    });
    const state = stateOf(message);
    expect(state.defense?.roll?.check?.success).toBe(true);
    expect(state.outcome?.kind).toBe("dodged");
    expect(state.stage).toBe("resolved");
    expect(state.damage).toBeNull();
    // The card no longer offers the stopped rolls' hits.
    const lines = cardText(message);
    expect(lines[0]).toMatch(/^Roll 1: d20 12, total \d+, Success; d6 6, stopped by the defense\.$/);
    expect(lines[2]).toMatch(/^Roll 3: d20 15, total \d+, Success; d6 4, stopped by the defense\.$/);
  });
});
