import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type ExchangeModules, loadExchange } from "../../../../test/foundry/chat-fixtures";
import { setOwners, world } from "../../../../test/foundry/chat-stand-in";
import { standIn } from "../../../../test/foundry/setup";
import { writesSettled } from "../../../documents/write-queue";
import { watchTimedStatuses } from "../../../effects/timed-status-effects";
import { newRequestId, whilePending } from "../../../requester";
import { ScriptedDice } from "../../../rules/kernel/dice";
import { LUNOS_DEFAULTS } from "../../../rules/lunos/config";
import {
  beginAttacks,
  declare,
  endSlot,
  fighterOf,
  type LunosFight,
  type LunosPlan,
  startRound,
} from "../../../rules/lunos/round-engine";

/**
 * Lunos's attack card played on the stand-in, end to end through the
 * shared seam: a real fight built with the core (started, declared, its
 * defenses rolled) behind a fight access over the stand-in's documents,
 * the attack started from the attacker's weapon by its player (the active
 * GM settles and rolls it with scripted dice as a real Roll and posts the
 * card), the extra successes spent by the attacker's owner, the effects
 * applied by the GM and undone exactly, the fight written back. Forged,
 * replayed, other-owner and already-applied requests change nothing.
 */

type Loose = Record<string, unknown>;
type Doc = Actor.Implementation & { system: Loose };
type Card = ChatMessage.Implementation & { system: { toObject(): Loose }; rolls: Roll[] };
type CombatClass = typeof import("../../../documents/combat").FangsCombat;

let modules: ExchangeModules;
let FangsCombat: CombatClass;
let startAttack: typeof import("../../../apps/attack/attack-entry")["startAttack"];

beforeAll(async () => {
  const { registerRulesetDefinition } = await import("../../registry");
  const { lunosDefinition } = await import("../index");
  // Not yet playable (its round is to come): a world set to it plays it in these tests.
  registerRulesetDefinition({ ...lunosDefinition, playable: true });
  (await import("../../../config/document-classes")).configureDocuments();
  modules = await loadExchange();
  ({ FangsCombat } = await import("../../../documents/combat"));
  ({ startAttack } = await import("../../../apps/attack/attack-entry"));
  watchTimedStatuses();
});

beforeEach(() => {
  world.reset();
  standIn.game.settings.storage.set("fangs.ruleset", "lunos");
});
afterEach(() => {
  standIn.game.settings.storage.delete("fangs.ruleset");
});

const SWORD = {
  name: "Longsword",
  type: "lunosWeapon",
  system: { size: "medium", skill: "weapon", damageType: "wounding", quality: 0, equipped: true },
};
const VEST = { name: "Vest", type: "lunosArmor", system: { rating: 1, kind: "plain", equipped: true } };

/**
 * Agility 3 and Weapon 3 (a six-die attack: five d6 and the d12 luck die),
 * Combat 2 (a five-die defense), Body 2 (seven levels), Willpower 3.
 */
async function fighter(name: string, items: Loose[]): Promise<Doc> {
  const cls = CONFIG.Actor.documentClass as unknown as { create(d: unknown): Promise<Doc> };
  return cls.create({
    name,
    type: "lunosCharacter",
    system: {
      abilities: { agility: 3, body: 2, reflexes: 3, willpower: 3 },
      skills: { combat: 2, brawl: 2, martialArts: 1, weapon: 3, athletics: 2 },
    },
    items,
  });
}

const ARDEN = "arden00000000001";
const COLE = "cole000000000001";
const DARA = "dara000000000001";

interface Fight {
  readonly combat: Combat.Implementation & { system: Loose };
  readonly arden: Doc;
  readonly cole: Doc;
  readonly dara: Doc;
  /** The fight as the access holds it now. */
  now(): LunosFight;
}

/** n dice with s successes: the d6 first (4 a success, 2 not), the luck die last (7 a success, 2 not). */
function pool(n: number, s: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n - 1; i += 1) out.push(i < s ? 4 : 2);
  out.push(s >= n ? 7 : 2);
  return out;
}

/**
 * Arden (the player's: sword) against Cole (the defender's: sword and a
 * +1 vest) and Dara (the GM's: sword), in a started combat whose fight is
 * built with the core: Arden first (two successes on initiative), its
 * plan `ardenPlan`; Cole defends against Arden (the defense roll scripted
 * by `coleDefense` successes of five dice), Dara waits. The attacks begin.
 */
async function fight(ardenPlan: LunosPlan, coleDefense = 1): Promise<Fight> {
  world.as(world.gm);
  const arden = await fighter("Arden", [SWORD]);
  const cole = await fighter("Cole", [SWORD, VEST]);
  const dara = await fighter("Dara", [SWORD]);
  setOwners(arden, world.player.id);
  setOwners(cole, world.defender.id);
  const combat = new FangsCombat() as unknown as Fight["combat"];
  const cls = CONFIG.Combatant.documentClass as unknown as new (
    id: string,
    name: string | null,
    actor: unknown,
  ) => { type: string };
  const actors = new Map<string, Doc>([
    [ARDEN, arden],
    [COLE, cole],
    [DARA, dara],
  ]);
  for (const [id, actor] of actors) {
    const combatant = new cls(id, null, actor);
    combatant.type = "lunosCombatant";
    (combat as unknown as { add(c: unknown): void }).add(combatant);
  }
  world.combat = combat as never;
  // The round's start, rolled by Lunos's table as real Rolls: initiative from Reflexes (Arden two
  // successes, the others none), so Arden's slot comes first.
  world.dice.push(...pool(3, 2), ...pool(3, 0), ...pool(3, 0));
  await combat.startCombat();
  await writesSettled();
  const gm = combat as unknown as Combat.Implementation;
  const { askRoundAction } = await import("../../../combat/round-ask");
  const idle: LunosPlan = { actions: [{ kind: "other", task: "task" }] };
  expect(await askRoundAction(gm, "declare", [ARDEN], ardenPlan)).toBe(true);
  expect(
    await askRoundAction(gm, "declare", [COLE], { actions: [{ kind: "defense", against: [ARDEN] }] }),
  ).toBe(true);
  expect(await askRoundAction(gm, "declare", [DARA], idle)).toBe(true);
  // The GM's Next turn closes the declarations and rolls Cole's defense.
  world.dice.push(...pool(5, coleDefense));
  await combat.nextTurn();
  await writesSettled();
  expect(world.dice).toEqual([]);
  const { readLunosTable } = await import("../combat/fight-read");
  // The fight the round keeps on the Combat, which the card reads and writes through the round's access.
  return { combat, arden, cole, dara, now: () => readLunosTable(gm).fight! };
}

const attackAt = (...targets: string[]): LunosPlan => ({ actions: [{ kind: "attack", targets }] });

const swordOf = (actor: Doc) => actor.items.find((i) => i.name === "Longsword")!.id!;

const cards = (): Card[] =>
  [...standIn.game.messages].filter(
    (m) => (m as { type: string }).type === "lunosAttack",
  ) as unknown as Card[];

const sys = (card: Card) => card.system.toObject();
const health = (actor: Doc) => {
  const h = actor.system.health as Record<string, { value: number }>;
  return [h.bruising!.value, h.wounding!.value, h.trauma!.value];
};

/** The player attacks with Arden's sword (Shift: no dialog, or the dialog's answers), as its own client does. */
async function ardenAttacks(f: Fight, dice: number[], answers?: Loose): Promise<Card> {
  world.as(world.player);
  const before = cards().length;
  world.dice.push(...dice);
  const started = await startAttack(f.arden, swordOf(f.arden), {
    event: { shiftKey: true },
    ...(answers ? { answers } : {}),
  } as never);
  expect(world.notices).toEqual([]);
  expect(started).toBe(true);
  expect(world.dice).toEqual([]);
  expect(cards()).toHaveLength(before + 1);
  return cards().at(-1)!;
}

const step = (card: Card, intent: Loose, revision: number) =>
  modules.authority.requestStep(card.id!, intent as never, revision);

const spend = (card: Card, buys: string[] = [], caught: string[] = [], revision = 0) =>
  step(card, { type: "spend", data: { buys, catch: caught } }, revision);

describe("a Lunos attack from the roll to undo", () => {
  it("LUN-ACT-2: one target hit: dice, successes against its defense, damage past armor, applied and undone exactly", async () => {
    const f = await fight(attackAt(COLE));
    // Six dice: the d6 show 4, 4, 4, 2, 2 and the luck die 2: three successes against Cole's defense of 1 (difficulty 2).
    const card = await ardenAttacks(f, pool(6, 3));
    expect(sys(card)).toMatchObject({
      ruleset: "lunos",
      stage: "spend",
      attacker: { combatantId: ARDEN, actorUuid: f.arden.uuid, name: "Arden" },
      targets: [{ combatantId: COLE, actorUuid: f.cole.uuid, name: "Cole" }],
      weaponName: "Longsword",
      attack: { kind: "attack", skill: "weapon", declared: null },
      faces: [4, 4, 4, 2, 2],
      luck: 2,
      pending: {
        roll: { dice: 6, successes: 3, outcome: "normal" },
        targets: [{ id: COLE, defense: 1, difficulty: 2, hit: true, extra: 1 }],
      },
    });
    // One extra success: only what costs 1 is offered.
    expect((sys(card).menu as Record<string, Loose[]>)[COLE]!.map((o) => o.maneuver)).toEqual([
      "grapple",
      "increaseDamage",
    ]);
    // A real Roll, labelled by Lunos's key: the five d6, then the luck die.
    expect(card.rolls.map((r) => [(r.options as Loose).fangsStep, r.formula])).toEqual([
      ["attack", "5d6 + 1d12"],
    ]);
    // The fight holds the roll, waiting for its maneuvers.
    expect(f.now().pending?.attackerId).toBe(ARDEN);

    // Nothing bought: margin 2 + Body 2 + the sword's 2, against Body 2 and the vest's 1: 3 wounding.
    world.as(world.player);
    expect(await spend(card)).toEqual({ ok: true, stage: "resolved" });
    expect(sys(card).outcomes).toEqual([
      {
        id: COLE,
        hit: true,
        maneuvers: [],
        damage: { points: 3, bruising: 0, wounding: 3, trauma: 0 },
        pushed: 0,
        flung: 0,
        levelsAfter: 3,
        killed: false,
      },
    ]);
    expect(sys(card).effects).toEqual([
      { kind: "pool", actorId: f.cole.uuid, pool: "health.wounding", amount: -3 },
    ]);
    expect(f.now().pending).toBeNull();
    expect(health(f.cole)).toEqual([0, 0, 0]);

    // The round reads a fighter's health from its actor (docs/rules/lunos.md, "Where the round lives"):
    // the blow counts in the fight once the GM applies it, and no longer once it is undone.
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toEqual({ ok: true, stage: "applied" });
    expect(health(f.cole)).toEqual([0, 3, 0]);
    expect(fighterOf(f.now(), COLE).wounding).toBe(3);
    expect(await step(card, { type: "undo" }, 2)).toEqual({ ok: true, stage: "resolved" });
    expect(health(f.cole)).toEqual([0, 0, 0]);
    expect(fighterOf(f.now(), COLE).wounding).toBe(0);
    expect(await step(card, { type: "apply" }, 3)).toEqual({ ok: true, stage: "applied" });
    expect(health(f.cole)).toEqual([0, 3, 0]);
  });

  it("LUN-ACT-1: one roll against two targets, a die off for the second, each against its own defense", async () => {
    const f = await fight(attackAt(COLE, DARA));
    // Five dice (six, less one for Dara): the d6 show 4, 4, 4, 4 and the luck die 2: four successes.
    const card = await ardenAttacks(f, pool(5, 4));
    expect(sys(card)).toMatchObject({
      faces: [4, 4, 4, 4],
      luck: 2,
      pending: {
        roll: { dice: 5, successes: 4 },
        targets: [
          { id: COLE, defense: 1, difficulty: 2, hit: true, extra: 2 },
          // Dara made no defense roll: difficulty 1.
          { id: DARA, defense: 0, difficulty: 1, hit: true, extra: 3 },
        ],
      },
    });
    world.as(world.player);
    expect(await spend(card)).toMatchObject({ ok: true });
    // Cole: margin 3 + 2 + 2 − 2 − 1 = 4, three wounding and one trauma (LUN-HLT-3); Dara, no armor (Body
    // 2 lower against wounding): 4 + 2 + 2 − 2 + 2 = 8, three wounding and five trauma: past her seven levels.
    expect((sys(card).outcomes as Loose[]).map((o) => [o.id, o.damage, o.levelsAfter])).toEqual([
      [COLE, { points: 4, bruising: 0, wounding: 3, trauma: 1 }, 4],
      [DARA, { points: 8, bruising: 0, wounding: 3, trauma: 5 }, 7],
    ]);
    // Dara's seven levels hold three wounding and four trauma; the point past them is lost. Every level
    // used: the dying clock (LUN-HLT-4), and −5 is past her Willpower 3 (LUN-HLT-2).
    expect((sys(card).effects as Loose[]).filter((e) => e.actorId === f.dara.uuid)).toEqual([
      { kind: "pool", actorId: f.dara.uuid, pool: "health.wounding", amount: -3 },
      { kind: "pool", actorId: f.dara.uuid, pool: "health.trauma", amount: -4 },
      { kind: "timedStatus", actorId: f.dara.uuid, timedStatus: "lunos.dying" },
      { kind: "status", actorId: f.dara.uuid, status: "unconscious", active: true },
    ]);
  });
});

describe("maneuvers declared and bought", () => {
  it("LUN-MNV-2: a Trip declared before the roll, damage forgone: two free successes pay for it; Cole falls", async () => {
    const f = await fight(attackAt(COLE));
    // Three successes against difficulty 2: one extra, and the two free ones.
    const card = await ardenAttacks(f, pool(6, 3), { declared: "trip", forgoDamage: true });
    expect(sys(card)).toMatchObject({
      attack: { declared: "trip", forgoDamage: true },
      pending: { declared: "trip", forgoDamage: true, free: 2, targets: [{ id: COLE, extra: 1 }] },
    });
    // Trip (3) is offered on one extra success: the free ones pay the rest.
    expect((sys(card).menu as Record<string, Loose[]>)[COLE]!.map((o) => o.maneuver)).toContain("trip");
    world.as(world.player);
    expect(await spend(card, [`${COLE}:trip`])).toMatchObject({ ok: true, stage: "resolved" });
    expect(sys(card).outcomes).toMatchObject([{ id: COLE, maneuvers: ["trip"], damage: { points: 0 } }]);
    expect(sys(card).effects).toEqual([
      { kind: "status", actorId: f.cole.uuid, status: "prone", active: true },
    ]);
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect(f.cole.statuses.has("prone")).toBe(true);
    expect(await step(card, { type: "undo" }, 2)).toMatchObject({ ok: true });
    expect(f.cole.statuses.has("prone")).toBe(false);
  });

  it("LUN-MNV-3: a Stun declared, damage forgone: Cole loses an action next round, on his token", async () => {
    const f = await fight(attackAt(COLE));
    const card = await ardenAttacks(f, pool(6, 3), { declared: "stun", forgoDamage: true });
    world.as(world.player);
    expect(await spend(card, [`${COLE}:stun`])).toMatchObject({ ok: true });
    expect(fighterOf(f.now(), COLE).stunned).toBe(true);
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect(f.cole.statuses.has("stunned")).toBe(true);
  });

  it("LUN-MNV-1: Increase damage bought twice adds two points; past Willpower the pain knocks Cole out", async () => {
    const f = await fight(attackAt(COLE));
    // Four successes against difficulty 2: two extra.
    const card = await ardenAttacks(f, pool(6, 4));
    world.as(world.player);
    expect(await spend(card, [`${COLE}:increaseDamage`, `${COLE}:increaseDamage`])).toMatchObject({
      ok: true,
    });
    // Margin 3 + 2 + 2 − 2 − 1 = 4, and 2 bought: 6, three wounding and three trauma. Six levels: −5, past Willpower 3.
    expect(sys(card).outcomes).toMatchObject([
      { maneuvers: ["increaseDamage", "increaseDamage"], damage: { points: 6, wounding: 3, trauma: 3 } },
    ]);
    expect(sys(card).effects).toEqual([
      { kind: "pool", actorId: f.cole.uuid, pool: "health.wounding", amount: -3 },
      { kind: "pool", actorId: f.cole.uuid, pool: "health.trauma", amount: -3 },
      { kind: "status", actorId: f.cole.uuid, status: "unconscious", active: true },
    ]);
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect([health(f.cole), f.cole.statuses.has("unconscious")]).toEqual([[0, 3, 3], true]);
    expect(await step(card, { type: "undo" }, 2)).toMatchObject({ ok: true });
    expect([health(f.cole), f.cole.statuses.has("unconscious")]).toEqual([[0, 0, 0], false]);
  });

  it("LUN-MNV-3: a Disarm that catches the sword moves it to Arden's sheet; Undo hands it back", async () => {
    const f = await fight(attackAt(COLE));
    const sword = swordOf(f.cole);
    const card = await ardenAttacks(f, pool(6, 3), { declared: "disarm", forgoDamage: true });
    world.as(world.player);
    expect(await spend(card, [`${COLE}:disarm`], [COLE])).toMatchObject({ ok: true });
    expect(fighterOf(f.now(), COLE).weapon).toBe("caught");
    expect(sys(card).effects).toEqual([
      { kind: "status", actorId: f.cole.uuid, status: "disarmed", active: true },
      {
        kind: "ruleset",
        effectKind: "lunosCaughtWeapon",
        actorId: f.cole.uuid,
        data: { to: f.arden.uuid, itemId: sword },
      },
    ]);
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect(f.cole.items.get(sword)).toBeUndefined();
    // Arden has it, put away: its own sword stays the one in hand.
    const caught = f.arden.items.get(sword);
    expect([caught?.name, (caught?.system as Loose | undefined)?.equipped]).toEqual(["Longsword", false]);
    expect(f.cole.statuses.has("disarmed")).toBe(true);
    expect(await step(card, { type: "undo" }, 2)).toMatchObject({ ok: true });
    expect(f.arden.items.get(sword)).toBeUndefined();
    expect((f.cole.items.get(sword)?.system as Loose | undefined)?.equipped).toBe(true);
    expect(f.cole.statuses.has("disarmed")).toBe(false);
  });

  it("LUN-GRP-3: a Grapple, then next round a Choke from the grapple check: the choke clock starts", async () => {
    const f = await fight(attackAt(COLE));
    const first = await ardenAttacks(f, pool(6, 3));
    world.as(world.player);
    expect(await spend(first, [`${COLE}:grapple`])).toMatchObject({ ok: true });
    expect(f.now().grapples).toEqual([{ a: ARDEN, b: COLE, pinnedBy: null, choke: null }]);
    expect(sys(first).effects).toContainEqual({
      kind: "status",
      actorId: f.arden.uuid,
      status: "grappled",
      active: true,
    });
    world.as(world.gm);
    expect(await step(first, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect([f.arden.statuses.has("grappled"), f.cole.statuses.has("grappled")]).toEqual([true, true]);

    // The next round, with the core: the grapple checks (Arden four dice, four successes; Cole's three
    // wounds leave him the luck die, no success), then initiative, the plans, no defense.
    const access = (await import("./fight-access")).lunosFightAccess(f.combat)!;
    const view = access.view();
    let next = endSlot(endSlot(f.now()));
    const dice = new ScriptedDice([...pool(4, 4), 2, ...pool(3, 2), 2, ...pool(3, 0)]);
    next = startRound(next, view, dice, LUNOS_DEFAULTS);
    next = declare(next, ARDEN, attackAt(COLE), view, LUNOS_DEFAULTS);
    next = declare(next, COLE, { actions: [{ kind: "other", task: "speak" }] }, view, LUNOS_DEFAULTS);
    next = declare(next, DARA, { actions: [{ kind: "other", task: "task" }] }, view, LUNOS_DEFAULTS);
    next = beginAttacks(next, view, dice, LUNOS_DEFAULTS);
    expect(dice.remaining).toBe(0);
    await access.commit(next);

    // The grapple checks stand for the attack and the defense (LUN-GRP-2): no die rolled, three extra.
    const second = await ardenAttacks(f, []);
    expect(second.rolls).toEqual([]);
    expect(sys(second)).toMatchObject({
      faces: [],
      luck: 0,
      pending: { grapple: true, targets: [{ id: COLE, defense: 0, extra: 3 }] },
    });
    world.as(world.player);
    expect(await spend(second, [`${COLE}:choke`], [], 0)).toMatchObject({ ok: true });
    expect(f.now().grapples[0]!.choke).toEqual({ by: ARDEN, victim: COLE, rounds: 0 });
    // Out after Body 2 × a minute: 20 rounds of 6 seconds.
    expect(sys(second).effects).toContainEqual({
      kind: "ruleset",
      effectKind: "lunosChoke",
      actorId: f.cole.uuid,
      data: { rounds: 20 },
    });
    world.as(world.gm);
    expect(await step(second, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect(f.cole.statuses.has("choking")).toBe(true);
    const clock = f.cole.effects.find((e) =>
      (e as unknown as { statuses: Set<string> }).statuses.has("choking"),
    );
    expect((clock as unknown as { duration: { rounds?: number } }).duration.rounds).toBe(20);
    expect(await step(second, { type: "undo" }, 2)).toMatchObject({ ok: true });
    expect(f.cole.statuses.has("choking")).toBe(false);
  });
});

describe("the clocks", () => {
  it("LUN-HLT-4: every level used starts the dying clock, which runs out by itself in 50 rounds: dead", async () => {
    const f = await fight(attackAt(DARA));
    // Four successes against Dara, who made no defense (difficulty 1): margin 4 + 2 + 2 − 2 + 2 = 8.
    const card = await ardenAttacks(f, pool(6, 4));
    world.as(world.player);
    expect(await spend(card)).toMatchObject({ ok: true });
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect([health(f.dara), f.dara.statuses.has("dying"), f.dara.statuses.has("dead")]).toEqual([
      [0, 3, 4],
      true,
      false,
    ]);
    // Each new round's start is rolled by the table: Arden's and Cole's initiative (one success and none);
    // Dara, dying, rolls none, and her clock runs in the round's start.
    for (let i = 0; i < 50; i += 1) world.dice.push(...pool(3, 1), ...pool(3, 0));
    for (let i = 0; i < 49; i += 1) await f.combat.nextRound();
    await writesSettled();
    expect(f.dara.statuses.has("dead")).toBe(false);
    await f.combat.nextRound();
    await writesSettled();
    expect([f.dara.statuses.has("dying"), f.dara.statuses.has("dead")]).toEqual([false, true]);
    expect(world.dice).toEqual([]);
  });
});

describe("refused requests", () => {
  it("another owner's, a forged, a replayed and an already-applied step change nothing", async () => {
    const f = await fight(attackAt(COLE));
    const card = await ardenAttacks(f, pool(6, 4));
    const before = sys(card);
    // Cole's player and a stranger may not spend Arden's successes.
    world.as(world.defender);
    expect(await spend(card, [])).toMatchObject({ ok: false, code: "not-permitted" });
    world.as(world.stranger);
    expect(await spend(card, [])).toMatchObject({ ok: false, code: "not-permitted" });
    world.as(world.player);
    // Forged: a maneuver that is not one, a stray field, data that is not a list, a GM's step.
    for (const intent of [
      { type: "spend", data: { buys: [`${COLE}:fireball`], catch: [] } },
      { type: "spend", data: { buys: [], catch: [], damage: 9 } },
      { type: "spend", data: { buys: "all", catch: [] } },
      { type: "spend", data: { buys: [] }, dice: [1] },
      { type: "resolveAttack" },
    ])
      expect((await step(card, intent, 0)).ok).toBe(false);
    // What the engine refuses: more than two extra successes' worth, a maneuver on someone not a target.
    expect(await spend(card, [`${COLE}:stun`])).toMatchObject({ ok: false, code: "rules" });
    expect(await spend(card, [`${DARA}:tag`])).toMatchObject({ ok: false, code: "rules" });
    expect(await step(card, { type: "apply" }, 0)).toMatchObject({ ok: false, code: "wrong-stage" });
    expect(sys(card)).toEqual(before);
    expect(f.now().pending?.attackerId).toBe(ARDEN);

    expect(await spend(card, [`${COLE}:push`])).toMatchObject({ ok: true });
    // Replayed: at the old revision, and at the new one (the successes are spent).
    expect(await spend(card, [], [], 0)).toMatchObject({ ok: false, code: "stale" });
    expect(await spend(card, [], [], 1)).toMatchObject({ ok: false, code: "wrong-stage" });
    // Only a GM applies, once.
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: false, code: "not-permitted" });
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect(await step(card, { type: "apply" }, 2)).toMatchObject({ ok: false, code: "wrong-stage" });
    expect(health(f.cole)).toEqual([0, 3, 1]);
  });

  it("an attack out of turn, a target not declared, a second roll, another owner's attack, a replayed query", async () => {
    const f = await fight(attackAt(COLE));
    world.as(world.defender);
    expect(await startAttack(f.cole, swordOf(f.cole), { event: { shiftKey: true } })).toBe(false);
    expect(world.notices).toContain("It is not Cole's turn.");
    world.notices.length = 0;
    world.as(world.player);
    expect(await startAttack(f.arden, swordOf(f.arden), { answers: { targets: [DARA] } } as never)).toBe(
      false,
    );
    expect(world.notices).toContain("That target was not declared for this attack.");
    world.notices.length = 0;
    await ardenAttacks(f, pool(6, 3));
    world.as(world.player);
    expect(await startAttack(f.arden, swordOf(f.arden), { event: { shiftKey: true } })).toBe(false);
    expect(world.notices).toContain("An attack roll still waits for its maneuvers.");

    // Sent by hand, confirmed by its sender: the GM still reads who owns the attacker.
    const send = async (from: typeof world.stranger, patch: Loose = {}) => {
      world.as(from);
      const payload = {
        userId: from.id,
        requestId: newRequestId(),
        combatId: f.combat.id,
        combatantId: ARDEN,
        itemId: swordOf(f.arden),
        targets: [COLE],
        skill: "weapon",
        declared: "",
        forgoDamage: false,
        rollMode: "publicroll",
        ...patch,
      };
      const subject = { query: "fangs.lunosAttack", subject: `${f.combat.id}:${ARDEN}` };
      return whilePending(payload.requestId as string, subject, () =>
        world.gm.query("fangs.lunosAttack" as never, payload as never),
      );
    };
    expect(await send(world.stranger)).toMatchObject({ ok: false, key: "FANGS.Chat.Refusal.NotPermitted" });
    expect(await send(world.player, { declared: "increaseDamage" })).toMatchObject({
      ok: false,
      key: "FANGS.Chat.Refusal.Invalid",
    });
    expect(await send(world.player, { successes: 9 })).toMatchObject({ ok: false });
    // Replayed: a request its sender no longer has pending is not confirmed.
    world.as(world.player);
    expect(
      await world.gm.query(
        "fangs.lunosAttack" as never,
        {
          userId: world.player.id,
          requestId: newRequestId(),
          combatId: f.combat.id,
          combatantId: ARDEN,
          itemId: swordOf(f.arden),
          targets: [COLE],
          skill: "weapon",
          declared: "",
          forgoDamage: false,
          rollMode: "publicroll",
        } as never,
      ),
    ).toMatchObject({ ok: false, key: "LUNOS.Chat.Refusal.Unconfirmed" });
    expect(cards()).toHaveLength(1);
  });

  it("a private roll is whispered to the GMs and the player who asked; a Self roll is one, never the GM's alone", async () => {
    const f = await fight(attackAt(COLE));
    const card = await ardenAttacks(f, pool(6, 3), { rollMode: "gmroll" });
    const whisper = (card as unknown as { whisper: string[] }).whisper;
    expect([...whisper].sort()).toEqual([world.gm.id, world.gm2.id, world.player.id].sort());
    // Asked as Self from the dialog's answers, or a chat set to Self: rolled as a private GM roll the player reads.
    const g = await fight(attackAt(COLE));
    const self = await ardenAttacks(g, pool(6, 3), { rollMode: "selfroll" });
    expect(sys(self).rollMode).toBe("gmroll");
    expect((self as unknown as { whisper: string[] }).whisper).toContain(world.player.id);
    // Sent by hand as Self: refused.
    world.as(world.player);
    const payload = {
      userId: world.player.id,
      requestId: newRequestId(),
      combatId: g.combat.id,
      combatantId: ARDEN,
      itemId: swordOf(g.arden),
      targets: [COLE],
      skill: "weapon",
      declared: "",
      forgoDamage: false,
      rollMode: "selfroll",
    };
    const subject = { query: "fangs.lunosAttack", subject: `${g.combat.id}:${ARDEN}` };
    expect(
      await whilePending(payload.requestId, subject, () =>
        world.gm.query("fangs.lunosAttack" as never, payload as never),
      ),
    ).toMatchObject({ ok: false, key: "FANGS.Chat.Refusal.Invalid" });
  });

  it("a card no GM wrote keeps its plain content, and its steps are refused", async () => {
    const f = await fight(attackAt(COLE));
    const real = await ardenAttacks(f, pool(6, 3));
    world.as(world.player);
    const forged = (await (
      CONFIG.ChatMessage.documentClass as unknown as {
        create(d: unknown): Promise<Card>;
      }
    ).create({
      type: "lunosAttack",
      content: "<p>forged</p>",
      system: { ...sys(real), stage: "resolved" },
    })) as Card;
    const { drawLunosAttack } = await import("./attack-render");
    // The log's element, as far as the drawing touches it.
    const listened: string[] = [];
    const content = { innerHTML: "<p>forged</p>", addEventListener: (type: string) => listened.push(type) };
    drawLunosAttack(forged as never, content as never);
    expect([content.innerHTML, listened]).toEqual(["<p>forged</p>", []]);
    // The GM's own card is drawn from its data (the template stands in: the stand-in compiles none).
    const handlebars = foundry.applications.handlebars as unknown as Record<string, unknown>;
    handlebars.getTemplate = async () => (context: { title: string }) => `<h3>${context.title}</h3>`;
    try {
      drawLunosAttack(real as never, content as never);
      await vi.waitFor(() => expect(content.innerHTML).toBe("<h3>Arden attacks with the Longsword</h3>"));
      expect(listened).toEqual(["click"]);
    } finally {
      delete handlebars.getTemplate;
    }
    world.as(world.gm);
    expect(await step(forged, { type: "apply" }, 0)).toMatchObject({ ok: false, code: "not-gm-card" });
  });

  it("LUN-MNV-3: a fighter with no weapon in hand (its sword caught) attacks bare-handed: Brawl, Martial Arts, bruising", async () => {
    const f = await fight(attackAt(COLE));
    // Arden's sword gone, as a Disarm that caught it leaves him: the sheet's Attack has no weapon to name.
    world.as(world.gm);
    await f.arden.deleteEmbeddedDocuments("Item", [swordOf(f.arden)]);
    world.as(world.player);
    // Asked with a weapon he no longer holds: refused.
    expect(await startAttack(f.arden, "gone000000000001", { event: { shiftKey: true } })).toBe(false);
    expect(world.notices).toContain("Arden attacks with the weapon in hand: use that one.");
    world.notices.length = 0;
    // Agility 3 + Brawl 2: five dice, three successes against Cole's difficulty 2.
    world.dice.push(...pool(5, 3));
    expect(await startAttack(f.arden, "", { event: { shiftKey: true } })).toBe(true);
    expect(world.dice).toEqual([]);
    const card = cards().at(-1)!;
    expect(sys(card)).toMatchObject({
      weaponName: "",
      attack: { skill: "brawl" },
      pending: { armed: false, roll: { dice: 5, successes: 3 }, targets: [{ id: COLE, extra: 1 }] },
    });
    world.as(world.player);
    expect(await spend(card)).toMatchObject({ ok: true });
    // Margin 2 + Body 2 + Martial Arts 1 − Cole's Body 2 − the vest's 1: 2 bruising.
    expect(sys(card).outcomes).toMatchObject([
      { id: COLE, damage: { points: 2, bruising: 2, wounding: 0, trauma: 0 } },
    ]);
    // Bare-handed is asked only of one with nothing in hand: Cole, his sword in hand, names it.
    world.as(world.defender);
    expect(await startAttack(f.cole, "", { event: { shiftKey: true } })).toBe(false);
    expect(world.notices).toContain("Cole attacks with the weapon in hand: use that one.");
    // Sent by hand, past his own client's check: the GM reads Cole's sheet again and refuses it too.
    const payload = {
      userId: world.defender.id,
      requestId: newRequestId(),
      combatId: f.combat.id,
      combatantId: COLE,
      itemId: "",
      targets: [ARDEN],
      skill: "brawl",
      declared: "",
      forgoDamage: false,
      rollMode: "publicroll",
    };
    const subject = { query: "fangs.lunosAttack", subject: `${f.combat.id}:${COLE}` };
    expect(
      await whilePending(payload.requestId, subject, () =>
        world.gm.query("fangs.lunosAttack" as never, payload as never),
      ),
    ).toMatchObject({ ok: false, key: "LUNOS.Chat.Refusal.NotWielded" });
  });

  it("the Token HUD offers the weapon in hand; another weapon is refused in Lunos's words", async () => {
    const f = await fight(attackAt(COLE));
    const { lunosDefinition } = await import("../index");
    expect(lunosDefinition.cards?.attack?.readyItems?.(f.arden).map((i) => i.name)).toEqual(["Longsword"]);
    world.as(world.gm);
    const [dagger] = (await f.arden.createEmbeddedDocuments("Item", [
      { ...SWORD, name: "Dagger", system: { ...SWORD.system, size: "tiny", equipped: false } },
    ] as never)) as unknown as { id: string }[];
    world.as(world.player);
    expect(await startAttack(f.arden, dagger!.id, { event: { shiftKey: true } })).toBe(false);
    expect(world.notices).toContain("Arden attacks with the weapon in hand: use that one.");
    expect(cards()).toEqual([]);
  });
});
