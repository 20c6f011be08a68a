import { beforeAll, describe, expect, it } from "vitest";
import {
  ask,
  attackWith,
  combat,
  type ExchangeModules,
  itemId,
  itemSp,
  lastMessage,
  loadExchange,
  makeActor,
  pools,
  SHIFT,
  setRound,
  stateOf,
  table,
  target,
} from "../../../../test/foundry/chat-fixtures";
import { Roll, world } from "../../../../test/foundry/chat-stand-in";
import { byTag, parse } from "../../../../test/handlebars/html";
import { createTemplateRenderer } from "../../../../test/handlebars/render";
import { fangsRound } from "../combat/combatant-round";

/**
 * What applying an exchange does to the documents, and undoing it: item SP,
 * stuck weapons, statuses and lost actions set from the rules' effects; the
 * round's counters; fumbles; roll modes and Dice So Nice; the card as each
 * user sees it; the hotbar macro. Through the Foundry stand-in, with the
 * packs' sample characters and scripted dice.
 */

let modules: ExchangeModules;
beforeAll(async () => {
  modules = await loadExchange();
});

function equipped(actor: Actor.Implementation, name: string): boolean {
  return (actor.items.get(itemId(actor, name))!.system as unknown as { equipped: boolean }).equipped;
}

// biome-ignore lint/suspicious/noExplicitAny: a hostile copy may put anything anywhere
type Loose = any;

/**
 * Posts a copy of a card, changed by `change`, as `user`, and has the active
 * GM's client count it as it counts the cards it posts (recordNewAttack): a
 * GM's copy tests what the count trusts of a GM-written card, a player's
 * copy that a card no GM wrote is not counted at all.
 */
async function repost(
  user: typeof world.player,
  card: Parameters<typeof stateOf>[0],
  change: (state: Loose) => void,
): Promise<unknown> {
  const state = JSON.parse(JSON.stringify(stateOf(card))) as Loose;
  change(state);
  world.as(user);
  const create = (ChatMessage as unknown as { create(data: unknown): Promise<unknown> }).create;
  const message = await create.call(ChatMessage, { type: "exchange", system: state });
  world.as(world.gm);
  const { recordNewAttack } = await import("./exchange-flow");
  await recordNewAttack(message as never);
  return message;
}

describe("a parry wears the parrying weapon, and undo gives its SP back", () => {
  it("NC-DMG-6: Gru's 11 against Jenny's Shortsword (SP 8) nicks it and 3 get through", async () => {
    const t = await table();
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    // Jenny parries with her Shortsword: 8 + 12 = 20.
    world.dice.push(8);
    expect(await ask(world.defender, message, { type: "defend", choice: "weaponParry" })).toMatchObject({
      ok: true,
    });
    expect(stateOf(message).outcome?.kind).toBe("parried");
    world.dice.push(8); // 1d8 → 8 + 2 + DM 1 = 11
    await ask(world.player, message, { type: "rollDamage" });
    const before = pools(t.jenny);
    await ask(world.gm, message, { type: "apply" });
    expect(itemSp(t.jenny, "Shortsword")).toBe(7);
    // 3 over the item: 3 − 1 armor Stun, ⌈3/2⌉ − 1 HP.
    expect(pools(t.jenny)).toEqual({ stun: before.stun - 2, hp: before.hp - 1 });
    expect(stateOf(message).application?.deltas).toContainEqual({
      kind: "itemSp",
      actorUuid: t.jenny.uuid,
      itemId: itemId(t.jenny, "Shortsword"),
      before: 8,
      after: 7,
    });
    await ask(world.gm, message, { type: "undo" });
    expect(itemSp(t.jenny, "Shortsword")).toBe(8);
    expect(pools(t.jenny)).toEqual(before);
  });

  it("NC-DMG-5: the damage reads the parrying item's SP as it is then, not as it was at the defense", async () => {
    const t = await table();
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    world.dice.push(8);
    await ask(world.defender, message, { type: "defend", choice: "weaponParry" });
    // Another exchange wore the Shortsword down to 2 SP before this one's damage is rolled.
    world.as(world.gm);
    await t.jenny.items.get(itemId(t.jenny, "Shortsword"))!.update({ "system.itemSp.value": 2 } as never);
    world.dice.push(8); // 11 against 2 SP: 9 get through, the HP part (6) over 2 SP shatters it
    await ask(world.player, message, { type: "rollDamage" });
    expect(stateOf(message).damage?.result).toMatchObject({
      stunDamage: 8,
      hitPointDamage: 4,
      parryItemWear: 2,
      parryItemShattered: true,
    });
    const before = pools(t.jenny);
    await ask(world.gm, message, { type: "apply" });
    expect(itemSp(t.jenny, "Shortsword")).toBe(0);
    expect(pools(t.jenny)).toEqual({ stun: before.stun - 8, hp: before.hp - 4 });
  });

  it("NC-DMG-18: a Special parry wears the attacking weapon from its SP as it is then", async () => {
    const t = await table();
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    // Jenny's Special parry (a natural 19, not confirmed as a Critical).
    world.dice.push(19, 1);
    await ask(world.defender, message, { type: "defend", choice: "weaponParry" });
    expect(stateOf(message).outcome?.kind).toBe("specialParry");
    // Gru's sword was worn down to 3 SP by another exchange meanwhile.
    world.as(world.gm);
    await t.gru.items.get(t.sword)!.update({ "system.itemSp.value": 3 } as never);
    world.dice.push(6); // the Shortsword's damage against the Broadsword: more than its 3 SP left
    await ask(world.defender, message, { type: "rollDamage" });
    expect(world.dice).toEqual([]);
    expect(stateOf(message).damage?.result).toMatchObject({ weaponWear: 3, weaponShattered: true });
    await ask(world.gm, message, { type: "apply" });
    expect(itemSp(t.gru, "Broadsword")).toBe(0);
  });
});

describe("an impaling Special leaves the weapon stuck in its target", () => {
  it("NC-DMG-11: the stuck weapon is an effect on Gru carrying the impaled status; undo removes it", async () => {
    const t = await table();
    // Jenny (skill 12) rolls 19: a Special; the second roll 2 + 12 keeps it a Special.
    const message = await attackWith(world.defender, t.jenny, "Shortsword", t.gruToken, [19, 2]);
    expect(stateOf(message).attack?.check.level).toBe(3);
    await ask(world.player, message, { type: "defend", choice: "none" });
    expect(stateOf(message).stage).toBe("defenseChosen");
    world.dice.push(5); // 1d6 → 5 + 1 = 6, all of it to Stun and HP, less 3 armor
    await ask(world.defender, message, { type: "rollDamage" });
    const before = pools(t.gru);
    await ask(world.player, message, { type: "apply" });
    expect(pools(t.gru)).toEqual({ stun: before.stun - 3, hp: before.hp - 3 });
    expect(t.gru.statuses.has("impaled")).toBe(true);
    const stuck = modules.render && (await import("../../../chat/stuck-weapons")).stuckWeapons(t.gru);
    expect(stuck).toEqual([
      {
        effectId: expect.any(String),
        stuck: {
          ownerUuid: t.jenny.uuid,
          itemId: itemId(t.jenny, "Shortsword"),
          inItemId: null,
          perRoundDamage: "1d6+1",
        },
      },
    ]);
    await ask(world.gm, message, { type: "undo" });
    expect(t.gru.statuses.has("impaled")).toBe(false);
    expect([...t.gru.effects]).toEqual([]);
    expect(pools(t.gru)).toEqual(before);
  });
});

describe("statuses and lost actions from the blow's consequences", () => {
  it("CORE-CON-1: a Critical for 11 (more than half of Jenny's 21 Stun) calls for a CO check; failed, she is stunned and loses her next action", async () => {
    const t = await table();
    const c = await combat([t.gru, { maneuver: "attack" }], [t.jenny, { maneuver: "attack" }]);
    // 19 then 5 + 15 = 20: a Critical; the Broadsword does not impale, so maximum damage ignoring armor.
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [19, 5]);
    expect(stateOf(message).attack?.check.level).toBe(4);
    await ask(world.defender, message, { type: "defend", choice: "none" });
    await ask(world.player, message, { type: "rollDamage" });
    expect(stateOf(message).damage?.result).toMatchObject({
      damage: 11,
      maximum: true,
      stunDamage: 11,
      hitPointDamage: 6,
    });
    const before = pools(t.jenny);
    world.dice.push(3); // CO check: 3 + 11 < 20
    await ask(world.gm, message, { type: "apply" });
    const jennyCombatant = c.getCombatantsByActor(t.jenny)[0]!;
    expect(t.jenny.statuses.has("stunned")).toBe(true);
    expect(jennyCombatant.system.actionLost).toBe(true);
    const application = stateOf(message).application!;
    expect(application.consequences[0]?.coCheck).toMatchObject({ natural: 3, success: false });
    expect(message.rolls.at(-1)?.total).toBe(3);

    await ask(world.gm, message, { type: "undo" });
    expect(t.jenny.statuses.has("stunned")).toBe(false);
    expect(jennyCombatant.system.actionLost).toBe(false);
    expect(pools(t.jenny)).toEqual(before);
  });

  it("CORE-CON-2, CORE-CON-3: a blow that takes Stun and HP below zero sets unconscious and dying", async () => {
    const t = await table();
    world.as(world.gm);
    await t.jenny.update({ "system.stunPoints.value": 5, "system.hitPoints.value": 3 } as never);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    await ask(world.defender, message, { type: "defend", choice: "none" });
    world.dice.push(8);
    await ask(world.player, message, { type: "rollDamage" });
    await ask(world.gm, message, { type: "apply" });
    expect(pools(t.jenny)).toEqual({ stun: -5, hp: -2 });
    expect([...t.jenny.statuses].sort()).toEqual(["dying", "unconscious"]);
    await ask(world.gm, message, { type: "undo" });
    expect([...t.jenny.statuses]).toEqual([]);
    expect(pools(t.jenny)).toEqual({ stun: 5, hp: 3 });
  });
});

describe("the round's defenses, counted on the combatant", () => {
  it("offers a second dodge no more once the Move maneuver's one dodge is used", async () => {
    const t = await table();
    // Jenny has moved (her Initiative turn is behind her): no NC-MAN-2 dodge instead.
    const c = await combat(
      [t.gru, { maneuver: "attack" }],
      [t.jenny, { maneuver: "move", maneuverPerformed: true }],
    );
    const first = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    world.dice.push(2);
    await ask(world.defender, first, { type: "defend", choice: "dodge" });
    const jenny = c.getCombatantsByActor(t.jenny)[0]!;
    expect((jenny.system.defenses as { dodges: number }).dodges).toBe(1);
    // The attack was counted on Gru's combatant too, by the active GM's client.
    const gru = c.getCombatantsByActor(t.gru)[0]!;
    expect((gru.system.attacks as { made: string[] }).made).toEqual(["maneuver"]);
    expect(gru.updates.map((u) => u.by)).toEqual([world.gm.id]);

    const second = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    const refused = await ask(world.defender, second, { type: "defend", choice: "dodge" });
    expect(refused).toMatchObject({
      ok: false,
      code: "defense-not-allowed",
      messageKey: "FANGS.Rules.Defense.Refusal.DodgesUsed",
    });
    world.dice.push(8);
    expect(await ask(world.defender, second, { type: "defend", choice: "weaponParry" })).toMatchObject({
      ok: true,
    });
    expect((jenny.system.defenses as { weaponParries: number }).weaponParries).toBe(1);
  });

  it("counts the defense on the card's own combat while the GM views another scene (game.combat is not it)", async () => {
    const t = await table();
    const c = await combat(
      [t.gru, { maneuver: "attack" }],
      [t.jenny, { maneuver: "move", maneuverPerformed: true }],
    );
    const first = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    // The GM's client (and the defender's) now view a scene without this combat.
    world.viewedCombat = null;
    world.dice.push(2);
    await ask(world.defender, first, { type: "defend", choice: "dodge" });
    const jenny = c.getCombatantsByActor(t.jenny)[0]!;
    expect((jenny.system.defenses as { dodges: number }).dodges).toBe(1);
    world.viewedCombat = undefined;
    const second = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    world.viewedCombat = null;
    expect(await ask(world.defender, second, { type: "defend", choice: "dodge" })).toMatchObject({
      ok: false,
      messageKey: "FANGS.Rules.Defense.Refusal.DodgesUsed",
    });
  });

  it("NC-TAC-3: parry points traded to the attack lower the attacker's parry and dodge on its combatant", async () => {
    const t = await table();
    const c = await combat([t.gru, { maneuver: "attack" }], [t.jenny, { maneuver: "move" }]);
    const { createExchange } = await import("./exchange-create");
    const { attackSetup } = await import("../apps/attack/attack-setup");
    const { applyTrades } = await import("../../../rules/fangs/trades");
    const trade = applyTrades(
      {
        attackSkill: { natural: 8, bought: 7, total: 15 },
        parrySkill: { natural: 8, bought: 7, total: 15 },
        weaponBaseDamage: "1d8+2",
      },
      { parryToAttack: 3 },
    );
    // createExchange is the active GM's (start-attack.ts asks it for the player).
    world.as(world.gm);
    world.dice.push(12);
    const result = await createExchange({
      attacker: t.gru,
      attackerToken: null,
      weapon: t.gru.items.get(t.sword)!,
      target: { actorUuid: t.jenny.uuid, tokenUuid: t.jennyToken.uuid, name: "Pirate Jenny", img: "" },
      setup: attackSetup({
        skill: 15,
        answers: {
          situational: 0,
          attackToDamage: 0,
          parryToAttack: 3,
          attackToParry: 0,
          mode: "strike",
          subdual: false,
          rollMode: "publicroll",
          special: null,
        },
        slot: null,
        trade,
        special: null,
        maneuver: "attack",
        combat: { id: c.id, round: 1, phase: "melee" },
      }),
      special: null,
      rollMode: "publicroll",
    });
    expect(result.ok && result.state.attack?.check).toMatchObject({ modifiers: 3, total: 30 });
    const gru = c.getCombatantsByActor(t.gru)[0]!;
    expect(gru.system.tradeShift).toEqual({ parry: -3, dodge: -3 });
    expect(gru.updates.every((u) => u.by === world.gm.id)).toBe(true);
  });

  it("warns, and still lets the attack go, when the rules refuse it and the setting is warn", async () => {
    const t = await table();
    await combat([t.gru, { maneuver: "dodgeMelee" }], [t.jenny, { maneuver: "move" }]);
    await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    expect(world.notices).toContain(game.i18n!.localize("FANGS.Rules.Attack.Refusal.ManeuverNoAttack"));
  });

  it("stops a player's attack the rules refuse when the setting is forbid", async () => {
    const t = await table();
    await combat([t.gru, { maneuver: "dodgeMelee" }], [t.jenny, { maneuver: "move" }]);
    world.as(world.gm);
    await game.settings!.set("fangs", "attackEnforcement", "forbid");
    try {
      world.as(world.player);
      target(world.player, t.jennyToken);
      world.dice.push(15);
      expect(await modules.start.startAttack(t.gru, t.sword, { event: SHIFT })).toBe(false);
      expect(world.notices.at(-1)).toBe(game.i18n!.localize("FANGS.Rules.Attack.Refusal.ManeuverNoAttack"));
      expect(world.dice).toEqual([15]);
    } finally {
      world.as(world.gm);
      await game.settings!.set("fangs", "attackEnforcement", "warn");
    }
  });
});

describe("a fumbled attack: the GM's ruling", () => {
  it("NC-DMG-21: the Luck roll suggests, the GM rules the weapon dropped; apply unequips it and undo gives it back", async () => {
    const t = await table();
    // Two natural 1s: a fumble; Gru's Luck 9 rolls 5: 14, failed.
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [1, 1, 5]);
    const state = stateOf(message);
    expect(state.stage).toBe("fumbled");
    expect(state.outcome?.fumble?.check.natural).toBe(5);
    expect(await ask(world.player, message, { type: "resolveFumble", option: "dropWeapon" })).toMatchObject({
      ok: false,
      code: "not-permitted",
    });
    expect(await ask(world.gm, message, { type: "resolveFumble", option: "dropWeapon" })).toMatchObject({
      ok: true,
      stage: "damageRolled",
    });
    await ask(world.gm, message, { type: "apply" });
    expect(equipped(t.gru, "Broadsword")).toBe(false);
    await ask(world.gm, message, { type: "undo" });
    expect(equipped(t.gru, "Broadsword")).toBe(true);
  });

  it("hits the attacker himself when the GM rules so", async () => {
    const t = await table();
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [1, 1, 5]);
    world.dice.push(4); // 4 + 2 + 1 = 7 against his own leather (3)
    await ask(world.gm, message, { type: "resolveFumble", option: "hitSelf" });
    const before = pools(t.gru);
    await ask(world.gm, message, { type: "apply" });
    expect(pools(t.gru)).toEqual({ stun: before.stun - 4, hp: before.hp - 1 });
  });
});

describe("a fumble near a grapple (NC-GRP-5)", () => {
  it("NC-GRP-5: Gru's fumble on Jenny, held by a Cave Bear, strikes the bear when the GM rules so", async () => {
    const t = await table();
    const bear = await makeActor("creatures/cave-bear.json");
    world.token(bear as never, "Cave Bear");
    (t.jenny as unknown as { statuses: Set<string> }).statuses.add("grappled");
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [1, 1, 5]);
    expect(stateOf(message).stage).toBe("fumbled");
    const [gru, jenny, held] = [pools(t.gru), pools(t.jenny), pools(bear)];
    world.dice.push(6); // 6 + 2 + 1 = 9 on the bear
    expect(
      await ask(world.gm, message, { type: "resolveFumble", option: "hitAnother", victimUuid: bear.uuid }),
    ).toMatchObject({ ok: true, stage: "damageRolled" });
    expect(stateOf(message).fumble?.victim?.actorUuid).toBe(bear.uuid);
    await ask(world.gm, message, { type: "apply" });
    expect(pools(bear).stun).toBeLessThan(held.stun);
    expect([pools(t.gru), pools(t.jenny)]).toEqual([gru, jenny]);
  });
});

describe("a Charge that does no harm gives its target a free attack", () => {
  it("NC-MAN-9: offered on the card, taken once, and aimed back at the charger", async () => {
    const t = await table();
    await combat([t.gru, { maneuver: "charge" }], [t.jenny, { maneuver: "attack" }]);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [2]);
    const state = stateOf(message);
    expect(state.stage).toBe("resolved");
    expect(state.freeAttack).toMatchObject({ attackerId: t.jenny.uuid, targetId: t.gru.uuid, taken: false });
    expect(await ask(world.player, message, { type: "takeFreeAttack" })).toMatchObject({
      code: "not-permitted",
    });
    expect(await ask(world.defender, message, { type: "takeFreeAttack" })).toMatchObject({ ok: true });
    expect(await ask(world.defender, message, { type: "takeFreeAttack" })).toMatchObject({
      code: "no-offer",
    });

    world.as(world.defender);
    world.dice.push(12);
    await modules.start.takeFreeAttack(stateOf(message), { event: SHIFT });
    const free = stateOf(lastMessage());
    expect(free.attacker.actorUuid).toBe(t.jenny.uuid);
    expect(free.target.actorUuid).toBe(t.gru.uuid);
    expect(free.weapon.name).toBe("Shortsword");
  });
});

describe("a free attack's weapon (NC-DMG-7, NC-DMG-8, NC-ATK-3)", () => {
  it("NC-DMG-7, NC-MAN-9: Jenny's Shortsword under half its SP only parries: her free attack at Gru is struck with her Fist", async () => {
    const t = await table();
    await combat([t.gru, { maneuver: "charge" }], [t.jenny, { maneuver: "attack" }]);
    world.as(world.gm);
    await t.jenny.items.get(itemId(t.jenny, "Shortsword"))!.update({ "system.itemSp.value": 3 } as never);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [2]);
    expect(await ask(world.defender, message, { type: "takeFreeAttack" })).toMatchObject({ ok: true });
    world.as(world.defender);
    world.dice.push(12);
    await modules.start.takeFreeAttack(stateOf(message), { event: SHIFT });
    const free = stateOf(lastMessage());
    expect(free.setup.source).toBe("chargeFreeAttack");
    expect(free.weapon.name).toBe("Fist");
  });

  it("NC-DMG-8, NC-MAN-9: with her Shortsword shattered and no Fist, Jenny has no weapon fit for the free attack: refused, nothing rolled", async () => {
    const t = await table();
    await combat([t.gru, { maneuver: "charge" }], [t.jenny, { maneuver: "attack" }]);
    world.as(world.gm);
    await t.jenny.items.get(itemId(t.jenny, "Shortsword"))!.update({ "system.itemSp.value": 0 } as never);
    await t.jenny.items
      .get(itemId(t.jenny, "Fist"))!
      .update({ "system.equipped": false, "system.natural": false } as never);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [2]);
    expect(await ask(world.defender, message, { type: "takeFreeAttack" })).toMatchObject({ ok: true });
    world.as(world.defender);
    const before = lastMessage();
    world.dice.push(12);
    await modules.start.takeFreeAttack(stateOf(message), { event: SHIFT });
    expect(lastMessage()).toBe(before);
    expect(world.notices.at(-1)).toBe(
      game.i18n!.format("FANGS.Chat.FreeAttack.NoWeapon", { name: stateOf(message).target.name }),
    );
    expect(world.dice).toEqual([12]);
  });

  it("NC-DEF-4, NC-DMG-8: a second chance with a Broadsword shattered meanwhile is refused when the setting forbids", async () => {
    const t = await table();
    await combat([t.gru, { maneuver: "attack" }], [t.jenny, { maneuver: "dodgeMelee" }]);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [12]);
    world.dice.push(7);
    await ask(world.defender, message, { type: "defend", choice: "dodgePast" });
    expect(stateOf(message).freeAttack).toMatchObject({ kind: "dodgePast" });
    world.as(world.gm);
    await t.gru.items.get(t.sword)!.update({ "system.itemSp.value": 0 } as never);
    await game.settings!.set("fangs", "attackEnforcement", "forbid");
    try {
      world.as(world.player);
      const before = lastMessage();
      world.dice.push(15);
      await modules.start.takeFreeAttack(stateOf(message), { event: SHIFT });
      expect(lastMessage()).toBe(before);
      expect(world.notices.at(-1)).toBe(game.i18n!.localize("FANGS.Rules.Attack.Refusal.WeaponShattered"));
      expect(world.dice).toEqual([15]);
    } finally {
      world.as(world.gm);
      await game.settings!.set("fangs", "attackEnforcement", "warn");
    }
  });
});

describe("a Charge's free attack is one of the target's attacks (NC-MAN-9, NC-ATK-8)", () => {
  const made = (c: { getCombatantsByActor(a: unknown): { system: unknown }[] }, actor: unknown) =>
    (c.getCombatantsByActor(actor)[0]!.system as { attacks: { made: string[] } }).attacks.made;

  it("NC-MAN-9, NC-ATK-8: Jenny's free attack at Gru is counted on her combatant", async () => {
    const t = await table();
    const c = await combat([t.gru, { maneuver: "charge" }], [t.jenny, { maneuver: "attack" }]);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [2]);
    expect(await ask(world.defender, message, { type: "takeFreeAttack" })).toMatchObject({ ok: true });
    world.as(world.defender);
    world.dice.push(12);
    await modules.start.takeFreeAttack(stateOf(message), { event: SHIFT });
    expect(stateOf(lastMessage()).setup.source).toBe("chargeFreeAttack");
    expect(made(c, t.jenny)).toEqual(["chargeFreeAttack"]);
    // Her own attack is still to come: the free one fills none of her maneuver's attacks.
    expect(made(c, t.gru)).toEqual(["maneuver"]);
  });

  it("NC-MAN-9, NC-ATK-8: a Jenny who has made her two attacks this round is offered none", async () => {
    const t = await table();
    await combat(
      [t.gru, { maneuver: "charge" }],
      [
        t.jenny,
        {
          maneuver: "attack",
          attacks: {
            made: ["maneuver", "offHand"],
            usedMelee: true,
            usedRanged: false,
            targets: [t.gru.uuid],
          },
        },
      ],
    );
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [2]);
    expect(stateOf(message).stage).toBe("resolved");
    expect(stateOf(message).freeAttack).toBeNull();
  });
});

describe("a fumbled Charge is a miss (NC-MAN-9)", () => {
  it("NC-MAN-9: once the GM rules the fumble, the charged target gets its free attack", async () => {
    const t = await table();
    await combat([t.gru, { maneuver: "charge" }], [t.jenny, { maneuver: "attack" }]);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [1, 1, 5]);
    expect(stateOf(message).stage).toBe("fumbled");
    world.dice.push(4);
    await ask(world.gm, message, { type: "resolveFumble", option: "hitSelf" });
    expect(stateOf(message).freeAttack).toMatchObject({
      attackerId: t.jenny.uuid,
      targetId: t.gru.uuid,
      taken: false,
    });
    expect(await ask(world.defender, message, { type: "takeFreeAttack" })).toMatchObject({ ok: true });
  });

  it("NC-MAN-9: no free attack when the GM rules that the fumble hits the charged target after all", async () => {
    const t = await table();
    await combat([t.gru, { maneuver: "charge" }], [t.jenny, { maneuver: "attack" }]);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [1, 1, 5]);
    world.dice.push(6);
    world.as(world.gm);
    target(world.gm, t.jennyToken);
    await ask(world.gm, message, { type: "resolveFumble", option: "hitAnother", victimUuid: t.jenny.uuid });
    expect(stateOf(message).damage?.result).toMatchObject({ stunDamage: 8 });
    expect(stateOf(message).freeAttack).toBeNull();
  });
});

describe("roll modes and Dice So Nice", () => {
  it("a private GM roll is whispered to the GMs, its roller and the defender's owners; later dice the same", async () => {
    const t = await table();
    world.as(world.player);
    await game.settings!.set("core", "rollMode", "gmroll");
    try {
      const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
      // The GM posts it for the player who rolled it and for the defender's owner, who must answer it.
      expect(message.whisper).toEqual([world.gm.id, world.gm2.id, world.player.id, world.defender.id]);
      world.as(world.stranger);
      expect(message.isContentVisible).toBe(false);
      for (const reader of [world.player, world.defender]) {
        world.as(reader);
        expect(message.isContentVisible).toBe(true);
      }
      world.dice.push(2);
      await ask(world.defender, message, { type: "defend", choice: "dodge" });
      expect(world.dsn.at(-1)).toMatchObject({
        whisper: [world.gm.id, world.gm2.id, world.player.id, world.defender.id],
        blind: false,
        messageId: message.id,
      });
    } finally {
      world.as(world.player);
      await game.settings!.set("core", "rollMode", "publicroll");
    }
  });

  it("a player whose chat roll mode is Self posts a card the GM can answer, not one no one else sees", async () => {
    const t = await table();
    world.as(world.player);
    await game.settings!.set("core", "rollMode", "selfroll");
    try {
      const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
      world.as(world.gm);
      expect(message.isContentVisible).toBe(true);
      world.dice.push(2);
      expect(await ask(world.gm, message, { type: "defend", choice: "dodge" })).toMatchObject({ ok: true });
    } finally {
      world.as(world.player);
      await game.settings!.set("core", "rollMode", "publicroll");
    }
  });

  it("a blind roll hides the card from its own roller, rolls no die by hand, and shows hidden dice", async () => {
    const t = await table();
    world.as(world.player);
    await game.settings!.set("core", "rollMode", "blindroll");
    try {
      const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
      expect(message.blind).toBe(true);
      world.as(world.player);
      expect(message.isContentVisible).toBe(false);
      world.as(world.gm);
      expect(message.isContentVisible).toBe(true);
      expect(Roll.evaluated.at(-1)?.options).toEqual({ allowInteractive: false });
      world.dice.push(2);
      await ask(world.gm, message, { type: "defend", choice: "dodge" });
      expect(world.dsn.at(-1)).toMatchObject({ blind: true });
    } finally {
      world.as(world.player);
      await game.settings!.set("core", "rollMode", "publicroll");
    }
  });
});

describe("the card in the chat log", () => {
  const renderer = createTemplateRenderer();

  beforeAll(async () => {
    const applications =
      (foundry as unknown as { applications?: Record<string, unknown> }).applications ?? {};
    (foundry as unknown as { applications: Record<string, unknown> }).applications = {
      ...applications,
      handlebars: {
        getTemplate: async (path: string) => (context: object) => renderer.render(path, context),
      },
    };
    // What the shared hook does at `setup`: the card's drawing (a lazy chunk) and template loaded.
    const exchange = modules.card.cardRenderer("exchange");
    if (exchange && "prepare" in exchange) await exchange.prepare?.();
  });

  function draw(message: unknown) {
    const content = {
      innerHTML: "",
      textContent: "",
      listeners: 0,
      addEventListener() {
        this.listeners += 1;
      },
    };
    const html = { querySelector: (selector: string) => (selector === ".message-content" ? content : null) };
    // The hook the log runs: FANGS's registered renderer draws the card before it returns.
    void modules.card.renderRulesetCard(message as never, html as never);
    return content;
  }

  it("shows the defender its defenses, a disabled shield parry with its reason, and no buttons to a stranger", async () => {
    const t = await table();
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    world.as(world.defender);
    const mine = draw(message).innerHTML;
    expect(mine).toContain('data-fangs-action="defend" data-choice="dodge"');
    expect(mine).toContain('data-fangs-action="defend" data-choice="weaponParry"');
    expect(mine).toMatch(
      /data-choice="shieldParry" aria-disabled="true" data-tooltip="Nothing in the off hand/,
    );
    expect(mine).toContain(game.i18n!.format("FANGS.Chat.Status.AwaitDefense", { name: "Pirate Jenny" }));
    world.as(world.stranger);
    const theirs = draw(message);
    expect(theirs.innerHTML).not.toContain("data-fangs-action");
    expect(theirs.innerHTML).toContain("Broadsword");
  });

  it("leaves a private roll as Foundry draws it for players who may not see it", async () => {
    const t = await table();
    world.as(world.player);
    await game.settings!.set("core", "rollMode", "gmroll");
    try {
      const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
      world.as(world.stranger);
      const hidden = draw(message);
      expect(hidden.innerHTML).toBe("");
      expect(hidden.listeners).toBe(0);
      world.as(world.gm);
      expect(draw(message).innerHTML).toContain('data-choice="dodge"');
    } finally {
      world.as(world.player);
      await game.settings!.set("core", "rollMode", "publicroll");
    }
  });

  it("shows the applied changes and the GM's undo after application", async () => {
    const t = await table();
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    world.dice.push(2, 6);
    await ask(world.defender, message, { type: "defend", choice: "dodge" });
    await ask(world.player, message, { type: "rollDamage" });
    await ask(world.defender, message, { type: "apply" });
    world.as(world.gm);
    const html = draw(message).innerHTML;
    expect(html).toContain(
      game.i18n!.format("FANGS.Chat.Applied.Stun", { name: "Pirate Jenny", before: "21", after: "13" }),
    );
    expect(html).toContain('data-fangs-action="undo"');
    world.as(world.defender);
    expect(draw(message).innerHTML).not.toContain('data-fangs-action="undo"');
  });

  /**
   * The card drawn into a minimal DOM: its `<details>` (each with `open` and
   * its `data-fangs-fold`), and the listeners the hook adds, by type and phase.
   */
  function drawDom(message: unknown) {
    type Details = { open: boolean; dataset: { fangsFold?: string } };
    let details: Details[] = [];
    const listeners: { type: string; capture: boolean; listener: (event: unknown) => void }[] = [];
    const content = {
      textContent: "",
      set innerHTML(html: string) {
        details = byTag(parse(html), "details").map((el) => ({
          open: "open" in el.attribs,
          dataset: { fangsFold: el.attribs["data-fangs-fold"] },
        }));
      },
      querySelectorAll: (selector: string) =>
        selector === "details[data-fangs-fold]"
          ? details.filter((d) => d.dataset.fangsFold !== undefined)
          : [],
      addEventListener: (type: string, listener: (event: unknown) => void, capture?: boolean) =>
        listeners.push({ type, listener, capture: capture === true }),
    };
    const html = { querySelector: (selector: string) => (selector === ".message-content" ? content : null) };
    // The hook the log runs: FANGS's registered renderer draws the card before it returns.
    void modules.card.renderRulesetCard(message as never, html as never);
    const fold = (key: string) => details.find((d) => d.dataset.fangsFold === key);
    /** The viewer opens or closes a section: the browser sets `open`, then fires "toggle" on it. */
    const toggle = (key: string) => {
      const target = fold(key)!;
      target.open = !target.open;
      for (const l of listeners) if (l.type === "toggle" && l.capture) l.listener({ target });
    };
    return { fold, toggle };
  }

  it("a section the viewer opened stays open when the card is drawn again at its next step", async () => {
    const t = await table();
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    world.dice.push(2, 6);
    await ask(world.defender, message, { type: "defend", choice: "dodge" });
    world.as(world.player);
    const before = drawDom(message);
    expect(before.fold("attack")?.open).toBe(false);
    before.toggle("attack");

    await ask(world.player, message, { type: "rollDamage" });
    world.as(world.player);
    const after = drawDom(message);
    expect(after.fold("attack")?.open).toBe(true);
    expect(after.fold("defense")?.open).toBe(false);

    // Closed again, it stays closed; another card is not touched.
    after.toggle("attack");
    expect(drawDom(message).fold("attack")?.open).toBe(false);
    after.toggle("attack");
    const other = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    world.dice.push(2);
    await ask(world.defender, other, { type: "defend", choice: "dodge" });
    world.as(world.player);
    expect(drawDom(other).fold("attack")?.open).toBe(false);
  });

  it("a card waiting on a defense is drawn again when the defender's combatant or its round record changes", async () => {
    const t = await table();
    const waiting = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    const done = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    world.dice.push(2);
    await ask(world.defender, done, { type: "defend", choice: "dodge" });
    const redrawn: unknown[] = [];
    const hooks = Hooks as unknown as { callAll(event: string, ...args: unknown[]): unknown };
    const saved = ui.chat;
    (ui as { chat: unknown }).chat = { updateMessage: (m: unknown) => redrawn.push(m) };
    try {
      hooks.callAll("updateCombatant", { actor: t.jenny }, {});
      expect(redrawn).toEqual([waiting]);
      hooks.callAll("updateCombatant", { actor: t.gru }, {});
      expect(redrawn).toEqual([waiting]);
      // The GM writes a combatant's round into its Combat's records (src/rulesets/fangs/combat/record.ts).
      const fight = { combatants: new Map([["c1", { actor: t.jenny }]]) };
      hooks.callAll("updateCombat", fight, { system: { records: { c1: {} } } });
      expect(redrawn).toEqual([waiting, waiting]);
    } finally {
      (ui as { chat: unknown }).chat = saved;
    }
  });

  /** Clicks a card button (`onCardClick`, the card's click listener) as the current user. */
  function click(message: unknown, action: string, event: Record<string, unknown> = {}) {
    const button = {
      dataset: { fangsAction: action, choice: "" },
      getAttribute: () => null,
      closest: () => null,
    };
    const target = { closest: () => button };
    return modules.render.onCardClick({ target, preventDefault() {}, ...event } as never, message as never);
  }

  it("NC-MAN-9: a free attack whose dialog is cancelled stays on offer; taken, it is claimed once", async () => {
    const t = await table();
    await combat([t.gru, { maneuver: "charge" }], [t.jenny, { maneuver: "attack" }]);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [2]);
    expect(stateOf(message).freeAttack).toMatchObject({ taken: false });
    const api = foundry.applications as unknown as Record<string, unknown>;
    const saved = { api: api.api, handlebars: api.handlebars };
    api.handlebars = { ...(saved.handlebars as object), renderTemplate: async () => "" };
    api.api = { DialogV2: { wait: async () => null } };
    try {
      // Jenny's player clicks the free attack and closes the modifier dialog.
      world.as(world.defender);
      await click(message, "takeFreeAttack");
      expect(stateOf(message).freeAttack).toMatchObject({ taken: false });
      expect(stateOf(lastMessage()).attacker.actorUuid).toBe(t.gru.uuid);

      // Shift-clicked, it is rolled and claimed.
      world.as(world.defender);
      world.dice.push(12);
      await click(message, "takeFreeAttack", { shiftKey: true });
      expect(stateOf(message).freeAttack).toMatchObject({ taken: true });
      expect(stateOf(lastMessage()).attacker.actorUuid).toBe(t.jenny.uuid);
    } finally {
      api.api = saved.api;
      api.handlebars = saved.handlebars;
    }
  });
});

describe("the hotbar macro", () => {
  it("turns a dropped weapon into a macro that attacks with it", async () => {
    const t = await table();
    world.as(world.player);
    const uuid = t.gru.items.get(t.sword)!.uuid;
    expect(modules.hotbar.onHotbarDrop(null, { type: "Item", uuid }, 3)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const macro = world.player.hotbar.at(-1)?.macro as { command: string; name: string };
    expect(world.player.hotbar.at(-1)?.slot).toBe(3);
    expect(macro.name).toBe(
      game.i18n!.format("FANGS.Chat.Macro.Name", { weapon: "Broadsword", actor: "Gru" }),
    );

    // Running the macro's script attacks the current target.
    target(world.player, t.jennyToken);
    world.dice.push(15);
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      ...args: string[]
    ) => (...args: unknown[]) => Promise<unknown>;
    await new AsyncFunction("event", macro.command)(SHIFT);
    expect(stateOf(lastMessage()).weapon.name).toBe("Broadsword");

    // Neither a weapon nor a check (a skill makes a check's macro, src/rulesets/fangs/apps/attack/hotbar.test.ts): left to Foundry.
    const armor = t.gru.items.find((i) => i.type === "armor")!;
    expect(modules.hotbar.onHotbarDrop(null, { type: "Item", uuid: armor.uuid }, 4)).toBeUndefined();
  });
});

describe("the shield's macro", () => {
  it("NC-DEF-9: a dropped shield makes a macro that bashes with it", async () => {
    const t = await table();
    world.as(world.player);
    const shieldItem = t.gru.items.find((i) => i.type === "shield")!;
    expect(modules.hotbar.onHotbarDrop(null, { type: "Item", uuid: shieldItem.uuid }, 5)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const macro = world.player.hotbar.at(-1)?.macro as { command: string };
    target(world.player, t.jennyToken);
    world.dice.push(15);
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      ...args: string[]
    ) => (...args: unknown[]) => Promise<unknown>;
    await new AsyncFunction("event", macro.command)(SHIFT);
    expect(stateOf(lastMessage()).weapon.name).toBe("Round Shield");
  });
});

describe("a creature's monster parry", () => {
  it("NC-DEF-8: the Cave Bear parries with its body and loses nothing", async () => {
    world.reset();
    const gru = await makeActor("characters/gru.json", world.player.id);
    const bear = await makeActor("creatures/cave-bear.json");
    const bearToken = world.token(bear as never, "Cave Bear");
    const message = await attackWith(world.player, gru, "Broadsword", bearToken, [15]);
    world.as(world.gm);
    const answer = modules.render.viewerOf(stateOf(message));
    expect(answer.offers?.filter((o) => o.allowed).map((o) => o.choice)).toEqual([
      "dodge",
      "monsterParry",
      "none",
    ]);
    world.dice.push(19, 2); // a Special parry (19 + 10) — confirmation 2 keeps it a Special
    await ask(world.gm, message, { type: "defend", choice: "monsterParry" });
    expect(stateOf(message).outcome?.kind).toBe("specialParry");
  });
});

describe("dodging past the attacker (NC-MAN-11, NC-DEF-4)", () => {
  it("NC-DEF-4: under Melee Dodge Jenny dodges past Gru; the card gives Gru's player a second chance at her", async () => {
    const t = await table();
    await combat([t.gru, { maneuver: "attack" }], [t.jenny, { maneuver: "dodgeMelee" }]);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [12]);
    world.as(world.defender);
    expect(modules.render.viewerOf(stateOf(message)).dodgePast).toBe(true);

    // 7 + 17 = 24: a normal dodge of a normal attack, so the second chance stands.
    world.dice.push(7);
    expect(await ask(world.defender, message, { type: "defend", choice: "dodgePast" })).toMatchObject({
      ok: true,
    });
    const state = stateOf(message);
    expect(state.outcome?.kind).toBe("dodged");
    expect(state.defense?.past).toEqual({ slippedBy: false });
    expect(state.freeAttack).toMatchObject({
      kind: "dodgePast",
      attackerId: t.gru.uuid,
      targetId: t.jenny.uuid,
      taken: false,
    });
    // The second chance is the attacker's, not the defender's.
    expect(await ask(world.defender, message, { type: "takeFreeAttack" })).toMatchObject({
      code: "not-permitted",
    });
    expect(await ask(world.player, message, { type: "takeFreeAttack" })).toMatchObject({ ok: true });

    world.as(world.player);
    world.dice.push(15);
    await modules.start.takeFreeAttack(stateOf(message), { event: SHIFT });
    const second = stateOf(lastMessage());
    expect(second.attacker.actorUuid).toBe(t.gru.uuid);
    expect(second.target.actorUuid).toBe(t.jenny.uuid);
    expect(second.weapon.name).toBe("Broadsword");
    expect(lastMessage().id).not.toBe(message.id);
    expect(second.attack?.check.natural).toBe(15);
  });

  it("NC-DEF-4, NC-ATK-7: the second chance is one of Gru's attacks this round, counted on his combatant", async () => {
    const t = await table();
    const c = await combat([t.gru, { maneuver: "attack" }], [t.jenny, { maneuver: "dodgeMelee" }]);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [12]);
    world.dice.push(7);
    await ask(world.defender, message, { type: "defend", choice: "dodgePast" });
    expect(await ask(world.player, message, { type: "takeFreeAttack" })).toMatchObject({ ok: true });
    world.as(world.player);
    world.dice.push(15);
    await modules.start.takeFreeAttack(stateOf(message), { event: SHIFT });
    expect(stateOf(lastMessage()).setup.source).toBe("dodgePast");
    const gru = c.getCombatantsByActor(t.gru)[0]!.system as { attacks: { made: string[] } };
    expect(gru.attacks.made).toEqual(["maneuver", "dodgePast"]);
  });

  it("NC-DEF-4, NC-ATK-8: Gru's All-Out-Attack has made its two attacks: Jenny dodging past the second gives him no third", async () => {
    const t = await table();
    const c = await combat(
      [
        t.gru,
        {
          maneuver: "allOutAttack",
          attacks: { made: ["maneuver"], usedMelee: true, usedRanged: false, targets: [t.jenny.uuid] },
        },
      ],
      [t.jenny, { maneuver: "dodgeMelee" }],
    );
    c.system.phase = "postMelee";
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [12]);
    // Counted: his second attack this round (the stand-in has no canvas to tell which slot it fills).
    expect(
      (c.getCombatantsByActor(t.gru)[0]!.system as { attacks: { made: string[] } }).attacks.made,
    ).toHaveLength(2);
    // 7 + 17 = 24: a plain dodge of a plain attack, which would leave a second chance, but he has none left.
    world.dice.push(7);
    await ask(world.defender, message, { type: "defend", choice: "dodgePast" });
    expect(stateOf(message).defense?.past).toEqual({ slippedBy: false });
    expect(stateOf(message).freeAttack).toBeNull();
    expect(await ask(world.player, message, { type: "takeFreeAttack" })).toMatchObject({ code: "no-offer" });
  });

  it("NC-DEF-4: a Special first dodge against a normal attack slips by: no second chance", async () => {
    const t = await table();
    await combat([t.gru, { maneuver: "attack" }], [t.jenny, { maneuver: "dodgeMelee" }]);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [12]);
    // A natural 19 is a Special; the confirmation 1 (1 + 17 < 20) keeps it from a Critical.
    world.dice.push(19, 1);
    expect(await ask(world.defender, message, { type: "defend", choice: "dodgePast" })).toMatchObject({
      ok: true,
    });
    const state = stateOf(message);
    expect(state.defense?.past).toEqual({ slippedBy: true });
    expect(state.freeAttack).toBeNull();
    expect(await ask(world.player, message, { type: "takeFreeAttack" })).toMatchObject({ code: "no-offer" });
  });

  it("NC-MAN-11: only Melee Dodge may dodge past; the card offers it to no one else", async () => {
    const t = await table();
    await combat([t.gru, { maneuver: "attack" }], [t.jenny, { maneuver: "attack" }]);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [12]);
    world.as(world.defender);
    expect(modules.render.viewerOf(stateOf(message)).dodgePast).toBe(false);
    const before = stateOf(message).revision;
    expect(await ask(world.defender, message, { type: "defend", choice: "dodgePast" })).toMatchObject({
      ok: false,
    });
    expect(stateOf(message).revision).toBe(before);
  });
});

describe("NC-MAN-2: dodging instead of a maneuver not yet performed", () => {
  // Jenny's Attack (prose reading): parries or a dodge. She has parried once already.
  const parried = { weaponParries: 1 };

  it("NC-MAN-2: Jenny, attacked before her own attack, dodges instead: the attack is lost and recorded on her combatant", async () => {
    const t = await table();
    const c = await combat(
      [t.gru, { maneuver: "attack" }],
      [t.jenny, { maneuver: "attack", maneuverPerformed: false, defenses: parried }],
    );
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    world.as(world.defender);
    expect(modules.render.viewerOf(stateOf(message)).offers?.find((o) => o.choice === "dodge")?.allowed).toBe(
      true,
    );
    world.dice.push(7);
    expect(await ask(world.defender, message, { type: "defend", choice: "dodge" })).toMatchObject({
      ok: true,
    });
    expect(stateOf(message).defense?.dodgeInstead).toMatchObject({
      lostManeuver: "attack",
      maneuver: "dodgeMelee",
    });
    const jenny = c.getCombatantsByActor(t.jenny)[0]!;
    expect(jenny.system).toMatchObject({
      maneuver: "dodgeMelee",
      lostManeuver: "attack",
      maneuverPerformed: true,
    });
    // Written by the active GM's client, like every counter of the exchange.
    expect(jenny.updates.length).toBeGreaterThan(0);
    expect(jenny.updates.every((u) => u.by === world.gm.id)).toBe(true);
  });

  it("NC-MAN-2: once her attack is performed, the dodge is refused (she parried instead) and nothing is lost", async () => {
    const t = await table();
    const c = await combat(
      [t.gru, { maneuver: "attack" }],
      [t.jenny, { maneuver: "attack", maneuverPerformed: true, defenses: parried }],
    );
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    world.as(world.defender);
    const dodge = modules.render.viewerOf(stateOf(message)).offers?.find((o) => o.choice === "dodge");
    expect(dodge).toMatchObject({ allowed: false, reasonKey: "FANGS.Rules.Defense.Refusal.ParriedInstead" });
    expect(await ask(world.defender, message, { type: "defend", choice: "dodge" })).toMatchObject({
      code: "defense-not-allowed",
    });
    const jenny = c.getCombatantsByActor(t.jenny)[0]!;
    expect(jenny.system).toMatchObject({ maneuver: "attack" });
    expect((jenny.system as { lostManeuver?: unknown }).lostManeuver ?? null).toBeNull();
  });
});

describe("Retreat and Disengage restrictions, stored on the attacker's combatant", () => {
  /** A fight in round 1 where Jenny Retreats or Disengages; Gru (AG 12) goes first with `gruFirst`, else Jenny (AG 14). */
  async function fight(kind: "retreat" | "disengage", gruFirst: boolean) {
    const t = await table();
    const c = await combat([t.gru, { maneuver: "attack" }], [t.jenny, { maneuver: kind }]);
    const gru = c.getCombatantsByActor(t.gru)[0]!;
    if (gruFirst) gru.initiative = 16;
    const { mayCloseWith } = await import("../../../rules/fangs/special-defenses");
    const stored = () => fangsRound(gru as unknown as Combatant.Implementation).restrictions;
    const mayClose = (round: number, how: "engage" | "charge") =>
      mayCloseWith(stored(), t.jenny.uuid, round, how);
    return { t, c, gru, stored, mayClose };
  }

  /** The modifier dialog answered with `form` (null: closed). */
  async function withDialog<T>(form: Record<string, unknown> | null, run: () => Promise<T>): Promise<T> {
    const root = foundry as unknown as Record<string, unknown>;
    const created = root.applications === undefined;
    root.applications ??= {};
    const api = root.applications as Record<string, unknown>;
    const saved = { api: api.api, handlebars: api.handlebars };
    api.handlebars = { ...(saved.handlebars as object), renderTemplate: async () => "" };
    api.api = { DialogV2: { wait: async () => form } };
    try {
      return await run();
    } finally {
      api.api = saved.api;
      api.handlebars = saved.handlebars;
      if (created) delete root.applications;
    }
  }

  it("NC-MAN-16, NC-MAN-21: Gru, first in AG order, strikes the retreating Jenny at +2 unasked, then may neither engage nor Charge her next round", async () => {
    const { t, gru, mayClose } = await fight("retreat", true);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [12]);
    expect(stateOf(message).stage).not.toBe("declined");
    expect(stateOf(message).setup.specialModifier).toBe(2);
    expect(stateOf(message).special?.response).toBe("strikeFirst");
    expect(mayClose(1, "charge")).toBe(true);
    expect(mayClose(2, "engage")).toBe(false);
    expect(mayClose(2, "charge")).toBe(false);
    expect(mayClose(3, "engage")).toBe(true);
    expect(mayClose(3, "charge")).toBe(true);
    // The player posted the card; the active GM's client wrote the combatant.
    expect(gru.updates.length).toBeGreaterThan(0);
    expect(gru.updates.every((u) => u.by === world.gm.id)).toBe(true);
  });

  it("NC-MAN-16, NC-MAN-21: next round the table refuses Gru's Attack at the Jenny he struck as she retreated: he may not re-engage her", async () => {
    const { t, c, gru } = await fight("retreat", true);
    await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [12]);
    // Round 2: Gru on Attack again, Jenny still within his reach on the board.
    c.round = 2;
    setRound(gru as never, { attacks: { made: [], usedMelee: false, usedRanged: false, targets: [] } });
    world.as(world.gm);
    await game.settings!.set("fangs", "attackEnforcement", "forbid");
    try {
      world.as(world.player);
      target(world.player, t.jennyToken);
      const before = [...(game.messages as unknown as Iterable<unknown>)].length;
      world.dice.push(15);
      expect(await modules.start.startAttack(t.gru, t.sword, { event: SHIFT })).toBe(false);
      expect(world.notices.at(-1)).toBe(game.i18n!.localize("FANGS.Rules.Attack.Refusal.EngageForbidden"));
      expect([...(game.messages as unknown as Iterable<unknown>)].length).toBe(before);
    } finally {
      world.as(world.gm);
      await game.settings!.set("fangs", "attackEnforcement", "warn");
    }
  });

  it("NC-SPD-1: Gru, first in AG order, attacks the disengaging Jenny as usual: she has not disengaged yet", async () => {
    const { t, stored } = await fight("disengage", true);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [12]);
    expect(stateOf(message).stage).not.toBe("declined");
    expect(stateOf(message).setup.specialModifier).toBe(0);
    expect(stored()).toEqual([]);
  });

  it("NC-SPD-2: Jenny retreated before Gru's turn: Shift does not skip his answer, and none is chosen for him", async () => {
    const { t } = await fight("retreat", false);
    const before = [...(game.messages as unknown as Iterable<unknown>)].length;
    const start = modules.start;
    world.as(world.player);
    target(world.player, t.jennyToken);
    const posted = await withDialog({ situational: "0" }, () =>
      start.startAttack(t.gru, t.sword, { event: SHIFT }),
    );
    expect(posted).toBe(false);
    expect([...(game.messages as unknown as Iterable<unknown>)].length).toBe(before);
  });

  it("NC-SPD-2: Jenny retreated before Gru's turn and he gives chase: no attack, no Charge at her this round, engaging her next round allowed", async () => {
    const { t, stored, mayClose } = await fight("retreat", false);
    world.as(world.player);
    target(world.player, t.jennyToken);
    const posted = await withDialog({ special: "chase" }, () =>
      modules.start.startAttack(t.gru, t.sword, { event: SHIFT }),
    );
    expect(posted).toBe(true);
    expect(stateOf(lastMessage()).stage).toBe("declined");
    const { restrictionActive } = await import("../../../rules/fangs/special-defenses");
    expect(stored().some((r) => r.kind === "noAttack" && restrictionActive(r, 1))).toBe(true);
    expect(mayClose(1, "charge")).toBe(false);
    expect(mayClose(2, "engage")).toBe(true);
  });

  it("NC-SPD-2: the GM records what the rules give the answer, not the restrictions a card carries", async () => {
    const { t, c, mayClose } = await fight("retreat", false);
    const { createExchange } = await import("./exchange-create");
    const { attackSetup } = await import("../apps/attack/attack-setup");
    const { applyTrades } = await import("../../../rules/fangs/trades");
    // A card claiming the +4 strike as she leaves, with nothing left on Gru.
    const special = {
      kind: "retreat",
      response: "attackAsItLeaves",
      result: { mayAttack: true, attackModifier: 4, followPaces: 0, restrictions: [], noteKey: "x" },
    } as const;
    const trade = applyTrades(
      {
        attackSkill: { natural: 8, bought: 7, total: 15 },
        parrySkill: { natural: 8, bought: 7, total: 15 },
        weaponBaseDamage: "1d8+2",
      },
      {},
    );
    // createExchange is the active GM's (start-attack.ts asks it for the player).
    world.as(world.gm);
    world.dice.push(12);
    await createExchange({
      attacker: t.gru,
      attackerToken: null,
      weapon: t.gru.items.get(t.sword)!,
      target: { actorUuid: t.jenny.uuid, tokenUuid: t.jennyToken.uuid, name: "Pirate Jenny", img: "" },
      setup: attackSetup({
        skill: 15,
        answers: {
          situational: 0,
          attackToDamage: 0,
          parryToAttack: 0,
          attackToParry: 0,
          mode: "strike",
          subdual: false,
          rollMode: "publicroll",
          special: "attackAsItLeaves",
        },
        slot: null,
        trade,
        special,
        maneuver: "attack",
        combat: { id: c.id, round: 1, phase: "melee" },
      }),
      special,
      rollMode: "publicroll",
    });
    expect(mayClose(1, "charge")).toBe(false);
    expect(mayClose(2, "engage")).toBe(false);
    expect(mayClose(3, "engage")).toBe(false);
    expect(mayClose(2, "charge")).toBe(true);
    expect(mayClose(4, "engage")).toBe(true);
  });
  it("NC-SPD-2: an attack card claiming the chase answer (no attack) still leaves the attack-as-it-leaves restrictions", async () => {
    const { t, gru, mayClose } = await fight("retreat", false);
    world.as(world.player);
    target(world.player, t.jennyToken);
    world.dice.push(12);
    await withDialog({ special: "attackAsItLeaves" }, () =>
      modules.start.startAttack(t.gru, t.sword, { event: SHIFT }),
    );
    const card = lastMessage();
    expect(stateOf(card).stage).not.toBe("declined");
    setRound(gru as never, {
      restrictions: [],
      attacks: { made: [], usedMelee: false, usedRanged: false, targets: [] },
    });
    await repost(world.gm, card, (s) => {
      s.special.response = "chase";
    });
    expect(mayClose(2, "engage")).toBe(false);
    expect(mayClose(3, "engage")).toBe(false);
  });

  it("NC-MAN-16: a card whose item does not resolve, calling itself a missile, still binds the attacker", async () => {
    const { t, gru, stored } = await fight("retreat", true);
    const card = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [12]);
    expect(stored().length).toBeGreaterThan(0);
    setRound(gru as never, { restrictions: [] });
    await repost(world.gm, card, (s) => {
      s.weapon.itemId = "nosuchitem000000";
      s.weapon.kind = "missile";
    });
    expect(stored().length).toBeGreaterThan(0);
  });

  it("NC-MAN-16: a card with an unknown attack source writes nothing and the GM is told", async () => {
    const { t, gru, stored } = await fight("retreat", true);
    const card = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [12]);
    setRound(gru as never, {
      restrictions: [],
      attacks: { made: [], usedMelee: false, usedRanged: false, targets: [] },
    });
    const before = gru.updates.length;
    await repost(world.gm, card, (s) => {
      s.setup.source = "bogus";
    });
    expect(stored()).toEqual([]);
    expect(gru.updates.length).toBe(before);
    expect(world.notices).toContain(game.i18n!.localize("FANGS.Chat.Record.BadSource"));
  });
});

describe("the GM counts a posted card from the combat, never from the card's claims", () => {
  const made = (c: { getCombatantsByActor(a: unknown): { system: unknown }[] }, actor: unknown) =>
    (c.getCombatantsByActor(actor)[0]!.system as { attacks: { made: string[] } }).attacks.made;
  const clear = (c: { getCombatantsByActor(a: unknown): unknown[] }, actor: unknown) => {
    setRound(c.getCombatantsByActor(actor)[0] as never, {
      attacks: { made: [], usedMelee: false, usedRanged: false, targets: [] },
    });
  };

  it("a copy of Gru's card posted by a player, his own or another, records nothing on him", async () => {
    const t = await table();
    const c = await combat([t.gru, { maneuver: "attack" }], [t.jenny, { maneuver: "attack" }]);
    const card = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    clear(c as never, t.gru);
    const gru = c.getCombatantsByActor(t.gru)[0]!;
    const before = gru.updates.length;
    for (const user of [world.stranger, world.player])
      await repost(user, card, (s) => {
        s.setup.trades = { parryModifier: -3, dodgeModifier: -3 };
      });
    expect(made(c, t.gru)).toEqual([]);
    expect(gru.updates.length).toBe(before);
    expect(world.notices).toContain(game.i18n!.localize("FANGS.Chat.Record.NotGMCard"));
  });

  it("NC-MAN-9, NC-ATK-8: a card labelled a Charge's free attack, with no Charge at the attacker, is the maneuver's attack", async () => {
    const t = await table();
    const c = await combat([t.gru, { maneuver: "attack" }], [t.jenny, { maneuver: "attack" }]);
    const card = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    clear(c as never, t.gru);
    await repost(world.gm, card, (s) => {
      s.setup.source = "chargeFreeAttack";
    });
    expect(made(c, t.gru)).toEqual(["maneuver"]);
  });

  it("NC-MAN-9, NC-ATK-7, NC-ATK-8: a charger's cards labelled Dodge Past chances are not counted past its attacks", async () => {
    const t = await table();
    const c = await combat([t.gru, { maneuver: "charge" }], [t.jenny, { maneuver: "dodgeMelee" }]);
    const card = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    expect(made(c, t.gru)).toEqual(["maneuver"]);
    for (let i = 0; i < 5; i += 1)
      await repost(world.gm, card, (s) => {
        s.setup.source = "dodgePast";
      });
    expect(made(c, t.gru)).toEqual(["maneuver"]);
    expect(world.notices).toContain(game.i18n!.localize("FANGS.Chat.Record.NoAttackLeft"));
  });

  it("a card naming no combat, or posted at a later revision, is still counted in the attacker's combat", async () => {
    const t = await table();
    const c = await combat([t.gru, { maneuver: "attack" }], [t.jenny, { maneuver: "attack" }]);
    const card = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    clear(c as never, t.gru);
    await repost(world.gm, card, (s) => {
      s.setup.combatId = null;
    });
    expect(made(c, t.gru)).toEqual(["maneuver"]);
    clear(c as never, t.gru);
    await repost(world.gm, card, (s) => {
      s.setup.combatId = "combat9999999999";
      s.revision = 3;
    });
    expect(made(c, t.gru)).toEqual(["maneuver"]);
  });
});

describe("per-round counters in a world where only the GM may update combatants", () => {
  it("a player's attack and defense are both counted, every write by the active GM's client", async () => {
    const t = await table();
    const c = await combat(
      [t.gru, { maneuver: "attack" }],
      [t.jenny, { maneuver: "attack", maneuverPerformed: true }],
    );
    c.gmWritesOnly = true;
    const gru = c.getCombatantsByActor(t.gru)[0]!;
    const jenny = c.getCombatantsByActor(t.jenny)[0]!;
    // The stand-in really refuses a player's write here.
    world.as(world.defender);
    await expect(jenny.update({ system: { held: true } })).rejects.toThrow();

    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [15]);
    world.dice.push(8);
    expect(await ask(world.defender, message, { type: "defend", choice: "weaponParry" })).toMatchObject({
      ok: true,
    });
    expect((jenny.system.defenses as { weaponParries: number }).weaponParries).toBe(1);
    expect((gru.system.attacks as { made: string[] }).made).toEqual(["maneuver"]);
    for (const u of [...gru.updates, ...jenny.updates]) expect(u.by).toBe(world.gm.id);
    expect(jenny.updates.length).toBeGreaterThan(0);
  });
});

describe("NC-SUB-3: a subdual fumble the GM makes health-damaging", () => {
  /** Gru fumbles a blow with the flat of his Broadsword (NC-SUB-4: its edge would harm Health anyway). */
  async function subdualFumble() {
    const t = await table();
    const { createExchange } = await import("./exchange-create");
    const { attackSetup } = await import("../apps/attack/attack-setup");
    const { applyTrades } = await import("../../../rules/fangs/trades");
    const trade = applyTrades(
      {
        attackSkill: { natural: 8, bought: 7, total: 15 },
        parrySkill: { natural: 8, bought: 7, total: 15 },
        weaponBaseDamage: "1d8+2",
      },
      {},
    );
    // createExchange is the active GM's (start-attack.ts asks it for the player).
    world.as(world.gm);
    // Two natural 1s: a fumble; Gru's Luck 9 rolls 5: 14, failed.
    world.dice.push(1, 1, 5);
    const result = await createExchange({
      attacker: t.gru,
      attackerToken: null,
      weapon: t.gru.items.get(t.sword)!,
      target: { actorUuid: t.jenny.uuid, tokenUuid: t.jennyToken.uuid, name: "Pirate Jenny", img: "" },
      setup: attackSetup({
        skill: 15,
        answers: {
          situational: 0,
          attackToDamage: 0,
          parryToAttack: 0,
          attackToParry: 0,
          mode: "flatOfBlade",
          subdual: true,
          rollMode: "publicroll",
          special: null,
        },
        slot: null,
        trade,
        special: null,
        maneuver: null,
        combat: null,
      }),
      special: null,
      rollMode: "publicroll",
    });
    expect(result.ok && result.state.stage).toBe("fumbled");
    return { t, message: lastMessage() };
  }

  it("NC-SUB-3: the GM's extra rulings appear on a subdual fumble only", async () => {
    const { message } = await subdualFumble();
    world.as(world.gm);
    const { viewer } = modules.render.viewerOf(stateOf(message));
    const { exchangeCardView } = await import("./exchange-view");
    const view = exchangeCardView(stateOf(message), viewer, (k) => k);
    expect(view.fumbleOptions.map((o) => o.choice)).toEqual([
      "hitAnother",
      "hitSelf",
      "dropWeapon",
      "hitAnotherHarm",
      "hitSelfHarm",
    ]);
    const t = await table();
    const plain = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [1, 1, 5]);
    world.as(world.gm);
    const plainView = exchangeCardView(stateOf(plain), viewer, (k) => k);
    expect(plainView.fumbleOptions.map((o) => o.choice)).toEqual(["hitAnother", "hitSelf", "dropWeapon"]);
    // Nor may a request ask for it there.
    expect(
      await ask(world.gm, plain, { type: "resolveFumble", option: "hitSelf", healthDamaging: true }),
    ).toMatchObject({ ok: false });
  });

  it("NC-SUB-3: Gru's subdual fumble on himself takes only Stun, unless the GM rules it health-damaging", async () => {
    const spared = await subdualFumble();
    world.dice.push(4); // a club's 4 + DM 1 = 5 against his own leather (3)
    await ask(world.gm, spared.message, { type: "resolveFumble", option: "hitSelf" });
    let before = pools(spared.t.gru);
    await ask(world.gm, spared.message, { type: "apply" });
    expect(pools(spared.t.gru)).toEqual({ stun: before.stun - 2, hp: before.hp });

    const harmed = await subdualFumble();
    world.dice.push(4); // the blade's own 4 + 2 + DM 1 = 7
    expect(
      await ask(world.gm, harmed.message, { type: "resolveFumble", option: "hitSelf", healthDamaging: true }),
    ).toMatchObject({ ok: true });
    expect(stateOf(harmed.message).fumble).toMatchObject({ option: "hitSelf", healthDamaging: true });
    before = pools(harmed.t.gru);
    await ask(world.gm, harmed.message, { type: "apply" });
    expect(pools(harmed.t.gru)).toEqual({ stun: before.stun - 4, hp: before.hp - 1 });
  });
});
