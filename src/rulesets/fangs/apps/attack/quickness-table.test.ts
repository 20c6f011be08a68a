import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type AnyActor,
  ask,
  attackWith,
  choices,
  combat,
  type ExchangeModules,
  itemId,
  lastMessage,
  loadExchange,
  makeActor,
  SHIFT,
  sendAttack,
  setRound,
  stateOf,
  type Table,
  table,
  target,
} from "../../../../../test/foundry/chat-fixtures";
import { GridScene, SquareGrid, type TestCombat, world } from "../../../../../test/foundry/chat-stand-in";
import type { FangsRules } from "../../../../rules/fangs/config";
import { attackRoundsFrom, lastFreeAttackRound } from "../../combat/attack-round-flag";

/**
 * The multiple attacks module (RHF-MAT-1, -2) at the table, on the stand-in:
 * the player's attack goes through start-attack.ts (the round's verdict and
 * the prepared attack), the active GM's `planAttack` and exchange-create.ts
 * to the card's attack roll, and the GM's count keeps a slow fighter's last
 * free attack on the Combat (attack-round-flag.ts), which the next round's
 * checks read on both clients.
 */

let modules: ExchangeModules;
beforeAll(async () => {
  modules = await loadExchange();
});

async function worldRules(rules: Partial<FangsRules>): Promise<void> {
  world.as(world.gm);
  await game.settings.set("fangs", "rules", rules as never);
}

afterEach(async () => {
  await worldRules({});
  world.as(world.gm);
  await game.settings.set("fangs", "attackEnforcement", "warn");
});

const NO_ATTACKS = { made: [], usedRanged: false, usedMelee: false, targets: [] };

/** Gru and Jenny side by side on a gridded scene (engaged), Gru on `maneuver`, in round 1's Melee phase. */
async function engaged(maneuver: string): Promise<{ t: Table; c: TestCombat }> {
  world.reset();
  const gru = await makeActor("characters/gru.json", world.player.id);
  const jenny = await makeActor("characters/pirate-jenny.json", world.defender.id);
  const scene = new GridScene("sceneQuick000001", new SquareGrid(100, 1));
  const t: Table = {
    gru,
    jenny,
    gruToken: world.token(gru as never, "Gru", { scene, x: 0, y: 0, disposition: 1 }),
    jennyToken: world.token(jenny as never, "Pirate Jenny", { scene, x: 100, y: 0, disposition: -1 }),
    sword: itemId(gru, "Broadsword"),
  };
  const c = await combat([t.gru, { maneuver }], [t.jenny, { maneuver: "attack", maneuverPerformed: true }]);
  return { t, c };
}

/** What the GM's count kept on the Combat for the module (nothing, with it off). */
function kept(c: TestCombat): unknown {
  return (c.flags as Record<string, Record<string, unknown>> | undefined)?.fangs?.lastAttack;
}

/** Gru's player attacks Jenny with the Broadsword from his placed token, the dialog skipped, the die scripted. */
async function strike(t: Table, die: number) {
  world.as(world.player);
  target(world.player, t.jennyToken);
  world.dice.push(die);
  const posted = await modules.start.startAttack(t.gru, t.sword, {
    event: SHIFT,
    token: t.gruToken as never,
  });
  if (!posted) throw new Error(`the attack was not posted: ${world.notices.at(-1) ?? "no notice"}`);
  return lastMessage();
}

/** A card's state without the ids of the tokens a fresh world numbered anew. */
function comparable(state: ReturnType<typeof stateOf>) {
  return {
    ...state,
    attacker: { ...state.attacker, tokenUuid: null },
    target: { ...state.target, tokenUuid: null },
  };
}

async function setCombat(c: TestCombat, round: number, phase: string): Promise<void> {
  world.as(world.gm);
  await c.update({ round, system: { phase } } as never);
}

function gruOf(c: TestCombat) {
  return c.combatants.find((x) => x.actor?.name === "Gru") as unknown as Parameters<typeof setRound>[0];
}

/**
 * Gru as one of AG 1–6 (one attack every other round); weak (ST 5), his
 * Broadsword's natural ability is 4, which cannot carry −5; else 6.
 */
async function slowGru(gru: AnyActor, bought: number, weak = false): Promise<void> {
  world.as(world.gm);
  await gru.update({
    "system.characteristics.ag": 5,
    ...(weak ? { "system.characteristics.st": 5 } : {}),
  } as never);
  const skill = gru.items.find((i) => i.type === "skill" && i.name === "Broadsword");
  await skill!.update({ "system.bought": bought } as never);
}

function attackCheck(message: Parameters<typeof stateOf>[0]) {
  const attack = stateOf(message).attack;
  if (!attack) throw new Error("no attack roll on the card");
  return attack.check;
}

describe("the multiple attacks module at the table", () => {
  it("RHF-MAT-2 (FANGS module): Gru (AG 12, one attack a round) on All-Out-Attack: the first roll carries nothing, the second −5 on the card's attack roll", async () => {
    const { t, c } = await engaged("allOutAttack");
    await worldRules({ multipleAttacksModule: true });
    const first = await strike(t, 10);
    expect(stateOf(first).setup.slotModifier).toBe(0);
    expect(attackCheck(first)).toMatchObject({ natural: 10, modifiers: 0 });
    await setCombat(c, 1, "postMelee");
    const second = await strike(t, 10);
    expect(stateOf(second).setup).toMatchObject({ source: "allOutAttackSecond", slotModifier: -5 });
    const check = attackCheck(second);
    expect(check.modifiers).toBe(-5);
    expect(check.total).toBe(attackCheck(first).total - 5);
    // Gru is not slow: nothing is kept for him on the Combat.
    expect(kept(c)).toBeUndefined();
  });

  it("off, the same attacks make the same cards as with the default rules, and nothing is kept on the Combat", async () => {
    const cards = [];
    for (const rules of [{}, { multipleAttacksModule: false }] as const) {
      const { t, c } = await engaged("allOutAttack");
      await worldRules(rules);
      const first = await strike(t, 10);
      await setCombat(c, 1, "postMelee");
      const second = await strike(t, 10);
      cards.push([stateOf(first), stateOf(second)].map(comparable));
      expect(stateOf(second).setup.slotModifier).toBe(0);
      expect(kept(c)).toBeUndefined();
    }
    expect(cards[1]).toEqual(cards[0]);
  });

  it("RHF-MAT-1 (FANGS module): slow Gru (AG 5) attacks in round 1; the GM keeps the round on the Combat, and round 2's attack is refused on his client and on the GM's", async () => {
    const { t, c } = await engaged("attack");
    await slowGru(t.gru, 0, true);
    await worldRules({ multipleAttacksModule: true });
    await game.settings.set("fangs", "attackEnforcement", "forbid");
    await strike(t, 10);
    const gru = gruOf(c);
    expect(lastFreeAttackRound(c as never, gru.id, 2)).toBe(1);

    await setCombat(c, 2, "melee");
    setRound(gru, { attacks: NO_ATTACKS });
    world.as(world.player);
    target(world.player, t.jennyToken);
    const before = game.messages!.size;
    world.dice.push(10);
    expect(
      await modules.start.startAttack(t.gru, t.sword, { event: SHIFT, token: t.gruToken as never }),
    ).toBe(false);
    expect(world.notices.at(-1)).toBe(game.i18n!.localize("FANGS.Rules.Attack.Refusal.QuicknessOffRound"));
    // The GM's client refuses the same request sent straight to it, from the Combat's record.
    const answer = await sendAttack(world.player, {
      ...choices(t),
      requestId: "req00000000000000000099",
    });
    expect(answer).toMatchObject({ ok: false, key: "FANGS.Rules.Attack.Refusal.QuicknessOffRound" });
    expect(game.messages!.size).toBe(before);

    // Round 3: his attack is his again.
    await setCombat(c, 3, "melee");
    world.dice.length = 0;
    const third = await strike(t, 10);
    expect(stateOf(third).setup.slotModifier).toBe(0);
    expect(lastFreeAttackRound(c as never, gru.id, 4)).toBe(3);
  });

  it("RHF-MAT-1, RHF-MAT-2 (FANGS module): slow Gru whose skill carries −5 strikes in his off round at −5, which does not restart his count", async () => {
    const { t, c } = await engaged("attack");
    await slowGru(t.gru, 7);
    await worldRules({ multipleAttacksModule: true });
    await strike(t, 10);
    const gru = gruOf(c);
    await setCombat(c, 2, "melee");
    setRound(gru, { attacks: NO_ATTACKS });
    const off = await strike(t, 10);
    expect(attackCheck(off).modifiers).toBe(-5);
    expect(lastFreeAttackRound(c as never, gru.id, 3)).toBe(1);
    await setCombat(c, 3, "melee");
    setRound(gru, { attacks: NO_ATTACKS });
    const free = await strike(t, 10);
    expect(attackCheck(free).modifiers).toBe(0);
  });

  it("RHF-MAT-1 (FANGS module): a kept round reads back only as rounds could earn it; anything else as no attack yet", () => {
    expect(attackRoundsFrom({ last: 3, before: 1 }, 4)).toEqual({ last: 3, before: 1 });
    expect(attackRoundsFrom({ last: 0, before: 0 }, 1)).toEqual({ last: 0, before: 0 });
    for (const raw of [
      undefined,
      null,
      "3",
      { last: 5, before: 1 },
      { last: 3, before: 3 },
      { last: 2, before: 4 },
      { last: 1.5, before: 0 },
      { last: -1, before: 0 },
      { last: 3 },
    ])
      expect(attackRoundsFrom(raw, 4), JSON.stringify(raw)).toEqual({ last: 0, before: 0 });
    // The GM's copy on the Combat is read, never the combatant's own flags.
    const combatant = { id: "c1", flags: { fangs: { lastAttack: { last: 1, before: 0 } } } };
    expect(lastFreeAttackRound({ round: 2, flags: {} } as never, combatant.id, 2)).toBe(0);
    expect(
      lastFreeAttackRound(
        { round: 2, flags: { fangs: { lastAttack: { c1: { last: 1, before: 0 } } } } } as never,
        "c1",
        2,
      ),
    ).toBe(1);
  });

  it("RHF-MAT-2 (FANGS module): a Charge's free attack after Gru's own attack (AG 12, one a round) is his second roll: −5 on the card", async () => {
    const { t } = await engaged("attack");
    await worldRules({ multipleAttacksModule: true });
    await strike(t, 10);
    // Jenny charged him and missed: the GM starts Gru's free attack at her (a GM needs no card's offer).
    world.as(world.gm);
    world.dice.push(10);
    const posted = await modules.start.startAttack(t.gru, t.sword, {
      event: SHIFT,
      token: t.gruToken as never,
      free: "chargeFreeAttack",
      target: { actorUuid: t.jenny.uuid, tokenUuid: t.jennyToken.uuid, name: "Pirate Jenny", img: "" },
    });
    expect(posted).toBe(true);
    const free = lastMessage();
    expect(stateOf(free).setup).toMatchObject({ source: "chargeFreeAttack", slotModifier: -5 });
    expect(attackCheck(free).modifiers).toBe(-5);
  });

  it("review 5: slow Gru's only attack in round 1 is a Charge's free one, within his allowance: it is his every-other-round attack, and round 2's is refused", async () => {
    const { t, c } = await engaged("attack");
    await slowGru(t.gru, 0, true);
    await worldRules({ multipleAttacksModule: true });
    await game.settings.set("fangs", "attackEnforcement", "forbid");
    // Jenny charged him: the GM counts his free attack as the Charge's (its cause shows on the combat).
    const jenny = c.combatants.find((x) => x.actor?.name === "Pirate Jenny") as unknown as Parameters<
      typeof setRound
    >[0];
    setRound(jenny, { maneuver: "charge" });
    world.as(world.gm);
    world.dice.push(10);
    expect(
      await modules.start.startAttack(t.gru, t.sword, {
        event: SHIFT,
        token: t.gruToken as never,
        free: "chargeFreeAttack",
        target: { actorUuid: t.jenny.uuid, tokenUuid: t.jennyToken.uuid, name: "Pirate Jenny", img: "" },
      }),
    ).toBe(true);
    expect(attackCheck(lastMessage()).modifiers).toBe(0);
    const gru = gruOf(c);
    expect((gru.system as { attacks: { made: string[] } }).attacks.made).toEqual(["chargeFreeAttack"]);
    expect(lastFreeAttackRound(c as never, gru.id, 2)).toBe(1);
    await setCombat(c, 2, "melee");
    setRound(gru, { attacks: NO_ATTACKS });
    world.as(world.player);
    target(world.player, t.jennyToken);
    expect(
      await modules.start.startAttack(t.gru, t.sword, { event: SHIFT, token: t.gruToken as never }),
    ).toBe(false);
    expect(world.notices.at(-1)).toBe(game.i18n!.localize("FANGS.Rules.Attack.Refusal.QuicknessOffRound"));
  });

  it("review 6: a Dodge Past's second chance the module would refuse (Gru's skill cannot carry −5) is not offered; off, it is", async () => {
    const offers = [];
    for (const rules of [{ multipleAttacksModule: true }, {}] as const) {
      const t = await table();
      await slowGru(t.gru, 0, true);
      world.as(world.gm);
      // AG 12 (one attack a round), ST 1: his Broadsword's natural ability (1 + 12 + 11) / 5 is 5.
      await t.gru.update({ "system.characteristics.ag": 12, "system.characteristics.st": 1 } as never);
      await combat([t.gru, { maneuver: "attack" }], [t.jenny, { maneuver: "dodgeMelee" }]);
      await worldRules(rules);
      const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [16]);
      world.dice.push(7);
      expect(await ask(world.defender, message, { type: "defend", choice: "dodgePast" })).toMatchObject({
        ok: true,
      });
      expect(stateOf(message).attack?.check.skill).toBe(5);
      offers.push(stateOf(message).freeAttack?.kind ?? null);
    }
    expect(offers).toEqual([null, "dodgePast"]);
  });
});
