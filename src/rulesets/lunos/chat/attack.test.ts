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
  registerRulesetDefinition(lunosDefinition);
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
async function fight(
  ardenPlan: LunosPlan,
  coleDefense = 1,
  plans: { readonly cole?: LunosPlan; readonly dara?: LunosPlan } = {},
): Promise<Fight> {
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
  const colePlan: LunosPlan = plans.cole ?? { actions: [{ kind: "defense", against: [ARDEN] }] };
  expect(await askRoundAction(gm, "declare", [COLE], colePlan)).toBe(true);
  expect(await askRoundAction(gm, "declare", [DARA], plans.dara ?? idle)).toBe(true);
  // The GM's Next turn closes the declarations and rolls Cole's defense.
  if (colePlan.actions.some((a) => a.kind === "defense")) world.dice.push(...pool(5, coleDefense));
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
function ardenAttacks(f: Fight, dice: number[], answers?: Loose): Promise<Card> {
  return strikes(world.player, f.arden, dice, answers);
}

/** A fighter's owner attacks with its sword, as its own client does. */
async function strikes(user: typeof world.gm, actor: Doc, dice: number[], answers?: Loose): Promise<Card> {
  world.as(user);
  const before = cards().length;
  world.dice.push(...dice);
  const started = await startAttack(actor, swordOf(actor), {
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
    // The blow enters the round at the GM's Apply: until then the fight holds the attack pending.
    expect(f.now().pending?.attackerId).toBe(ARDEN);
    expect(health(f.cole)).toEqual([0, 0, 0]);

    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toEqual({ ok: true, stage: "applied" });
    expect(health(f.cole)).toEqual([0, 3, 0]);
    expect(fighterOf(f.now(), COLE).wounding).toBe(3);
    expect(f.now().pending).toBeNull();
    // Undo puts the round back as the Apply found it: the attack pending again, the blow out of it.
    expect(await step(card, { type: "undo" }, 2)).toEqual({ ok: true, stage: "resolved" });
    expect(health(f.cole)).toEqual([0, 0, 0]);
    expect(fighterOf(f.now(), COLE).wounding).toBe(0);
    expect(f.now().pending?.attackerId).toBe(ARDEN);
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
    expect(fighterOf(f.now(), COLE).stunned).toBe(false);
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect(fighterOf(f.now(), COLE).stunned).toBe(true);
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
    expect(fighterOf(f.now(), COLE).weapon).toBe("held");
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
    expect(fighterOf(f.now(), COLE).weapon).toBe("caught");
    expect(f.cole.items.get(sword)).toBeUndefined();
    // Arden has it, put away: its own sword stays the one in hand.
    const caught = f.arden.items.get(sword);
    expect([caught?.name, (caught?.system as Loose | undefined)?.equipped]).toEqual(["Longsword", false]);
    expect(f.cole.statuses.has("disarmed")).toBe(true);
    expect(await step(card, { type: "undo" }, 2)).toMatchObject({ ok: true });
    expect(f.arden.items.get(sword)).toBeUndefined();
    expect((f.cole.items.get(sword)?.system as Loose | undefined)?.equipped).toBe(true);
    expect(f.cole.statuses.has("disarmed")).toBe(false);
    expect(fighterOf(f.now(), COLE).weapon).toBe("held");
  });

  it("LUN-GRP-3: a Grapple, then next round a Choke from the grapple check: the choke clock starts", async () => {
    const f = await fight(attackAt(COLE));
    const first = await ardenAttacks(f, pool(6, 3));
    world.as(world.player);
    expect(await spend(first, [`${COLE}:grapple`])).toMatchObject({ ok: true });
    expect(f.now().grapples).toEqual([]);
    expect(sys(first).effects).toContainEqual({
      kind: "status",
      actorId: f.arden.uuid,
      status: "grappled",
      active: true,
    });
    world.as(world.gm);
    expect(await step(first, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect(f.now().grapples).toEqual([{ a: ARDEN, b: COLE, pinnedBy: null, choke: null }]);
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
    expect(f.now().grapples[0]!.choke).toBeNull();
    // Out after Body 2 × a minute: 20 rounds of 6 seconds.
    expect(sys(second).effects).toContainEqual({
      kind: "ruleset",
      effectKind: "lunosChoke",
      actorId: f.cole.uuid,
      data: { rounds: 20 },
    });
    world.as(world.gm);
    expect(await step(second, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect(f.now().grapples[0]!.choke).toEqual({ by: ARDEN, victim: COLE, rounds: 0 });
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
    expect(world.notices).toContain(
      "Another attack is still to be finished: its maneuvers, then a GM's Apply.",
    );

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

  it("a target hidden from the players after its declaration: a player's attack naming it is refused in words, a GM's is not", async () => {
    const f = await fight(attackAt(COLE));
    const cole = f.combat.combatants.get(COLE) as unknown as { hidden: boolean };
    cole.hidden = true;
    world.as(world.player);
    world.dice.push(...pool(6, 3));
    expect(await startAttack(f.arden, swordOf(f.arden), { event: { shiftKey: true } })).toBe(false);
    // Said as of one not in the fight: the refusal gives nothing of the hidden one away.
    expect(world.notices).toEqual(["A fighter named is not in this fight."]);
    expect(cards()).toHaveLength(0);
    expect(f.now().pending).toBeNull();
    world.notices.length = 0;
    world.dice.length = 0;
    // The GM's own attack for Arden is the GM's to make.
    await strikes(world.gm, f.arden, pool(6, 3));
    expect(cards()).toHaveLength(1);
  });

  it("each refusal of the card's maneuvers in its own words: too dear, past its limit, a pin with no grapple, forgoing with nothing declared", async () => {
    const f = await fight(attackAt(COLE));
    const card = await ardenAttacks(f, pool(6, 4));
    world.as(world.player);
    const keyOf = async (buys: string[]) => ((await spend(card, buys)) as { messageKey?: string }).messageKey;
    expect(await keyOf([`${COLE}:stun`])).toBe("LUNOS.Chat.Refusal.TooDear");
    expect(await keyOf([`${COLE}:push`, `${COLE}:push`, `${COLE}:push`])).toBe(
      "LUNOS.Chat.Refusal.ManeuverLimit",
    );
    expect(await keyOf([`${COLE}:pin`])).toBe("LUNOS.Chat.Refusal.NeedsGrapple");
    const { refusalKey } = await import("./attack-flow");
    const { checkDeclaration } = await import("../../../rules/lunos/maneuvers");
    const thrown = (work: () => void) => {
      try {
        work();
      } catch (error) {
        return refusalKey(error);
      }
      return null;
    };
    // What a request sent around the dialog's own check meets on the GM's side.
    expect(thrown(() => checkDeclaration(null, true))).toBe("LUNOS.Chat.Refusal.ForgoNeedsManeuver");
    expect(thrown(() => checkDeclaration("coupDeGrace", false))).toBe("LUNOS.Chat.Refusal.Undeclarable");
    expect(sys(card).stage).not.toBe("resolved");
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

describe("a blow enters the round at the GM's Apply", () => {
  const nextTurn = async (f: Fight) => {
    world.as(world.gm);
    world.notices.length = 0;
    await f.combat.nextTurn();
    await writesSettled();
  };
  const slotOf = (f: Fight) => f.now().slot;

  it("before Apply nothing is decided and Next turn waits, in words; Undo takes the knock-out out of the round", async () => {
    const f = await fight(attackAt(COLE));
    const card = await ardenAttacks(f, pool(6, 4));
    world.as(world.player);
    expect(await spend(card, [`${COLE}:increaseDamage`, `${COLE}:increaseDamage`])).toMatchObject({
      ok: true,
    });
    // Resolved on the card, not yet in the round: Cole is not out, the attack still holds it.
    expect(fighterOf(f.now(), COLE)).toMatchObject({ unconscious: false, wounding: 0, trauma: 0 });
    await nextTurn(f);
    expect(world.notices).toEqual(["Arden's blow waits for a GM to apply it: apply it on its card first."]);
    expect(slotOf(f)).toBe(0);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect(fighterOf(f.now(), COLE)).toMatchObject({ unconscious: true, wounding: 3, trauma: 3 });
    expect(await step(card, { type: "undo" }, 2)).toMatchObject({ ok: true });
    expect(fighterOf(f.now(), COLE)).toMatchObject({ unconscious: false, wounding: 0, trauma: 0 });
    expect(f.cole.statuses.has("unconscious")).toBe(false);
  });

  it("a blow the fighters moved under since Spend: Apply shows it anew and asks again before writing", async () => {
    const f = await fight(attackAt(COLE));
    const card = await ardenAttacks(f, pool(6, 4));
    world.as(world.player);
    expect(await spend(card, [`${COLE}:increaseDamage`, `${COLE}:increaseDamage`])).toMatchObject({
      ok: true,
    });
    // The GM marks Cole out by hand before applying: the blow no longer knocks him out.
    world.as(world.gm);
    await f.cole.toggleStatusEffect("unconscious", { active: true });
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: false, code: "moved" });
    expect([health(f.cole), sys(card).stage, sys(card).effects]).toEqual([
      [0, 0, 0],
      "resolved",
      [
        { kind: "pool", actorId: f.cole.uuid, pool: "health.wounding", amount: -3 },
        { kind: "pool", actorId: f.cole.uuid, pool: "health.trauma", amount: -3 },
      ],
    ]);
    expect(await step(card, { type: "apply" }, 2)).toMatchObject({ ok: true, stage: "applied" });
    expect(health(f.cole)).toEqual([0, 3, 3]);
  });

  it("Undo is refused, in words, once the round has gone on from the blow", async () => {
    const f = await fight(attackAt(COLE));
    const card = await ardenAttacks(f, pool(6, 3));
    world.as(world.player);
    expect(await spend(card)).toMatchObject({ ok: true });
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    await nextTurn(f);
    expect(slotOf(f)).toBe(1);
    world.as(world.gm);
    expect(await step(card, { type: "undo" }, 2)).toMatchObject({ ok: false, code: "built-on" });
    expect([health(f.cole), fighterOf(f.now(), COLE).wounding, sys(card).stage]).toEqual([
      [0, 3, 0],
      3,
      "applied",
    ]);
  });

  it("a blow of the next slot adds its own levels only, whenever the first was applied", async () => {
    // Arden strikes Cole in the first slot; Dara, in the second (tied with Cole), strikes Cole too.
    const f = await fight(attackAt(COLE), 1, { dara: attackAt(COLE) });
    const first = await ardenAttacks(f, pool(6, 3));
    world.as(world.player);
    expect(await spend(first)).toMatchObject({ ok: true });
    await nextTurn(f);
    expect(slotOf(f)).toBe(0);
    expect(await step(first, { type: "apply" }, 1)).toMatchObject({ ok: true });
    await nextTurn(f);
    expect(slotOf(f)).toBe(1);
    // Dara: one success against Cole, who does not defend against her (difficulty 1): margin 1 + 2 + 2 − 2 − 1
    // = 2 wounding more, and that alone; five levels taken are past his Willpower 3: out from the pain.
    const second = await strikes(world.gm, f.dara, pool(6, 1));
    expect(await spend(second)).toMatchObject({ ok: true });
    expect(sys(second).effects).toEqual([
      { kind: "pool", actorId: f.cole.uuid, pool: "health.wounding", amount: -2 },
      { kind: "status", actorId: f.cole.uuid, status: "unconscious", active: true },
    ]);
    expect(await step(second, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect([health(f.cole), fighterOf(f.now(), COLE).wounding]).toEqual([[0, 5, 0], 5]);
  });

  it("two blows of one slot each count once, in either order, over a GM's edit by hand between them", async () => {
    const idle: LunosPlan = { actions: [{ kind: "other", task: "task" }] };
    const healths: number[][] = [];
    for (const order of [
      ["cole", "dara"],
      ["dara", "cole"],
    ] as const) {
      world.reset();
      standIn.game.settings.storage.set("fangs.ruleset", "lunos");
      // Cole and Dara share the second slot (no initiative success, the same Reflexes); both strike Arden.
      const f = await fight(idle, 1, { cole: attackAt(ARDEN), dara: attackAt(ARDEN) });
      await nextTurn(f);
      expect(f.now().slots[f.now().slot]).toEqual([COLE, DARA]);
      const by = { cole: [world.defender, f.cole], dara: [world.gm, f.dara] } as const;
      const [user1, actor1] = by[order[0]];
      const first = await strikes(user1, actor1, pool(6, 1));
      world.as(user1);
      expect(await spend(first)).toMatchObject({ ok: true });
      world.as(world.gm);
      expect(await step(first, { type: "apply" }, 1)).toMatchObject({ ok: true });
      const afterFirst = health(f.arden);
      // The GM takes one level of the first blow off by hand: the second blow adds its own levels to that.
      await f.arden.update({ "system.health.wounding.value": afterFirst[1]! - 1 } as never);
      const [user2, actor2] = by[order[1]];
      const second = await strikes(user2, actor2, pool(6, 1));
      world.as(user2);
      expect(await spend(second)).toMatchObject({ ok: true });
      world.as(world.gm);
      expect(await step(second, { type: "apply" }, 1)).toMatchObject({ ok: true });
      // Each strikes for 5 (margin 1 + 2 + 2 − 2, and 2 for no armor): the first fills five of Arden's seven
      // levels, the second the two left, once, over whatever the GM left on the sheet.
      expect(afterFirst).toEqual([0, 3, 2]);
      expect(sys(second).effects).toEqual([
        { kind: "pool", actorId: f.arden.uuid, pool: "health.wounding", amount: -2 },
        { kind: "timedStatus", actorId: f.arden.uuid, timedStatus: "lunos.dying" },
      ]);
      healths.push(health(f.arden));
    }
    expect(healths).toEqual([
      [0, 4, 2],
      [0, 4, 2],
    ]);
  });

  it("LUN-MNV-3: a tied slot's second Disarm catches the weapon the first flung: it moves to its catcher", async () => {
    const idle: LunosPlan = { actions: [{ kind: "other", task: "task" }] };
    const f = await fight(idle, 1, { cole: attackAt(ARDEN), dara: attackAt(ARDEN) });
    await nextTurn(f);
    expect(f.now().slots[f.now().slot]).toEqual([COLE, DARA]);
    const sword = swordOf(f.arden);
    // Cole flings Arden's sword (no catch), and the GM applies it: it lies on the ground.
    const first = await strikes(world.defender, f.cole, pool(6, 3), {
      declared: "disarm",
      forgoDamage: true,
    });
    expect(await spend(first, [`${ARDEN}:disarm`])).toMatchObject({ ok: true });
    world.as(world.gm);
    expect(await step(first, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect(fighterOf(f.now(), ARDEN).weapon).toBe("lying");
    // Dara's Disarm of the same slot, judged as the slot began, catches it: the item goes to her sheet.
    const second = await strikes(world.gm, f.dara, pool(6, 3), { declared: "disarm", forgoDamage: true });
    expect(await spend(second, [`${ARDEN}:disarm`], [ARDEN])).toMatchObject({ ok: true });
    expect(sys(second).effects).toContainEqual({
      kind: "ruleset",
      effectKind: "lunosCaughtWeapon",
      actorId: f.arden.uuid,
      data: { to: f.dara.uuid, itemId: sword },
    });
    expect(await step(second, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect(fighterOf(f.now(), ARDEN).weapon).toBe("caught");
    expect(f.arden.items.get(sword)).toBeUndefined();
    expect(f.dara.items.get(sword)?.name).toBe("Longsword");
  });

  it("LUN-GRP-1: a tied slot's stronger Grapple takes the hold from the first: the grappled marks follow it", async () => {
    const idle: LunosPlan = { actions: [{ kind: "other", task: "task" }] };
    const f = await fight(idle, 1, { cole: attackAt(ARDEN), dara: attackAt(ARDEN) });
    await nextTurn(f);
    // Cole seizes Arden with one extra success; applied, both are marked grappled.
    const first = await strikes(world.defender, f.cole, pool(6, 2));
    expect(await spend(first, [`${ARDEN}:grapple`])).toMatchObject({ ok: true });
    world.as(world.gm);
    expect(await step(first, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect([f.arden.statuses.has("grappled"), f.cole.statuses.has("grappled")]).toEqual([true, true]);
    // Dara's grapple of the same slot, with two extra, is the one that holds: Cole is let go, Dara holds.
    const second = await strikes(world.gm, f.dara, pool(6, 3));
    expect(await spend(second, [`${ARDEN}:grapple`])).toMatchObject({ ok: true });
    expect(await step(second, { type: "apply" }, 1)).toMatchObject({ ok: true });
    const g = f.now().grapples;
    expect(g).toHaveLength(1);
    expect([g[0]!.a, g[0]!.b].sort()).toEqual([ARDEN, DARA].sort());
    expect([f.arden, f.cole, f.dara].map((a) => a.statuses.has("grappled"))).toEqual([true, false, true]);
    // Undone, Cole holds again.
    expect(await step(second, { type: "undo" }, 2)).toMatchObject({ ok: true });
    expect([f.arden, f.cole, f.dara].map((a) => a.statuses.has("grappled"))).toEqual([true, true, false]);
  });
});

describe("a round never stuck on an attack", () => {
  const nextTurn = async (f: Fight) => {
    world.as(world.gm);
    world.notices.length = 0;
    await f.combat.nextTurn();
    await writesSettled();
  };

  it("a card whose target left the combat can no longer be finished: Next turn drops its attack and goes on", async () => {
    const f = await fight(attackAt(COLE, DARA));
    const card = await ardenAttacks(f, pool(5, 4));
    world.as(world.gm);
    await (f.combat as unknown as { deleteCombatants(ids: string[]): Promise<void> }).deleteCombatants([
      DARA,
    ]);
    await writesSettled();
    world.as(world.player);
    expect(await spend(card)).toMatchObject({ ok: false, code: "changed" });
    await nextTurn(f);
    expect(world.notices).toEqual(["Arden's attack had no card left to finish it, so it was dropped."]);
    expect(f.now()).toMatchObject({ pending: null, slot: 1 });
  });

  it("a card deleted before its maneuvers: Next turn drops its attack", async () => {
    const f = await fight(attackAt(COLE));
    const card = await ardenAttacks(f, pool(6, 3));
    // A finishable card holds the round, in words.
    await nextTurn(f);
    expect(world.notices).toEqual(["An attack is still waiting for its maneuvers: finish it first."]);
    world.as(world.gm);
    await card.delete();
    await nextTurn(f);
    expect(world.notices).toEqual(["Arden's attack had no card left to finish it, so it was dropped."]);
    expect(f.now()).toMatchObject({ pending: null, slot: 1 });
  });

  it("Next round drops a resolved card's attack once its card is deleted, and opens the next round", async () => {
    const f = await fight(attackAt(COLE));
    const card = await ardenAttacks(f, pool(6, 3));
    world.as(world.player);
    expect(await spend(card)).toMatchObject({ ok: true });
    world.as(world.gm);
    world.notices.length = 0;
    await f.combat.nextRound();
    await writesSettled();
    expect(world.notices).toEqual(["Arden's blow waits for a GM to apply it: apply it on its card first."]);
    await card.delete();
    world.notices.length = 0;
    world.dice.push(...pool(3, 2), ...pool(3, 0), ...pool(3, 0));
    await f.combat.nextRound();
    await writesSettled();
    expect(world.notices).toEqual(["Arden's attack had no card left to finish it, so it was dropped."]);
    expect([f.now().round, f.now().phase, f.now().pending, health(f.cole)]).toEqual([
      2,
      "declare",
      null,
      [0, 0, 0],
    ]);
    expect(world.dice).toEqual([]);
  });

  it("an attack that missed everyone is posted ended: nothing to buy, nothing to apply, nothing held up", async () => {
    const f = await fight(attackAt(COLE));
    const card = await ardenAttacks(f, pool(6, 1));
    expect(sys(card)).toMatchObject({
      stage: "resolved",
      pending: { targets: [{ id: COLE, hit: false }] },
      outcomes: [{ id: COLE, hit: false }],
      effects: [],
    });
    const { lunosAttackView } = await import("./attack-view");
    const { lunosAttackOf } = await import("./attack-state");
    const view = lunosAttackView(lunosAttackOf(card)!, { isGM: false, ownsAttacker: true }, (key) => key);
    expect([view.spend, view.apply, view.nothing]).toEqual([false, false, "LUNOS.Chat.NothingToApply"]);
    // Settled in the round as it is posted: no click is waited for.
    expect(f.now().pending).toBeNull();
    world.as(world.player);
    expect(await spend(card)).toMatchObject({ ok: false, code: "wrong-stage" });
    await nextTurn(f);
    expect([world.notices, f.now().slot]).toEqual([[], 1]);
  });
});

describe("Apply writes once, whole; Undo gives back what it took", () => {
  it("a write that fails part way leaves nothing: the levels are taken back, a second Apply writes them once", async () => {
    const f = await fight(attackAt(COLE));
    const card = await ardenAttacks(f, pool(6, 4));
    world.as(world.player);
    expect(await spend(card, [`${COLE}:increaseDamage`, `${COLE}:increaseDamage`])).toMatchObject({
      ok: true,
    });
    world.as(world.gm);
    // The knock-out's status is written after the levels: that write fails once.
    const toggle = vi.spyOn(f.cole, "toggleStatusEffect").mockRejectedValueOnce(new Error("lost"));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: false, code: "failed" });
    quiet.mockRestore();
    expect([health(f.cole), sys(card).stage, fighterOf(f.now(), COLE).unconscious]).toEqual([
      [0, 0, 0],
      "resolved",
      false,
    ]);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    toggle.mockRestore();
    expect([health(f.cole), f.cole.statuses.has("unconscious")]).toEqual([[0, 3, 3], true]);
  });

  it("LUN-MNV-3: a caught weapon whose id the catcher's sheet already holds is caught under another; Undo gives back the sword as taken", async () => {
    const f = await fight(attackAt(COLE));
    const sword = swordOf(f.cole);
    const card = await ardenAttacks(f, pool(6, 3), { declared: "disarm", forgoDamage: true });
    world.as(world.player);
    expect(await spend(card, [`${COLE}:disarm`], [COLE])).toMatchObject({ ok: true });
    // Arden's player, who can read the sword's id on the card, takes that id on Arden's sheet first.
    await f.arden.createEmbeddedDocuments(
      "Item",
      [{ ...SWORD, _id: sword, name: "Decoy" }] as never,
      {
        keepId: true,
      } as never,
    );
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect(f.cole.items.get(sword)).toBeUndefined();
    const caught = f.arden.items.find((i) => i.name === "Longsword" && i.id !== swordOf(f.arden))!;
    expect([caught.id === sword, (caught.system as Loose).equipped]).toEqual([false, false]);
    // The player makes the caught sword better before the Undo: the sword given back is the one taken.
    world.as(world.player);
    await caught.update({ "system.quality": 5 } as never);
    world.as(world.gm);
    expect(await step(card, { type: "undo" }, 2)).toMatchObject({ ok: true });
    expect(world.notices).toEqual([]);
    expect(f.arden.items.get(caught.id!)).toBeUndefined();
    expect(f.arden.items.get(sword)?.name).toBe("Decoy");
    expect((f.cole.items.get(sword)?.system as Loose | undefined)?.quality).toBe(0);
    expect((f.cole.items.get(sword)?.system as Loose | undefined)?.equipped).toBe(true);
  });
});

describe("what a player learns and may do on a private card", () => {
  it("the attack query answers with the card's id, never the card; a blind card's maneuvers are the GM's", async () => {
    const f = await fight(attackAt(COLE));
    world.as(world.player);
    const payload = {
      userId: world.player.id,
      requestId: newRequestId(),
      combatId: f.combat.id,
      combatantId: ARDEN,
      itemId: swordOf(f.arden),
      targets: [COLE],
      skill: "weapon",
      declared: "",
      forgoDamage: false,
      rollMode: "blindroll",
    };
    world.dice.push(...pool(6, 3));
    const subject = { query: "fangs.lunosAttack", subject: `${f.combat.id}:${ARDEN}` };
    const answer = await whilePending(payload.requestId, subject, () =>
      world.gm.query("fangs.lunosAttack" as never, payload as never),
    );
    const card = cards().at(-1)!;
    expect(answer).toEqual({ ok: true, messageId: card.id });
    expect(sys(card).rollMode).toBe("blindroll");
    world.as(world.player);
    expect(await spend(card)).toMatchObject({ ok: false, code: "not-permitted" });
    const { lunosAttackView } = await import("./attack-view");
    const { lunosAttackOf } = await import("./attack-state");
    expect(lunosAttackView(lunosAttackOf(card)!, { isGM: false, ownsAttacker: true }, (k) => k).spend).toBe(
      false,
    );
    world.as(world.gm);
    expect(await spend(card)).toMatchObject({ ok: true, stage: "resolved" });
  });
});

describe("Threaten's later strike at the table", () => {
  const combatantOf = (f: Fight, id: string) =>
    f.combat.combatants.get(id) as unknown as Combatant.Implementation;

  /**
   * Arden threatens Cole (declared, damage forgone: five successes against
   * difficulty 2 leave three extra, and the two free ones pay Threaten's
   * five; the margin held is four), the GM applies it, and the next round
   * opens with the core: initiative (Arden two successes, the others none)
   * and `plan` declared for Arden on the tracker, the others idle. The
   * GM's Next turn closes the declarations.
   */
  async function threatened(plan: LunosPlan, close = true) {
    const f = await fight(attackAt(COLE));
    const card = await ardenAttacks(f, pool(6, 5), { declared: "threaten", forgoDamage: true });
    world.as(world.player);
    expect(await spend(card, [`${COLE}:threaten`])).toMatchObject({ ok: true });
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect(f.cole.statuses.has("threatened")).toBe(true);
    expect(f.now().threats).toEqual([{ by: ARDEN, target: COLE, margin: 4, since: 1 }]);
    const access = (await import("./fight-access")).lunosFightAccess(f.combat)!;
    const view = access.view();
    const dice = new ScriptedDice([...pool(3, 2), ...pool(3, 0), ...pool(3, 0)]);
    await access.commit(startRound(endSlot(endSlot(f.now())), view, dice, LUNOS_DEFAULTS));
    const { askRoundAction } = await import("../../../combat/round-ask");
    const gm = f.combat as unknown as Combat.Implementation;
    // Declared by the GM, whose click is read as a player's request is (the declaration's own check).
    expect(await askRoundAction(gm, "declare", [ARDEN], plan)).toBe(true);
    const idle: LunosPlan = { actions: [{ kind: "other", task: "task" }] };
    expect(await askRoundAction(gm, "declare", [COLE], idle)).toBe(true);
    expect(await askRoundAction(gm, "declare", [DARA], idle)).toBe(true);
    if (!close) return f;
    await f.combat.nextTurn();
    await writesSettled();
    return f;
  }

  const keeps: LunosPlan = { actions: [{ kind: "other", task: "maintainThreat" }] };

  /** The Strike button's request, from the maker's row on this user's client. */
  async function strike(f: Fight, by: typeof world.gm, id = ARDEN) {
    world.as(by);
    const { strikeLunosThreat } = await import("../apps/attack/strike-threat");
    return strikeLunosThreat(combatantOf(f, id));
  }

  it("LUN-MNV-3: the maker's owner sees Strike on its row, strikes through the GM, and the card's Apply and Undo write and give back the threat", async () => {
    const f = await threatened(keeps);
    const { readLunosRow } = await import("../tracker-row");
    // The owner and a GM see the threat it may strike with; anyone else does not.
    expect(readLunosRow(combatantOf(f, ARDEN), { isGM: false, owner: true } as never).data.strike).toEqual({
      target: "Cole",
      margin: 4,
    });
    expect(
      readLunosRow(combatantOf(f, ARDEN), { isGM: false, owner: false } as never).data.strike,
    ).toBeNull();
    expect(readLunosRow(combatantOf(f, DARA), { isGM: true, owner: false } as never).data.strike).toBeNull();

    const before = cards().length;
    expect(await strike(f, world.player)).toBe(true);
    expect(world.notices).toEqual([]);
    const card = cards().at(-1)!;
    expect(cards()).toHaveLength(before + 1);
    // No dice: the margin stands for the roll, a hit with three to spend.
    expect(card.rolls).toEqual([]);
    expect(sys(card)).toMatchObject({
      stage: "spend",
      attacker: { combatantId: ARDEN },
      targets: [{ combatantId: COLE }],
      attack: { threat: { by: ARDEN, target: COLE, margin: 4, since: 1 } },
      faces: [],
      luck: 0,
      pending: {
        attackerId: ARDEN,
        roll: { dice: 0, successes: 4 },
        targets: [{ id: COLE, defense: 0, difficulty: 1, hit: true, extra: 3 }],
      },
    });
    expect((sys(card).menu as Record<string, Loose[]>)[COLE]!.map((o) => o.maneuver)).toContain("stun");
    // Until applied, the fight still holds the threat.
    expect(f.now().threats).toHaveLength(1);

    world.as(world.player);
    expect(await spend(card, [`${COLE}:stun`])).toEqual({ ok: true, stage: "resolved" });
    expect(sys(card).outcomes).toMatchObject([{ id: COLE, hit: true, maneuvers: ["stun"] }]);
    const damage = (sys(card).outcomes as { damage: { wounding: number } }[])[0]!.damage.wounding;
    expect(damage).toBeGreaterThan(0);
    expect(sys(card).effects).toContainEqual({
      kind: "status",
      actorId: f.cole.uuid,
      status: "threatened",
      active: false,
    });
    expect(f.now().threats).toHaveLength(1);

    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toEqual({ ok: true, stage: "applied" });
    expect(f.now().threats).toEqual([]);
    expect(fighterOf(f.now(), COLE).stunned).toBe(true);
    expect([f.cole.statuses.has("threatened"), f.cole.statuses.has("stunned"), health(f.cole)[1]]).toEqual([
      false,
      true,
      damage,
    ]);
    // Struck: the row no longer offers it.
    expect(readLunosRow(combatantOf(f, ARDEN), { isGM: true, owner: true } as never).data.strike).toBeNull();

    // Undo: the sheets back, the threat held again with its status.
    expect(await step(card, { type: "undo" }, 2)).toEqual({ ok: true, stage: "resolved" });
    expect(f.now().threats).toEqual([{ by: ARDEN, target: COLE, margin: 4, since: 1 }]);
    expect([f.cole.statuses.has("threatened"), f.cole.statuses.has("stunned"), health(f.cole)]).toEqual([
      true,
      false,
      [0, 0, 0],
    ]);
    expect(readLunosRow(combatantOf(f, ARDEN), { isGM: true, owner: true } as never).data.strike).toEqual({
      target: "Cole",
      margin: 4,
    });
    // Applied again, the same strike.
    expect(await step(card, { type: "apply" }, 3)).toMatchObject({ ok: true });
    expect([f.now().threats, f.cole.statuses.has("threatened"), health(f.cole)[1]]).toEqual([
      [],
      false,
      damage,
    ]);
  });

  it("LUN-MNV-3: outside the attacks too: struck in the declarations, the fight written as it stands", async () => {
    const f = await threatened(keeps, false);
    expect(f.now().phase).toBe("declare");
    expect(await strike(f, world.player)).toBe(true);
    const card = cards().at(-1)!;
    world.as(world.player);
    expect(await spend(card, [])).toMatchObject({ ok: true });
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect([f.now().phase, f.now().threats, health(f.cole)[1]! > 0]).toEqual(["declare", [], true]);
  });

  it("LUN-MNV-3: two cards of one threat: the second is refused its Apply once the first struck", async () => {
    const f = await threatened(keeps);
    expect(await strike(f, world.player)).toBe(true);
    const first = cards().at(-1)!;
    expect(await strike(f, world.gm)).toBe(true);
    const second = cards().at(-1)!;
    world.as(world.player);
    expect(await spend(first, [])).toMatchObject({ ok: true });
    expect(await spend(second, [])).toMatchObject({ ok: true });
    world.as(world.gm);
    expect(await step(first, { type: "apply" }, 1)).toMatchObject({ ok: true });
    const hurt = health(f.cole);
    expect(await step(second, { type: "apply" }, 1)).toMatchObject({ ok: false, code: "changed" });
    expect(health(f.cole)).toEqual(hurt);
    // And no new strike: the threat is gone.
    expect(await strike(f, world.gm)).toBe(false);
    expect(world.notices).toContain("No threat to strike with.");
  });

  it("LUN-MNV-3: no strike without the action kept on it; the threat lapses and its status comes off", async () => {
    const f = await threatened({ actions: [{ kind: "other", task: "task" }] });
    expect(f.now().threats).toEqual([]);
    expect(f.cole.statuses.has("threatened")).toBe(false);
    expect(await strike(f, world.player)).toBe(false);
    expect(world.notices).toContain("No threat to strike with.");
  });

  it("LUN-MNV-3: its maker put out, the threat ends at the next round's start and its status comes off", async () => {
    const f = await threatened(keeps);
    await f.arden.toggleStatusEffect("unconscious", { active: true });
    const access = (await import("./fight-access")).lunosFightAccess(f.combat)!;
    // The round's start with the core: Arden, out, rolls no initiative; Cole and Dara none each.
    const dice = new ScriptedDice([...pool(3, 0), ...pool(3, 0)]);
    await access.commit(startRound(endSlot(endSlot(f.now())), access.view(), dice, LUNOS_DEFAULTS));
    await writesSettled();
    expect(dice.remaining).toBe(0);
    expect([f.now().threats, f.cole.statuses.has("threatened")]).toEqual([[], false]);
  });

  it("another owner's, a forged and a replayed strike request are refused; nothing is posted", async () => {
    const f = await threatened(keeps);
    const before = cards().length;
    // Cole's player may not strike with Arden's threat, nor may a stranger.
    for (const user of [world.defender, world.stranger]) {
      expect(await strike(f, user)).toBe(false);
      expect(world.notices).toContain("You may not take this step of the exchange.");
      world.notices.length = 0;
    }
    const send = async (patch: Loose = {}, pending = true) => {
      world.as(world.player);
      const payload = {
        userId: world.player.id,
        requestId: newRequestId(),
        combatId: f.combat.id,
        combatantId: ARDEN,
        rollMode: "publicroll",
        ...patch,
      };
      const ask = () => world.gm.query("fangs.lunosStrike" as never, payload as never);
      const subject = { query: "fangs.lunosStrike", subject: `${f.combat.id}:${ARDEN}` };
      return pending ? whilePending(payload.requestId as string, subject, ask) : ask();
    };
    // Forged: a stray field (a margin of one's own), a bad id, a roll mode not Foundry's.
    expect(await send({ margin: 9 })).toMatchObject({ ok: false, key: "FANGS.Chat.Refusal.Invalid" });
    expect(await send({ combatantId: "../x" })).toMatchObject({
      ok: false,
      key: "FANGS.Chat.Refusal.Invalid",
    });
    expect(await send({ rollMode: "loud" })).toMatchObject({ ok: false, key: "FANGS.Chat.Refusal.Invalid" });
    // Replayed: a request its sender no longer has pending is not confirmed.
    expect(await send({}, false)).toMatchObject({ ok: false, key: "LUNOS.Chat.Refusal.Unconfirmed" });
    // Another's user named as the sender: not confirmed by that user's client.
    expect(await send({ userId: world.defender.id })).toMatchObject({ ok: false });
    expect(cards()).toHaveLength(before);
    // Its card's steps go as any attack card's: only the maker's owner or a GM spends.
    expect(await send()).toMatchObject({ ok: true });
    const card = cards().at(-1)!;
    world.as(world.defender);
    expect(await spend(card, [])).toMatchObject({ ok: false, code: "not-permitted" });
    world.as(world.player);
    // A maneuver bought on someone not threatened is refused.
    expect(await spend(card, [`${DARA}:tag`])).toMatchObject({ ok: false });
    expect(await spend(card, [], [], 5)).toMatchObject({ ok: false, code: "stale" });
    expect(await spend(card, [])).toMatchObject({ ok: true });
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: false, code: "not-permitted" });
    expect(f.now().threats).toHaveLength(1);
  });
});

describe("Push moves the token", () => {
  /** Arden's and Cole's tokens on one scene of 100-pixel, 5-foot squares: Cole at `cole` (pixels), Arden at the corner. */
  async function onScene(f: Fight, cole: { x: number; y: number }) {
    const { GridScene, SquareGrid } = await import("../../../../test/foundry/chat-stand-in");
    const scene = new GridScene("scene0000000001", new SquareGrid(100, 5, "ft"));
    const place = (actor: Doc, at: { x: number; y: number }) =>
      world.token(actor as never, undefined, { scene, ...at, disposition: 0 });
    const tokens = { arden: place(f.arden, { x: 0, y: 0 }), cole: place(f.cole, cole) };
    (f.combat.combatants.get(ARDEN) as unknown as { token: unknown }).token = tokens.arden;
    (f.combat.combatants.get(COLE) as unknown as { token: unknown }).token = tokens.cole;
    return tokens;
  }

  it("LUN-MNV-3: Push bought twice moves Cole's token 10 feet straight away on Apply; Undo puts it back", async () => {
    const f = await fight(attackAt(COLE));
    const tokens = await onScene(f, { x: 100, y: 0 });
    // Six successes against difficulty 2: four extra, two Pushes of two.
    const card = await ardenAttacks(f, pool(6, 6));
    world.as(world.player);
    expect(await spend(card, [`${COLE}:push`, `${COLE}:push`])).toMatchObject({ ok: true });
    expect(sys(card).outcomes).toMatchObject([{ id: COLE, pushed: 10 }]);
    expect(sys(card).effects).toContainEqual({
      kind: "ruleset",
      effectKind: "lunosPush",
      actorId: f.cole.uuid,
      data: { combatId: f.combat.id, target: COLE, from: ARDEN, feet: 10 },
    });
    // Nothing moves before the GM applies.
    expect([tokens.cole.x, tokens.cole.y]).toEqual([100, 0]);
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect([tokens.cole.x, tokens.cole.y]).toEqual([300, 0]);
    expect(await step(card, { type: "undo" }, 2)).toMatchObject({ ok: true });
    expect([tokens.cole.x, tokens.cole.y]).toEqual([100, 0]);
    expect(world.notices).toEqual([]);
    // Moved by hand after the push: Undo leaves it where it was put, and says the undo was partial.
    expect(await step(card, { type: "apply" }, 3)).toMatchObject({ ok: true });
    await tokens.cole.update({ y: 100 });
    expect(await step(card, { type: "undo" }, 4)).toMatchObject({ ok: true });
    expect([tokens.cole.x, tokens.cole.y, health(f.cole)]).toEqual([300, 100, [0, 0, 0]]);
    expect(world.notices.length).toBe(1);
  });

  it("LUN-MNV-3: a diagonal push goes along the diagonal, snapped to the grid", async () => {
    const f = await fight(attackAt(COLE));
    const tokens = await onScene(f, { x: 100, y: 100 });
    const card = await ardenAttacks(f, pool(6, 4));
    world.as(world.player);
    expect(await spend(card, [`${COLE}:push`])).toMatchObject({ ok: true });
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
    expect([tokens.cole.x, tokens.cole.y]).toEqual([200, 200]);
  });

  it("LUN-MNV-3: with no token on the scene the push moves nothing", async () => {
    const f = await fight(attackAt(COLE));
    const card = await ardenAttacks(f, pool(6, 4));
    world.as(world.player);
    expect(await spend(card, [`${COLE}:push`])).toMatchObject({ ok: true });
    expect(sys(card).outcomes).toMatchObject([{ id: COLE, pushed: 5 }]);
    expect((sys(card).effects as Loose[]).filter((e) => e.kind === "ruleset")).toEqual([]);
    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toMatchObject({ ok: true });
  });
});
