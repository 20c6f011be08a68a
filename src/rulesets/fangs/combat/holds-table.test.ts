import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type AnyActor,
  ask,
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
  target,
} from "../../../../test/foundry/chat-fixtures";
import {
  type ChatMessage,
  GridScene,
  SquareGrid,
  type TestCombat,
  world,
} from "../../../../test/foundry/chat-stand-in";
import { writesSettled } from "../../../documents/write-queue";
import type { FangsRules } from "../../../rules/fangs/config";
import { emptyDefenseUsage } from "../../../rules/fangs/defenses";
import type { CombatPlan } from "../../../rules/fangs/round-engine";
import { fangsRound } from "./combatant-round";
import { holdControlAt, holdsOn, immobilizedIn } from "./hold-control";
import { parseFangsPair, parseHold } from "./pairs";

/**
 * The holds module at the table (RHF-HLD-1 … -3), on the stand-in: Gru's
 * player grapples Pirate Jenny through the exchange card; its Apply begins
 * Gru's hold on the pair's state (`system.pairs`, which only the active GM
 * writes), each new round's start (round-start.ts) adds ceil(ST/3), and
 * past Jenny's ST she is immobilized: the "immobilized" status on her
 * token, her attack refused on her client and on the GM's, her defenses
 * down to none on the card. The card's Undo, and the grapple's end, take
 * the hold and its points off.
 */

let modules: ExchangeModules;
beforeAll(async () => {
  modules = await loadExchange();
  // A player's round actions go to the active GM as `registerCombat` wires them.
  const request = await import("../../../combat/request");
  CONFIG.queries[request.COMBAT_QUERY] = request.handleCombatAction as never;
  // FANGS's init registers the holds module's watch on the Grappled status.
  (await import("./hold-watch")).registerHoldWatch();
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

const grappleItem = JSON.parse(
  readFileSync(resolve(__dirname, "../../../../packs/weapons/grapple.json"), "utf8"),
) as Record<string, unknown>;

/** Gru (ST 14: 5 control points a round) and Jenny (ST 10), side by side, both on Attack, round 1's Melee phase. */
async function fight(): Promise<{ t: Table; c: TestCombat }> {
  world.reset();
  const gru = await makeActor("characters/gru.json", world.player.id);
  const jenny = await makeActor("characters/pirate-jenny.json", world.defender.id);
  const { _id, _key, folder, ownership, ...grapple } = grappleItem;
  await (
    gru as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }
  ).createEmbeddedDocuments(
    "Item",
    // Named apart from the Grapple skill, which the weapon's item is found beside by name.
    [{ ...grapple, name: "Grappling hold" }],
  );
  const scene = new GridScene("sceneHolds000001", new SquareGrid(100, 1));
  const t: Table = {
    gru,
    jenny,
    gruToken: world.token(gru as never, "Gru", { scene, x: 0, y: 0, disposition: 1 }),
    jennyToken: world.token(jenny as never, "Pirate Jenny", { scene, x: 100, y: 0, disposition: -1 }),
    sword: itemId(gru, "Broadsword"),
  };
  // FANGS's Combat document (its round actions run through it), in round 1's Melee phase.
  const { FangsCombat } = await import("../../../documents/combat");
  const c = new (FangsCombat as unknown as new (data: object) => TestCombat)({
    _id: "combatHolds00001",
    round: 1,
    turn: 0,
    system: { phase: "melee", order: [] },
  });
  c.add(gru as never, { maneuver: "attack" });
  c.add(jenny as never, { maneuver: "attack" });
  world.combat = c;
  return { t, c };
}

function combatantOf(c: TestCombat, actor: AnyActor) {
  return c.combatants.find((x) => x.actor === (actor as never)) as unknown as Combatant.Implementation;
}

/** `attacker`'s owner attacks `token` with `weapon` from the attacker's placed token, the die scripted. */
async function strike(
  user: typeof world.player,
  attacker: AnyActor,
  from: unknown,
  weapon: string,
  at: unknown,
  die: number,
) {
  world.as(user);
  target(user, at as never);
  world.dice.push(die);
  const posted = await modules.start.startAttack(attacker, itemId(attacker, weapon), {
    event: SHIFT,
    token: from as never,
  });
  if (!posted) throw new Error(`the attack was not posted: ${world.notices.at(-1) ?? "no notice"}`);
  return lastMessage();
}

/** Gru grapples Jenny: she does not defend, and the GM applies the card. */
async function grapple(t: Table): Promise<ChatMessage> {
  const card = await strike(world.player, t.gru, t.gruToken, "Grappling hold", t.jennyToken, 15);
  expect(await ask(world.defender, card, { type: "defend", choice: "none" })).toMatchObject({ ok: true });
  expect(stateOf(card).outcome?.kind).toBe("grappled");
  if (stateOf(card).stage !== "damageRolled")
    expect(await ask(world.gm, card, { type: "rollDamage" })).toMatchObject({ ok: true });
  expect(await ask(world.gm, card, { type: "apply" })).toMatchObject({ ok: true });
  return card;
}

function storedPairs(c: TestCombat): Record<string, unknown> {
  return ((c.system as { pairs?: Record<string, unknown> }).pairs ?? {}) as Record<string, unknown>;
}

/** A new round begins at the table: its number written, then FANGS's round start (round-start.ts). */
async function newRound(c: TestCombat, round: number): Promise<void> {
  world.as(world.gm);
  await c.update({ round, system: { phase: "initiative" } } as never);
  const { fangsRoundStart } = await import("./round-start");
  const plan = { newRound: true, combatants: [], impaleDamageDue: false } as unknown as CombatPlan;
  // What the round engine's plan resets as a round begins: the attacks and defenses used.
  for (const combatant of c.combatants)
    setRound(combatant as never, {
      attacks: { made: [], usedRanged: false, usedMelee: false, targets: [] },
      defenses: emptyDefenseUsage(),
    });
  await fangsRoundStart(c as unknown as Combat.Implementation, plan);
  await c.update({ system: { phase: "melee" } } as never);
}

/** The module on, Gru's grapple made in round 1 and standing into round 3: Jenny (ST 10) held past her ST. */
async function heldIntoRoundThree(): Promise<{ t: Table; c: TestCombat }> {
  const { t, c } = await fight();
  await worldRules({ controlPointsModule: true });
  await grapple(t);
  await newRound(c, 2);
  await newRound(c, 3);
  return { t, c };
}

/** The current user takes the Grappled status off the actor (the Token HUD's toggle). */
async function takeGrappledOff(actor: AnyActor): Promise<void> {
  await (
    actor as unknown as { toggleStatusEffect(id: string, o: object): Promise<unknown> }
  ).toggleStatusEffect("grappled", { active: false });
}

function hasStatus(actor: AnyActor, id: string): boolean {
  return (actor as unknown as { statuses: Set<string> }).statuses.has(id);
}

describe("the holds module at the table", () => {
  it("RHF-HLD-1 (FANGS module): the grapple's Apply begins Gru's hold at ceil(14/3) = 5; each new round adds 5, told in the chat", async () => {
    const { t, c } = await fight();
    await worldRules({ controlPointsModule: true });
    const card = await grapple(t);
    const gru = combatantOf(c, t.gru);
    const jenny = combatantOf(c, t.jenny);
    expect(Object.values(storedPairs(c))).toEqual([
      { hold: { grappler: gru.id, points: 5, since: 1, card: card.id } },
    ]);
    expect(holdsOn(c as never, jenny).map((h) => h.control)).toEqual([
      { controlPoints: 5, immobilized: false },
    ]);
    await newRound(c, 2);
    expect(holdsOn(c as never, jenny)[0]!.control).toEqual({ controlPoints: 10, immobilized: false });
    const note = [...(game.messages as unknown as Iterable<ChatMessage>)].at(-1);
    expect(String((note as unknown as { content: string }).content)).toContain("10");
    expect(hasStatus(t.jenny, "immobilized")).toBe(false);
  });

  it("RHF-HLD-2 (FANGS module): past Jenny's ST she is immobilized: the status shows it, her attack is refused on her client and on the GM's, and the card offers her no defense but none", async () => {
    const { t, c } = await fight();
    await worldRules({ controlPointsModule: true });
    await grapple(t);
    await newRound(c, 2);
    const jenny = combatantOf(c, t.jenny);
    // 10 is not past 10 ("higher than" her ST).
    expect(immobilizedIn(c as never, jenny)).toBe(false);
    await newRound(c, 3);
    expect(holdsOn(c as never, jenny)[0]!.control).toEqual({ controlPoints: 15, immobilized: true });
    expect(hasStatus(t.jenny, "immobilized")).toBe(true);

    await game.settings.set("fangs", "attackEnforcement", "forbid");
    world.as(world.defender);
    target(world.defender, t.gruToken);
    const before = game.messages!.size;
    expect(
      await modules.start.startAttack(t.jenny, itemId(t.jenny, "Shortsword"), {
        event: SHIFT,
        token: t.jennyToken as never,
      }),
    ).toBe(false);
    const words = game.i18n!.localize("FANGS.Rules.Attack.Refusal.Immobilized");
    expect(world.notices.at(-1)).toBe(words);
    const answer = await sendAttack(world.defender, {
      userId: world.defender.id,
      requestId: "req00000000000000000077",
      attackerUuid: t.jenny.uuid,
      attackerTokenUuid: t.jennyToken.uuid,
      weaponId: itemId(t.jenny, "Shortsword"),
      targetActorUuid: t.gru.uuid,
      targetTokenUuid: t.gruToken.uuid,
      free: null,
      answers: {
        situational: 0,
        attackToDamage: 0,
        parryToAttack: 0,
        attackToParry: 0,
        mode: "strike",
        subdual: false,
        rollMode: "publicroll",
        special: null,
      },
    });
    expect(answer).toMatchObject({ ok: false, key: "FANGS.Rules.Attack.Refusal.Immobilized" });
    expect(game.messages!.size).toBe(before);

    // Gru strikes her with his sword: she may not dodge nor parry, and a dodge asked for is refused.
    const card = await strike(world.player, t.gru, t.gruToken, "Broadsword", t.jennyToken, 15);
    world.as(world.defender);
    const offers = modules.render.viewerOf(stateOf(card)).offers ?? [];
    expect(offers.filter((o) => o.allowed).map((o) => o.choice)).toEqual(["none"]);
    expect(offers.find((o) => o.choice === "dodge")?.reasonKey).toBe(
      "FANGS.Rules.Defense.Refusal.Immobilized",
    );
    expect(await ask(world.defender, card, { type: "defend", choice: "dodge" })).toMatchObject({ ok: false });
    expect(stateOf(card).stage).toBe("attackRolled");
  });

  it("RHF-HLD-2 (FANGS module): the card's Undo takes the hold and its points off; so does the grapple's end, at the next round's start", async () => {
    const { t, c } = await fight();
    await worldRules({ controlPointsModule: true });
    const card = await grapple(t);
    expect(await ask(world.gm, card, { type: "undo" })).toMatchObject({ ok: true });
    expect(hasStatus(t.jenny, "grappled")).toBe(false);
    expect(Object.values(storedPairs(c))).toEqual([{ hold: null }]);

    const again = await grapple(t);
    expect(again.id).not.toBe(card.id);
    await newRound(c, 2);
    await newRound(c, 3);
    expect(hasStatus(t.jenny, "immobilized")).toBe(true);
    // The GM lets her go (the Grappled status off, by hand): nothing holds her any more, and the round's start tidies up.
    world.as(world.gm);
    await takeGrappledOff(t.jenny);
    await writesSettled();
    expect(immobilizedIn(c as never, combatantOf(c, t.jenny))).toBe(false);
    await newRound(c, 4);
    expect(Object.values(storedPairs(c))).toEqual([{ hold: null }]);
    expect(hasStatus(t.jenny, "immobilized")).toBe(false);
  });

  it("RHF-HLD-1 (FANGS module): a kept hold reads back as its rounds could earn it at most; a malformed one as none", async () => {
    const hold = { grappler: "gru", points: 999, since: 1, card: null };
    // Round 3, ST 14 against 10: 5 a round, three rounds held: 15 at most.
    expect(holdControlAt(hold, 3, 14, 10, { controlPointsModule: true })).toEqual({
      controlPoints: 15,
      immobilized: true,
    });
    expect(holdControlAt({ ...hold, points: 7 }, 3, 14, 10, { controlPointsModule: true })).toEqual({
      controlPoints: 7,
      immobilized: false,
    });
    expect(holdControlAt(hold, 3, 14, 10, {})).toBeNull();
    expect(parseHold(hold)).toEqual(hold);
    expect(parseHold(null)).toBeNull();
    for (const raw of [
      undefined,
      "hold",
      { ...hold, points: -1 },
      { ...hold, points: 2.5 },
      { ...hold, since: 0 },
      { ...hold, grappler: "a|b" },
      { ...hold, card: 3 },
      { grappler: "gru", points: 5 },
    ])
      expect(parseHold(raw), JSON.stringify(raw)).toBeUndefined();
    expect(parseFangsPair({ hold: { ...hold, points: -1 } })).toEqual({});
    expect(parseHold({ ...hold, tried: 2 })).toEqual({ ...hold, tried: 2 });
    expect(parseHold({ ...hold, tried: 0 })).toEqual(hold);
    expect(parseFangsPair({ hold: null })).toEqual({ hold: null });
    expect(parseFangsPair([])).toBeNull();

    // On the Combat: a stored 999 reads as what the rounds could earn.
    const { t, c } = await fight();
    await worldRules({ controlPointsModule: true });
    await grapple(t);
    const gru = combatantOf(c, t.gru);
    const jenny = combatantOf(c, t.jenny);
    const key = Object.keys(storedPairs(c))[0]!;
    world.as(world.gm);
    await c.update({
      system: { pairs: { [key]: { hold: { grappler: gru.id, points: 999, since: 1, card: null } } } },
    } as never);
    expect(holdsOn(c as never, jenny)[0]!.control.controlPoints).toBe(5);
  });

  it("off, the same grapple makes the same card and nothing is kept on the Combat; nobody is immobilized", async () => {
    const states = [];
    for (const rules of [{}, { controlPointsModule: false }] as const) {
      const { t, c } = await fight();
      await worldRules(rules);
      const card = await grapple(t);
      await newRound(c, 2);
      await newRound(c, 3);
      expect(storedPairs(c)).toEqual({});
      expect(hasStatus(t.jenny, "immobilized")).toBe(false);
      const s = stateOf(card);
      // A fresh world numbers the tokens and the new weapon anew: those ids aside, the cards are compared whole.
      const whole = JSON.stringify({
        ...s,
        attacker: { ...s.attacker, tokenUuid: null },
        target: { ...s.target, tokenUuid: null },
      });
      states.push(JSON.parse(whole.replaceAll(s.weapon.itemId, "weapon")));
    }
    expect(states[1]).toEqual(states[0]);
  });

  it("RHF-HLD-3 (FANGS module): held but not immobilized, Jenny breaks free on her own turn with FANGS's Grapple roll; the hold and the Grappled status come off", async () => {
    const { t, c } = await fight();
    await worldRules({ controlPointsModule: true });
    await grapple(t);
    const gru = combatantOf(c, t.gru);
    const jenny = combatantOf(c, t.jenny);
    world.as(world.gm);
    await c.update({ turn: 1, system: { order: [gru.id, jenny.id] } } as never);
    expect((c as unknown as { combatant?: { id: string } }).combatant?.id).toBe(jenny.id);
    // Gru's player may not ask it for her.
    world.as(world.player);
    expect(await fangsRound(jenny).breakFree()).toBe(false);
    expect(holdsOn(c as never, jenny)).toHaveLength(1);
    // Her Grapple (no skill: 0) 19 against Gru's 2 + his Grapple.
    world.dice.length = 0;
    world.dice.push(19, 2, 10, 10);
    world.as(world.defender);
    expect(await fangsRound(jenny).breakFree()).toBe(true);
    expect(hasStatus(t.jenny, "grappled")).toBe(false);
    expect(Object.values(storedPairs(c))).toEqual([{ hold: null }]);
    const note = [...(game.messages as unknown as Iterable<ChatMessage>)].at(-1) as unknown as {
      content: string;
    };
    expect(note.content).toContain("breaks free");
  });

  it("RHF-HLD-2, RHF-HLD-3 (FANGS module): immobilized, Jenny may not try to break free: refused before any die, still held", async () => {
    const { t, c } = await heldIntoRoundThree();
    const gru = combatantOf(c, t.gru);
    const jenny = combatantOf(c, t.jenny);
    world.as(world.gm);
    await c.update({ turn: 1, system: { order: [gru.id, jenny.id] } } as never);
    world.dice.length = 0;
    world.dice.push(19, 2);
    world.as(world.defender);
    expect(await fangsRound(jenny).breakFree()).toBe(false);
    expect(world.notices.at(-1)).toBe(
      game.i18n!.format("FANGS.Combat.Refusal.Immobilized", { name: jenny.name ?? "" }),
    );
    expect(world.dice).toEqual([19, 2]);
    expect(hasStatus(t.jenny, "grappled")).toBe(true);
    expect(holdsOn(c as never, jenny)[0]!.control.immobilized).toBe(true);
  });

  it("review 1: Jenny's player takes her Grappled status off: the GM's client puts it back, and she is still held and immobilized", async () => {
    const { t, c } = await heldIntoRoundThree();
    const jenny = combatantOf(c, t.jenny);
    world.as(world.defender);
    await takeGrappledOff(t.jenny);
    await writesSettled();
    expect(immobilizedIn(c as never, jenny)).toBe(true);
    expect(hasStatus(t.jenny, "grappled")).toBe(true);
    await newRound(c, 4);
    expect(holdsOn(c as never, jenny)[0]!.control.controlPoints).toBe(20);
  });

  it("review 3: an immobilized fighter's attack is refused under the default enforcement (warn) too", async () => {
    const { t } = await heldIntoRoundThree();
    world.as(world.defender);
    target(world.defender, t.gruToken);
    const before = game.messages!.size;
    world.dice.length = 0;
    world.dice.push(10);
    expect(
      await modules.start.startAttack(t.jenny, itemId(t.jenny, "Shortsword"), {
        event: SHIFT,
        token: t.jennyToken as never,
      }),
    ).toBe(false);
    expect(game.messages!.size).toBe(before);
    expect(world.dice).toEqual([10]);
    expect(world.notices.at(-1)).toBe(game.i18n!.localize("FANGS.Rules.Attack.Refusal.Immobilized"));
  });

  it("review 2: one try to break free a round: a second in the same turn is refused", async () => {
    const { t, c } = await fight();
    await worldRules({ controlPointsModule: true });
    await grapple(t);
    const gru = combatantOf(c, t.gru);
    const jenny = combatantOf(c, t.jenny);
    world.as(world.gm);
    await c.update({ turn: 1, system: { order: [gru.id, jenny.id] } } as never);
    world.dice.length = 0;
    // Her 2 against his 19: still held.
    world.dice.push(2, 19, 10, 10);
    world.as(world.defender);
    expect(await fangsRound(jenny).breakFree()).toBe(true);
    expect(hasStatus(t.jenny, "grappled")).toBe(true);
    world.dice.length = 0;
    world.dice.push(19, 2);
    expect(await fangsRound(jenny).breakFree()).toBe(false);
    expect(world.notices.at(-1)).toBe(
      game.i18n!.format("FANGS.Combat.Refusal.BreakFreeTried", { name: jenny.name ?? "" }),
    );
    expect(world.dice).toEqual([19, 2]);
    expect(hasStatus(t.jenny, "grappled")).toBe(true);
  });

  it("review 4: the GM lets her go, Gru grapples again the same round: the new hold starts at 5, and its card's Undo takes it off", async () => {
    const { t, c } = await heldIntoRoundThree();
    const jenny = combatantOf(c, t.jenny);
    world.as(world.gm);
    await takeGrappledOff(t.jenny);
    await writesSettled();
    expect(holdsOn(c as never, jenny)).toEqual([]);
    const again = await grapple(t);
    expect(holdsOn(c as never, jenny)[0]!.control).toEqual({ controlPoints: 5, immobilized: false });
    expect(await ask(world.gm, again, { type: "undo" })).toMatchObject({ ok: true });
    await writesSettled();
    expect(holdsOn(c as never, jenny)).toEqual([]);
  });

  it("review 8: the hold is written beside another part of the pair and both read back; a pair that is no object is refused", async () => {
    const hold = { grappler: "gru", points: 5, since: 1, card: null };
    const reach = { range: "close", moved: {} };
    expect(parseFangsPair({ hold, reach })).toEqual({ hold, reach });
    expect(parseFangsPair({ reach })).toEqual({ reach });
    // Each part by its own reader: a bad hold is dropped, a bad range reads as none, another part kept.
    expect(parseFangsPair({ hold: { ...hold, points: -1 }, reach: 1, later: 2 })).toEqual({
      reach: null,
      later: 2,
    });
    expect(parseFangsPair("close")).toBeNull();
    const { t, c } = await fight();
    await worldRules({ controlPointsModule: true });
    const gru = combatantOf(c, t.gru);
    const jenny = combatantOf(c, t.jenny);
    const { readPair, writePair } = await import("../../../combat/pairs");
    world.as(world.gm);
    expect(await writePair(c as never, gru.id!, jenny.id!, { reach })).toBe(true);
    expect(await writePair(c as never, gru.id!, jenny.id!, { hold: { ...hold, grappler: gru.id } })).toBe(
      true,
    );
    expect(readPair(c as never, gru.id!, jenny.id!)).toEqual({
      reach,
      hold: { ...hold, grappler: gru.id },
    });
  });

  it("review 7: Gru leaves the combat while Jenny is immobilized: her Immobilized status goes with his hold", async () => {
    const { t, c } = await heldIntoRoundThree();
    expect(hasStatus(t.jenny, "immobilized")).toBe(true);
    world.as(world.gm);
    await (
      c as unknown as { deleteEmbeddedDocuments(n: string, ids: string[]): Promise<unknown> }
    ).deleteEmbeddedDocuments("Combatant", [combatantOf(c, t.gru).id!]);
    // The table's `leaving` loads its part first: let it start, then let the GM's queue drain.
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
    await writesSettled();
    expect(immobilizedIn(c as never, combatantOf(c, t.jenny))).toBe(false);
    expect(hasStatus(t.jenny, "immobilized")).toBe(false);
  });
});
