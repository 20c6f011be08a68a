import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ask,
  attackWith,
  combat,
  type ExchangeModules,
  itemId,
  lastMessage,
  loadExchange,
  SHIFT,
  stateOf,
  table,
} from "../../test/foundry/chat-fixtures";
import { world } from "../../test/foundry/chat-stand-in";
import type { FangsRules } from "../rules/fangs/config";

/**
 * The readings a GM may switch (docs/rules/fangs.md, "Readings a GM may
 * switch"), through the exchange card as the table plays it: the world's
 * `rules` setting reaches the defenses offered, the dodge past's second
 * chance, the damage rolled and the stuck weapon's record.
 */

let modules: ExchangeModules;
beforeAll(async () => {
  modules = await loadExchange();
});

/** The world's rules setting, as the settings menu would store it. */
async function worldRules(rules: Partial<FangsRules>): Promise<void> {
  world.as(world.gm);
  await game.settings.set("fangs", "rules", rules as never);
}

afterEach(async () => {
  await worldRules({});
});

function dodgeOffer(message: Parameters<typeof stateOf>[0]) {
  return modules.render.viewerOf(stateOf(message)).offers?.find((o) => o.choice === "dodge");
}

describe("NC-MAN-11, NC-DEF-3: a Melee Dodger shot at", () => {
  async function jennyShootsGru() {
    const t = await table();
    await combat([t.gru, { maneuver: "dodgeMelee" }], [t.jenny, { maneuver: "attack" }]);
    const message = await attackWith(world.defender, t.jenny, "Light Crossbow", t.gruToken, [12]);
    world.as(world.player);
    return { t, message };
  }

  it("NC-MAN-11, NC-DEF-3: by default the card offers Gru, on Melee Dodge, no dodge against Jenny's bolt", async () => {
    const { message } = await jennyShootsGru();
    expect(dodgeOffer(message)).toMatchObject({
      allowed: false,
      reasonKey: "FANGS.Rules.Defense.Refusal.DodgeOnlyMelee",
    });
    expect(await ask(world.player, message, { type: "defend", choice: "dodge" })).toMatchObject({
      ok: false,
    });
  });

  it('NC-MAN-11, NC-DEF-3: under "all" the card offers the dodge, and the dodge is rolled', async () => {
    await worldRules({ meleeDodgeScope: "all" });
    const { message } = await jennyShootsGru();
    expect(dodgeOffer(message)).toMatchObject({ allowed: true });
    world.dice.push(15);
    expect(await ask(world.player, message, { type: "defend", choice: "dodge" })).toMatchObject({ ok: true });
    expect(stateOf(message).defense?.declaration.choice).toBe("dodge");
  });
});

describe("NC-MAN-9, NC-DEF-4: dodging past a charger", () => {
  async function gruChargesJenny() {
    const t = await table();
    await combat([t.gru, { maneuver: "charge" }], [t.jenny, { maneuver: "dodgeMelee" }]);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [12]);
    // 7 + 17 = 24: a normal dodge of a normal attack.
    world.dice.push(7);
    expect(await ask(world.defender, message, { type: "defend", choice: "dodgePast" })).toMatchObject({
      ok: true,
    });
    return { t, message };
  }

  it("NC-MAN-9, NC-DEF-4: by default the charger gets no second chance; the missed charge gives Jenny her free attack", async () => {
    const { t, message } = await gruChargesJenny();
    const state = stateOf(message);
    expect(state.outcome?.kind).toBe("dodged");
    expect(state.defense?.past).toEqual({ slippedBy: true });
    expect(state.freeAttack?.kind).not.toBe("dodgePast");
    expect(state.freeAttack).toMatchObject({ attackerId: t.jenny.uuid, targetId: t.gru.uuid });
  });

  it('NC-MAN-9, NC-DEF-4: under "always" the charger gets its second chance at Jenny', async () => {
    await worldRules({ dodgePastSecondChance: "always" });
    const { t, message } = await gruChargesJenny();
    const state = stateOf(message);
    expect(state.defense?.past).toEqual({ slippedBy: false });
    expect(state.freeAttack).toMatchObject({
      kind: "dodgePast",
      attackerId: t.gru.uuid,
      targetId: t.jenny.uuid,
    });
  });
});

describe("NC-MAN-9, NC-DEF-4: a charger's second chance that misses too", () => {
  it('NC-MAN-9, NC-DEF-4: under "always" Gru\'s second chance misses Jenny: his charge did no damage, and its card gives her the free attack', async () => {
    await worldRules({ dodgePastSecondChance: "always" });
    const t = await table();
    await combat([t.gru, { maneuver: "charge" }], [t.jenny, { maneuver: "dodgeMelee" }]);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [12]);
    world.dice.push(7); // 7 + 17 = 24: a normal dodge of a normal attack
    await ask(world.defender, message, { type: "defend", choice: "dodgePast" });
    expect(stateOf(message).freeAttack).toMatchObject({ kind: "dodgePast" });
    expect(await ask(world.player, message, { type: "takeFreeAttack" })).toMatchObject({ ok: true });
    world.as(world.player);
    world.dice.push(2); // the second chance misses
    await modules.start.takeFreeAttack(stateOf(message), { event: SHIFT });
    const second = stateOf(lastMessage());
    expect(second.setup.source).toBe("dodgePast");
    expect(second.stage).toBe("resolved");
    expect(second.freeAttack).toMatchObject({ attackerId: t.jenny.uuid, targetId: t.gru.uuid, taken: false });
    expect(second.freeAttack?.kind).not.toBe("dodgePast");
  });
});

describe("NC-DMG-17: a worn weapon parrying a Special", () => {
  /** Gru's Special (natural 19, confirmation 1): maximum 10 + DM 1 = 11 against Jenny's Shortsword at 7 of 8 SP. */
  async function gruSpecialAgainstWornSword() {
    const t = await table();
    world.as(world.gm);
    await t.jenny.items.get(itemId(t.jenny, "Shortsword"))!.update({ "system.itemSp.value": 7 } as never);
    const message = await attackWith(world.player, t.gru, "Broadsword", t.jennyToken, [19, 1]);
    world.dice.push(8); // Jenny's parry: 8 + 12 = 20
    await ask(world.defender, message, { type: "defend", choice: "weaponParry" });
    expect(stateOf(message).outcome?.kind).toBe("parriedSpecial");
    await ask(world.player, message, { type: "rollDamage" });
    return stateOf(message).damage?.result;
  }

  it("NC-DMG-17: by default 4 lost of the 7 SP it parried with is more than half: the Shortsword breaks", async () => {
    expect(await gruSpecialAgainstWornSword()).toMatchObject({ parryItemWear: 7, parryItemShattered: true });
  });

  it('NC-DMG-17: under "maximum" 4 lost of its full 8 SP is not more than half: the Shortsword keeps 3', async () => {
    await worldRules({ weaponBreakSp: "maximum" });
    expect(await gruSpecialAgainstWornSword()).toMatchObject({ parryItemWear: 4, parryItemShattered: false });
  });
});

describe("NC-DMG-13: the stuck weapon's round damage", () => {
  /** Jenny with ST 20 (DM +2) impales Gru with her Shortsword. */
  async function jennyImpalesGru() {
    const t = await table();
    world.as(world.gm);
    await t.jenny.update({ "system.characteristics.st": 20 } as never);
    const message = await attackWith(world.defender, t.jenny, "Shortsword", t.gruToken, [19, 1]);
    expect(stateOf(message).attack?.check.level).toBe(3);
    await ask(world.player, message, { type: "defend", choice: "none" });
    world.dice.push(5, 2); // 1d6+1 (5) and the DM's 1d2 (2)
    await ask(world.defender, message, { type: "rollDamage" });
    await ask(world.player, message, { type: "apply" });
    const { stuckWeapons } = await import("./stuck-weapons");
    return stuckWeapons(t.gru).map((s) => s.stuck.perRoundDamage);
  }

  it("NC-DMG-13: by default the record carries the Shortsword's own dice", async () => {
    expect(await jennyImpalesGru()).toEqual(["1d6+1"]);
  });

  it('NC-DMG-13: under "weaponAndDm" the record carries Jenny\'s DM dice too', async () => {
    await worldRules({ impaleRoundDamage: "weaponAndDm" });
    expect(await jennyImpalesGru()).toEqual(["1d6+1+1d2"]);
  });
});
