import { describe, expect, it } from "vitest";
import type { PlayedAttack } from "../../src/rulesets/lunos/quench/attack-step";
import type {
  FighterKey,
  LunosRoundStage,
  LunosRoundTable,
  RoundRoll,
} from "../../src/rulesets/lunos/quench/round-batch";
import { StandInActor, StandInCombatant } from "../foundry/combat-stand-in";
import { runBatch } from "./adapter";
import { describeRulesetRoundBatch, roundBatchWorld, standInRoundStage } from "./ruleset-batch";

/**
 * Lunos's round batch (src/rulesets/lunos/quench/) on the combat stand-in:
 * the four fighters of src/rulesets/lunos/combat/round.test.ts with the
 * batch's kit (a Flex coat on Arden, a vest on Cole, a club in Dara's
 * hand: no die of the round changes), Arden owned by `player`, every die
 * scripted: round 1's start and defenses as there (Arden three, Cole two
 * by Reflexes 3, Brin and Dara two on both, at once), each attack's pool,
 * and the starts of rounds 2 and 3.
 */
const { world, FangsCombat } = await roundBatchWorld(
  async () => (await import("../../src/rulesets/lunos/index")).lunosDefinition,
);
const { LUNOS_FIGHTERS, fighterSystem, kitOf, lunosRoundBatch, orderFromRolls } = await import(
  "../../src/rulesets/lunos/quench/round-batch"
);
const { lunosAttacks } = await import("../../src/rulesets/lunos/quench/attack-step");

type Loose = Record<string, unknown>;

/**
 * The dice of each roll the round makes between the batch's steps. Round
 * 1's start and defenses as round.test.ts scripts them. Round 2's start:
 * Brin, out, rolls none; Arden's Reflexes 3 less the lunge's 2 dice and
 * his wounds' 2 leave the luck die alone, 5, none; Cole 5 5 2, two; Dara
 * 2 3, none, after Arden by Reflexes. Round 2 declares no defense. Round
 * 3's start: Dara alone is still in the fight, 4 8.
 */
const DICE: Record<RoundRoll, number[]> = {
  round1: [5, 6, 8, 4, 9, 1, 5, 7, 6, 10],
  defense: [4, 5, 1, 2, 3, 6, 1, 1, 1, 1, 2, 5, 4, 8],
  round2: [5, 5, 5, 2, 2, 3],
  defense2: [],
  round3: [4, 8],
};

/**
 * Each slot's attack dice, the d6 first and the luck die last. Round 1:
 * Arden's five dice 4 4 2 2 2, two successes; Cole's four 4 5 6 9, four
 * and the Power attack's two; Dara's four 4 4 4 8, four. Round 2: Cole's
 * four 4 5 2 3, two; Arden's one (the luck die) 8, one; Dara's three
 * (one off for her second target) 4 4 7, three.
 */
const SLOT_DICE: number[][] = [[4, 4, 2, 2, 2], [4, 5, 6, 9], [4, 4, 4, 8], [4, 5, 2, 3], [8], [4, 4, 7]];

const table = standInRoundStage(world, FangsCombat, "lunos", LUNOS_FIGHTERS, (f) => {
  const actor = new StandInActor(
    f.key,
    f.name,
    fighterSystem(f),
    kitOf(f.key),
    "lunosCharacter",
    f.key === "arden" ? [world.player.id] : [],
  );
  // In the world's actors, where the applier finds them by their UUIDs.
  (game.actors as unknown as Map<string, unknown>).set(actor.id!, actor);
  const c = new StandInCombatant(`c${f.key}`, null, actor);
  c.type = "lunosCombatant";
  return c;
});

const stage: LunosRoundStage = {
  setUp: table.setUp,
  async tearDown() {
    const combat = [...world.combats.values()][0] as unknown as {
      system: { records?: Record<string, Loose> };
    };
    finalFight = JSON.parse(JSON.stringify(combat.system.records?.fight ?? null));
    await table.tearDown();
  },
  beforeRoll(what) {
    world.diceValues.push(...DICE[what]);
  },
  scriptedOrders: [
    [["arden"], ["cole"], ["brin", "dara"]],
    [["cole"], ["arden"], ["dara"]],
  ],
};

/** The GM's fight as the batch leaves it, at round 3's start. */
let finalFight: Loose | null = null;

/** Each slot's acting fighters, as the batch's `attacks` step is handed them. */
const slots: string[][] = [];
const played: PlayedAttack[] = [];
/** The GM's fight after each slot's attacks. */
const fightsAfter: Loose[] = [];
/** Each click's user: Arden's player for Arden's attacks and spends, a GM for the rest. */
const clickers: string[] = [];
const attacks = lunosAttacks({
  played: (attack) => played.push(attack),
  actAs: (actor) => {
    const user = actor?.testUserPermission(world.player as never, "OWNER") ? world.player : world.gm;
    clickers.push(user.id);
    world.setUser(user);
  },
});

runBatch(
  lunosRoundBatch(stage, async (t: LunosRoundTable, acting, assert) => {
    world.diceValues.push(...(SLOT_DICE[slots.length] ?? []));
    slots.push(acting.map((c) => c.name ?? ""));
    // The step comes on the slot it names: the fighters it is handed are the ones acting.
    expect(t.combat.combatant?.id).toBe(acting[0]!.id);
    await attacks(t, acting, assert);
    // Each slot's dice are its own: none left over for the next.
    expect(world.diceValues).toEqual([]);
    const records = (t.combat.system as { records?: Record<string, Loose> }).records ?? {};
    fightsAfter.push(JSON.parse(JSON.stringify(records.fight)));
  }),
);

const cardOf = (round: number, fighter: FighterKey) => {
  const id = played.find((p) => p.round === round && p.fighter === fighter)?.card ?? "";
  return (game.messages!.get(id) as unknown as { system: { toObject(): Loose } }).system.toObject();
};
const actorOf = (key: string) => game.actors!.get(key) as unknown as Actor.Implementation & { system: Loose };
const health = (key: string) => {
  const h = actorOf(key).system.health as Record<string, { value: number }>;
  return [h.bruising!.value, h.wounding!.value, h.trauma!.value];
};

/** A fighter of the GM's fight in brief: its levels taken of each kind, then what marks it. */
function brief(f: Loose): string {
  const marks = [
    f.unconscious && "unconscious",
    (f.dying as number) >= 0 && `dying ${String(f.dying)}`,
    f.dead && "dead",
    f.prone && "prone",
    f.stunned && "stunned",
    f.weapon !== "held" && `weapon ${String(f.weapon)}`,
    f.attacked && "attacked",
  ].filter(Boolean);
  return [`${f.bruising}/${f.wounding}/${f.trauma}`, ...marks].join(" ");
}
const briefs = (fight: Loose) =>
  Object.fromEntries((fight.fighters as Loose[]).map((f) => [String(f.id).slice(1), brief(f)]));

describe("Lunos's round batch on the stand-in", () => {
  it("handed its attacks step each slot's fighters, the tie together; every scripted die used", () => {
    expect(slots).toEqual([["Arden"], ["Cole"], ["Brin", "Dara"], ["Cole"], ["Arden"], ["Dara"]]);
    expect(world.diceValues).toEqual([]);
    // The refusals the rounds ask for: Brin's Full defense makes no attack; Arden's second lunge; Brin,
    // out of the fight, declares nothing in round 2.
    expect(world.warnings).toEqual([
      'LUNOS.Chat.Refusal.NoAttackDeclared {"name":"Brin"}',
      'LUNOS.Combat.Refusal.LungeTwice {"name":"Arden"}',
      'LUNOS.Combat.Refusal.OutOfAction {"name":"Brin"}',
    ]);
  });

  it("Arden's player starts Arden's attacks through the GM and spends their successes; a GM clicks for the rest", () => {
    // Each attack: its start and its spend by the attacker's side, each followed by the GM's turn, then the GM's Apply.
    expect(clickers.filter((id) => id === world.player.id)).toHaveLength(4);
    expect(clickers.slice(0, 3)).toEqual([world.player.id, world.gm.id, world.player.id]);
    // Posted by the active GM, as every card is: the player only asked.
    const first = game.messages!.get(played[0]!.card!) as unknown as { author?: string; rolls: Roll[] };
    expect(first.author).toBe(world.gm.id);
    // A real Roll: the four d6 and the luck die.
    expect(first.rolls.map((r) => r.formula)).toEqual(["4d6 + 1d12"]);
  });

  it("each attack as played: Brin's Full defense passes; every other fighter attacks in each round", () => {
    expect(played.map((p) => [p.round, p.fighter, p.passed, p.card !== null])).toEqual([
      [1, "arden", null, true],
      [1, "cole", null, true],
      [1, "brin", "NoAttackDeclared", false],
      [1, "dara", null, true],
      [2, "cole", null, true],
      [2, "arden", null, true],
      [2, "dara", null, true],
    ]);
  });

  it("LUN-MNV-2: Arden declares a Stun and forgoes the damage: two free successes and his one extra pay for it", () => {
    // Five dice against Cole, who rolled no defense (a Power attack): difficulty 1, two successes, one extra.
    expect(cardOf(1, "arden")).toMatchObject({
      stage: "applied",
      attack: { kind: "attack", skill: "weapon", declared: "stun", forgoDamage: true },
      faces: [4, 4, 2, 2],
      luck: 2,
      pending: {
        roll: { dice: 5, successes: 2, outcome: "normal" },
        targets: [{ id: "ccole", defense: 0, difficulty: 1, hit: true, extra: 1 }],
        free: 2,
      },
      spends: [{ target: "ccole", maneuvers: ["stun"] }],
      outcomes: [{ id: "ccole", maneuvers: ["stun"], damage: { points: 0 }, levelsAfter: 0 }],
      effects: [{ kind: "status", actorId: "Actor.cole", status: "stunned", active: true }],
    });
    // With damage forgone, more damage is not offered; the Stun is, on the free successes.
    expect((cardOf(1, "arden").menu as Record<string, Loose[]>).ccole!.map((o) => o.maneuver)).toEqual([
      "grapple",
      "stun",
    ]);
  });

  it("LUN-ACT-8, LUN-MNV-3, LUN-EQP-1: Cole's Power attack trips Arden; his Flex coat keeps the wounds to 2", () => {
    // Four dice, all successes, and the Power attack's two: six against Arden's defense of 2 (difficulty 3),
    // three extra for the Trip. Margin 4 + Body 3 + the sword's 2 − Arden's Body 3 − the +3 Flex coat's 4
    // against wounding: 2 wounding.
    expect(cardOf(1, "cole")).toMatchObject({
      stage: "applied",
      attack: { kind: "powerAttack", declared: null },
      faces: [4, 5, 6],
      luck: 9,
      pending: {
        roll: { dice: 4, rolled: 4, bonus: 2, successes: 6 },
        targets: [{ id: "carden", defense: 2, difficulty: 3, hit: true, extra: 3 }],
      },
      outcomes: [
        { id: "carden", maneuvers: ["trip"], damage: { points: 2, bruising: 0, wounding: 2, trauma: 0 } },
      ],
      effects: [
        { kind: "pool", actorId: "Actor.arden", pool: "health.wounding", amount: -2 },
        { kind: "status", actorId: "Actor.arden", status: "prone", active: true },
      ],
    });
  });

  it("LUN-HLT-3, LUN-HLT-2, LUN-MNV-1: Dara's club, a point bought: 3 bruising and 2 trauma put Brin out past her Willpower", () => {
    // Four successes against Brin's Full defense of 2 (difficulty 3): one extra, on Increase damage. Margin
    // 2 + Body 2 + the club's 2 − Brin's Body 2 (no armor: no lower against bruising) + 1 = 5: three
    // bruising, the two past three trauma. Five of her seven levels: −4, past Willpower 2.
    expect(cardOf(1, "dara")).toMatchObject({
      stage: "applied",
      weaponName: "Club",
      pending: {
        roll: { dice: 4, successes: 4 },
        targets: [{ id: "cbrin", defense: 2, hit: true, extra: 1 }],
      },
      outcomes: [
        {
          id: "cbrin",
          maneuvers: ["increaseDamage"],
          damage: { points: 5, bruising: 3, wounding: 0, trauma: 2 },
          levelsAfter: 5,
        },
      ],
      effects: [
        { kind: "pool", actorId: "Actor.brin", pool: "health.bruising", amount: -3 },
        { kind: "pool", actorId: "Actor.brin", pool: "health.trauma", amount: -2 },
        { kind: "status", actorId: "Actor.brin", status: "unconscious", active: true },
      ],
    });
  });

  it("LUN-EQP-1: Cole's blow in round 2 lands on Arden's coat: a hit, no damage past it, nothing to apply", () => {
    // Margin 2 + 3 + 2 − 3 − 4 = 0. The card stays resolved: there is nothing for a GM to apply.
    expect(cardOf(2, "cole")).toMatchObject({
      stage: "resolved",
      pending: {
        roll: { dice: 4, successes: 2 },
        targets: [{ id: "carden", difficulty: 1, hit: true, extra: 1 }],
      },
      outcomes: [{ id: "carden", hit: true, damage: { points: 0 }, levelsAfter: 2 }],
      effects: [],
    });
  });

  it("LUN-ACT-10, LUN-HLT-4: Arden, two dice off for the lunge and two for his wounds, strikes Brin: her last levels, the dying clock", () => {
    // Agility 3 + Weapon 2 = five dice, less the lunge's two and the −2 of his second level: the luck die.
    // Margin 1 + 3 + 2 − Brin's Body 2, two lower unarmored against wounding: 6, of which her two levels left
    // take two wounding.
    expect(cardOf(2, "arden")).toMatchObject({
      stage: "applied",
      faces: [],
      luck: 8,
      pending: {
        roll: { dice: 1, successes: 1 },
        targets: [{ id: "cbrin", defense: 0, hit: true, extra: 0 }],
      },
      outcomes: [
        { id: "cbrin", damage: { points: 6, wounding: 3, trauma: 3 }, levelsAfter: 7, killed: false },
      ],
      effects: [
        { kind: "pool", actorId: "Actor.brin", pool: "health.wounding", amount: -2 },
        { kind: "timedStatus", actorId: "Actor.brin", timedStatus: "lunos.dying" },
      ],
    });
  });

  it("LUN-ACT-1, LUN-MNV-3, LUN-GRP-3: Dara's one roll at Arden and Cole, a die off: her declared Disarm catches Cole's sword, a Grapple seizes Arden", () => {
    const card = cardOf(2, "dara");
    // Four dice less one for the second target: three, three successes; each target without a defense.
    expect(card).toMatchObject({
      stage: "applied",
      attack: { declared: "disarm", forgoDamage: false },
      faces: [4, 4],
      luck: 7,
      pending: {
        roll: { dice: 3, successes: 3 },
        free: 1,
        targets: [
          { id: "carden", difficulty: 1, hit: true, extra: 2 },
          { id: "ccole", difficulty: 1, hit: true, extra: 2 },
        ],
      },
      spends: [
        { target: "carden", maneuvers: ["grapple", "increaseDamage"] },
        { target: "ccole", maneuvers: ["disarm"], catchWeapon: true },
      ],
    });
    // Arden: 3 + Body 2 + the club's 2 − 3, his Flex coat nothing against bruising, + 1 = 5: seven of his
    // eight levels, −5. Cole: 3 + 2 + 2 − 3 − the vest's 1 = 3 bruising: −3. Both past Willpower 2.
    expect((card.outcomes as Loose[]).map((o) => [o.id, o.damage, o.levelsAfter])).toEqual([
      ["carden", { points: 5, bruising: 3, wounding: 0, trauma: 2 }, 7],
      ["ccole", { points: 3, bruising: 3, wounding: 0, trauma: 0 }, 3],
    ]);
    const sword = actorOf("dara").items.find((i) => i.name === "Sword")!;
    expect(card.effects).toEqual([
      { kind: "pool", actorId: "Actor.arden", pool: "health.bruising", amount: -3 },
      { kind: "pool", actorId: "Actor.arden", pool: "health.trauma", amount: -2 },
      { kind: "status", actorId: "Actor.arden", status: "unconscious", active: true },
      { kind: "status", actorId: "Actor.arden", status: "grappled", active: true },
      { kind: "status", actorId: "Actor.dara", status: "grappled", active: true },
      { kind: "pool", actorId: "Actor.cole", pool: "health.bruising", amount: -3 },
      { kind: "status", actorId: "Actor.cole", status: "unconscious", active: true },
      { kind: "status", actorId: "Actor.cole", status: "disarmed", active: true },
      {
        kind: "ruleset",
        effectKind: "lunosCaughtWeapon",
        actorId: "Actor.cole",
        data: { to: "Actor.dara", itemId: sword.id },
      },
    ]);
  });

  it("the documents after the rounds: the health pools, the statuses, Cole's sword on Dara, put away", () => {
    expect(["arden", "brin", "cole", "dara"].map(health)).toEqual([
      [3, 2, 2],
      [3, 2, 2],
      [3, 0, 0],
      [0, 0, 0],
    ]);
    // The statuses the fight still holds at round 3's start. Those it has ended (Cole's stun, spent in
    // round 2; the grapple, over with Arden out) are not asserted either way: whether the round's start
    // takes them off the tokens is the round's business, not this batch's.
    const statuses = (key: string) => [...actorOf(key).statuses];
    expect(statuses("arden")).toEqual(expect.arrayContaining(["prone", "unconscious"]));
    expect(statuses("brin")).toEqual(expect.arrayContaining(["dying", "unconscious"]));
    expect(statuses("cole")).toEqual(expect.arrayContaining(["disarmed", "unconscious"]));
    expect(statuses("dara")).not.toContain("unconscious");
    expect(statuses("brin")).not.toContain("dead");
    const items = (key: string) =>
      actorOf(key).items.map((i) => [i.name, (i.system as { equipped?: boolean }).equipped]);
    expect(items("cole")).toEqual([["Vest", true]]);
    expect(items("dara")).toEqual([
      ["Club", true],
      ["Sword", false],
    ]);
  });

  it("the GM's fight after each slot: levels, the stun and trip carried, the dying clock, the grapple, the caught sword", () => {
    expect(fightsAfter.map((f) => [f.round, f.slot, f.pending])).toEqual([
      [1, 0, null],
      [1, 1, null],
      [1, 2, null],
      [2, 0, null],
      [2, 1, null],
      [2, 2, null],
    ]);
    expect(fightsAfter.map(briefs)).toEqual([
      { arden: "0/0/0 attacked", brin: "0/0/0", cole: "0/0/0 stunned", dara: "0/0/0" },
      { arden: "0/2/0 prone attacked", brin: "0/0/0", cole: "0/0/0 stunned attacked", dara: "0/0/0" },
      {
        arden: "0/2/0 prone attacked",
        brin: "3/0/2 unconscious",
        cole: "0/0/0 stunned attacked",
        dara: "0/0/0 attacked",
      },
      // Round 2: the stun has cost Cole his second action and is gone; Arden is still down.
      { arden: "0/2/0 prone", brin: "3/0/2 unconscious", cole: "0/0/0 attacked", dara: "0/0/0" },
      {
        arden: "0/2/0 prone attacked",
        brin: "3/2/2 unconscious dying 0",
        cole: "0/0/0 attacked",
        dara: "0/0/0",
      },
      {
        arden: "3/2/2 unconscious prone attacked",
        brin: "3/2/2 unconscious dying 0",
        cole: "3/0/0 unconscious weapon caught attacked",
        dara: "0/0/0 attacked",
      },
    ]);
    expect(fightsAfter.map((f) => f.grapples)).toEqual([
      [],
      [],
      [],
      [],
      [],
      [{ a: "cdara", b: "carden", pinnedBy: null, choke: null }],
    ]);
    // Round 3 opens with Dara alone: Brin's clock has counted a round, and a grapple with one out is over.
    expect(briefs(finalFight!)).toMatchObject({ brin: "3/2/2 unconscious dying 1", dara: "0/0/0" });
    expect([finalFight!.round, finalFight!.grapples, finalFight!.slots]).toEqual([3, [], [["cdara"]]]);
  });

  it("orders the rolls as LUN-RND-2 says: the successes, then Reflexes, a tie on both at once", () => {
    expect(
      orderFromRolls([
        { id: "a", successes: 2, reflexes: 2 },
        { id: "b", successes: 3, reflexes: 1 },
        { id: "c", successes: 2, reflexes: 3 },
        { id: "d", successes: 2, reflexes: 2 },
      ]),
    ).toEqual([["b"], ["c"], ["a", "d"]]);
  });
});

describeRulesetRoundBatch({
  world,
  name: "Lunos",
  key: "lunos.round",
  labelKey: "LUNOS.Quench.Round",
  notThisRuleset: "LUNOS.Quench.NotLunos",
  liveStage: async () =>
    (await import("../../src/rulesets/lunos/quench/round-batch")).liveLunosRoundStage() as never,
});
