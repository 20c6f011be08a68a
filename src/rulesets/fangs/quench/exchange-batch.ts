import { exchangeApi } from "../../../chat";
import { SYSTEM_ID } from "../../../config/system";
import { loadRuleset } from "../../../on-demand";
import { type BatchFunction, LIVE_TIMEOUT_MS, type Stage } from "../../../quench/batch";
import { type Cleanup, documentClass, liveUser, runCleanup } from "../../../quench/live";
import type { ExchangeState, PartyRef } from "../chat/exchange-state";
import { exchangeOf } from "../data/exchange-card";
import { actorSystem } from "../data/views";

/**
 * An exchange from attack to apply and undo, every step asked of the active
 * GM as a card's button does (`requestStep`), with the figures of the
 * exchange test in src/rulesets/fangs/chat/exchange-flow.test.ts: Gru (Broadsword, skill
 * 15) attacks Pirate Jenny and rolls 15; she dodges and rolls 2 (2 + 17 <
 * 20, a hit); the damage die is 6: 1d8 (6) + 2 + DM 1 = 9, her leathers stop
 * 1 of each part, so 8 Stun and 4 HP. Applied, her pools drop by exactly
 * that; undone, they are back.
 */

export interface ExchangeTable {
  /** Gru, from the system's sample characters. */
  readonly attacker: Actor.Implementation;
  /** Pirate Jenny, from the same pack. */
  readonly target: Actor.Implementation;
  readonly targetRef: PartyRef;
  /** Gru's Broadsword. */
  readonly weaponId: string;
  /** A player who owns Jenny (not the GM running the batch). */
  readonly defender: { readonly id: string };
}

/** A world where the next dice are known: `[faces, face]` in the order they are rolled. */
export interface ExchangeStage extends Stage<ExchangeTable> {
  scriptDice(rolls: readonly (readonly [faces: number, face: number])[]): void;
  /** Scripted dice not rolled yet. */
  diceLeft(): number;
}

/** A click with Shift held: the modifier dialog is skipped. */
const SHIFT = { shiftKey: true };

export function poolsOf(actor: Actor.Implementation): { stun: number; hp: number } {
  const s = actorSystem(actor);
  return { stun: s?.stunPoints.value ?? Number.NaN, hp: s?.hitPoints.value ?? Number.NaN };
}

/** The newest exchange card with this attacker. */
export function cardOf(attacker: Actor.Implementation): ChatMessage.Implementation {
  const messages = game.messages.contents;
  const card = messages.filter((m) => exchangeOf(m)?.attacker.actorUuid === attacker.uuid).at(-1);
  if (!card) throw new Error(`no exchange card of ${attacker.name}`);
  return card;
}

export function stateOf(card: ChatMessage.Implementation): ExchangeState {
  const state = exchangeOf(card);
  if (!state) throw new Error("not an exchange card");
  return state;
}

/** Gru attacks Jenny with his Broadsword, the dialog skipped, the attack die scripted. */
export async function attackJenny(
  stage: ExchangeStage,
  t: ExchangeTable,
  face: number,
): Promise<ChatMessage.Implementation> {
  stage.scriptDice([[20, face]]);
  // FANGS's own workflow: the shared entry takes no fixed target (src/apps/attack/attack-entry.ts).
  const { startAttack } = await loadRuleset("fangs");
  const posted = await startAttack(t.attacker, t.weaponId, { event: SHIFT, target: t.targetRef });
  if (!posted) throw new Error("the attack was not posted");
  return cardOf(t.attacker);
}

export function exchangeBatch(stage: ExchangeStage): BatchFunction {
  return ({ describe, it, before, after, assert }) => {
    describe("an exchange from attack to apply and undo, through the active GM", function () {
      this.timeout(LIVE_TIMEOUT_MS);
      let t: ExchangeTable;
      let card: ChatMessage.Implementation;
      let before0: { stun: number; hp: number };
      const step = (intent: Parameters<typeof exchangeApi.requestStep>[1]) =>
        exchangeApi.requestStep(card.id!, intent, stateOf(card).revision);

      before(async () => {
        t = await stage.setUp();
        before0 = poolsOf(t.target);
      });
      after(() => stage.tearDown());

      it("the attack card captures the target and rolls Gru's attack: 15 + 15 = 30, a success", async () => {
        card = await attackJenny(stage, t, 15);
        const state = stateOf(card);
        assert.strictEqual(state.stage, "attackRolled");
        assert.strictEqual(state.target.actorUuid, t.target.uuid);
        assert.strictEqual(state.attack?.check.skill, 15);
        assert.strictEqual(state.attack?.check.natural, 15);
        assert.strictEqual(state.attack?.check.total, 30);
        assert.isTrue(state.attack?.check.success);
        assert.strictEqual(stage.diceLeft(), 0);
      });

      it("NC-DEF-1: Jenny dodges and rolls 2: the dodge fails and the blow hits", async () => {
        stage.scriptDice([[20, 2]]);
        assert.deepEqual(await step({ type: "defend", choice: "dodge" }), {
          ok: true,
          stage: "defenseRolled",
        });
        assert.strictEqual(stateOf(card).outcome?.kind, "hit");
        assert.strictEqual(stage.diceLeft(), 0);
      });

      it("NC-DMG-3: the damage, 1d8 (6) + 2 + DM 1 = 9, is 8 Stun and 4 HP through her armor; nothing is taken yet", async () => {
        stage.scriptDice([[8, 6]]);
        assert.deepEqual(await step({ type: "rollDamage" }), { ok: true, stage: "damageRolled" });
        const result = stateOf(card).damage?.result;
        assert.strictEqual(result?.damage, 9);
        assert.strictEqual(result?.stunDamage, 8);
        assert.strictEqual(result?.hitPointDamage, 4);
        assert.deepEqual(poolsOf(t.target), before0);
        assert.strictEqual(stage.diceLeft(), 0);
      });

      it("applied, Jenny's pools drop by exactly that, and the card records what changed", async () => {
        assert.deepEqual(await step({ type: "apply" }), { ok: true, stage: "applied" });
        assert.deepEqual(poolsOf(t.target), { stun: before0.stun - 8, hp: before0.hp - 4 });
        assert.deepEqual(stateOf(card).application?.deltas, [
          {
            kind: "pool",
            actorUuid: t.target.uuid,
            pool: "stunPoints",
            before: before0.stun,
            after: before0.stun - 8,
          },
          {
            kind: "pool",
            actorUuid: t.target.uuid,
            pool: "hitPoints",
            before: before0.hp,
            after: before0.hp - 4,
          },
        ]);
      });

      it("undone, her pools are back, and the card's history tells the whole exchange", async () => {
        assert.deepEqual(await step({ type: "undo" }), { ok: true, stage: "undone" });
        assert.deepEqual(poolsOf(t.target), before0);
        assert.deepEqual(
          stateOf(card).history.map((h) => h.event),
          ["create", "defend", "rollDamage", "apply", "undo"],
        );
      });
    });
  };
}

/* -------------------------------------------- */
/*  The live world's table                      */
/* -------------------------------------------- */

/**
 * A uniform draw that Foundry's own Die turns into this face. Which band of
 * [0, 1) gives which face is the Die's business (not necessarily the band the
 * face's number suggests), so the Die is asked instead of the band assumed.
 */
export function uniformFor(faces: number, face: number): number {
  const die = new foundry.dice.terms.Die({ faces });
  for (let band = 0; band < faces; band += 1) {
    const draw = (band + 0.5) / faces;
    if (die.mapRandomFace(draw) === face) return draw;
  }
  throw new Error(`no draw gives a ${face} on a d${faces}`);
}

/** The sample characters' ids in the system's pack (packs/characters). */
const GRU = "jR4yIyFFBOFvYoMo";
const JENNY = "lCaUbHAB1dFCROxt";

/**
 * Gru and Jenny copied from the system's Sample Characters into the world,
 * Jenny owned by a player made for the batch. The dice are scripted through
 * `CONFIG.Dice.randomUniform`, the one source every Foundry die draws from;
 * once the script is used up, the world's own generator answers again.
 * The batch's cards are deleted with the actors.
 */
export function liveExchangeStage(label = "exchange"): ExchangeStage {
  const cleanup: Cleanup = [];
  const script: number[] = [];
  return {
    async setUp() {
      const dice = CONFIG.Dice;
      const own = dice.randomUniform;
      dice.randomUniform = () => script.shift() ?? own();
      cleanup.push(async () => {
        dice.randomUniform = own;
        script.length = 0;
      });
      const defender = await liveUser(`FANGS Quench ${label} player`, cleanup);
      const pack = game.packs.get(`${SYSTEM_ID}.characters`);
      if (!pack) throw new Error(`the system's pack ${SYSTEM_ID}.characters is missing`);
      const source = async (id: string) => {
        const doc = await pack.getDocument(id);
        if (!doc) throw new Error(`${id} is missing from ${pack.collection}`);
        return doc.toObject();
      };
      const [gruData, jennyData] = await Promise.all([source(GRU), source(JENNY)]);
      const [attacker, target] = (await documentClass("Actor").createDocuments([
        { ...gruData, ownership: {} },
        { ...jennyData, ownership: { [defender.id]: 3 } },
      ])) as [Actor.Implementation, Actor.Implementation];
      cleanup.push(async () => {
        const uuids = new Set([attacker.uuid, target.uuid]);
        const messages = game.messages.contents;
        const cards = messages.filter((m) => uuids.has(exchangeOf(m)?.attacker.actorUuid ?? ""));
        await documentClass("ChatMessage").deleteDocuments(cards.map((m) => m.id!));
        await documentClass("Actor").deleteDocuments([attacker.id!, target.id!]);
      });
      const weapon = attacker.items.find((i) => i.type === "weapon" && i.name === "Broadsword");
      if (!weapon?.id) throw new Error("Gru has no Broadsword");
      return {
        attacker,
        target,
        targetRef: {
          actorUuid: target.uuid,
          tokenUuid: null,
          name: target.name ?? "",
          img: target.img ?? "",
        },
        weaponId: weapon.id,
        defender,
      };
    },
    async tearDown() {
      await runCleanup(cleanup);
    },
    scriptDice(rolls) {
      for (const [faces, face] of rolls) script.push(uniformFor(faces, face));
    },
    diceLeft: () => script.length,
  };
}
