import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
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
  type FightView,
  fighterOf,
  type LunosFight,
  type LunosPlan,
  startFight,
  startRound,
} from "../../../rules/lunos/round-engine";
import { lunosActorData } from "../apps/sheets/sheet-data";
import { lunosFighterOf } from "../data/fighter";
import { provideLunosFights } from "./fight-access";

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
  provideLunosFights(() => null);
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
  await combat.startCombat();
  await writesSettled();
  // The sheets as the documents say now; everyone the next space apart.
  const view: FightView = {
    sheet: (id) => lunosFighterOf(lunosActorData(actors.get(id)!)!),
    distance: () => 5,
  };
  const R = LUNOS_DEFAULTS;
  const ids = [ARDEN, COLE, DARA];
  const idle: LunosPlan = { actions: [{ kind: "other", task: "task" }] };
  let f = startRound(
    startFight(ids),
    view,
    new ScriptedDice([...pool(3, 2), ...pool(3, 0), ...pool(3, 0)]),
    R,
  );
  f = declare(f, ARDEN, ardenPlan, view, R);
  f = declare(f, COLE, { actions: [{ kind: "defense", against: [ARDEN] }] }, view, R);
  f = declare(f, DARA, idle, view, R);
  f = beginAttacks(f, view, new ScriptedDice(pool(5, coleDefense)), R);
  let held = f;
  provideLunosFights((c) =>
    c === (combat as never)
      ? {
          fight: () => held,
          view: () => view,
          rules: () => R,
          commit: async (next) => {
            held = next;
          },
        }
      : null,
  );
  return { combat, arden, cole, dara, now: () => held };
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
    expect(fighterOf(f.now(), COLE).wounding).toBe(3);
    expect(health(f.cole)).toEqual([0, 0, 0]);

    world.as(world.gm);
    expect(await step(card, { type: "apply" }, 1)).toEqual({ ok: true, stage: "applied" });
    expect(health(f.cole)).toEqual([0, 3, 0]);
    expect(await step(card, { type: "undo" }, 2)).toEqual({ ok: true, stage: "resolved" });
    expect(health(f.cole)).toEqual([0, 0, 0]);
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
