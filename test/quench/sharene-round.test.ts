import { describe, expect, it } from "vitest";
import type {
  FighterKey,
  ShareneRoundStage,
  ShareneRoundTable,
} from "../../src/rulesets/sharene/quench/round-batch";
import {
  installCombatStandIn,
  StandInActor,
  type StandInCombat,
  StandInCombatant,
} from "../foundry/combat-stand-in";
import { runBatch } from "./adapter";

/**
 * Sharene's round batch (src/rulesets/sharene/quench/) on the combat
 * stand-in: the four fighters of src/rulesets/sharene/combat/round.test.ts,
 * Arden owned by `player`, the initiative dice scripted (Arden 9, Brin 4,
 * Cole 6, Dara 6: Arden 24, Brin 20 by DEX 16, Cole and Dara 20 on both,
 * at once). The world plays a copy of Sharene's definition marked playable,
 * as that test's does.
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
const { shareneDefinition } = await import("../../src/rulesets/sharene/index");
registerRulesetDefinition({ ...shareneDefinition, playable: true });
(await import("../../src/config/document-classes")).configureDocuments();
const { SHARENE_FIGHTERS, orderFromRolls, shareneRoundBatch } = await import(
  "../../src/rulesets/sharene/quench/round-batch"
);

function fighter(f: (typeof SHARENE_FIGHTERS)[number], owners: string[]) {
  const damage: Record<string, string> =
    f.kind === "missile" ? { thrust: "1d8" } : { slash: "1d8", thrust: "1d6" };
  const weapon = {
    type: "shareneWeapon",
    system: {
      kind: f.kind,
      attack: { level: 4, natural: 9 },
      parry: { level: 3, natural: 9 },
      parries: f.kind === "melee",
      damage: { slash: "", thrust: "", special: "", ...damage },
      mainBlow: "slash" in damage ? "slash" : "thrust",
    },
  };
  const actor = new StandInActor(
    f.key,
    f.name,
    { characteristics: { dex: f.dex, agi: f.agi, end: 12 }, lifePoints: { value: 30, max: 30 } },
    [weapon],
    "shareneCharacter",
    owners,
  );
  const combatant = new StandInCombatant(`c-${f.key}`, null, actor);
  combatant.type = "shareneCombatant";
  return combatant;
}

/** Each turn's acting fighters, as the batch's `exchanges` step is handed them. */
const turns: string[][] = [];

const stage: ShareneRoundStage = {
  async setUp() {
    world.setUser(world.gm);
    world.settings.set("fangs.ruleset", "sharene");
    world.warnings.length = 0;
    const combat = new FangsCombat() as unknown as StandInCombat;
    const fighters = Object.fromEntries(
      SHARENE_FIGHTERS.map((f) => {
        const c = fighter(f, f.key === "arden" ? [world.player.id] : []);
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
  beforeInitiative() {
    world.diceValues.push(9, 4, 6, 6);
  },
  scriptedOrder: ["arden", "brin", "cole", "dara"],
};

runBatch(
  shareneRoundBatch(stage, async (t: ShareneRoundTable, acting) => {
    turns.push(acting.map((c) => c.name ?? ""));
    // The step comes on the turn it names: the fighters it is handed are the ones acting.
    expect(t.combat.combatant?.id).toBe(acting[0]!.id);
  }),
);

describe("Sharene's round batch on the stand-in", () => {
  it("handed its exchanges step each turn's fighters, the tie together; every scripted die used", () => {
    expect(turns).toEqual([["Arden"], ["Brin"], ["Cole", "Dara"]]);
    expect(world.diceValues).toEqual([]);
    // The one refusal the batch asks for: a split with a Full Attack.
    expect(world.warnings).toEqual(['SHARENE.Combat.Refusal.BadSplit {"name":"Arden"}']);
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

describe("src/quench/register.ts with Sharene", () => {
  it("lists Sharene's round batch, unticked, named from lang/en.json", async () => {
    const { registerBatches } = await import("../../src/quench/register");
    const registered: { key: string; displayName?: string; preSelected?: boolean }[] = [];
    await registerBatches({ registerBatch: (key, _fn, options) => registered.push({ key, ...options }) });
    expect(registered.find((b) => b.key === "sharene.round")).toEqual({
      key: "sharene.round",
      displayName: "SHARENE.Quench.Round",
      preSelected: false,
    });
  });

  it("the live stage refuses a world that does not play Sharene, in Sharene's words, making nothing", async () => {
    const { liveShareneRoundStage } = await import("../../src/rulesets/sharene/quench/round-batch");
    world.settings.set("fangs.ruleset", "fangs");
    try {
      await expect(liveShareneRoundStage().setUp()).rejects.toThrow("SHARENE.Quench.NotSharene");
    } finally {
      world.settings.delete("fangs.ruleset");
    }
  });
});
