import { describe, expect, it } from "vitest";
import type { PlayedAttack } from "../../src/rulesets/lunos/quench/attack-step";
import type {
  FighterKey,
  LunosRoundStage,
  LunosRoundTable,
  RoundRoll,
} from "../../src/rulesets/lunos/quench/round-batch";
import {
  installCombatStandIn,
  StandInActor,
  type StandInCombat,
  StandInCombatant,
} from "../foundry/combat-stand-in";
import { runBatch } from "./adapter";
import { describeRulesetRoundBatch } from "./ruleset-batch";

/**
 * Lunos's round batch (src/rulesets/lunos/quench/) on the combat stand-in:
 * the four fighters of src/rulesets/lunos/combat/round.test.ts with the
 * batch's kit (a Flex coat on Arden, a vest on Cole, a club in Dara's
 * hand: no die of the round changes), Arden owned by `player`, every die
 * scripted: round 1's start and defenses as there (Arden three, Cole two
 * by Reflexes 3, Brin and Dara two on both, at once), each attack's pool,
 * and the starts of rounds 2 and 3. The world plays a copy of Lunos's
 * definition marked playable, as that test's does.
 */
const world = installCombatStandIn();
// Foundry's own client setting, which the stand-in leaves to the tests that roll.
game.settings!.register("core", "rollMode", {
  scope: "client",
  config: false,
  type: String,
  default: "publicroll",
} as never);
const { FangsCombat } = await import("../../src/documents/combat");
const request = await import("../../src/combat/request");
const requester = await import("../../src/requester");
world.queries[request.COMBAT_QUERY] = request.handleCombatAction;
world.queries[requester.CONFIRM_QUERY] = requester.confirmRequest;
const { registerRulesetDefinition } = await import("../../src/rulesets/registry");
const { lunosDefinition } = await import("../../src/rulesets/lunos/index");
registerRulesetDefinition({ ...lunosDefinition, playable: true });
(await import("../../src/config/document-classes")).configureDocuments();
(await import("../../src/chat/index")).registerExchange();
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

const stage: LunosRoundStage = {
  async setUp() {
    world.setUser(world.gm);
    world.settings.set("fangs.ruleset", "lunos");
    world.warnings.length = 0;
    const combat = new FangsCombat() as unknown as StandInCombat;
    const fighters = Object.fromEntries(
      LUNOS_FIGHTERS.map((f) => {
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
        combat.add(c);
        return [f.key, c as unknown as Combatant.Implementation];
      }),
    ) as Record<FighterKey, Combatant.Implementation>;
    world.combats.clear();
    world.combats.set(combat.id, combat);
    return { combat: combat as unknown as Combat.Implementation, fighters, player: world.player };
  },
  async tearDown() {
    world.combats.clear();
    world.settings.delete("fangs.ruleset");
  },
  beforeRoll(what) {
    world.diceValues.push(...DICE[what]);
  },
  scriptedOrders: [
    [["arden"], ["cole"], ["brin", "dara"]],
    [["cole"], ["arden"], ["dara"]],
  ],
};

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

describe("Lunos's round batch on the stand-in", () => {
  it("handed its attacks step each slot's fighters, the tie together; every scripted die used", () => {
    expect(slots).toEqual([["Arden"], ["Cole"], ["Brin", "Dara"], ["Cole"], ["Arden"], ["Dara"]]);
    expect(world.diceValues).toEqual([]);
    expect(world.warnings).toEqual([]);
  });

  it("dump", () => {
    console.log(JSON.stringify(played));
    for (const p of played) if (p.card) console.log(p.round, p.fighter, JSON.stringify(cardOf(p.round, p.fighter)));
    for (const k of ["arden", "brin", "cole", "dara"]) console.log(k, health(k), [...actorOf(k).statuses], actorOf(k).items.map((i) => i.name));
    console.log(JSON.stringify(clickers));
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
