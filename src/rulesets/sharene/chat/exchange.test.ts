import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ExchangeModules, loadExchange } from "../../../../test/foundry/chat-fixtures";
import { setOwners, world } from "../../../../test/foundry/chat-stand-in";
import { standIn } from "../../../../test/foundry/setup";
import { localize } from "../../../config/localize";
import { writesSettled } from "../../../documents/write-queue";
import { watchTimedStatuses } from "../../../effects/timed-status-effects";
import { newRequestId, whilePending } from "../../../requester";
import { SHARENE_DEFAULTS } from "../../../rules/sharene/config";
import { knownSituations } from "./exchange-flow";

/**
 * Sharene's exchange card played on the stand-in, end to end through the
 * shared seam: the round on the tracker (declared, rolled, styled by the
 * GM), an attack started from the attacker's weapon by its player (the
 * active GM asks the engine again and posts the card), the defense chosen
 * by the defender's owner, the attack and the defense rolled together with
 * scripted dice as real Rolls, the effects applied by the GM and undone
 * exactly, the round record written back (defenses used, a lost attack, a
 * riposte waiting that holds the turn). Forged, replayed, other-owner and
 * already-applied requests are refused and change nothing.
 */

type Loose = Record<string, unknown>;
type Doc = Actor.Implementation & { system: Loose };
type Card = ChatMessage.Implementation & { system: { toObject(): Loose }; rolls: Roll[] };
type CombatClass = typeof import("../../../documents/combat").FangsCombat;

let modules: ExchangeModules;
let FangsCombat: CombatClass;
let ask: typeof import("../../../combat/round-ask")["askRoundAction"];
let startAttack: typeof import("../../../apps/attack/attack-entry")["startAttack"];

beforeAll(async () => {
  const { registerRulesetDefinition } = await import("../../registry");
  const { shareneDefinition } = await import("../index");
  registerRulesetDefinition(shareneDefinition);
  (await import("../../../config/document-classes")).configureDocuments();
  modules = await loadExchange();
  ({ FangsCombat } = await import("../../../documents/combat"));
  ({ askRoundAction: ask } = await import("../../../combat/round-ask"));
  ({ startAttack } = await import("../../../apps/attack/attack-entry"));
  watchTimedStatuses();
});

beforeEach(() => {
  world.reset();
  standIn.game.settings.storage.set("fangs.ruleset", "sharene");
});
afterEach(() => standIn.game.settings.storage.delete("fangs.ruleset"));

const SWORD = {
  name: "Sword",
  type: "shareneWeapon",
  system: {
    kind: "melee",
    attack: { level: 4, natural: 9 },
    parry: { level: 3, natural: 9 },
    parries: true,
    damage: { slash: "1d8", thrust: "1d6", special: "" },
    mainBlow: "slash",
    equipped: true,
  },
};

async function fighter(name: string, agi: number, end: number): Promise<Doc> {
  const cls = CONFIG.Actor.documentClass as unknown as { create(d: unknown): Promise<Doc> };
  return cls.create({
    name,
    type: "shareneCharacter",
    system: {
      characteristics: { dex: 12, agi, end },
      lifePoints: { value: 30, max: 30 },
      dodge: { level: 3, natural: 9 },
    },
    items: [SWORD],
  });
}

const ARDEN = "arden00000000001";
const COLE = "cole000000000001";

interface Fight {
  readonly combat: Combat.Implementation & { system: Loose };
  readonly arden: Doc;
  readonly cole: Doc;
}

/**
 * Arden (the player's: sword attack 13, parry 12, AGI 15) against Cole (the
 * defender's: the same sword and dodge 12, AGI 14, END `coleEnd`), each at
 * 30 life points, declared and rolled (Arden first), in these styles, the
 * actions begun on Arden's turn.
 */
async function fight(
  styles: { arden?: Loose; cole?: Loose } = {},
  coleEnd = 12,
  coleAgi = 14,
): Promise<Fight> {
  world.as(world.gm);
  const arden = await fighter("Arden", 15, 12);
  const cole = await fighter("Cole", coleAgi, coleEnd);
  setOwners(arden, world.player.id);
  setOwners(cole, world.defender.id);
  const combat = new FangsCombat() as unknown as Fight["combat"];
  const cls = CONFIG.Combatant.documentClass as unknown as new (
    id: string,
    name: string | null,
    actor: unknown,
  ) => { type: string };
  for (const [id, actor] of [
    [ARDEN, arden],
    [COLE, cole],
  ] as const) {
    const combatant = new cls(id, null, actor);
    combatant.type = "shareneCombatant";
    (combat as unknown as { add(c: unknown): void }).add(combatant);
  }
  world.combat = combat as never;
  await combat.startCombat();
  expect(await ask(combat, "declare", [ARDEN], { action: "melee", target: COLE })).toBe(true);
  expect(await ask(combat, "declare", [COLE], { action: "melee", target: ARDEN })).toBe(true);
  // Initiative: 5 + AGI 15 = 20 for Arden, 5 + 14 = 19 for Cole.
  world.dice.push(5, 5);
  await combat.nextTurn();
  await writesSettled();
  expect(await ask(combat, "style", [ARDEN], { style: "attackParry", ...styles.arden })).toBe(true);
  expect(await ask(combat, "style", [COLE], { style: "attackParry", ...styles.cole })).toBe(true);
  await combat.nextTurn();
  await writesSettled();
  expect(combat.system.phase).toBe("action");
  // With AGI 15 each, the two tie and act at once.
  if (coleAgi !== 15) expect(combat.combatant?.id).toBe(ARDEN);
  expect(world.dice).toEqual([]);
  return { combat, arden, cole };
}

const swordOf = (actor: Doc) => actor.items.find((i) => i.name === "Sword")!.id!;

const cards = (): Card[] =>
  [...standIn.game.messages].filter(
    (m) => (m as { type: string }).type === "shareneExchange",
  ) as unknown as Card[];

const sys = (card: Card) => card.system.toObject();
const record = (f: Fight, id: string) => (f.combat.system.records as Record<string, Loose>)[id]!;
const life = (actor: Doc) => (actor.system.lifePoints as { value: number }).value;
const wound = (actor: Doc, limb: string) =>
  (actor.system.wounds as Record<string, { value: number }>)[limb]!.value;

/** The player attacks with Arden's sword (Shift: no dialog), as its own client does. */
async function ardenAttacks(f: Fight, answers?: Loose): Promise<Card> {
  world.as(world.player);
  const before = cards().length;
  const started = await startAttack(f.arden, swordOf(f.arden), {
    event: { shiftKey: true },
    ...(answers ? { answers } : {}),
  } as never);
  expect(world.notices).toEqual([]);
  expect(started).toBe(true);
  expect(cards()).toHaveLength(before + 1);
  return cards().at(-1)!;
}

const step = (card: Card, intent: Loose, revision: number) =>
  modules.authority.requestStep(card.id!, intent as never, revision);

const defend = (card: Card, choice: string, revision = 0) =>
  step(card, { type: "defend", data: { choice } }, revision);

describe("a Sharene exchange from attack to undo", () => {
  it("SHA-RES-1: an attack, a parry that fails, a hit: DNs, levels, location, damage; applied, undone exactly", async () => {
    const f = await fight();
    const card = await ardenAttacks(f);
    expect(sys(card)).toMatchObject({
      ruleset: "sharene",
      stage: "awaitDefense",
      attacker: { combatantId: ARDEN, actorUuid: f.arden.uuid, name: "Arden" },
      defender: { combatantId: COLE, actorUuid: f.cole.uuid, name: "Cole" },
      offer: { dn: { base: 13, dn: 13 } },
      defenses: [
        { defense: "parry", dn: { dn: 12 } },
        { defense: "dodge", dn: { dn: 12 } },
      ],
    });
    // Nothing is rolled before the defense: the two are rolled together.
    expect(card.rolls).toEqual([]);

    // Attack 6 (DN 13: high), parry 15 (DN 12: failed), blow d10 2 (slash), location d20 4 (right arm), 1d8 7.
    world.as(world.defender);
    world.dice.push(6, 15, 2, 4, 7);
    expect(await defend(card, "parry")).toEqual({ ok: true, stage: "resolved" });
    expect(world.dice).toEqual([]);
    const exchange = sys(card).exchange as Loose;
    expect(exchange).toMatchObject({
      outcome: "hit",
      attack: { dn: { dn: 13 }, check: { roll: 6, level: "high", success: true } },
      defense: { kind: "parry", dn: { dn: 12 }, check: { roll: 15, success: false, level: null } },
      damage: {
        blow: { blow: "slash", roll: 2 },
        location: "rightArm",
        locationRoll: 4,
        weaponDamage: 7,
        armor: 0,
        multiplier: 1,
        damage: 7,
        lifeBefore: 30,
        lifeAfter: 23,
        consciousness: { kind: "none" },
      },
    });
    // The effects name the actors, for the shared applier.
    expect(sys(card).effects).toEqual([
      { kind: "pool", actorId: f.cole.uuid, pool: "lifePoints", amount: 7 },
      {
        kind: "ruleset",
        effectKind: "shareneLimbWound",
        actorId: f.cole.uuid,
        data: { location: "rightArm", amount: 7 },
      },
    ]);
    // Real Rolls, labelled by Sharene's keys: the attack's d20, the defense's, the blow's dice.
    expect(card.rolls.map((r) => (r.options as Loose).fangsStep)).toEqual(["attack", "defense", "damage"]);
    // The round record: Arden's attack made, Cole's defense used.
    expect(record(f, ARDEN)).toMatchObject({ acted: true, loseNextAttack: false });
    expect(record(f, COLE)).toMatchObject({ defenses: 1 });
    expect(life(f.cole)).toBe(30);

    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toEqual({ ok: true, stage: "applied" });
    expect([life(f.cole), wound(f.cole, "rightArm")]).toEqual([23, 7]);
    expect(await step(card, { type: "undo" }, 2)).toEqual({ ok: true, stage: "resolved" });
    expect([life(f.cole), wound(f.cole, "rightArm")]).toEqual([30, 0]);
    expect(await step(card, { type: "apply" }, 3)).toEqual({ ok: true, stage: "applied" });
    expect(life(f.cole)).toBe(23);
  });

  it("SHA-STY-1: a dodge that holds: no blow, nothing to apply", async () => {
    const f = await fight();
    const card = await ardenAttacks(f);
    world.as(world.defender);
    world.dice.push(6, 5);
    expect(await defend(card, "dodge")).toEqual({ ok: true, stage: "resolved" });
    expect(sys(card).exchange).toMatchObject({
      outcome: "dodged",
      defense: { kind: "dodge", dn: { dn: 12 }, check: { roll: 5, success: true, level: "high" } },
      damage: null,
    });
    expect(sys(card).effects).toEqual([]);
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: false, code: "wrong-stage" });
  });
});

describe("Undo and the round record", () => {
  /** Arden's blow on Cole (7 to the right arm), applied by the GM, then Cole's turn. */
  async function appliedThenColesTurn(): Promise<{ f: Fight; card: Card }> {
    const f = await fight();
    const card = await ardenAttacks(f);
    world.as(world.defender);
    world.dice.push(6, 15, 2, 4, 7);
    expect(await defend(card, "parry")).toMatchObject({ ok: true });
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toEqual({ ok: true, stage: "applied" });
    expect(sys(card).roundAtApply).toEqual({
      round: 1,
      records: {
        [ARDEN]: { defenses: 0, riposted: false, parriedFullAttack: false },
        [COLE]: { defenses: 1, riposted: false, parriedFullAttack: false },
      },
    });
    await f.combat.nextTurn();
    await writesSettled();
    expect(f.combat.combatant?.id).toBe(COLE);
    return { f, card };
  }

  it("after the turn passed, Undo puts back the documents; the record stands as the Apply found it", async () => {
    const { f, card } = await appliedThenColesTurn();
    expect(await step(card, { type: "undo" }, 2)).toEqual({ ok: true, stage: "resolved" });
    expect([life(f.cole), wound(f.cole, "rightArm")]).toEqual([30, 0]);
    expect(record(f, COLE)).toMatchObject({ defenses: 1, riposted: false });
    expect(record(f, ARDEN)).toMatchObject({ defenses: 0, acted: true });
    expect(sys(card).roundAtApply).toBeNull();
  });

  it("a later exchange counted a defense on one of its fighters: Undo is refused in words, nothing changes", async () => {
    const { f, card } = await appliedThenColesTurn();
    // Cole's attack on Arden, parried: Arden's one defense is now counted.
    world.as(world.defender);
    expect(await startAttack(f.cole, swordOf(f.cole), { event: { shiftKey: true } })).toBe(true);
    const coles = cards().at(-1)!;
    world.as(world.player);
    world.dice.push(10, 5);
    expect(await defend(coles, "parry")).toEqual({ ok: true, stage: "resolved" });
    expect(record(f, ARDEN)).toMatchObject({ defenses: 1 });
    world.as(world.gm);
    world.notices.length = 0;
    expect(await step(card, { type: "undo" }, 2)).toMatchObject({ ok: false, code: "built-on" });
    expect(world.notices).toEqual([
      "A later exchange this round already counts on this one (a defense, a riposte or a parried Full Attack): it can no longer be undone.",
    ]);
    expect(sys(card)).toMatchObject({ stage: "applied", revision: 2 });
    expect([life(f.cole), wound(f.cole, "rightArm")]).toEqual([23, 7]);
    expect(record(f, ARDEN)).toMatchObject({ defenses: 1 });
  });
});

describe("a blow waits for its Apply", () => {
  const WAITS = "Arden's blow on Cole waits for the GM's Apply: the fight goes on from the blows applied.";

  it("until the GM applies it, no turn passes, no attack is posted, no defense rolled; then the fight reads it", async () => {
    const f = await fight({}, 8);
    // Attack 6, no defense, d10 2 (slash), d20 1 (head: ×2), 1d8 8: 16, half Cole's life; END 8 × 1.5 = 12, rolled 15.
    const card = await ardenAttacks(f);
    world.as(world.defender);
    world.dice.push(6, 2, 1, 8, 15);
    expect(await defend(card, "none")).toEqual({ ok: true, stage: "resolved" });
    world.as(world.gm);
    world.notices.length = 0;
    await f.combat.nextTurn();
    await writesSettled();
    expect(world.notices).toContain(WAITS);
    expect(f.combat.combatant?.id).toBe(ARDEN);
    // Applied: Cole is knocked out (the 1d10 of rounds reads 2), and his turn passes him by.
    world.dice.push(3);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true, stage: "applied" });
    expect(f.cole.statuses.has("unconscious")).toBe(true);
    await f.combat.nextTurn();
    await writesSettled();
    expect(f.combat.round).toBe(2);
    // Undone, the blow is the GM's call: it holds nothing up.
    expect(await step(card, { type: "undo" }, 2)).toMatchObject({ ok: true, stage: "resolved" });
    expect(sys(card).settled).toBe(true);
  });

  it("in a tie, the second card is not rolled before the first blow is on its fighter", async () => {
    const f = await fight({}, 12, 15);
    const ardens = await ardenAttacks(f);
    world.as(world.defender);
    expect(await startAttack(f.cole, swordOf(f.cole), { event: { shiftKey: true } })).toBe(true);
    const coles = cards().at(-1)!;
    // Arden's blow (attack 6, no defense, d10 2, d20 4, 1d8 7) lands on Cole first.
    world.dice.push(6, 2, 4, 7);
    expect(await defend(ardens, "none")).toEqual({ ok: true, stage: "resolved" });
    world.as(world.player);
    world.notices.length = 0;
    expect(await defend(coles, "none")).toMatchObject({ ok: false, code: "apply-first" });
    expect(world.notices).toContain(WAITS);
    world.as(world.gm);
    expect(await step(ardens, { type: "apply" }, 1)).toMatchObject({ ok: true });
    world.as(world.player);
    world.dice.push(20);
    expect(await defend(coles, "none")).toEqual({ ok: true, stage: "resolved" });
  });

  it("in a tie, the second attack is not started before the first blow is applied; then it is", async () => {
    const f = await fight({}, 12, 15);
    const ardens = await ardenAttacks(f);
    world.as(world.defender);
    world.dice.push(6, 2, 4, 7);
    expect(await defend(ardens, "none")).toEqual({ ok: true, stage: "resolved" });
    world.notices.length = 0;
    expect(await startAttack(f.cole, swordOf(f.cole), { event: { shiftKey: true } })).toBe(false);
    expect(world.notices).toEqual([WAITS]);
    world.as(world.gm);
    expect(await step(ardens, { type: "apply" }, 1)).toMatchObject({ ok: true });
    world.as(world.defender);
    expect(await startAttack(f.cole, swordOf(f.cole), { event: { shiftKey: true } })).toBe(true);
    // Cole, 7 down, attacks from the life he has after Arden's blow.
    expect(life(f.cole)).toBe(23);
  });

  it("a riposte's card is not posted while the parried blow waits for its Apply", async () => {
    const f = await fight({ cole: { style: "parryRiposte" } });
    const card = await ardenAttacks(f);
    world.as(world.defender);
    // Attack 6, a failed parry 15 (a riposte at −8 opens), d10 2, d20 4 (right arm), 1d8 7.
    world.dice.push(6, 15, 2, 4, 7);
    expect(await defend(card, "parry")).toEqual({ ok: true, stage: "resolved" });
    expect(sys(card).riposteState).toBe("waiting");
    // The riposte's card is not posted before Arden's blow is on Cole.
    expect(await step(card, { type: "riposte" }, 1)).toMatchObject({
      ok: false,
      messageKey: "SHARENE.Chat.Refusal.ApplyFirst",
    });
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    world.as(world.defender);
    expect(await step(card, { type: "riposte" }, 2)).toMatchObject({ ok: true });
  });
});

describe("roll modes, Dice So Nice, the GM's situations, the Token HUD", () => {
  it("a private roll is whispered to the GMs, the player who asked and the defender's owner who answers; its dice shown to them alone", async () => {
    const f = await fight();
    const card = await ardenAttacks(f, { rollMode: "gmroll" });
    const whisper = (card as unknown as { whisper: string[] }).whisper;
    expect([...whisper].sort()).toEqual(
      [world.gm.id, world.gm2.id, world.player.id, world.defender.id].sort(),
    );
    world.as(world.defender);
    world.dice.push(6, 5);
    expect(await defend(card, "dodge")).toMatchObject({ ok: true });
    expect(world.dsn.map((d) => [d.roll.total, d.messageId, d.whisper])).toEqual([
      [6, card.id, whisper],
      [5, card.id, whisper],
    ]);
  });

  it("the sheet's Attack button on the weapon starts it as the player's click", async () => {
    const f = await fight();
    const { ShareneActorSheet } = await import("../apps/sheets/actor-sheet");
    const sheet = new ShareneActorSheet({ document: f.arden } as never);
    // The stand-in's sheet has no ActorSheetV2 `actor` getter: the sheet's document, as Foundry's gives it.
    if (!sheet.actor) Object.defineProperty(sheet, "actor", { value: f.arden });
    const onAttack = ShareneActorSheet.DEFAULT_OPTIONS.actions!.shareneAttack as unknown as (
      this: unknown,
      event: unknown,
      target: unknown,
    ) => Promise<void>;
    const row = { dataset: { itemId: swordOf(f.arden) } };
    world.as(world.player);
    await onAttack.call(sheet, { shiftKey: true }, { closest: () => row });
    expect(world.notices).toEqual([]);
    expect(cards().map((c) => sys(c).attacker)).toEqual([
      { combatantId: ARDEN, actorUuid: f.arden.uuid, name: "Arden" },
    ]);
  });

  it("the GM's own attack may set the defense's situations: the defenses' DNs carry them", async () => {
    const f = await fight();
    world.as(world.gm);
    expect(
      await startAttack(f.arden, swordOf(f.arden), {
        answers: { situations: ["fromBehind"], defenseSituations: ["poorLight"] },
      } as never),
    ).toBe(true);
    const card = cards().at(-1)!;
    expect(sys(card)).toMatchObject({
      situations: ["fromBehind"],
      defenseSituations: ["poorLight"],
      offer: { dn: { dn: 16 } },
      defenses: [
        { defense: "parry", dn: { dn: 10 } },
        { defense: "dodge", dn: { dn: 10 } },
      ],
    });
  });

  it("each equipped weapon attacks with its own figures, from the sheet or the Token HUD; an unequipped one is refused", async () => {
    const f = await fight();
    world.as(world.gm);
    const [axe, dagger] = (await f.arden.createEmbeddedDocuments("Item", [
      {
        ...SWORD,
        name: "Axe",
        system: {
          ...SWORD.system,
          attack: { level: 6, natural: 9 },
          damage: { slash: "1d10", thrust: "", special: "" },
        },
      },
      { ...SWORD, name: "Dagger", system: { ...SWORD.system, equipped: false } },
    ] as never)) as unknown as { id: string }[];
    const { shareneDefinition } = await import("../index");
    expect(shareneDefinition.cards?.attack?.readyItems?.(f.arden).map((i) => i.name)).toEqual([
      "Sword",
      "Axe",
    ]);
    world.as(world.player);
    expect(await startAttack(f.arden, dagger!.id, { event: { shiftKey: true } })).toBe(false);
    expect(world.notices).toContain("Arden does not have that weapon equipped: equip it to attack with it.");
    world.notices.length = 0;
    expect(await startAttack(f.arden, axe!.id, { event: { shiftKey: true } })).toBe(true);
    const card = cards().at(-1)!;
    // The axe's attack is 6 + 9 = 15; the card carries it to the roll.
    expect(sys(card)).toMatchObject({
      weaponName: "Axe",
      weaponId: axe!.id,
      offer: { dn: { base: 15, dn: 15 } },
    });
    // Attack 6 (DN 15: high), no defense, d10 3 (slash), d20 11 (torso), 1d10 9: the axe's die.
    world.as(world.defender);
    world.dice.push(6, 3, 11, 9);
    expect(await defend(card, "none")).toEqual({ ok: true, stage: "resolved" });
    expect(sys(card).exchange).toMatchObject({
      attack: { dn: { dn: 15 }, check: { roll: 6, margin: 9, level: "high" } },
      damage: { blow: { blow: "slash" }, location: "torso", weaponDamage: 9, damage: 9 },
    });
    expect(world.dice).toEqual([]);
  });

  it("a card whose weapon is put down before the defense is refused, nothing rolled", async () => {
    const f = await fight();
    const card = await ardenAttacks(f);
    world.as(world.gm);
    await f.arden.items.get(swordOf(f.arden))!.update({ "system.equipped": false } as never);
    world.as(world.defender);
    world.dice.push(6, 5);
    expect(await defend(card, "dodge")).toMatchObject({ ok: false, code: "unwielded" });
    expect(sys(card).stage).toBe("awaitDefense");
    expect(world.dice).toEqual([6, 5]);
  });
});

describe("the riposte", () => {
  async function parried(): Promise<{ f: Fight; card: Card }> {
    const f = await fight({ cole: { style: "parryRiposte" } });
    const card = await ardenAttacks(f);
    world.as(world.defender);
    // Attack 6 (high), parry 1 (DN 12: special, better than the attack's level: the clean riposte).
    world.dice.push(6, 1);
    expect(await defend(card, "parry")).toEqual({ ok: true, stage: "resolved" });
    expect(sys(card)).toMatchObject({ riposteState: "waiting", exchange: { outcome: "parried" } });
    expect(record(f, COLE).riposteWaiting).toMatchObject({ to: ARDEN, card: card.id, round: 1 });
    return { f, card };
  }

  it("SHA-STY-5: a parry opens a riposte; the turn waits for it; taken, it is a linked card resolved the same way", async () => {
    const { f, card } = await parried();
    world.as(world.gm);
    await f.combat.nextTurn();
    expect(world.notices).toContain("A riposte waits for its answer.");
    expect(f.combat.combatant?.id).toBe(ARDEN);
    // Only the parrier's owner (or a GM) answers it.
    world.as(world.player);
    expect(await step(card, { type: "riposte" }, 1)).toMatchObject({ ok: false, code: "not-permitted" });
    world.as(world.defender);
    expect(await step(card, { type: "riposte" }, 1)).toEqual({ ok: true, stage: "resolved" });
    const riposte = cards().at(-1)!;
    expect(sys(card)).toMatchObject({ riposteState: "taken", riposteCard: riposte.id });
    expect(sys(riposte)).toMatchObject({
      riposte: true,
      answers: card.id,
      attacker: { combatantId: COLE },
      defender: { combatantId: ARDEN },
      // The clean riposte: DF 0 on Cole's 13.
      offer: { dn: { dn: 13 } },
      // Against a riposte: −4 on Arden's parry.
      defenses: [
        { defense: "parry", dn: { dn: 8 } },
        { defense: "dodge", dn: { dn: 8 } },
      ],
    });
    // Riposte 5 (high), Arden's parry 12 (DN 8: failed), d10 5 (thrust), d20 11 (torso), 1d6 6: half of 6 is 3.
    world.as(world.player);
    world.dice.push(5, 12, 5, 11, 6);
    expect(await defend(riposte, "parry")).toEqual({ ok: true, stage: "resolved" });
    expect(sys(riposte).exchange).toMatchObject({
      riposte: true,
      outcome: "hit",
      damage: { blow: { blow: "thrust" }, location: "torso", weaponDamage: 6, rolled: 3, damage: 3 },
    });
    expect(record(f, COLE)).toMatchObject({ riposted: true, riposteWaiting: null });
    // The riposte's blow is applied before the turn passes.
    world.as(world.gm);
    expect(await step(riposte, { type: "apply" }, 1)).toMatchObject({ ok: true });
    await f.combat.nextTurn();
    await writesSettled();
    expect(f.combat.combatant?.id).toBe(COLE);
  });

  it("SHA-STY-5: declined, the round lets the turn pass", async () => {
    const { f, card } = await parried();
    world.as(world.defender);
    expect(await step(card, { type: "decline" }, 1)).toEqual({ ok: true, stage: "resolved" });
    expect(sys(card).riposteState).toBe("declined");
    expect(record(f, COLE).riposteWaiting).toBeNull();
    // Declined once: it is no longer there to take.
    expect(await step(card, { type: "riposte" }, 2)).toMatchObject({ ok: false, code: "wrong-stage" });
    world.as(world.gm);
    await f.combat.nextTurn();
    await writesSettled();
    expect(f.combat.combatant?.id).toBe(COLE);
  });
});

describe("what the roll decides", () => {
  it("SHA-CAL-1: a called shot at the head made at a high level falls short and misses", async () => {
    const f = await fight({ arden: { called: { kind: "location", location: "head" } } });
    const card = await ardenAttacks(f);
    world.as(world.defender);
    world.dice.push(6);
    expect(await defend(card, "none")).toEqual({ ok: true, stage: "resolved" });
    expect(sys(card)).toMatchObject({
      defense: "none",
      exchange: { outcome: "calledMissed", called: { kind: "location", location: "head" }, defense: null },
      effects: [],
    });
  });

  it("a critical failure loses the attacker's next attack, refused in Sharene's words", async () => {
    const f = await fight();
    const card = await ardenAttacks(f);
    world.as(world.defender);
    world.dice.push(20);
    expect(await defend(card, "none")).toEqual({ ok: true, stage: "resolved" });
    expect(sys(card).exchange).toMatchObject({
      outcome: "miss",
      attack: { check: { criticalFailure: true } },
    });
    expect(record(f, ARDEN)).toMatchObject({ loseNextAttack: true });
    // Into round 2: Cole's turn, then a new round (declared, rolled, styled), Arden's turn again.
    world.as(world.gm);
    await f.combat.nextTurn();
    await f.combat.nextTurn();
    await writesSettled();
    expect(await ask(f.combat, "declare", [ARDEN], { action: "melee", target: COLE })).toBe(true);
    expect(await ask(f.combat, "declare", [COLE], { action: "melee", target: ARDEN })).toBe(true);
    world.dice.push(5, 5);
    await f.combat.nextTurn();
    await writesSettled();
    expect(await ask(f.combat, "style", [ARDEN], { style: "attackParry" })).toBe(true);
    expect(await ask(f.combat, "style", [COLE], { style: "attackParry" })).toBe(true);
    await f.combat.nextTurn();
    await writesSettled();
    expect(f.combat.combatant?.id).toBe(ARDEN);
    world.as(world.player);
    expect(await startAttack(f.arden, swordOf(f.arden), { event: { shiftKey: true } })).toBe(false);
    expect(world.notices).toContain("Arden lost this attack to a critical failure.");
  });

  it("SHA-DMG-4: a critical blow to the weapon arm makes it useless on the token; its fighter attacks no more", async () => {
    const f = await fight();
    const card = await ardenAttacks(f);
    // Attack 1 (critical: ×2), no defense, d10 2 (slash), d20 4 (right arm), 1d8 8: 16, past half of 30;
    // the END check (END 12 × 1.5 = DN 18) rolled 5, made.
    world.as(world.defender);
    world.dice.push(1, 2, 4, 8, 5);
    expect(await defend(card, "none")).toEqual({ ok: true, stage: "resolved" });
    expect(sys(card).exchange).toMatchObject({
      attack: { check: { critical: true } },
      damage: {
        location: "rightArm",
        multiplier: 2,
        damage: 16,
        limb: { location: "rightArm", state: "useless", newly: true },
        consciousness: { kind: "endCheck", check: { dn: 18, roll: 5, success: true }, knockout: null },
      },
    });
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect(f.cole.statuses.has("rightArmUseless")).toBe(true);
    expect(wound(f.cole, "rightArm")).toBe(16);
    await f.combat.nextTurn();
    await writesSettled();
    expect(f.combat.combatant?.id).toBe(COLE);
    world.as(world.defender);
    expect(await startAttack(f.cole, swordOf(f.cole), { event: { shiftKey: true } })).toBe(false);
    expect(world.notices).toContain("Cole's weapon arm is lost.");
    world.as(world.gm);
    expect(await step(card, { type: "undo" }, 2)).toMatchObject({ ok: true });
    expect([f.cole.statuses.has("rightArmUseless"), wound(f.cole, "rightArm"), life(f.cole)]).toEqual([
      false,
      0,
      30,
    ]);
  });

  it("SHA-CON-2: an END check failed at half the life points knocks out for rounds, a timed status that runs out by itself", async () => {
    const f = await fight({}, 8);
    const card = await ardenAttacks(f);
    // Attack 6 (high), no defense, d10 2 (slash), d20 1 (head: ×2), 1d8 8: 16 damage, half the life points:
    // END 8 × 1.5 = DN 12, rolled 15: knocked out.
    world.as(world.defender);
    world.dice.push(6, 2, 1, 8, 15);
    expect(await defend(card, "none")).toEqual({ ok: true, stage: "resolved" });
    expect(sys(card).exchange).toMatchObject({
      damage: {
        location: "head",
        multiplier: 2,
        damage: 16,
        consciousness: {
          kind: "endCheck",
          band: "half",
          check: { dn: 12, roll: 15 },
          knockout: "knockedOut",
        },
      },
    });
    // Applied: 1d10 rounds, rolled 2 on the GM's client (the stand-in reads a d20 face as a uniform: 3 is 2 on a d10).
    world.as(world.gm);
    world.dice.push(3);
    expect(await step(card, { type: "apply" }, 1)).toEqual({ ok: true, stage: "applied" });
    expect(life(f.cole)).toBe(14);
    expect(f.cole.statuses.has("unconscious")).toBe(true);
    // The card says the length the GM's client rolled, which nobody saw rolled.
    const { shareneExchangeView } = await import("./exchange-view");
    expect(
      shareneExchangeView(sys(card) as never, { isGM: false, ownsDefender: true }, localize).timed,
    ).toEqual(["Cole: Knocked out, for 2 rounds"]);
    await f.combat.nextRound();
    await writesSettled();
    expect(f.cole.statuses.has("unconscious")).toBe(true);
    await f.combat.nextRound();
    await writesSettled();
    expect(f.cole.statuses.has("unconscious")).toBe(false);
  });
});

describe("refused requests", () => {
  it("another owner's, a forged, a replayed and an already-applied step change nothing", async () => {
    const f = await fight();
    const card = await ardenAttacks(f);
    const before = sys(card);
    // The attacker's player and a stranger may not choose Cole's defense.
    world.as(world.player);
    expect(await defend(card, "parry")).toMatchObject({ ok: false, code: "not-permitted" });
    world.as(world.stranger);
    expect(await defend(card, "none")).toMatchObject({ ok: false, code: "not-permitted" });
    // Forged intents: a defense that is not one, a stray field, a GM's step.
    world.as(world.defender);
    for (const intent of [
      { type: "defend", data: { choice: "counter" } },
      { type: "defend", data: { choice: "parry", dn: 30 } },
      { type: "defend", data: { choice: "parry" }, dice: [1] },
      { type: "resolveAttack" },
    ])
      expect((await step(card, intent, 0)).ok).toBe(false);
    expect(await step(card, { type: "apply" }, 0)).toMatchObject({ ok: false, code: "wrong-stage" });
    expect(sys(card)).toEqual(before);
    expect(record(f, ARDEN)).toMatchObject({ acted: false });

    world.dice.push(6, 15, 2, 10, 7);
    expect(await defend(card, "parry")).toMatchObject({ ok: true });
    // Replayed: at the old revision, and at the new one (the defense is taken).
    expect(await defend(card, "dodge", 0)).toMatchObject({ ok: false, code: "stale" });
    expect(await defend(card, "dodge", 1)).toMatchObject({ ok: false, code: "wrong-stage" });
    // Only a GM applies, once.
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: false, code: "not-permitted" });
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect(await step(card, { type: "apply" }, 2)).toMatchObject({ ok: false, code: "wrong-stage" });
    expect(life(f.cole)).toBe(23);
  });

  it("a card left waiting is refused in a later round, even on its attacker's turn; its attack stays", async () => {
    const f = await fight();
    const old = await ardenAttacks(f);
    world.as(world.gm);
    await f.combat.nextTurn();
    await f.combat.nextTurn();
    await writesSettled();
    expect(await ask(f.combat, "declare", [ARDEN], { action: "melee", target: COLE })).toBe(true);
    expect(await ask(f.combat, "declare", [COLE], { action: "melee", target: ARDEN })).toBe(true);
    world.dice.push(5, 5);
    await f.combat.nextTurn();
    await writesSettled();
    expect(await ask(f.combat, "style", [ARDEN], { style: "attackParry" })).toBe(true);
    expect(await ask(f.combat, "style", [COLE], { style: "attackParry" })).toBe(true);
    await f.combat.nextTurn();
    await writesSettled();
    expect([f.combat.round, f.combat.combatant?.id]).toEqual([2, ARDEN]);
    world.as(world.defender);
    world.dice.push(6, 5);
    world.notices.length = 0;
    expect(await defend(old, "dodge", 0)).toMatchObject({ ok: false, code: "stale" });
    expect(world.notices).toEqual([
      "This card's attack belongs to an earlier round: it can no longer be defended.",
    ]);
    expect(world.dice).toEqual([6, 5]);
    expect(sys(old).stage).toBe("awaitDefense");
    expect(record(f, ARDEN)).toMatchObject({ acted: false, defenses: 0 });
    // Arden's attack of this round is its own card's.
    world.notices.length = 0;
    expect(await ardenAttacks(f)).not.toBe(old);
  });

  it("an attack out of turn, a second card for one attack, another owner's attack, a player's defense situations", async () => {
    const f = await fight();
    world.as(world.defender);
    expect(await startAttack(f.cole, swordOf(f.cole), { event: { shiftKey: true } })).toBe(false);
    expect(world.notices).toContain("It is not Cole's turn.");
    world.notices.length = 0;
    await ardenAttacks(f);
    world.notices.length = 0;
    world.as(world.player);
    expect(await startAttack(f.arden, swordOf(f.arden), { event: { shiftKey: true } })).toBe(false);
    expect(world.notices).toContain("Arden's attack already has a card waiting on its defense.");

    // Sent by hand, confirmed by its sender: the GM still reads who owns the attacker.
    const send = async (from: typeof world.stranger, patch: Loose = {}) => {
      world.as(from);
      const payload = {
        userId: from.id,
        requestId: newRequestId(),
        combatId: f.combat.id,
        combatantId: ARDEN,
        itemId: swordOf(f.arden),
        situations: [],
        defenseSituations: [],
        rollMode: "publicroll",
        ...patch,
      };
      const subject = { query: "fangs.shareneAttack", subject: `${f.combat.id}:${ARDEN}` };
      return whilePending(payload.requestId as string, subject, () =>
        world.gm.query("fangs.shareneAttack" as never, payload as never),
      );
    };
    expect(await send(world.stranger)).toMatchObject({ ok: false, key: "FANGS.Chat.Refusal.NotPermitted" });
    expect(await send(world.player, { defenseSituations: ["darkness"] })).toMatchObject({
      ok: false,
      key: "FANGS.Chat.Refusal.NotPermitted",
    });
    expect(await send(world.player, { situations: ["flying"] })).toMatchObject({ ok: false });
    // A Self roll no one else could read, so no one could answer: refused before anything is read.
    expect(await send(world.player, { rollMode: "selfroll" })).toMatchObject({
      ok: false,
      key: "FANGS.Chat.Refusal.Invalid",
    });
    // Replayed: a request its sender no longer has pending is not confirmed.
    world.as(world.player);
    const stale = {
      userId: world.player.id,
      requestId: newRequestId(),
      combatId: f.combat.id,
      combatantId: ARDEN,
    };
    expect(
      await world.gm.query(
        "fangs.shareneAttack" as never,
        {
          ...stale,
          itemId: swordOf(f.arden),
          situations: [],
          defenseSituations: [],
          rollMode: "publicroll",
        } as never,
      ),
    ).toMatchObject({ ok: false, key: "SHARENE.Chat.Refusal.Unconfirmed" });
    expect(cards()).toHaveLength(1);
  });
});

describe("the situations a request may name", () => {
  it("SHA-RES-1: a row signed for the attacker is refused on the defense's side, even the GM's", () => {
    const read = { rules: SHARENE_DEFAULTS };
    expect(knownSituations(["fromBehind", "darkness"], read, "attack")).toEqual(["fromBehind", "darkness"]);
    expect(knownSituations(["darkness"], read, "defense")).toEqual(["darkness"]);
    expect(knownSituations(["fromBehind"], read, "defense")).toBeNull();
    expect(knownSituations(["darkness", "darkness"], read, "defense")).toBeNull();
  });
});

describe("a card a player made", () => {
  it("is not drawn from its data, however malformed: its own text stays and nothing throws", async () => {
    const f = await fight();
    const made = sys(await ardenAttacks(f));
    world.as(world.player);
    const forged = (await ChatMessage.create({
      type: "shareneExchange",
      system: { ...made, defenses: [{}] },
      content: "<p>a player's text</p>",
    } as never)) as unknown as Card;
    const { drawShareneExchange } = await import("./exchange-render");
    const content = { innerHTML: "<p>a player's text</p>", addEventListener: () => undefined };
    for (const user of [world.gm, world.defender, world.player]) {
      world.as(user);
      expect(() => drawShareneExchange(forged as never, content as never)).not.toThrow();
      // The card's template loads once; a drawing would land after it.
      await new Promise((done) => setTimeout(done, 20));
      expect(content.innerHTML).toBe("<p>a player's text</p>");
    }
  });
});
