import type { BatchContext, BatchFunction } from "../../../quench/batch";
import { LIVE_TIMEOUT_MS, type Stage } from "../../../quench/batch";
import { currentOf, type RoundTable, roundOf } from "../../../quench/round-batch";
import { attackJenny, type ExchangeStage, type ExchangeTable, poolsOf, stateOf } from "./exchange-batch";

/**
 * Requests a player's client could forge from its console, sent straight to
 * the handlers the active GM registered (`CONFIG.queries`), as a socket
 * message would arrive. Each is refused and changes nothing. Which check
 * refuses it is the handler's business (the reason may change as the checks
 * grow); that it is refused and that nothing moved is what is proved.
 */

function combatQuery(payload: unknown) {
  return CONFIG.queries["fangs.combatAction"](payload, {});
}

function cardQuery(payload: unknown) {
  return CONFIG.queries["fangs.exchange"](payload, {});
}

function expected(combat: Combat.Implementation) {
  const phase = (combat.system as { phase?: unknown }).phase;
  return { round: combat.round, turn: combat.turn, phase };
}

function maneuverOf(combatant: Combatant.Implementation): unknown {
  return (combatant.system as { maneuver?: unknown }).maneuver;
}

/** Round actions asked in a player's name for combatants that player does not own. */
export function forgedRoundRequests(stage: Stage<RoundTable>): BatchFunction {
  return ({ describe, it, before, after, assert }: BatchContext) => {
    describe("a forged round action is refused and changes nothing", function () {
      this.timeout(LIVE_TIMEOUT_MS);
      let t: RoundTable;
      /** A round action sent in the name of Eddy's player, who owns only Eddy. */
      const asPlayer = (action: string, combatantIds: unknown[], more: object = {}) =>
        combatQuery({
          action,
          combatId: t.combat.id,
          userId: t.player.id,
          combatantIds,
          expected: expected(t.combat),
          ...more,
        });
      before(async () => {
        t = await stage.setUp();
        await t.combat.startCombat();
        // The GM declares for Dagmar, and the turn moves past the player's Eddy.
        assert.isTrue(await roundOf(t.dagmar).declareManeuver("attack"));
        await t.combat.nextTurn();
      });
      after(() => stage.tearDown());

      it("a declaration for Dagmar in the name of Eddy's player is refused; her maneuver stays", async () => {
        const answer = await asPlayer("declare", [t.dagmar.id], {
          maneuver: { id: "allOutAttack", attackKind: null, readying: null },
        });
        assert.isFalse(answer.ok);
        assert.strictEqual(maneuverOf(t.dagmar), "attack");
      });

      it("clearing Dagmar's maneuver in that player's name is refused; her maneuver stays", async () => {
        const answer = await asPlayer("clear", [t.dagmar.id]);
        assert.isFalse(answer.ok);
        assert.strictEqual(maneuverOf(t.dagmar), "attack");
      });

      it("ending the Archer's turn in that player's name is refused; the turn stays with the Archer", async () => {
        const at = currentOf(t.combat);
        assert.strictEqual(at, "initiative:Archer");
        const answer = await asPlayer("advance", []);
        assert.isFalse(answer.ok);
        assert.strictEqual(currentOf(t.combat), at);
        assert.strictEqual(t.combat.round, 1);
      });
    });
  };
}

/** Card steps asked in another user's name: the GM asks that user back, who never sent them. */
export function forgedCardRequests(stage: ExchangeStage): BatchFunction {
  return ({ describe, it, before, after, assert }: BatchContext) => {
    describe("a forged card step is refused and changes nothing", function () {
      this.timeout(LIVE_TIMEOUT_MS);
      let t: ExchangeTable;
      let card: ChatMessage.Implementation;
      const forged = (userId: string) => ({
        messageId: card.id,
        intent: { type: "defend", choice: "dodge" },
        revision: stateOf(card).revision,
        userId,
        requestId: "forgedRequest0001",
      });
      before(async () => {
        t = await stage.setUp();
        card = await attackJenny(stage, t, 15);
      });
      after(() => stage.tearDown());

      it("a dodge in the name of Jenny's player, who never asked, is refused and rolls nothing", async () => {
        const pools = poolsOf(t.target);
        const answer = await cardQuery(forged(t.defender.id));
        assert.isFalse(answer.ok);
        assert.strictEqual(stateOf(card).stage, "attackRolled");
        assert.strictEqual(stateOf(card).revision, 0);
        assert.deepEqual(poolsOf(t.target), pools);
      });

      it("a step claiming to come from the active GM itself (who runs its own clicks locally) is refused", async () => {
        const answer = await cardQuery(forged(game.user!.id!));
        assert.isFalse(answer.ok);
        assert.strictEqual(stateOf(card).stage, "attackRolled");
      });
    });
  };
}

/** Both, as one batch in a live world. */
export function forgeryBatch(stages: { round: Stage<RoundTable>; exchange: ExchangeStage }): BatchFunction {
  return (context) => {
    forgedRoundRequests(stages.round)(context);
    forgedCardRequests(stages.exchange)(context);
  };
}
