import { describe, expect, it } from "vitest";
import type { PlayedTurn } from "../../src/rulesets/sharene/quench/exchange-step";
import type { ShareneRoundStage, ShareneRoundTable } from "../../src/rulesets/sharene/quench/round-batch";
import { StandInActor, StandInCombatant } from "../foundry/combat-stand-in";
import { runBatch } from "./adapter";
import { describeRulesetRoundBatch, roundBatchWorld, standInRoundStage } from "./ruleset-batch";

/**
 * Sharene's round batch (src/rulesets/sharene/quench/) on the combat
 * stand-in: the four fighters of src/rulesets/sharene/combat/round.test.ts,
 * Arden owned by `player`, the initiative dice scripted (Arden 9, Brin 4,
 * Cole 6, Dara 6: Arden 24, Brin 20 by DEX 16, Cole and Dara 20 on both,
 * at once). The world plays a copy of Sharene's definition marked playable,
 * as that test's does.
 */
const { world, FangsCombat } = await roundBatchWorld(
  async () => (await import("../../src/rulesets/sharene/index")).shareneDefinition,
);
const { SHARENE_FIGHTERS, orderFromRolls, shareneRoundBatch } = await import(
  "../../src/rulesets/sharene/quench/round-batch"
);
const { shareneExchanges } = await import("../../src/rulesets/sharene/quench/exchange-step");

function fighter(f: (typeof SHARENE_FIGHTERS)[number], owners: string[]) {
  const damage: Record<string, string> =
    f.kind === "missile" ? { thrust: "1d8" } : { slash: "1d8", thrust: "1d6" };
  const weapon = {
    name: f.kind === "missile" ? "Bow" : f.kind === "thrown" ? "Throwing knives" : "Sword",
    type: "shareneWeapon",
    system: {
      kind: f.kind,
      attack: { level: 4, natural: 9 },
      parry: { level: 3, natural: 9 },
      parries: f.kind === "melee",
      damage: { slash: "", thrust: "", special: "", ...damage },
      mainBlow: "slash" in damage ? "slash" : "thrust",
      equipped: true,
    },
  };
  const actor = new StandInActor(
    f.key,
    f.name,
    {
      characteristics: { dex: f.dex, agi: f.agi, end: f.end },
      lifePoints: { value: 30, max: 30 },
      dodge: { level: 3, natural: 9 },
    },
    [weapon],
    "shareneCharacter",
    owners,
  );
  // In the world's actors, where the applier finds them by their UUIDs.
  (game.actors as unknown as Map<string, unknown>).set(actor.id!, actor);
  const combatant = new StandInCombatant(`c${f.key}`, null, actor);
  combatant.type = "shareneCombatant";
  return combatant;
}

/** Each turn's acting fighters, as the batch's `exchanges` step is handed them. */
const turns: string[][] = [];

const stage: ShareneRoundStage = {
  ...standInRoundStage(world, FangsCombat, "sharene", SHARENE_FIGHTERS, (f) =>
    fighter(f, f.key === "arden" ? [world.player.id] : []),
  ),
  beforeInitiative() {
    world.diceValues.push(9, 4, 6, 6);
  },
  scriptedOrder: ["arden", "brin", "cole", "dara"],
};

/**
 * Each turn's dice, in the order they are rolled. Arden's thrust (DN 13 + 1
 * Full Attack − 2 stated = 12) rolls 8, Cole's split parry (12 − 2, halved:
 * DN 5) rolls 2. Brin's arrow called at the left arm (DN 13) rolls 6, a High
 * success; Dara's dodge (12 − 2, the first against several: DN 10) rolls
 * 15; the d10 5 is a thrust, the 1d8 8. Dara's knife (DN 13) rolls 10,
 * Cole's second parry 3; his riposte (13 − 4 not better, − 2 stated, − 4
 * for parrying a Full Attack: DN 3) rolls 1, a critical; Dara's dodge
 * (12 − 4 second − 4 against a riposte: DN 4) rolls 18; the d20 1 is the
 * head, the 1d8 8; her END check (END 8 × 2: DN 16) rolls 17; the 1d10 of
 * her knock-out's rounds reads 2 (the stand-in reads a d20 face as a
 * uniform: 3 is 2 on a d10).
 */
const TURN_DICE: number[][] = [
  [8, 2],
  [6, 15, 5, 8],
  [10, 3, 1, 18, 1, 8, 17, 3],
];
const played: PlayedTurn[] = [];
/** The GM's records after each turn's exchanges. */
const recordsAfter: Record<string, Loose>[] = [];
/** Each click's user: Arden's player for Arden's attack and its defenses, a GM for the rest. */
const clickers: string[] = [];
const exchanges = shareneExchanges({
  played: (turn) => played.push(turn),
  actAs: (actor) => {
    const user = actor?.testUserPermission(world.player as never, "OWNER") ? world.player : world.gm;
    clickers.push(user.id);
    world.setUser(user);
  },
});
runBatch(
  shareneRoundBatch(stage, async (t: ShareneRoundTable, acting, assert) => {
    world.diceValues.push(...(TURN_DICE[turns.length] ?? []));
    turns.push(acting.map((c) => c.name ?? ""));
    // The step comes on the turn it names: the fighters it is handed are the ones acting.
    expect(t.combat.combatant?.id).toBe(acting[0]!.id);
    await exchanges(t, acting, assert);
    // Each turn's dice are its own: none left over for the next.
    expect(world.diceValues).toEqual([]);
    const records = (t.combat.system as { records?: Record<string, Loose> }).records ?? {};
    recordsAfter.push(JSON.parse(JSON.stringify(records)));
  }),
);

type Loose = Record<string, unknown>;
const cardData = (id: string | null) =>
  (game.messages!.get(id ?? "") as unknown as { system: { toObject(): Loose } }).system.toObject();
const actorOf = (key: string) => game.actors!.get(key) as unknown as Actor.Implementation & { system: Loose };
describe("Sharene's round batch on the stand-in", () => {
  it("handed its exchanges step each turn's fighters, the tie together; every scripted die used", () => {
    expect(turns).toEqual([["Arden"], ["Brin"], ["Cole", "Dara"]]);
    expect(world.diceValues).toEqual([]);
    // The refusals the round asks for: a split with a Full Attack; Cole's style makes no attack of its
    // own; Dara, knocked out, declares nothing in round 2.
    expect(world.warnings).toEqual([
      'SHARENE.Combat.Refusal.BadSplit {"name":"Arden"}',
      'SHARENE.Combat.Refusal.StyleDoesNotAttack {"name":"Cole"}',
      'SHARENE.Combat.Refusal.OutOfAction {"name":"Dara"}',
    ]);
  });

  it("Arden's player starts Arden's attack through the GM; a GM clicks for the others", () => {
    expect(clickers.filter((id) => id === world.player.id)).toHaveLength(1);
    expect(clickers[0]).toBe(world.player.id);
    // Posted by the active GM, as every card is: the player only asked.
    const author = (game.messages!.get(played[0]!.card!) as unknown as { author?: string }).author;
    expect(author).toBe(world.gm.id);
  });

  it("each turn as played: Arden's and Dara's cards, Cole passing, Cole's riposte taken on Dara's", () => {
    expect(played.map((p) => [p.fighter, p.passed, p.card !== null, p.riposteCard !== null])).toEqual([
      ["arden", null, true, false],
      ["brin", null, true, false],
      ["cole", "StyleDoesNotAttack", false, false],
      ["dara", null, true, true],
    ]);
  });

  it("SHA-STY-5: Arden's thrust parried by Cole's split parry; the riposte declined", () => {
    expect(cardData(played[0]!.card)).toMatchObject({
      stage: "resolved",
      attacker: { name: "Arden" },
      defender: { name: "Cole" },
      defense: "parry",
      riposteState: "declined",
      effects: [],
      exchange: {
        outcome: "parried",
        attack: { dn: { base: 13, dn: 12 }, check: { roll: 8, success: true, level: "normal" } },
        defense: {
          kind: "parry",
          dn: { base: 12, divisor: 2, dn: 5 },
          check: { roll: 2, success: true, level: "normal" },
        },
        damage: null,
      },
    });
  });

  it("SHA-CAL-1: Brin's arrow called at Dara's left arm: the dodge fails; 8 to the arm, applied", () => {
    expect(cardData(played[1]!.card)).toMatchObject({
      stage: "applied",
      defense: "dodge",
      riposteState: "none",
      exchange: {
        outcome: "hit",
        called: { kind: "location", location: "leftArm" },
        attack: { dn: { dn: 13 }, check: { roll: 6, level: "high" } },
        defense: { kind: "dodge", dn: { dn: 10 }, check: { roll: 15, success: false } },
        damage: {
          blow: { blow: "thrust", roll: 5 },
          location: "leftArm",
          locationRoll: null,
          weaponDamage: 8,
          armor: 0,
          multiplier: 1,
          damage: 8,
          lifeBefore: 30,
          lifeAfter: 22,
          limb: { location: "leftArm", counted: 8, state: null },
          consciousness: { kind: "none" },
        },
      },
      deltas: [
        { kind: "pool", actorUuid: "Actor.dara", pool: "lifePoints", before: 30, after: 22 },
        { kind: "pool", actorUuid: "Actor.dara", pool: "wounds.leftArm", before: 0, after: 8 },
      ],
    });
  });

  it("SHA-CON-1: Dara's knife parried; Cole's riposte taken, a critical to the head knocks her out", () => {
    const card = cardData(played[3]!.card);
    expect(card).toMatchObject({
      stage: "resolved",
      riposteState: "taken",
      riposteCard: played[3]!.riposteCard,
      exchange: {
        outcome: "parried",
        attack: { dn: { dn: 13 }, check: { roll: 10, level: "normal" } },
        defense: { kind: "parry", dn: { dn: 5 }, check: { roll: 3, level: "normal" } },
      },
    });
    expect(cardData(played[3]!.riposteCard)).toMatchObject({
      stage: "applied",
      riposte: true,
      answers: played[3]!.card,
      attacker: { name: "Cole" },
      defender: { name: "Dara" },
      defense: "dodge",
      exchange: {
        riposte: true,
        outcome: "hit",
        attack: {
          dn: {
            base: 13,
            parts: [
              { source: "riposte:notBetter", df: -4 },
              { source: "statedBlow", df: -2 },
              { source: "parriedFullAttack", df: -4 },
            ],
            dn: 3,
          },
          check: { roll: 1, critical: true },
        },
        defense: { kind: "dodge", dn: { dn: 4 }, check: { roll: 18, success: false } },
        damage: {
          blow: { blow: "slash", roll: null },
          location: "head",
          locationRoll: 1,
          weaponDamage: 8,
          rolled: 4,
          armor: 0,
          multiplier: 3,
          damage: 12,
          lifeBefore: 22,
          lifeAfter: 10,
          consciousness: {
            kind: "endCheck",
            band: "third",
            check: { dn: 16, roll: 17, success: false },
            knockout: "knockedOut",
          },
        },
      },
    });
  });

  it("the documents after the round: Dara's life, her arm's tally, her knock-out; the others untouched", () => {
    const dara = actorOf("dara");
    expect((dara.system.lifePoints as { value: number }).value).toBe(10);
    expect((dara.system.wounds as Record<string, { value: number }>).leftArm!.value).toBe(8);
    expect(dara.statuses.has("unconscious")).toBe(true);
    for (const key of ["arden", "brin", "cole"]) {
      expect((actorOf(key).system.lifePoints as { value: number }).value).toBe(30);
      expect(actorOf(key).statuses.size).toBe(0);
    }
  });

  it("the round record after each turn: defenses used, a Full Attack parried, the riposte made; none left waiting", () => {
    // An attack marks its attacker acted at once; a riposte does not.
    const pick = (r: Loose | undefined) =>
      r && [r.acted, r.defenses, r.parriedFullAttack, r.riposted, r.riposteWaiting ?? null];
    expect(recordsAfter.map((records) => pick(records.ccole))).toEqual([
      [false, 1, true, false, null],
      [false, 1, true, false, null],
      [false, 2, true, true, null],
    ]);
    expect(recordsAfter.map((records) => pick(records.cdara))).toEqual([
      [false, 0, false, false, null],
      [false, 1, false, false, null],
      [true, 2, false, false, null],
    ]);
    expect(recordsAfter.map((records) => [records.carden!.acted, records.cbrin!.acted])).toEqual([
      [true, false],
      [true, true],
      [true, true],
    ]);
  });
  it("orders the rolls as SHA-INI-1 says: the total, then the ability added, a tie on both at once", () => {
    expect(
      orderFromRolls([
        { id: "a", total: 20, abilityValue: 14 },
        { id: "b", total: 24, abilityValue: 15 },
        { id: "c", total: 20, abilityValue: 16 },
        { id: "d", total: 20, abilityValue: 14 },
      ]),
    ).toEqual([["b"], ["c"], ["a", "d"]]);
  });
});

describeRulesetRoundBatch({
  world,
  name: "Sharene",
  key: "sharene.round",
  labelKey: "SHARENE.Quench.Round",
  notThisRuleset: "SHARENE.Quench.NotSharene",
  liveStage: async () =>
    (await import("../../src/rulesets/sharene/quench/round-batch")).liveShareneRoundStage() as never,
});
