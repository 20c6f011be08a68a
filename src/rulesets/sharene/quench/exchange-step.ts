import { startAttack } from "../../../apps/attack/attack-entry";
import { requestStep } from "../../../chat/authority";
import type { BatchAssert } from "../../../quench/batch";
import { type ActAs, cardData, newestCard } from "../../../quench/cards";
import { readCheck } from "../../../rules/sharene/check";
import { isOut, offerAttack } from "../../../rules/sharene/round-engine";
import { type DefenseChoice, type ShareneExchangeCard, shareneExchangeOf } from "../chat/exchange-state";
import { fighterCondition, RIPOSTE_WAITING, readShareneTable } from "../combat/round-read";
import { readWorldShareneRules } from "../config/rules-apply";
import { shareneFighter } from "../data/views";
import {
  type ExchangeStep,
  type FighterKey,
  recordOf,
  SHARENE_FIGHTERS,
  type ShareneRoundTable,
} from "./round-batch";

/**
 * The exchanges of Sharene's round of four (./round-batch.ts, its
 * `exchanges` step), played as a table plays them: each acting fighter's
 * attack started by the shared entry the sheet's Attack button and the
 * Token HUD call (Shift held: no dialog), its defense chosen, the riposte
 * it opens taken or declined, its effects applied, each step asked of the
 * active GM as a card's button asks it. What a live world's dice give is
 * checked against the rules from the card's own record of its rolls; the
 * stand-in (test/quench/sharene-round.test.ts) scripts the dice and checks
 * every figure.
 */

/** What the defender and the parrier choose in the exchange a fighter's attack opens. */
export interface ExchangePlan {
  /** The defense set against the attack when it is offered; none otherwise. */
  readonly defense: DefenseChoice;
  /** The answer to a riposte the defense opens. */
  readonly riposte: "take" | "decline";
  /** The attacker's defense against that riposte, when it is offered. */
  readonly riposteDefense: DefenseChoice;
}

/**
 * Cole parries Arden's attack and declines the riposte it opens; Dara
 * dodges Brin's arrow; Cole parries Dara's knife and ripostes, and Dara
 * dodges the riposte. Cole (Parry and Riposte) makes no attack of its own.
 */
export const SHARENE_EXCHANGE_PLANS: Readonly<Record<FighterKey, ExchangePlan>> = Object.freeze({
  arden: { defense: "parry", riposte: "decline", riposteDefense: "none" },
  brin: { defense: "dodge", riposte: "decline", riposteDefense: "none" },
  cole: { defense: "parry", riposte: "decline", riposteDefense: "none" },
  dara: { defense: "parry", riposte: "take", riposteDefense: "dodge" },
});

/** One fighter's turn as played: the card of its attack and of the riposte taken, or why it made none. */
export interface PlayedTurn {
  readonly fighter: FighterKey;
  /** The engine's reason when it made no attack (`StyleDoesNotAttack`, `OutOfAction`, …). */
  readonly passed: string | null;
  readonly card: string | null;
  readonly riposteCard: string | null;
}

type Message = ChatMessage.Implementation;

const keyOf = (t: ShareneRoundTable, c: Combatant.Implementation): FighterKey =>
  SHARENE_FIGHTERS.find((f) => t.fighters[f.key].id === c.id)!.key;

const cardAt = (id: string): ShareneExchangeCard => cardData(shareneExchangeOf, id, "Sharene exchange");

/** The newest card of this attacker's own attack (not a riposte). */
const newestCardOf = (combatantId: string): Message | null =>
  newestCard(shareneExchangeOf, (card) => !card.riposte && card.attacker.combatantId === combatantId);

const lifeOf = (actor: Actor.Implementation | null | undefined) =>
  actor ? (shareneFighter(actor)?.lifePoints.value ?? Number.NaN) : Number.NaN;

/**
 * The card's rolls read again by the world's rules: each check's Success
 * Level is what its roll under its DN gives, the outcome agrees with the
 * checks, a blow that got through has its damage, one that did not has none.
 */
function checkRolls(card: ShareneExchangeCard, assert: BatchAssert, label: string): void {
  const rules = readWorldShareneRules();
  const exchange = card.exchange;
  assert.ok(exchange, `${label}: rolled`);
  if (!exchange) return;
  const { attack, defense, outcome, damage } = exchange;
  assert.deepEqual(
    attack.check,
    readCheck(attack.dn.dn, attack.check.roll, rules),
    `${label}: the attack's SL`,
  );
  if (defense)
    assert.deepEqual(
      defense.check,
      readCheck(defense.dn.dn, defense.check.roll, rules),
      `${label}: the defense's SL`,
    );
  if (!attack.check.success) assert.strictEqual(outcome, "miss", `${label}: a failed attack misses`);
  if (outcome === "parried" || outcome === "dodged") assert.isTrue(defense?.check.success, `${label}: held`);
  const through = outcome === "hit" || outcome === "calledEffect";
  assert.strictEqual(damage !== null, through, `${label}: damage only for a blow that got through`);
  if (damage) assert.strictEqual(damage.lifeBefore - damage.damage, damage.lifeAfter, `${label}: life after`);
}

/** The defense asked for when the card offers it, else none. */
const chosen = (card: ShareneExchangeCard, choice: DefenseChoice): DefenseChoice =>
  card.defenses.some((d) => d.defense === choice) ? choice : "none";

/** The defender's choice, rolled with the attack; then the GM's Apply of what got through. */
async function defendAndApply(
  t: ShareneRoundTable,
  id: string,
  choice: DefenseChoice,
  assert: BatchAssert,
  label: string,
  actAs: ActAs,
): Promise<ShareneExchangeCard> {
  const open = cardAt(id);
  actAs(t.combat.combatants.get(open.defender.combatantId)?.actor ?? null);
  assert.strictEqual(open.stage, "awaitDefense", `${label}: waits on the defense`);
  const answer = await requestStep(
    id,
    { type: "defend", data: { choice: chosen(open, choice) } } as never,
    open.revision,
  );
  assert.deepEqual(answer, { ok: true, stage: "resolved" }, `${label}: defended`);
  const resolved = cardAt(id);
  checkRolls(resolved, assert, label);
  // The card's real Rolls are the dice its record read: the attack's d20, then the defense's.
  const rolls = (game.messages?.get(id)?.rolls ?? []) as Roll[];
  const stepRoll = (step: string) =>
    rolls.find((r) => (r.options as { fangsStep?: unknown }).fangsStep === step)?.total;
  assert.strictEqual(stepRoll("attack"), resolved.exchange?.attack.check.roll, `${label}: the attack's Roll`);
  if (resolved.exchange?.defense)
    assert.strictEqual(
      stepRoll("defense"),
      resolved.exchange.defense.check.roll,
      `${label}: the defense's Roll`,
    );
  if (resolved.effects.length === 0) return resolved;
  const defender = t.combat.combatants.get(resolved.defender.combatantId)?.actor;
  actAs(null);
  const applied = await requestStep(id, { type: "apply" } as never, resolved.revision);
  assert.deepEqual(applied, { ok: true, stage: "applied" }, `${label}: applied`);
  const damage = resolved.exchange?.damage;
  if (damage) assert.strictEqual(lifeOf(defender), damage.lifeAfter, `${label}: the life points taken`);
  for (const e of resolved.effects)
    if (e.kind === "status" && e.active)
      assert.isTrue(defender?.statuses.has(e.status), `${label}: ${e.status} on ${defender?.name}`);
  if (resolved.effects.some((e) => e.kind === "timedStatus"))
    assert.isTrue(isOut(fighterCondition(defender)!), `${label}: ${defender?.name} out of the fight`);
  return cardAt(id);
}

/** The riposte the card opened: taken (its own card, defended and applied) or declined. */
async function answerRiposte(
  t: ShareneRoundTable,
  id: string,
  plan: ExchangePlan,
  assert: BatchAssert,
  label: string,
  actAs: ActAs,
): Promise<string | null> {
  const card = cardAt(id);
  const riposter = t.combat.combatants.get(card.defender.combatantId)!;
  actAs(riposter.actor ?? null);
  const waiting = () => recordOf(t, riposter)[RIPOSTE_WAITING] as { card?: string } | null | undefined;
  assert.strictEqual(waiting()?.card, id, `${label}: the riposte waits on the parrier's record`);
  if (plan.riposte === "decline") {
    const answer = await requestStep(id, { type: "decline" } as never, card.revision);
    assert.deepEqual(answer, { ok: true, stage: card.stage }, `${label}: riposte declined`);
    assert.strictEqual(cardAt(id).riposteState, "declined");
    assert.isNull(waiting() ?? null, `${label}: nothing waits`);
    return null;
  }
  const answer = await requestStep(id, { type: "riposte" } as never, card.revision);
  assert.deepEqual(answer, { ok: true, stage: card.stage }, `${label}: riposte taken`);
  const taken = cardAt(id);
  assert.strictEqual(taken.riposteState, "taken");
  const riposte = taken.riposteCard!;
  const offered = cardAt(riposte);
  assert.deepEqual(
    [offered.riposte, offered.answers, offered.attacker.combatantId, offered.defender.combatantId],
    [true, id, card.defender.combatantId, card.attacker.combatantId],
    `${label}: the riposte's card answers the parry`,
  );
  await defendAndApply(t, riposte, plan.riposteDefense, assert, `${label}'s riposte`, actAs);
  assert.isTrue(recordOf(t, riposter).riposted, `${label}: the parrier has riposted this round`);
  return riposte;
}

export interface ExchangeOptions {
  readonly plans?: Readonly<Record<FighterKey, ExchangePlan>>;
  /** Hears each turn as played. */
  readonly played?: (turn: PlayedTurn) => void;
  /** Who clicks next (src/quench/cards.ts). */
  readonly actAs?: ActAs;
}

/**
 * The exchanges step: each acting fighter in turn attacks its declared
 * target as the engine allows, or passes with the engine's reason; `played`
 * hears each turn.
 */
export function shareneExchanges(options: ExchangeOptions = {}): ExchangeStep {
  const plans = options.plans ?? SHARENE_EXCHANGE_PLANS;
  const played = options.played ?? (() => {});
  const actAs = options.actAs ?? (() => {});
  return async (t, acting, assert) => {
    for (const c of acting) {
      const key = keyOf(t, c);
      const label = c.name ?? key;
      const read = readShareneTable(t.combat);
      const offer = offerAttack(read.round, c.id!, read.view, read.rules);
      const weapon = c.actor?.items.find(
        (i) =>
          i.type === ("shareneWeapon" as never) && (i.system as { equipped?: unknown }).equipped === true,
      );
      actAs(c.actor ?? null);
      const started = await startAttack(c.actor!, weapon?.id ?? "", { event: { shiftKey: true } } as never);
      // The attack is refused exactly when the engine refuses it: the fighter passes.
      assert.strictEqual(started, offer.ok, `${label}: ${offer.ok ? "attacks" : offer.reason}`);
      actAs(null);
      if (!offer.ok) {
        played({ fighter: key, passed: offer.reason, card: null, riposteCard: null });
        continue;
      }
      const message = newestCardOf(c.id!);
      assert.ok(message, `${label}: its card`);
      const id = message!.id!;
      const plan = plans[key];
      const resolved = await defendAndApply(t, id, plan.defense, assert, label, actAs);
      const riposteCard =
        resolved.riposteState === "waiting" ? await answerRiposte(t, id, plan, assert, label, actAs) : null;
      actAs(null);
      played({ fighter: key, passed: null, card: id, riposteCard });
    }
  };
}
