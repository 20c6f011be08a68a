import { describe, expect, it } from "vitest";
import type {
  FighterKey,
  LunosRoundStage,
  LunosRoundTable,
} from "../../src/rulesets/lunos/quench/round-batch";
import {
  installCombatStandIn,
  StandInActor,
  type StandInCombat,
  StandInCombatant,
} from "../foundry/combat-stand-in";
import { runBatch } from "./adapter";

/**
 * Lunos's round batch (src/rulesets/lunos/quench/) on the combat stand-in:
 * the four fighters of src/rulesets/lunos/combat/round.test.ts, Arden owned
 * by `player`, the dice scripted as there (round 1: Arden three, Cole two
 * by Reflexes 3, Brin and Dara two on both, at once; the defenses; round 2
 * with Arden's lunge paid for). The world plays a copy of Lunos's
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
const { LUNOS_FIGHTERS, SWORD, fighterSystem, lunosRoundBatch, orderFromRolls } = await import(
  "../../src/rulesets/lunos/quench/round-batch"
);

/** Each slot's acting fighters, as the batch's `attacks` step is handed them. */
const slots: string[][] = [];

/** The dice of each roll the round makes, as round.test.ts scripts them. */
const DICE = {
  round1: [5, 6, 8, 4, 9, 1, 5, 7, 6, 10],
  defense: [4, 5, 1, 2, 3, 6, 1, 1, 1, 1, 2, 5, 4, 8],
  round2: [9, 4, 2, 5, 5, 5, 1, 1],
} as const;
let round2Scripted = false;

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
          [SWORD],
          "lunosCharacter",
          f.key === "arden" ? [world.player.id] : [],
        );
        const c = new StandInCombatant(`c-${f.key}`, null, actor);
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
    // Round 2's dice go in once, before the Next turn that ends round 1.
    if (what === "round2") {
      if (round2Scripted) return;
      round2Scripted = true;
    }
    world.diceValues.push(...DICE[what]);
  },
  scriptedOrder: [["arden"], ["cole"], ["brin", "dara"]],
};

runBatch(
  lunosRoundBatch(stage, async (t: LunosRoundTable, acting) => {
    slots.push(acting.map((c) => c.name ?? ""));
    // The step comes on the slot it names: the fighters it is handed are the ones acting.
    expect(t.combat.combatant?.id).toBe(acting[0]!.id);
  }),
);

describe("Lunos's round batch on the stand-in", () => {
  it("handed its attacks step each slot's fighters, the tie together; every scripted die used", () => {
    expect(slots).toEqual([["Arden"], ["Cole"], ["Brin", "Dara"]]);
    expect(world.diceValues).toEqual([]);
    // The one refusal the batch asks for: Arden's second lunge.
    expect(world.warnings).toEqual(['LUNOS.Combat.Refusal.LungeTwice {"name":"Arden"}']);
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

describe("src/quench/register.ts with Lunos", () => {
  it("lists Lunos's round batch, unticked, named from lang/en.json", async () => {
    const { registerBatches } = await import("../../src/quench/register");
    const registered: { key: string; displayName?: string; preSelected?: boolean }[] = [];
    await registerBatches({ registerBatch: (key, _fn, options) => registered.push({ key, ...options }) });
    expect(registered.find((b) => b.key === "lunos.round")).toEqual({
      key: "lunos.round",
      displayName: "LUNOS.Quench.Round",
      preSelected: false,
    });
  });

  it("the live stage refuses a world that does not play Lunos, in Lunos's words, making nothing", async () => {
    const { liveLunosRoundStage } = await import("../../src/rulesets/lunos/quench/round-batch");
    world.settings.set("fangs.ruleset", "fangs");
    try {
      await expect(liveLunosRoundStage().setUp()).rejects.toThrow("LUNOS.Quench.NotLunos");
    } finally {
      world.settings.delete("fangs.ruleset");
    }
  });
});
