import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ask,
  attackWith,
  combat,
  type ExchangeModules,
  itemId,
  loadExchange,
  pools,
  SHIFT,
  stateOf,
  type Table,
  table,
  target,
} from "../../../../test/foundry/chat-fixtures";
import { type ChatMessage, world } from "../../../../test/foundry/chat-stand-in";

/**
 * The exchange card through the Foundry stand-in: a player attacks, another
 * player defends, the GM applies and undoes; every request goes through the
 * v13 query and the GM's checks. The actors are the sample characters of the
 * packs, prepared by the system's real data models; the dice are scripted.
 */

let authority: ExchangeModules["authority"];
let start: ExchangeModules["start"];

beforeAll(async () => {
  ({ authority, start } = await loadExchange());
});

/** Gru attacks Jenny with his Broadsword (skill 15), the dialog skipped. */
function attack(t: Table, dice: number[]): Promise<ChatMessage> {
  return attackWith(world.player, t.gru, "Broadsword", t.jennyToken, dice);
}

describe("an exchange from attack to undo, through the GM", () => {
  let t: Table;
  beforeEach(async () => {
    t = await table();
  });

  it("posts the attack card with the target captured as UUIDs and the attack's Roll", async () => {
    const message = await attack(t, [15]);
    const state = stateOf(message);
    expect(message.type).toBe("exchange");
    // The player asked; the active GM rolled and posted the card as its author (docs/security.md).
    expect(message.author).toBe(world.gm.id);
    expect(world.gm.queries.map((q) => q.name)).toEqual(["fangs.startAttack"]);
    expect(world.player.queries.map((q) => q.name)).toEqual(["fangs.confirmRequest"]);
    expect(message.speaker).toMatchObject({ actor: t.gru.id });
    expect(state.stage).toBe("attackRolled");
    expect(state.target).toMatchObject({
      actorUuid: t.jenny.uuid,
      tokenUuid: t.jennyToken.uuid,
      name: "Pirate Jenny",
    });
    expect(state.attack?.check).toMatchObject({ skill: 15, natural: 15, total: 30, success: true });
    expect(message.rolls.map((r) => r.total)).toEqual([15]);
    expect(world.dice).toEqual([]);
  });

  it("defends, rolls damage, applies through the GM and undoes exactly", async () => {
    const message = await attack(t, [15]);
    const before = pools(t.jenny);

    // Jenny's player dodges and fails (2 + 17 < 20): the GM's client rolls it.
    world.dice.push(2);
    const defended = await ask(world.defender, message, { type: "defend", choice: "dodge" });
    expect(defended).toEqual({ ok: true, stage: "defenseRolled" });
    expect(world.gm.queries.map((q) => q.name)).toEqual(["fangs.startAttack", "fangs.exchange"]);
    expect(world.defender.queries.map((q) => q.name)).toEqual(["fangs.confirmRequest"]);
    expect(message.updates.at(-1)?.by).toBe(world.gm.id);
    // The card's system is replaced whole by v13's forced replacement, not by an option on the whole update.
    expect(Object.keys(message.updates.at(-1)!.data)).toEqual(["==system", "rolls"]);
    expect(message.updates.at(-1)?.options).not.toHaveProperty("recursive");
    expect(stateOf(message).outcome?.kind).toBe("hit");
    expect(world.dsn.map((d) => d.roll.total)).toEqual([2]);

    // Gru's player rolls the damage: 1d8 (6) + 2 + DM 1 = 9; Jenny's leathers stop 1 of each part.
    world.dice.push(6);
    expect(await ask(world.player, message, { type: "rollDamage" })).toEqual({
      ok: true,
      stage: "damageRolled",
    });
    expect(stateOf(message).damage?.result).toMatchObject({ damage: 9, stunDamage: 8, hitPointDamage: 4 });
    expect(pools(t.jenny)).toEqual(before);

    // Jenny's player asks the GM to apply.
    expect(await ask(world.defender, message, { type: "apply" })).toEqual({ ok: true, stage: "applied" });
    expect(pools(t.jenny)).toEqual({ stun: before.stun - 8, hp: before.hp - 4 });
    expect(stateOf(message).application?.deltas).toEqual([
      {
        kind: "pool",
        actorUuid: t.jenny.uuid,
        pool: "stunPoints",
        before: before.stun,
        after: before.stun - 8,
      },
      { kind: "pool", actorUuid: t.jenny.uuid, pool: "hitPoints", before: before.hp, after: before.hp - 4 },
    ]);

    // The GM undoes it: the pools are back.
    expect(await ask(world.gm, message, { type: "undo" })).toEqual({ ok: true, stage: "undone" });
    expect(pools(t.jenny)).toEqual(before);
    expect(stateOf(message).history.map((h) => h.event)).toEqual([
      "create",
      "defend",
      "rollDamage",
      "apply",
      "undo",
    ]);
  });

  it("NC-RND-9: the damage waits for the defense against this attack: asked first, it is refused and rolls nothing", async () => {
    const message = await attack(t, [15]);
    const before = pools(t.jenny);
    world.dice.push(6);
    const early = await ask(world.player, message, { type: "rollDamage" });
    expect(early).toMatchObject({ ok: false });
    expect(stateOf(message).stage).toBe("attackRolled");
    expect(world.dice).toEqual([6]);
    // The defense comes as attacked, then the damage, from the same card.
    world.dice.unshift(2);
    expect(await ask(world.defender, message, { type: "defend", choice: "dodge" })).toEqual({
      ok: true,
      stage: "defenseRolled",
    });
    expect(await ask(world.player, message, { type: "rollDamage" })).toEqual({
      ok: true,
      stage: "damageRolled",
    });
    expect(stateOf(message).history.map((h) => h.event)).toEqual(["create", "defend", "rollDamage"]);
    expect(pools(t.jenny)).toEqual(before);
  });

  it("keeps a blow taken after the application when undoing (the delta is reverted, not the old value)", async () => {
    const message = await attack(t, [15]);
    world.dice.push(2, 6);
    await ask(world.defender, message, { type: "defend", choice: "dodge" });
    await ask(world.player, message, { type: "rollDamage" });
    const before = pools(t.jenny);
    await ask(world.gm, message, { type: "apply" });
    world.as(world.gm);
    await t.jenny.update({ "system.hitPoints.value": pools(t.jenny).hp - 2 } as never);
    await ask(world.gm, message, { type: "undo" });
    expect(pools(t.jenny)).toEqual({ stun: before.stun, hp: before.hp - 2 });
  });

  it("does not lift a pool over its maximum when the GM healed the target by hand before undoing", async () => {
    const message = await attack(t, [15]);
    world.dice.push(2, 6);
    await ask(world.defender, message, { type: "defend", choice: "dodge" });
    await ask(world.player, message, { type: "rollDamage" });
    const before = pools(t.jenny);
    const max = (t.jenny.system as unknown as { hitPoints: { max: number }; stunPoints: { max: number } })
      .hitPoints.max;
    expect(before.hp).toBe(max);
    await ask(world.gm, message, { type: "apply" });
    // The GM heals Jenny's HP back to full by hand, then undoes the blow: her HP stay full, not above.
    world.as(world.gm);
    await t.jenny.update({ "system.hitPoints.value": max } as never);
    await ask(world.gm, message, { type: "undo" });
    expect(pools(t.jenny)).toEqual({ stun: before.stun, hp: max });
  });
});

describe("applying once: compare-and-set on the card", () => {
  it("applies one time when two users click at once, and a second click changes nothing", async () => {
    const t = await table();
    const message = await attack(t, [15]);
    world.dice.push(2, 6);
    await ask(world.defender, message, { type: "defend", choice: "dodge" });
    await ask(world.player, message, { type: "rollDamage" });
    const before = pools(t.jenny);
    const revision = stateOf(message).revision;

    // Both players click Apply on the same revision of the card, at the same time.
    world.as(world.player);
    const first = authority.requestStep(message.id, { type: "apply" }, revision);
    world.as(world.defender);
    const second = authority.requestStep(message.id, { type: "apply" }, revision);
    const answers = await Promise.all([first, second]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({ ok: false, code: "already-applied" });
    expect(pools(t.jenny)).toEqual({ stun: before.stun - 8, hp: before.hp - 4 });

    // The GM clicking again later does nothing either.
    expect(await ask(world.gm, message, { type: "apply" })).toMatchObject({
      ok: false,
      code: "already-applied",
    });
    expect(pools(t.jenny)).toEqual({ stun: before.stun - 8, hp: before.hp - 4 });
  });
});

describe("the GM's checks refuse forged and misplaced requests", () => {
  let t: Table;
  let message: ChatMessage;
  beforeEach(async () => {
    t = await table();
    message = await attack(t, [15]);
  });

  function payload(overrides: Record<string, unknown> = {}) {
    return {
      messageId: message.id,
      intent: { type: "defend", choice: "dodge" },
      revision: 0,
      userId: world.defender.id,
      requestId: "forgedRequest0001",
      ...overrides,
    };
  }

  async function asGM(p: unknown) {
    world.as(world.gm);
    return authority.handleExchangeQuery(p);
  }

  it("refuses a request in another user's name that this user never sent", async () => {
    expect(await asGM(payload())).toMatchObject({ ok: false, code: "unconfirmed" });
    expect(stateOf(message).stage).toBe("attackRolled");
    expect(world.defender.queries.map((q) => q.name)).toEqual(["fangs.confirmRequest"]);
  });

  it("refuses a request claiming to come from the active GM itself", async () => {
    expect(await asGM(payload({ userId: world.gm.id }))).toMatchObject({ ok: false, code: "spoofed" });
  });

  it("refuses a user who is not connected", async () => {
    world.defender.active = false;
    expect(await asGM(payload())).toMatchObject({ ok: false, code: "unknown-user" });
  });

  it("refuses a malformed payload", async () => {
    for (const bad of [
      null,
      "x",
      payload({ revision: -1 }),
      payload({ intent: { type: "explode" } }),
      payload({ messageId: "../x" }),
    ]) {
      expect(await asGM(bad)).toMatchObject({ ok: false, code: "invalid" });
    }
  });

  it("refuses a user who may not take the step (a stranger defending Jenny)", async () => {
    const answer = await ask(world.stranger, message, { type: "defend", choice: "dodge" });
    expect(answer).toMatchObject({ ok: false, code: "not-permitted" });
    expect(stateOf(message).stage).toBe("attackRolled");
  });

  it("refuses the attacker's player answering for the defender", async () => {
    expect(await ask(world.player, message, { type: "defend", choice: "dodge" })).toMatchObject({
      ok: false,
      code: "not-permitted",
    });
  });

  it("refuses a message that is not an exchange card", async () => {
    // Written by the GM, so it is its type that is refused, not its author.
    world.as(world.gm);
    const messages = globalThis.ChatMessage as unknown as { create(d: unknown): Promise<ChatMessage> };
    const other = await messages.create({
      type: "base",
      content: "hello",
    });
    world.as(world.defender);
    const answer = await authority.requestStep(other.id, { type: "defend", choice: "dodge" }, 0);
    expect(answer).toMatchObject({ ok: false, code: "wrong-message" });
  });

  it("refuses a click on an old revision of the card", async () => {
    world.dice.push(2);
    await ask(world.defender, message, { type: "defend", choice: "dodge" });
    world.as(world.player);
    const stale = await authority.requestStep(message.id, { type: "rollDamage" }, 0);
    expect(stale).toMatchObject({ ok: false, code: "stale" });
  });

  it("refuses a player's undo, and an undo of nothing", async () => {
    world.dice.push(2, 6);
    await ask(world.defender, message, { type: "defend", choice: "dodge" });
    expect(await ask(world.gm, message, { type: "undo" })).toMatchObject({ ok: false, code: "not-applied" });
    await ask(world.player, message, { type: "rollDamage" });
    await ask(world.gm, message, { type: "apply" });
    expect(await ask(world.defender, message, { type: "undo" })).toMatchObject({
      ok: false,
      code: "not-permitted",
    });
  });

  it("refuses a defense the defender does not have, without rolling", async () => {
    // Jenny carries no shield.
    const answer = await ask(world.defender, message, { type: "defend", choice: "shieldParry" });
    expect(answer).toMatchObject({ ok: false, code: "defense-not-allowed" });
    expect(world.dice).toEqual([]);
  });

  it("says so when the target is gone", async () => {
    world.as(world.gm);
    (game.actors as unknown as { delete(id: string): void }).delete(t.jenny.id!);
    const answer = await ask(world.gm, message, { type: "defend", choice: "dodge" });
    expect(answer).toMatchObject({ ok: false, code: "gone", data: { name: "Pirate Jenny" } });
  });

  it("refuses to apply a blow whose target was deleted after the damage, instead of calling it applied", async () => {
    world.dice.push(2, 6);
    await ask(world.defender, message, { type: "defend", choice: "dodge" });
    await ask(world.player, message, { type: "rollDamage" });
    world.as(world.gm);
    (game.actors as unknown as { delete(id: string): void }).delete(t.jenny.id!);
    const answer = await ask(world.gm, message, { type: "apply" });
    expect(answer).toMatchObject({ ok: false, code: "gone", data: { name: "Pirate Jenny" } });
    expect(stateOf(message).stage).toBe("damageRolled");
    expect(await ask(world.gm, message, { type: "cancel" })).toMatchObject({ ok: true, stage: "cancelled" });
  });
});

describe("when no GM is connected", () => {
  it("tells the player and changes nothing; the same click works once a GM is back", async () => {
    const t = await table();
    const message = await attack(t, [15]);
    world.gm.active = false;
    world.gm2.active = false;
    const answer = await ask(world.defender, message, { type: "defend", choice: "dodge" });
    expect(answer).toMatchObject({ ok: false, code: "no-gm" });
    expect(world.notices.at(-1)).toBe(game.i18n!.localize("FANGS.Chat.NoGM"));
    expect(stateOf(message).stage).toBe("attackRolled");
    expect(message.updates).toEqual([]);

    world.gm.active = true;
    world.dice.push(2);
    expect(await ask(world.defender, message, { type: "defend", choice: "dodge" })).toMatchObject({
      ok: true,
    });
  });

  it("goes to the active GM (the lowest id), not to a second GM", async () => {
    const t = await table();
    const message = await attack(t, [15]);
    world.dice.push(2);
    await ask(world.gm2, message, { type: "defend", choice: "dodge" });
    expect(world.gm.queries.map((q) => q.name)).toEqual(["fangs.startAttack", "fangs.exchange"]);
    expect(message.updates.at(-1)?.by).toBe(world.gm.id);
  });
});

describe("targets", () => {
  it("refuses to attack with no target, with several, or at oneself", async () => {
    const t = await table();
    world.as(world.player);
    world.player.targets.clear();
    expect(await start.startAttack(t.gru, t.sword, { event: SHIFT })).toBe(false);
    expect(world.notices.at(-1)).toBe(game.i18n!.localize("FANGS.Chat.Target.None"));

    target(world.player, t.jennyToken);
    world.player.targets.add({ document: t.gruToken, actor: t.gru, name: "Gru" });
    expect(await start.startAttack(t.gru, t.sword, { event: SHIFT })).toBe(false);
    expect(world.notices.at(-1)).toBe(game.i18n!.format("FANGS.Chat.Target.Many", { count: "2" }));

    target(world.player, t.gruToken);
    expect(await start.startAttack(t.gru, t.sword, { event: SHIFT })).toBe(false);
    expect(world.notices.at(-1)).toBe(game.i18n!.localize("FANGS.Chat.Target.Self"));
    expect([...(game.messages as unknown as Iterable<unknown>)]).toEqual([]);
  });

  it("refuses an attack with someone else's actor", async () => {
    const t = await table();
    world.as(world.stranger);
    target(world.stranger, t.jennyToken);
    expect(await start.startAttack(t.gru, t.sword, { event: SHIFT })).toBe(false);
    expect(world.notices.at(-1)).toBe(game.i18n!.format("FANGS.Chat.Error.NotOwner", { name: "Gru" }));
  });
});

describe("autofire against a dodge (NC-MAN-12)", () => {
  it("NC-MAN-12: a burst of 27 dodged with 24 still scores three hits, each rolled and applied", async () => {
    const t = await table();
    world.as(world.gm);
    const sword = t.gru.items.get(itemId(t.gru, "Broadsword"))!;
    await sword.update({ "system.autofire": true } as never);
    const message = await attack(t, [12]);
    const before = pools(t.jenny);

    // Jenny dodges with 7 + 17 = 24: enough against a single blow, three short of the burst.
    world.dice.push(7);
    expect(await ask(world.defender, message, { type: "defend", choice: "dodge" })).toEqual({
      ok: true,
      stage: "defenseRolled",
    });
    expect(stateOf(message).outcome?.kind).toBe("dodged");

    // Three blows of 1d8 + 2 + DM 1: 6, 3 and 1 rolled; Jenny's leathers stop 1 of each part of each.
    world.dice.push(6, 3, 1);
    expect(await ask(world.player, message, { type: "rollDamage" })).toEqual({
      ok: true,
      stage: "damageRolled",
    });
    const result = stateOf(message).damage?.result as unknown as {
      hits: number;
      blows: { damage: number }[];
      stunDamage: number;
      hitPointDamage: number;
    };
    expect(result.hits).toBe(3);
    expect(result.blows.map((b) => b.damage)).toEqual([9, 6, 4]);
    expect(result).toMatchObject({ stunDamage: 8 + 5 + 3, hitPointDamage: 4 + 2 + 1 });
    expect(world.dice).toEqual([]);

    // The blow calls for Jenny's CO check (the rules core's assessBlow): she rolls a 15.
    world.dice.push(15);
    expect(await ask(world.gm, message, { type: "apply" })).toEqual({ ok: true, stage: "applied" });
    expect(pools(t.jenny)).toEqual({ stun: before.stun - 16, hp: before.hp - 7 });
  });

  it("NC-MAN-12: a burst of 27 not dodged scores 27 − 19 = eight hits (it was one blow), and the card says so", async () => {
    const t = await table();
    world.as(world.gm);
    const sword = t.gru.items.get(itemId(t.gru, "Broadsword"))!;
    await sword.update({ "system.autofire": true } as never);
    const message = await attack(t, [12]);

    // Jenny does not defend: the rules core counts the burst as a dodge missed by one.
    expect(await ask(world.defender, message, { type: "defend", choice: "none" })).toMatchObject({
      ok: true,
    });
    expect(stateOf(message).outcome?.kind).toBe("hit");

    // Eight blows of 1d8 + 2 + DM 1.
    world.dice.push(1, 1, 1, 1, 1, 1, 1, 1);
    expect(await ask(world.player, message, { type: "rollDamage" })).toEqual({
      ok: true,
      stage: "damageRolled",
    });
    const result = stateOf(message).damage?.result as unknown as {
      hits: number;
      blows: { damage: number }[];
    };
    expect(result.hits).toBe(8);
    expect(result.blows.map((b) => b.damage)).toEqual([4, 4, 4, 4, 4, 4, 4, 4]);
    expect(world.dice).toEqual([]);

    const { exchangeCardView } = await import("./exchange-view");
    const localize = (key: string, data?: Record<string, unknown>) =>
      `${key}${data ? JSON.stringify(data) : ""}`;
    const view = exchangeCardView(
      stateOf(message),
      { isGM: true, ownsAttacker: false, ownsTarget: false },
      localize,
    );
    const burst = view.damage?.lines.find((l) => l.text.startsWith("FANGS.Chat.Damage.Burst"));
    expect(burst?.text).toContain('"rolls":"4, 4, 4, 4, 4, 4, 4, 4"');
  });

  it("NC-MAN-12: a weapon without autofire is simply dodged, with nothing to roll", async () => {
    const t = await table();
    const message = await attack(t, [12]);
    world.dice.push(7);
    expect(await ask(world.defender, message, { type: "defend", choice: "dodge" })).toEqual({
      ok: true,
      stage: "resolved",
    });
  });
});

describe("NC-DEF-9, NC-MAN-20: a shield's one use, and what Draw Weapon readies, at the table", () => {
  function skillTotal(actor: Table["gru"], key: string): number {
    const skill = actor.items.find((i) => i.type === "skill" && (i.system as { key?: unknown }).key === key);
    return (skill!.system as unknown as { total: number }).total;
  }

  it("NC-DEF-9: Gru bashes Jenny with his Round Shield: Shield Parry rolls it for club damage as his maneuver's attack, and the shield parries no more this round", async () => {
    const t = await table();
    const c = await combat([t.gru, { maneuver: "attack" }], [t.jenny, { maneuver: "attack" }]);
    const bash = await attackWith(world.player, t.gru, "Round Shield", t.jennyToken, [15]);
    const state = stateOf(bash);
    expect(state.weapon).toMatchObject({
      name: "Round Shield",
      kind: "melee",
      damage: "1d6",
      impales: false,
    });
    expect(state.attack?.check.skill).toBe(skillTotal(t.gru, "shieldParry"));
    const gru = c.getCombatantsByActor(t.gru)[0]!;
    expect((gru.system.attacks as { made: string[] }).made).toEqual(["maneuver"]);
    expect((gru.system.defenses as { offHandAttacked: boolean }).offHandAttacked).toBe(true);
    expect(gru.updates.every((u) => u.by === world.gm.id)).toBe(true);

    // Jenny strikes back: the shield's use is spent, the Broadsword still parries.
    const blow = await attackWith(world.defender, t.jenny, "Shortsword", t.gruToken, [15]);
    expect(await ask(world.player, blow, { type: "defend", choice: "shieldParry" })).toMatchObject({
      ok: false,
      code: "defense-not-allowed",
      messageKey: "FANGS.Rules.Defense.Refusal.ShieldBashed",
    });
    world.dice.push(5);
    expect(await ask(world.player, blow, { type: "defend", choice: "weaponParry" })).toMatchObject({
      ok: true,
    });
  });

  it("NC-DEF-9: a shield that parried this round may not bash (the rules' refusal reaches the attacker)", async () => {
    const t = await table();
    await combat([t.gru, { maneuver: "attack" }], [t.jenny, { maneuver: "attack" }]);
    const blow = await attackWith(world.defender, t.jenny, "Shortsword", t.gruToken, [15]);
    world.dice.push(5);
    expect(await ask(world.player, blow, { type: "defend", choice: "shieldParry" })).toMatchObject({
      ok: true,
    });
    await attackWith(world.player, t.gru, "Round Shield", t.jennyToken, [15]);
    expect(world.notices).toContain(game.i18n!.localize("FANGS.Rules.Attack.Refusal.ShieldParried"));
  });

  it("NC-MAN-20: readying his shield under Draw Weapon, Gru may not parry with it; he parries once with the sword in hand", async () => {
    const t = await table();
    await combat(
      [t.gru, { maneuver: "drawWeapon", readying: "offHand", maneuverPerformed: true }],
      [t.jenny, { maneuver: "attack" }],
    );
    const blow = await attackWith(world.defender, t.jenny, "Shortsword", t.gruToken, [15]);
    expect(await ask(world.player, blow, { type: "defend", choice: "shieldParry" })).toMatchObject({
      ok: false,
      messageKey: "FANGS.Rules.Defense.Refusal.BeingReadied",
    });
    expect(await ask(world.player, blow, { type: "defend", choice: "dodge" })).toMatchObject({ ok: false });
    world.dice.push(5);
    expect(await ask(world.player, blow, { type: "defend", choice: "weaponParry" })).toMatchObject({
      ok: true,
    });
    const second = await attackWith(world.defender, t.jenny, "Shortsword", t.gruToken, [15]);
    expect(await ask(world.player, second, { type: "defend", choice: "weaponParry" })).toMatchObject({
      ok: false,
      messageKey: "FANGS.Rules.Defense.Refusal.ParriesUsed",
    });
  });

  it("NC-MAN-20: a Draw Weapon stored without saying what it readies (the sheet, the Token HUD, older combats): the weapon is being drawn and does not parry", async () => {
    const t = await table();
    await combat(
      [t.gru, { maneuver: "attack" }],
      [t.jenny, { maneuver: "drawWeapon", maneuverPerformed: true }],
    );
    const blow = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    expect(await ask(world.defender, blow, { type: "defend", choice: "weaponParry" })).toMatchObject({
      ok: false,
      messageKey: "FANGS.Rules.Defense.Refusal.BeingDrawn",
    });
    expect(await ask(world.defender, blow, { type: "defend", choice: "dodge" })).toMatchObject({ ok: false });
  });

  it("NC-MAN-13, NC-MAN-20: drawing a weapon, the one in hand that is being drawn does not parry", async () => {
    const t = await table();
    // Jenny holds only her Shortsword: used alone it would parry; it is the weapon she is drawing.
    await combat(
      [t.gru, { maneuver: "attack" }],
      [t.jenny, { maneuver: "drawWeapon", readying: "weapon", maneuverPerformed: true }],
    );
    const blow = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    expect(await ask(world.defender, blow, { type: "defend", choice: "weaponParry" })).toMatchObject({
      ok: false,
      messageKey: "FANGS.Rules.Defense.Refusal.BeingDrawn",
    });
  });
});

/**
 * The modifier dialog answered as a player would: the dialog's context (what
 * it offers) is kept, and its answer goes through the system's own reading.
 */
async function attackAnswering(
  user: typeof world.player,
  attacker: Table["gru"],
  weaponName: string,
  token: Table["jennyToken"],
  answer: Record<string, unknown>,
  dice: number[],
): Promise<{ message: ChatMessage | null; offered: Record<string, unknown> | null }> {
  const g = globalThis as unknown as { foundry: Record<string, unknown> };
  const saved = g.foundry.applications;
  let offered: Record<string, unknown> | null = null;
  g.foundry.applications = {
    handlebars: {
      renderTemplate: async (_path: string, context: Record<string, unknown>) => {
        offered = context;
        return "";
      },
    },
    api: { DialogV2: { wait: async () => ({ rollMode: "publicroll", ...answer }) } },
  };
  try {
    world.as(user);
    target(user, token);
    world.dice.push(...dice);
    const before = (game.messages as unknown as { size: number }).size;
    const posted = await start.startAttack(attacker, itemId(attacker, weaponName), {});
    const messages = [...(game.messages as unknown as Iterable<ChatMessage>)];
    return { message: posted && messages.length > before ? messages.at(-1)! : null, offered };
  } finally {
    g.foundry.applications = saved;
  }
}

describe("what a weapon's blow is made of, through the attack dialog and the card", () => {
  let t: Table;
  beforeEach(async () => {
    t = await table();
  });

  it("NC-SUB-4, NC-SUB-1: a Broadsword offers the flat of the blade, not subdual; its edge takes Jenny's HP", async () => {
    const { message, offered } = await attackAnswering(
      world.player,
      t.gru,
      "Broadsword",
      t.jennyToken,
      { subdual: "on", mode: "strike" },
      [15],
    );
    expect(offered).toMatchObject({ subdual: false, modes: { flatOfBlade: expect.any(String) } });
    expect(stateOf(message!).setup.subdual).toBe(false);
    const before = pools(t.jenny);
    // A failed dodge; 1d8 (6) + 2 + DM 1 = 9, Jenny's leathers stop 1 of each part: HP is taken.
    world.dice.push(2);
    await ask(world.defender, message!, { type: "defend", choice: "dodge" });
    world.dice.push(6);
    await ask(world.player, message!, { type: "rollDamage" });
    await ask(world.gm, message!, { type: "apply" });
    expect(pools(t.jenny)).toEqual({ stun: before.stun - 8, hp: before.hp - 4 });
  });

  it("NC-SUB-4: Gru subdues Jenny with a kick, a natural weapon: only Stun is taken, and the card says so", async () => {
    const { message, offered } = await attackAnswering(
      world.player,
      t.gru,
      "Kick",
      t.jennyToken,
      { subdual: "on" },
      [15],
    );
    expect(offered).toMatchObject({ subdual: true, modes: null });
    expect(stateOf(message!).setup.subdual).toBe(true);
    const before = pools(t.jenny);
    // A failed dodge; 1d4 (4) + DM 1 = 5, less her leathers: 4 Stun, the HP part left untracked.
    world.dice.push(2);
    await ask(world.defender, message!, { type: "defend", choice: "dodge" });
    world.dice.push(4);
    await ask(world.player, message!, { type: "rollDamage" });
    await ask(world.gm, message!, { type: "apply" });
    expect(pools(t.jenny)).toEqual({ stun: before.stun - 4, hp: before.hp });
    const { exchangeCardView } = await import("./exchange-view");
    const { viewerOf } = await import("./exchange-render");
    const view = exchangeCardView(stateOf(message!), viewerOf(stateOf(message!)).viewer, (k) => k);
    expect(JSON.stringify(view)).toContain("FANGS.Chat.Mode.Subdual");
  });

  it("NC-SUB-1, NC-SUB-4, NC-DMG-13: an impaling kick that subdues does not stick in Jenny: Stun only, no round damage", async () => {
    world.as(world.gm);
    await t.gru.items.get(itemId(t.gru, "Kick"))!.update({ "system.impales": true } as never);
    // Kick 8: a natural 20, then 2 + 8, a Special; not impaling, so the maximum 1d4 4 + DM 1 = 5, no die rolled.
    const { message } = await attackAnswering(
      world.player,
      t.gru,
      "Kick",
      t.jennyToken,
      { subdual: "on" },
      [20, 2],
    );
    expect(stateOf(message!).attack?.check.level).toBe(3);
    const before = pools(t.jenny);
    await ask(world.defender, message!, { type: "defend", choice: "none" });
    expect(await ask(world.player, message!, { type: "rollDamage" })).toMatchObject({ ok: true });
    expect(world.dice).toEqual([]);
    expect(stateOf(message!).damage?.result).toMatchObject({ damage: 5, impaled: false, hitPointDamage: 0 });
    await ask(world.gm, message!, { type: "apply" });
    expect(pools(t.jenny)).toEqual({ stun: before.stun - 4, hp: before.hp });
    expect(t.jenny.statuses.has("impaled")).toBe(false);
    expect([...t.jenny.effects]).toEqual([]);
  });

  it("NC-TAC-2, NC-SUB-2: struck with the flat, the Broadsword's trade cap is the club's 6, not its own 10", async () => {
    const refused = await attackAnswering(
      world.player,
      t.gru,
      "Broadsword",
      t.jennyToken,
      { mode: "flatOfBlade", attackToDamage: "7" },
      [],
    );
    expect(refused.message).toBeNull();
    expect(world.notices.at(-1)).toMatch(/at most 6 points/);
    const { message } = await attackAnswering(
      world.player,
      t.gru,
      "Broadsword",
      t.jennyToken,
      { mode: "flatOfBlade", attackToDamage: "6" },
      [15],
    );
    expect(stateOf(message!).setup).toMatchObject({ mode: "flatOfBlade" });
    expect(stateOf(message!).setup.trades.extraDamageModifier).toBe(6);
  });

  it("NC-TAC-2, NC-DMG-19: Jenny's enchanted Shortsword strikes back at Gru with its enchantment", async () => {
    world.as(world.gm);
    await t.jenny.items.get(itemId(t.jenny, "Shortsword"))!.update({ "system.damageBonus": 2 } as never);
    const message = await attack(t, [15]);
    // Jenny's parry: 19, then 10 + 12, a Critical.
    world.dice.push(19, 10);
    await ask(world.defender, message, { type: "defend", choice: "weaponParry" });
    expect(stateOf(message).outcome?.kind).toBe("criticalParry");
    world.dice.push(6); // 1d6 → 6 + 1, and the enchantment 2: 9
    await ask(world.defender, message, { type: "rollDamage" });
    expect(world.dice).toEqual([]);
    expect(stateOf(message).damage?.result).toMatchObject({ counterDamage: 9 });
  });

  it("CORE-CHR-8: Jenny's crossbow is shot: her DM is not added, and no attack point may go to its damage", async () => {
    world.as(world.gm);
    // ST 20 and SZ 10 make a DM of 2 (1d2), which her Shortsword would add.
    await t.jenny.update({ "system.characteristics.st": 20 } as never);
    const { message, offered } = await attackAnswering(
      world.defender,
      t.jenny,
      "Light Crossbow",
      t.gruToken,
      { attackToDamage: "3" },
      [15],
    );
    expect((offered?.trades as { name: string }[] | null)?.map((x) => x.name) ?? []).not.toContain(
      "attackToDamage",
    );
    expect(stateOf(message!).setup.trades.extraDamageModifier).toBe(0);
    // Gru's dodge fails; 2d4 (3, 4) + 2 = 9 and no d2 after it.
    world.dice.push(2);
    await ask(world.player, message!, { type: "defend", choice: "dodge" });
    world.dice.push(3, 4);
    expect(await ask(world.defender, message!, { type: "rollDamage" })).toMatchObject({ ok: true });
    expect(stateOf(message!).damage?.result?.damage).toBe(9);
    expect(world.dice).toEqual([]);
  });

  it("NC-TAC-2: the Broadsword's enchantment adds to the damage, and its trade cap stays the base 10", async () => {
    world.as(world.gm);
    await t.gru.items.get(t.sword)!.update({ "system.damageBonus": 2 } as never);
    const skill = [...t.gru.items].find(
      (i) => i.type === "skill" && (i.system as { key?: string }).key === "broadsword",
    )!;
    await skill.update({ "system.bought": 14 } as never);
    // 11 points: within his 14 bought, past the base maximum 10 (the enchantment does not raise it).
    const refused = await attackAnswering(
      world.player,
      t.gru,
      "Broadsword",
      t.jennyToken,
      { attackToDamage: "11" },
      [],
    );
    expect(refused.message).toBeNull();
    expect(world.notices.at(-1)).toMatch(/at most 10 points/);
    const { message } = await attackAnswering(
      world.player,
      t.gru,
      "Broadsword",
      t.jennyToken,
      { attackToDamage: "10" },
      [15],
    );
    expect(stateOf(message!).setup.trades.extraDamageModifier).toBe(10);
    // No defense; 1d8 (5) + 2 + enchantment 2, then DM 1 + 10 traded = 11 as 1d10 + 1 (7 + 1).
    await ask(world.defender, message!, { type: "defend", choice: "none" });
    world.dice.push(5, 7);
    await ask(world.player, message!, { type: "rollDamage" });
    expect(stateOf(message!).damage?.result?.damage).toBe(5 + 2 + 2 + 7 + 1);
  });

  it("NC-DEF-9, NC-SUB-4: Gru's shield bash offers no flat of the blade nor subdual, and the card labels it a shield bash", async () => {
    const { message, offered } = await attackAnswering(
      world.player,
      t.gru,
      "Round Shield",
      t.jennyToken,
      // A stale form or a macro asking for the flat of the blade is not taken either.
      { mode: "flatOfBlade", subdual: "on" },
      [15],
    );
    expect(offered).toMatchObject({ modes: null, subdual: false });
    expect(stateOf(message!).setup).toMatchObject({ mode: "strike", subdual: false });
    const { exchangeCardView } = await import("./exchange-view");
    const { viewerOf } = await import("./exchange-render");
    const view = exchangeCardView(stateOf(message!), viewerOf(stateOf(message!)).viewer, (k) => k);
    expect(view.bash).toBe("FANGS.Chat.ShieldBash");
    const sword = await attackAnswering(world.player, t.gru, "Broadsword", t.jennyToken, {}, [15]);
    expect(
      exchangeCardView(stateOf(sword.message!), viewerOf(stateOf(sword.message!)).viewer, (k) => k).bash,
    ).toBeNull();
  });

  it("NC-TAC-3: a trade the rules refuse is told in the player's words, not the rules core's message", async () => {
    const refused = await attackAnswering(
      world.player,
      t.gru,
      "Broadsword",
      t.jennyToken,
      { parryToAttack: "99" },
      [],
    );
    expect(refused.message).toBeNull();
    const said = world.notices.at(-1)!;
    expect(said).toBe(
      `${game.i18n!.localize("FANGS.Chat.Rules.InvalidTrade")} ${game.i18n!.format("FANGS.Chat.Trade.Refusal.ParryBought", { bought: "7" })}`,
    );
    expect(said).not.toMatch(/asked/);
  });
});
