import { resolve } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  type AnyActor,
  ask,
  combat,
  type ExchangeModules,
  itemId,
  loadExchange,
  makeActor,
  stateOf,
  target,
} from "../../test/foundry/chat-fixtures";
import { type TestCombat, world } from "../../test/foundry/chat-stand-in";
import { STATUS_ALIASES } from "../effects/effect-plan";
import { type DefenseUsage, emptyDefenseUsage } from "../rules/fangs/defenses";
import type { DefenseChoice, ManeuverId } from "../rules/fangs/types";
import type { DiceSource } from "../rules/kernel/dice";
import { ScriptedDice } from "../rules/kernel/dice";
import { type ExchangePlay, type FighterAfter, playExchange } from "../rulesets/fangs/sim/duel";
import type { SimWeapon } from "../rulesets/fangs/sim/fighter";
import { loadRoster } from "../rulesets/fangs/sim/packs";
import { findFighter } from "../rulesets/fangs/sim/roster";

/**
 * The table and the simulator play the same exchange with the same dice and
 * must leave the fighters alike: the table through its exchange card
 * (attack, defense, damage, fumble, apply, on the Foundry stand-in with the
 * packs' sample actors), the simulator through its duel engine's own turn
 * (`playExchange`). Each case compares the two drivers' results with each
 * other, not with figures of either, so a rule that changes changes both;
 * only the text's worked examples pin a number.
 */

/** How the attacker's dialog is answered (subdual and the flat of the blade are chosen there). */
let manner: { mode: "strike" | "flatOfBlade"; subdual: boolean } = { mode: "strike", subdual: false };
vi.mock(import("../rulesets/fangs/apps/attack/attack-dialog"), async (original) => {
  const actual = await original();
  return {
    ...actual,
    askAttack: async (facts) => ({
      ...actual.defaultAnswers(facts),
      ...(facts.grapple ? {} : manner),
    }),
  };
});

const roster = loadRoster(resolve(__dirname, "../.."));
let modules: ExchangeModules;
beforeAll(async () => {
  modules = await loadExchange();
});

const PACK: Readonly<Record<string, string>> = {
  Gru: "characters/gru.json",
  "Fast Eddy": "characters/fast-eddy.json",
  "Pirate Jenny": "characters/pirate-jenny.json",
  "Giant Octopus": "creatures/giant-octopus.json",
  "Troll-Martian": "creatures/troll-martian.json",
  Dragon: "creatures/dragon.json",
};

interface Case {
  readonly attacker: string;
  readonly weapon: string;
  readonly defender: string;
  readonly defense: DefenseChoice;
  readonly dice: readonly number[];
  readonly maneuvers?: readonly [ManeuverId, ManeuverId];
  readonly distance?: number;
  readonly manner?: { mode: "strike" | "flatOfBlade"; subdual: boolean };
  /** The defender's pools at the start, when not its sheet's. */
  readonly defenderPools?: { readonly stunPoints: number; readonly hitPoints: number };
  /** An enchantment (`damageBonus`) on one of the defender's weapons, by name. */
  readonly defenderEnchantment?: { readonly weapon: string; readonly damageBonus: number };
  /**
   * Whether the script is exactly what the exchange rolls. Not for the rules
   * other changes are under way on (a shot's DM, autofire, subdual with
   * weapons): there the script leaves dice over, and the two drivers must
   * only take the same ones.
   */
  readonly exact?: boolean;
}

interface Played {
  readonly outcome: string;
  readonly damage: unknown;
  readonly attacker: FighterAfter;
  readonly defender: FighterAfter;
  readonly stuck: readonly string[];
  readonly diceUsed: number;
}

/** Writes ids (actor UUIDs or fighter letters, item ids) as names, so the two drivers' records compare. */
function named(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (typeof value === "string") return names.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => named(v, names));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, named(v, names)]));
  return value;
}

/** A damage step that changes nothing (a miss, a dodge, a fumble before the GM's ruling) is no damage step. */
function damageOf(result: unknown, names: ReadonlyMap<string, string>): unknown {
  const d = result as { damage: number; effects: readonly unknown[] } | null;
  if (d === null || (d.damage === 0 && d.effects.length === 0)) return null;
  return named(d, names);
}

/** Counts the dice the simulator takes from the script. */
class CountedDice implements DiceSource {
  used = 0;
  constructor(readonly inner: DiceSource) {}
  roll(faces: number): number {
    this.used += 1;
    return this.inner.roll(faces);
  }
}

function enchanted<F extends { readonly weapons: readonly SimWeapon[] }>(
  fighter: F,
  enchantment: Case["defenderEnchantment"],
): F {
  if (!enchantment) return fighter;
  const weapons = fighter.weapons.map((w) =>
    w.name === enchantment.weapon ? { ...w, damageBonus: enchantment.damageBonus } : w,
  );
  return { ...fighter, weapons };
}

function simulate(c: Case): Played & { fumbleHit: unknown } {
  const attacker = findFighter(roster, c.attacker);
  const weapon = attacker.weapons.find((w) => w.name === c.weapon)!;
  const dice = new CountedDice(new ScriptedDice(c.dice));
  const play: ExchangePlay = {
    attacker,
    defender: enchanted({ ...findFighter(roster, c.defender), ...c.defenderPools }, c.defenderEnchantment),
    weaponId: weapon.id,
    defense: c.defense,
    dice,
    ...(c.maneuvers ? { maneuvers: c.maneuvers } : {}),
    ...(c.distance !== undefined ? { distance: c.distance } : {}),
    ...(c.manner ? { manner: c.manner } : {}),
  };
  const played = playExchange(play);
  const [first, second] = played.resolutions;
  const names = new Map<string, string>([
    ["a", play.attacker.name],
    ["b", play.defender.name],
  ]);
  for (const sheet of [play.attacker, play.defender])
    for (const item of [...sheet.weapons, ...sheet.shields]) names.set(item.id, item.name);
  return {
    outcome: first!.outcome.kind,
    // The card keeps no damage step for the fumble itself, only for the GM's ruling on it.
    damage: first!.outcome.kind === "attackFumbled" ? null : damageOf(first!.damage, names),
    fumbleHit: damageOf(second?.damage ?? null, names),
    attacker: played.attacker,
    defender: played.defender,
    stuck: played.stuck,
    diceUsed: dice.used,
  };
}

const FROM_TOKEN_STATUS = new Map(Object.entries(STATUS_ALIASES).map(([rules, token]) => [token, rules]));

function tableAfter(actor: AnyActor, c: TestCombat, equippedBefore: ReadonlySet<string>): FighterAfter {
  const s = actor.system as unknown as { stunPoints: { value: number }; hitPoints: { value: number } };
  const itemSp: Record<string, number> = {};
  const away: string[] = [];
  for (const item of actor.items) {
    const data = item.system as unknown as {
      itemSp?: { value: number };
      natural?: boolean;
      equipped?: boolean;
    };
    if (item.type !== "weapon" && item.type !== "shield") continue;
    if (data.itemSp && data.natural !== true) itemSp[item.name!] = data.itemSp.value;
    if (equippedBefore.has(item.id!) && data.equipped === false) away.push(item.name!);
  }
  for (const other of game.actors as unknown as Iterable<AnyActor>) {
    for (const effect of other.effects) {
      const stuck = (effect.flags as { fangs?: { stuck?: { ownerUuid: string; itemId: string } } }).fangs
        ?.stuck;
      if (stuck?.ownerUuid === actor.uuid) away.push(actor.items.get(stuck.itemId)!.name!);
    }
  }
  const combatant = c.getCombatantsByActor(actor)[0]!;
  const system = combatant.system as {
    actionLost?: boolean;
    attacks?: { made?: string[] };
    defenses?: Record<string, unknown>;
  };
  return {
    stunPoints: s.stunPoints.value,
    hitPoints: s.hitPoints.value,
    itemSp,
    away: away.sort(),
    // The stuck weapon's effect carries "impaled" (compared as a stuck weapon); the token's words are the rules'.
    statuses: [...actor.statuses]
      .filter((x) => x !== "impaled")
      .map((x) => FROM_TOKEN_STATUS.get(x) ?? x)
      .sort(),
    actionLost: system.actionLost === true,
    attacksMade: system.attacks?.made?.length ?? 0,
    // A combatant that has not defended yet holds no record.
    defenses: (system.defenses as DefenseUsage | undefined) ?? emptyDefenseUsage(),
  };
}

async function atTable(c: Case): Promise<Played & { fumbleHit: unknown }> {
  world.reset();
  const a = await makeActor(PACK[c.attacker]!, world.player.id);
  const d = await makeActor(PACK[c.defender]!, world.defender.id);
  world.token(a as never, c.attacker);
  const token = world.token(d as never, c.defender);
  if (c.defenderPools) {
    world.as(world.gm);
    await d.update({
      "system.stunPoints.value": c.defenderPools.stunPoints,
      "system.hitPoints.value": c.defenderPools.hitPoints,
    } as never);
  }
  if (c.defenderEnchantment) {
    world.as(world.gm);
    await d.items
      .get(itemId(d, c.defenderEnchantment.weapon))!
      .update({ "system.damageBonus": c.defenderEnchantment.damageBonus } as never);
  }
  const [am, dm] = c.maneuvers ?? ["attack", "attack"];
  const fight = await combat([a, { maneuver: am }], [d, { maneuver: dm }]);
  const equipped = (x: AnyActor) =>
    new Set(
      x.items
        .filter((i) => (i.system as unknown as { equipped?: boolean }).equipped === true)
        .map((i) => i.id!),
    );
  const equippedBefore = new Set([...equipped(a), ...equipped(d)]);
  manner = c.manner ?? { mode: "strike", subdual: false };
  world.as(world.player);
  target(world.player, token);
  world.dice.push(...c.dice);
  const posted = await modules.start.startAttack(a, itemId(a, c.weapon), { event: null });
  if (!posted) throw new Error(`the attack was not posted: ${world.notices.at(-1) ?? "no notice"}`);
  const message = [...(game.messages as unknown as Iterable<never>)].at(-1)!;
  const step = async (intent: Parameters<typeof ask>[2]) => {
    const answer = await ask(world.gm, message, intent);
    if (!answer.ok) throw new Error(`${intent.type} refused: ${JSON.stringify(answer)}`);
  };
  if (stateOf(message).stage === "attackRolled") await step({ type: "defend", choice: c.defense });
  if (stateOf(message).stage === "fumbled") {
    // The simulator takes the Luck roll's suggestion (docs/simulator.md): so does the GM here.
    const suggested = stateOf(message).outcome?.fumble?.suggested ?? "dropWeapon";
    await step({ type: "resolveFumble", option: suggested });
  }
  const stage = stateOf(message).stage;
  if (stage === "defenseChosen" || stage === "defenseRolled") await step({ type: "rollDamage" });
  if (stateOf(message).stage === "damageRolled") await step({ type: "apply" });
  const state = stateOf(message);
  const fumbled = state.outcome?.kind === "attackFumbled";
  const names = new Map<string, string>();
  for (const x of [a, d]) {
    names.set(x.uuid, x.name!);
    for (const item of x.items) names.set(item.id!, item.name!);
  }
  const damage = damageOf(state.damage?.result ?? null, names);
  return {
    outcome: state.outcome?.kind ?? "none",
    damage: fumbled ? null : damage,
    fumbleHit: fumbled ? damage : null,
    attacker: tableAfter(a, fight, equippedBefore),
    defender: tableAfter(d, fight, equippedBefore),
    stuck: stuckAt(a, d),
    diceUsed: c.dice.length - world.dice.length,
  };
}

function stuckAt(...actors: AnyActor[]): string[] {
  const name = (uuid: string) => actors.find((x) => x.uuid === uuid)!;
  const list: string[] = [];
  for (const t of actors) {
    for (const effect of t.effects) {
      const stuck = (
        effect.flags as { fangs?: { stuck?: { ownerUuid: string; itemId: string; inItemId: string | null } } }
      ).fangs?.stuck;
      if (!stuck) continue;
      const owner = name(stuck.ownerUuid);
      const where = stuck.inItemId === null ? t.name : `${t.name}'s ${t.items.get(stuck.inItemId)!.name}`;
      list.push(`${owner.name}'s ${owner.items.get(stuck.itemId)!.name} in ${where}`);
    }
  }
  return list;
}

async function agree(c: Case): Promise<Played & { fumbleHit: unknown }> {
  const table = await atTable(c);
  const sim = simulate(c);
  expect(sim.outcome, "outcome").toBe(table.outcome);
  expect(sim.damage, "damage").toEqual(table.damage);
  expect(sim.fumbleHit, "the fumble's blow").toEqual(table.fumbleHit);
  expect(sim.defender, "the defender after").toEqual(table.defender);
  expect(sim.attacker, "the attacker after").toEqual(table.attacker);
  expect(sim.stuck, "stuck weapons").toEqual(table.stuck);
  expect(sim.diceUsed, "dice used").toBe(table.diceUsed);
  if (c.exact !== false) expect(table.diceUsed, "the whole script is used").toBe(c.dice.length);
  return table;
}

const GRU_ON_JENNY = { attacker: "Gru", weapon: "Broadsword", defender: "Pirate Jenny" } as const;
const JENNY_ON_GRU = { attacker: "Pirate Jenny", weapon: "Shortsword", defender: "Gru" } as const;

describe("the table and the simulator play an exchange alike", () => {
  it("NC-DMG-1, NC-DMG-2, NC-DMG-3: a plain hit less Jenny's armor", async () => {
    // 15 + 15: a hit; 1d8 → 8.
    const r = await agree({ ...GRU_ON_JENNY, defense: "none", dice: [15, 8] });
    // The text's 11 → 11 Stun, 6 HP, less Jenny's leathers (1) from each part.
    expect(r.damage).toMatchObject({ damage: 11, stunDamage: 10, hitPointDamage: 5 });
  });

  it("NC-DEF-2, NC-DEF-5: a missed attack spends none of Jenny's parries", async () => {
    // 3 + 15 = 18: a miss, so she has no defense to make (the simulator used to count her parry).
    const r = await agree({ ...GRU_ON_JENNY, defense: "weaponParry", dice: [3] });
    expect(r.outcome).toBe("missed");
    expect(r.defender.defenses.weaponParries).toBe(0);
  });

  it("NC-DEF-2, NC-MAN-2: a missed attack takes nothing from Jenny's Engage: she dodges no attack", async () => {
    const r = await agree({
      ...GRU_ON_JENNY,
      defense: "dodge",
      dice: [3],
      maneuvers: ["attack", "engage"],
    });
    expect(r.outcome).toBe("missed");
    expect(r.defender.defenses.dodges).toBe(0);
  });

  it("NC-MAN-13: Fast Eddy's Throwing Knife leaves his hand once thrown, though it misses", async () => {
    const r = await agree({
      attacker: "Fast Eddy",
      weapon: "Throwing Knife",
      defender: "Pirate Jenny",
      defense: "none",
      dice: [2],
      distance: 5,
    });
    expect(r.outcome).toBe("missed");
    expect(r.attacker.away).toEqual(["Throwing Knife"]);
  });

  it("NC-DEF-3, NC-DMG-4: a dodge stops the blow", async () => {
    const r = await agree({ ...GRU_ON_JENNY, defense: "dodge", dice: [15, 5] });
    expect(r.outcome).toBe("dodged");
  });

  it("NC-DMG-5, NC-DMG-6: a weapon parry that nicks the Shortsword lets 3 through", async () => {
    const r = await agree({ ...GRU_ON_JENNY, defense: "weaponParry", dice: [15, 8, 8] });
    // The rules text's figures: 11 against SP 8.
    expect(r.defender.itemSp.Shortsword).toBe(7);
  });

  it("NC-DEF-6, NC-DMG-5: a shield parry blocks with the Round Shield's SP", async () => {
    await agree({ ...JENNY_ON_GRU, defense: "shieldParry", dice: [10, 12, 6] });
  });

  it("NC-DMG-10: a Special with a weapon that does not impale", async () => {
    const r = await agree({ ...GRU_ON_JENNY, defense: "none", dice: [19, 1] });
    expect(r.outcome).toBe("specialHit");
  });

  it("NC-DMG-11: an impaling Special leaves the Shortsword stuck in Gru", async () => {
    const r = await agree({ ...JENNY_ON_GRU, defense: "none", dice: [19, 2, 5] });
    expect(r.stuck).toHaveLength(1);
  });

  it("NC-DMG-14, CORE-CON-1: a Critical does its maximum; Jenny fails the CO check and is stunned", async () => {
    const r = await agree({ ...GRU_ON_JENNY, defense: "none", dice: [19, 5, 3] });
    expect(r.defender.statuses).toContain("stunned");
  });

  it("CORE-CON-2, CORE-CON-3: a blow that takes Stun and HP below zero leaves Jenny unconscious and dying", async () => {
    const r = await agree({
      ...GRU_ON_JENNY,
      defense: "none",
      dice: [15, 8],
      defenderPools: { stunPoints: 5, hitPoints: 3 },
    });
    expect(r.defender.statuses).toEqual(["dying", "unconscious"]);
  });

  it("NC-DMG-17: a Special against a parry does its maximum, and the excess comes off the Shortsword", async () => {
    await agree({ ...GRU_ON_JENNY, defense: "weaponParry", dice: [19, 1, 8] });
  });

  it("NC-DMG-23: a fumbled parry against a normal hit", async () => {
    const r = await agree({ ...GRU_ON_JENNY, defense: "weaponParry", dice: [15, 1, 1, 2] });
    expect(r.outcome).not.toBe("parried");
  });

  it("NC-DMG-19: a Critical shield parry strikes back at Jenny with the Round Shield", async () => {
    const r = await agree({ ...JENNY_ON_GRU, defense: "shieldParry", dice: [10, 19, 12, 3] });
    expect(r.outcome).toBe("criticalParry");
  });

  it("NC-DMG-18: a Special parry wears the attacking weapon", async () => {
    const r = await agree({ ...GRU_ON_JENNY, defense: "weaponParry", dice: [15, 19, 1, 6] });
    expect(r.outcome).toBe("specialParry");
  });

  it("NC-DMG-19: a Critical parry strikes back at the attacker", async () => {
    const r = await agree({ ...GRU_ON_JENNY, defense: "weaponParry", dice: [15, 19, 8, 6] });
    expect(r.outcome).toBe("criticalParry");
  });

  it("NC-TAC-2, NC-DMG-19: Jenny's enchanted Shortsword (+2) strikes back with its enchantment on a Critical parry", async () => {
    // 15: a hit; Jenny's parry 19, then 8 + 12: a Critical; the Shortsword's 1d6 (6) + 1 + 2 = 9.
    const r = await agree({
      ...GRU_ON_JENNY,
      defense: "weaponParry",
      dice: [15, 19, 8, 6],
      defenderEnchantment: { weapon: "Shortsword", damageBonus: 2 },
    });
    expect(r.outcome).toBe("criticalParry");
    expect(r.damage).toMatchObject({ counterDamage: 9 });
  });

  it("NC-SUB-1, NC-SUB-4, NC-DMG-13: the Dragon's subdual bite does not impale: nothing sticks and the Bite stays at hand", async () => {
    // 19: a Special, 1 + 22 confirms a Critical: the maximum (2d8 16 + DM 10 = 26) to Stun only.
    const r = await agree({
      attacker: "Dragon",
      weapon: "Bite",
      defender: "Pirate Jenny",
      defense: "none",
      dice: [19, 1, 20, 20, 20, 20],
      manner: { mode: "strike", subdual: true },
      exact: false,
    });
    expect(r.outcome).toBe("specialHit");
    expect(r.stuck).toEqual([]);
    expect(r.attacker.away).toEqual([]);
    expect(r.damage).toMatchObject({ damage: 26, hitPointDamage: 0, impaled: false });
  });

  it("NC-DMG-21: a fumbled attack; Luck made, Gru drops his Broadsword", async () => {
    const r = await agree({ ...GRU_ON_JENNY, defense: "none", dice: [1, 1, 15] });
    expect(r.attacker.away).toEqual(["Broadsword"]);
  });

  it("NC-DMG-21: a fumbled attack; Luck failed, Gru hits himself with a normal hit", async () => {
    const r = await agree({ ...GRU_ON_JENNY, defense: "none", dice: [1, 1, 5, 4] });
    expect(r.fumbleHit).toMatchObject({ kind: "hit", maximum: false });
  });

  it("NC-DMG-22: a fumbled dodge against a normal hit", async () => {
    const r = await agree({ ...GRU_ON_JENNY, defense: "dodge", dice: [15, 1, 1, 2] });
    expect(r.outcome).not.toBe("dodged");
  });

  it("NC-GRP-2: the Giant Octopus grapples Jenny and holds her", async () => {
    const r = await agree({
      attacker: "Giant Octopus",
      weapon: "Grapple",
      defender: "Pirate Jenny",
      defense: "none",
      dice: [10],
    });
    expect(r.defender.statuses).toContain("grappled");
  });

  it("NC-SUB-1, NC-SUB-2: subdual with the flat of the blade takes only Stun", async () => {
    const r = await agree({
      ...GRU_ON_JENNY,
      defense: "none",
      dice: [15, 4, 4, 4],
      exact: false,
      manner: { mode: "flatOfBlade", subdual: false },
    });
    expect(r.defender.hitPoints).toBe(11);
  });

  it("NC-ATK-1: a shot with the Light Crossbow", async () => {
    await agree({
      attacker: "Pirate Jenny",
      weapon: "Light Crossbow",
      defender: "Gru",
      defense: "none",
      dice: [15, 3, 3, 3, 3, 3],
      exact: false,
      distance: 10,
    });
  });

  it("NC-MAN-12: Gru dodges 24 against the Troll-Martian's autofire attack of 27 and is hit three times", async () => {
    const r = await agree({
      attacker: "Troll-Martian",
      weapon: "Blaster Rifle",
      defender: "Gru",
      defense: "dodge",
      // 17 + 10 = 27 against the dodge's 13 + 11 = 24; then each hit's 2d6 (and the DM's dice, if any).
      dice: [17, 13, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
      exact: false,
      maneuvers: ["attack", "dodgeMissile"],
      distance: 10,
    });
    expect((r.damage as { hits?: number }).hits).toBe(3);
  });
});
