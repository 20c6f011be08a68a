import { SYSTEM_ID } from "../config/system";
import { type BatchFunction, LIVE_TIMEOUT_MS, type Stage } from "./batch";
import { type Cleanup, liveCombat, liveUser, runCleanup } from "./live";

/**
 * The scripted four-combatant round (the same figures as the round test of
 * src/documents/combat.test.ts): Fast Eddy AG 17, the Archer AG 15 with a bow,
 * Dagmar AG 15 and Pirate Jenny AG 12, Dagmar and Jenny engaged. Eddy holds,
 * the Archer shoots in the Missile phase, Dagmar goes all out, Jenny
 * retreats, Eddy breaks his hold in the Melee phase, and Dagmar's second
 * attack comes in Post-Melee before round 2 opens.
 */

export interface RoundTable {
  readonly combat: Combat.Implementation;
  readonly eddy: Combatant.Implementation;
  readonly archer: Combatant.Implementation;
  readonly dagmar: Combatant.Implementation;
  readonly jenny: Combatant.Implementation;
  /** A player who owns Eddy and nothing else at this table. */
  readonly player: { readonly id: string };
}

/** Phase and current fighter, as the tracker and Foundry's turn marker show them. */
export function currentOf(combat: Combat.Implementation): string {
  const phase = (combat.system as { phase?: unknown }).phase;
  return `${String(phase)}:${combat.combatant?.name ?? "-"}`;
}

/** The combatant's round as a macro reaches it: `combatant.round`, its ruleset's methods (docs/api.md). */
interface RoundMethods {
  declareManeuver(id: string, options?: { attackKind?: string }): Promise<boolean>;
  recordAttack(attack: { source: string; kind: string; targetId: string }): Promise<unknown>;
}

export function roundOf(combatant: Combatant.Implementation): RoundMethods {
  return combatant.round as RoundMethods;
}

function systemOf(combatant: Combatant.Implementation): { held?: unknown; maneuver?: unknown } {
  return combatant.system as { held?: unknown; maneuver?: unknown };
}

export function roundBatch(stage: Stage<RoundTable>): BatchFunction {
  return ({ describe, it, before, after, assert }) => {
    describe("NC-RND-4, NC-ATK-1, NC-ATK-6, NC-ATK-7: a scripted round, AG 17, 15, 15 and 12", function () {
      this.timeout(LIVE_TIMEOUT_MS);
      let t: RoundTable;
      before(async () => {
        t = await stage.setUp();
      });
      after(() => stage.tearDown());

      it("Eddy holds, the Archer shoots, Dagmar goes all out, Jenny retreats, Eddy breaks his hold", async () => {
        const { combat, eddy, archer, dagmar, jenny } = t;
        const seen: string[] = [];
        const look = () => seen.push(currentOf(combat));
        await combat.startCombat();
        look();
        await combat.holdAction(eddy.id!);
        look();
        assert.isTrue(await roundOf(archer).declareManeuver("attack", { attackKind: "missile" }));
        await combat.nextTurn();
        look();
        assert.isTrue(await roundOf(dagmar).declareManeuver("allOutAttack"));
        await combat.nextTurn();
        look();
        assert.isTrue(await roundOf(jenny).declareManeuver("retreat"));
        // NC-RND-7: a maneuver that takes the whole round cannot be held.
        assert.isFalse(await roundOf(eddy).declareManeuver("retreat"));
        await combat.nextTurn();
        look();
        await roundOf(archer).recordAttack({ source: "maneuver", kind: "missile", targetId: jenny.id! });
        await combat.nextTurn();
        look();
        assert.isTrue(await roundOf(eddy).declareManeuver("attack"));
        await combat.breakHold([eddy.id!]);
        look();
        await roundOf(eddy).recordAttack({ source: "maneuver", kind: "melee", targetId: jenny.id! });
        await combat.nextTurn();
        look();
        await roundOf(dagmar).recordAttack({ source: "maneuver", kind: "melee", targetId: jenny.id! });
        await combat.nextTurn();
        look();
        await combat.nextTurn();
        look();
        assert.deepEqual(seen, [
          "initiative:Fast Eddy",
          "initiative:Archer",
          "initiative:Dagmar",
          "initiative:Pirate Jenny",
          "missile:Archer",
          "melee:Dagmar",
          "melee:Fast Eddy",
          "melee:Dagmar",
          "postMelee:Dagmar",
          "initiative:Fast Eddy",
        ]);
        assert.strictEqual(combat.round, 2);
      });

      it("round 2 starts clean: Eddy's hold and maneuver are gone, and so is his Holding status", () => {
        const eddy = systemOf(t.eddy);
        assert.strictEqual(eddy.held, false);
        assert.isNull(eddy.maneuver);
        assert.isFalse(t.eddy.actor?.statuses.has("holding"), "Eddy is no longer Holding");
      });
    });
  };
}

/* -------------------------------------------- */
/*  The live world's table                      */
/* -------------------------------------------- */

const FIGHTERS = [
  { key: "eddy", name: "Fast Eddy", ag: 17, weapon: "Broadsword", kind: "melee", engaged: false },
  { key: "archer", name: "Archer", ag: 15, weapon: "Longbow", kind: "missile", engaged: false },
  { key: "dagmar", name: "Dagmar", ag: 15, weapon: "Shortsword", kind: "melee", engaged: true },
  { key: "jenny", name: "Pirate Jenny", ag: 12, weapon: "Cutlass", kind: "melee", engaged: true },
] as const;

/**
 * The four fighters as linked tokens on a scene of their own, in a combat on
 * that scene (not the viewed one), the initiative by AG; one player owns Eddy.
 * Everything is deleted afterwards and the setting put back.
 */
export function liveRoundStage(label = "round"): Stage<RoundTable> {
  const cleanup: Cleanup = [];
  return {
    async setUp() {
      const mode = game.settings.get(SYSTEM_ID, "initiativeMode");
      if (mode !== "ag") {
        await game.settings.set(SYSTEM_ID, "initiativeMode", "ag");
        cleanup.push(() => game.settings.set(SYSTEM_ID, "initiativeMode", mode));
      }
      const player = await liveUser(`FANGS Quench ${label} player`, cleanup);
      const { actors, combat, combatants } = await liveCombat(
        FIGHTERS.map((f) => ({
          name: f.name,
          type: "character",
          system: { characteristics: { st: 10, ag: f.ag, co: 10, in: 10, pw: 10, sz: 10, ap: 10 } },
          items: [{ name: f.weapon, type: "weapon", system: { kind: f.kind, equipped: true } }],
          prototypeToken: { name: f.name, actorLink: true },
          ownership: f.key === "eddy" ? { [player.id]: 3 } : {},
        })),
        `FANGS Quench: ${label}`,
        cleanup,
      );
      for (const [i, f] of FIGHTERS.entries())
        if (f.engaged) await actors[i]!.toggleStatusEffect("engaged", { active: true });
      const [eddy, archer, dagmar, jenny] = combatants as [
        Combatant.Implementation,
        Combatant.Implementation,
        Combatant.Implementation,
        Combatant.Implementation,
      ];
      return { combat, eddy, archer, dagmar, jenny, player: { id: player.id } };
    },
    tearDown: () => runCleanup(cleanup),
  };
}
