import { startAttack } from "../../../apps/attack/attack-entry";
import { requestStep } from "../../../chat/authority";
import type { BatchAssert } from "../../../quench/batch";
import { type ActAs, cardData, newestCard } from "../../../quench/cards";
import { attackOf, fighterOf, isOut } from "../../../rules/lunos/round-engine";
import { LUNOS_TIMED } from "../../../rules/lunos/timed-statuses";
import type { Maneuver } from "../../../rules/lunos/types";
import { type LunosAttackCard, lunosAttackOf } from "../chat/attack-state";
import { readLunosTable } from "../combat/fight-read";
import { lunosFighter } from "../data/views";
import { type AttackStep, type FighterKey, LUNOS_FIGHTERS, type LunosRoundTable } from "./round-batch";

/**
 * The attacks of Lunos's round of four (./round-batch.ts, its `attacks`
 * step), played as a table plays them through the attack card: each
 * acting fighter's attack started by the shared entry the sheet and the
 * Token HUD call (its owner's client asks the active GM, who settles and
 * rolls it), the extra successes spent by the attacker's owner on the
 * maneuvers its plan wishes for and the roll pays for, the outcome applied
 * by the active GM; the slot is then ended by the tracker. What a live
 * world's dice give is checked against the rules from the card's own
 * record of its roll; the stand-in (test/quench/lunos-round.test.ts)
 * scripts the dice and checks every figure.
 */

/** What one fighter does with its attack in one round. */
export interface AttackPlan {
  /** Whom it strikes, among those its plan declared. */
  readonly targets: readonly FighterKey[];
  /** LUN-MNV-2: a maneuver declared before the roll, for a free success. */
  readonly declared?: Maneuver;
  readonly forgoDamage?: boolean;
  /** The maneuvers wished for on each target, bought in this order while the roll pays for them. */
  readonly buys?: Readonly<Partial<Record<FighterKey, readonly Maneuver[]>>>;
  /** The targets whose weapon a Disarm catches (else it is flung). */
  readonly catch?: readonly FighterKey[];
}

/**
 * Round 1: Arden declares a Stun on Cole and forgoes the blow's damage
 * for it; Cole's Power attack trips Arden; Dara's club, more damage
 * bought, puts Brin out. Round 2: Cole strikes Arden's coat; Arden, a
 * lunge's debt on him, strikes Brin where she lies; Dara's one roll
 * against Arden and Cole declares a Disarm, catches Cole's sword and
 * seizes Arden. Brin (a Full defense in round 1) makes no attack.
 */
export const LUNOS_ATTACK_PLANS: Readonly<Record<`${1 | 2}:${FighterKey}`, AttackPlan>> = Object.freeze({
  "1:arden": { targets: ["cole"], declared: "stun", forgoDamage: true, buys: { cole: ["stun"] } },
  "1:brin": { targets: [] },
  "1:cole": { targets: ["arden"], buys: { arden: ["trip"] } },
  "1:dara": { targets: ["brin"], buys: { brin: ["increaseDamage"] } },
  "2:arden": { targets: ["brin"] },
  "2:brin": { targets: ["dara"] },
  "2:cole": { targets: ["arden"] },
  "2:dara": {
    targets: ["arden", "cole"],
    declared: "disarm",
    buys: { arden: ["grapple", "increaseDamage"], cole: ["disarm"] },
    catch: ["cole"],
  },
});

/** One fighter's attack as played: its card, or why it made none. */
export interface PlayedAttack {
  readonly round: number;
  readonly fighter: FighterKey;
  /** The engine's reason when it made no attack (`NoAttackDeclared`, `OutOfAction`, …). */
  readonly passed: string | null;
  readonly card: string | null;
}

export interface AttackOptions {
  readonly plans?: Readonly<Record<string, AttackPlan>>;
  /** Hears each attack as played. */
  readonly played?: (attack: PlayedAttack) => void;
  /** Who clicks next (src/quench/cards.ts). */
  readonly actAs?: ActAs;
}

type Message = ChatMessage.Implementation;

const keyOf = (t: LunosRoundTable, id: string): FighterKey =>
  LUNOS_FIGHTERS.find((f) => t.fighters[f.key].id === id)!.key;

const cardAt = (id: string): LunosAttackCard => cardData(lunosAttackOf, id, "Lunos attack");

/** The newest attack card of this attacker. */
const newestCardOf = (combatantId: string): Message | null =>
  newestCard(lunosAttackOf, (card) => card.attacker.combatantId === combatantId);

/** The weapon in hand, as the card reads it: the first equipped Lunos weapon. */
const weaponInHand = (actor: Actor.Implementation | null) =>
  actor?.items.find(
    (i) => i.type === ("lunosWeapon" as never) && (i.system as { equipped?: unknown }).equipped === true,
  ) ?? null;

const KINDS = ["bruising", "wounding", "trauma"] as const;

const healthOf = (actor: Actor.Implementation | null | undefined): number[] => {
  const system = actor ? lunosFighter(actor) : null;
  return KINDS.map((k) => system?.health[k].value ?? Number.NaN);
};

/**
 * The card's roll read again by the rules: its dice are its Roll's, each
 * d6 and the luck die counted as the pool counts them, each target hit
 * when the successes reach one more than its defense, its extra
 * successes those beyond.
 */
function checkRoll(card: LunosAttackCard, message: Message, assert: BatchAssert, label: string): void {
  assert.strictEqual(card.stage, "spend", `${label}: waits for its maneuvers`);
  const p = card.pending;
  assert.ok(p, `${label}: rolled`);
  if (!p) return;
  const { roll } = p;
  // A grapple's checks stand for the roll, and a world rolling no die for an empty pool rolls none.
  if (!p.grapple && roll.dice > 0) {
    const { poolDie, luckDie } = card.attack;
    const total = (message.rolls as Roll[])[0]?.total;
    assert.strictEqual(total, card.faces.reduce((a, b) => a + b, 0) + card.luck, `${label}: the card's Roll`);
    assert.strictEqual(
      card.faces.length + 1,
      roll.dice,
      `${label}: the pool's dice, the luck die one of them`,
    );
    const faces = card.faces.filter((f) => f * 2 > poolDie).length;
    const luck = roll.rolled - faces;
    assert.isTrue(luck === 0 || (luck === 1 && card.luck * 2 > luckDie), `${label}: the dice's successes`);
    if (roll.outcome === "normal")
      assert.strictEqual(roll.successes, roll.rolled + roll.automatic + roll.bonus, `${label}: successes`);
  }
  for (const t of p.targets) {
    assert.strictEqual(t.difficulty, t.defense + 1, `${label}: the difficulty is one more than the defense`);
    if (t.hit) assert.strictEqual(t.extra, roll.successes - t.difficulty, `${label}: extra successes`);
    else assert.strictEqual(t.extra, 0, `${label}: a miss has no extra success`);
  }
}

/**
 * What the plan wishes for, as far as the roll pays: each maneuver the
 * card's menu offers on a target hit, the declared one paid from the free
 * successes first, in the plan's order; a Disarm catches where the plan
 * says so.
 */
function chooseBuys(
  t: LunosRoundTable,
  card: LunosAttackCard,
  plan: AttackPlan | undefined,
): { buys: string[]; caught: string[] } {
  const buys: string[] = [];
  const caught: string[] = [];
  const p = card.pending;
  if (!p || !plan) return { buys, caught };
  let free = p.free;
  for (const target of p.targets) {
    if (!target.hit) continue;
    const key = keyOf(t, target.id);
    const menu = card.menu[target.id] ?? [];
    let extra = target.extra;
    const counts = new Map<Maneuver, number>();
    for (const m of plan.buys?.[key] ?? []) {
      const offer = menu.find((o) => o.maneuver === m);
      if (!offer || (counts.get(m) ?? 0) >= offer.limit) continue;
      const fromFree = m === p.declared ? Math.min(free, offer.cost) : 0;
      const pay = offer.cost - fromFree;
      if (pay > extra) continue;
      extra -= pay;
      free -= fromFree;
      counts.set(m, (counts.get(m) ?? 0) + 1);
      buys.push(`${target.id}:${m}`);
      if (m === "disarm" && plan.catch?.includes(key)) caught.push(target.id);
    }
  }
  return { buys, caught };
}

/** The outcome as the rules give it: damage only on a hit that kept it, its trauma what passes the kind's levels. */
function checkOutcome(
  t: LunosRoundTable,
  card: LunosAttackCard,
  buys: string[],
  assert: BatchAssert,
  label: string,
) {
  const rules = readLunosTable(t.combat).rules;
  assert.strictEqual(card.stage, "resolved", `${label}: resolved`);
  for (const o of card.outcomes) {
    const d = o.damage;
    const bought = buys.filter((b) => b.startsWith(`${o.id}:`)).map((b) => b.split(":")[1]);
    assert.deepEqual([...o.maneuvers], bought, `${label}: the maneuvers bought`);
    assert.strictEqual(d.points, d.bruising + d.wounding + d.trauma, `${label}: the damage's kinds`);
    assert.strictEqual(
      d.trauma,
      Math.max(0, d.points - rules.traumaAbove),
      `${label}: trauma past the kind's`,
    );
    if (!o.hit || card.attack.forgoDamage) assert.strictEqual(d.points, 0, `${label}: no damage`);
  }
}

/** The GM's Apply: the levels on the health pools, the statuses, the dying clock, a caught weapon on its catcher. */
async function applyAndCheck(
  t: LunosRoundTable,
  id: string,
  assert: BatchAssert,
  label: string,
  actAs: ActAs,
): Promise<void> {
  const card = cardAt(id);
  const actorOf = (uuid: string) =>
    [...t.combat.combatants].find((c) => c.actor?.uuid === uuid)?.actor ?? null;
  const before = new Map(card.targets.map((p) => [p.actorUuid, healthOf(actorOf(p.actorUuid))]));
  actAs(null);
  const applied = await requestStep(id, { type: "apply" } as never, card.revision);
  assert.deepEqual(applied, { ok: true, stage: "applied" }, `${label}: applied`);
  for (const p of card.targets) {
    const taken = KINDS.map((kind) =>
      card.effects
        .filter((e) => e.kind === "pool" && e.actorId === p.actorUuid && e.pool === `health.${kind}`)
        .reduce((sum, e) => sum - (e as { amount: number }).amount, 0),
    );
    const was = before.get(p.actorUuid)!;
    assert.deepEqual(
      healthOf(actorOf(p.actorUuid)),
      was.map((v, i) => v + taken[i]!),
      `${label}: ${p.name}'s levels`,
    );
  }
  for (const e of card.effects) {
    const actor = "actorId" in e ? actorOf(e.actorId) : null;
    if (e.kind === "status")
      assert.isTrue(actor?.statuses.has(e.status as never), `${label}: ${e.status} on ${actor?.name}`);
    if (e.kind === "timedStatus" && e.timedStatus === LUNOS_TIMED.dying)
      assert.isTrue(actor?.statuses.has("dying" as never), `${label}: the dying clock on ${actor?.name}`);
    if (e.kind === "ruleset" && e.effectKind === "lunosCaughtWeapon") {
      const data = e.data as { to: string; itemId: string };
      assert.isTrue(actor?.items.get(data.itemId) === undefined, `${label}: the weapon left ${actor?.name}`);
      assert.ok(actorOf(data.to)?.items.get(data.itemId), `${label}: the weapon on its catcher`);
    }
  }
}

/**
 * The attacks step: each acting fighter in turn attacks as its plan
 * says and the engine allows, or passes with the engine's reason;
 * `played` hears each attack.
 */
export function lunosAttacks(options: AttackOptions = {}): AttackStep {
  const plans: Readonly<Record<string, AttackPlan | undefined>> = options.plans ?? LUNOS_ATTACK_PLANS;
  const played = options.played ?? (() => {});
  const actAs = options.actAs ?? (() => {});
  return async (t, acting, assert) => {
    const round = t.combat.round ?? 0;
    for (const c of acting) {
      const key = keyOf(t, c.id!);
      const label = `${c.name ?? key}, round ${round}`;
      const plan = plans[`${round}:${key}`];
      const fight = readLunosTable(t.combat).fight!;
      const f = fighterOf(fight, c.id!);
      const declared = attackOf(f.plan);
      const reason =
        declared === null
          ? "NoAttackDeclared"
          : f.attacked
            ? "AlreadyAttacked"
            : isOut(f) && f.outAtSlot !== fight.slot
              ? "OutOfAction"
              : null;
      const targets = (plan?.targets ?? [])
        .map((k) => t.fighters[k].id!)
        .filter((id) => declared?.targets.includes(id));
      const actor = c.actor ?? null;
      actAs(actor);
      const started = await startAttack(actor!, weaponInHand(actor)?.id ?? "", {
        answers: {
          ...(targets.length > 0 ? { targets } : {}),
          declared: plan?.declared ?? null,
          forgoDamage: plan?.forgoDamage === true,
        },
      } as never);
      actAs(null);
      // The attack is refused exactly when the engine refuses it: the fighter passes.
      assert.strictEqual(started, reason === null, `${label}: ${reason ?? "attacks"}`);
      if (!started) {
        played({ round, fighter: key, passed: reason, card: null });
        continue;
      }
      const message = newestCardOf(c.id!);
      assert.ok(message, `${label}: its card`);
      const id = message!.id!;
      const card = cardAt(id);
      checkRoll(card, message!, assert, label);
      const { buys, caught } = chooseBuys(t, card, plan);
      actAs(actor);
      const spent = await requestStep(
        id,
        { type: "spend", data: { buys, catch: caught } } as never,
        card.revision,
      );
      actAs(null);
      assert.deepEqual(spent, { ok: true, stage: "resolved" }, `${label}: spent`);
      const resolved = cardAt(id);
      checkOutcome(t, resolved, buys, assert, label);
      if (resolved.effects.length > 0) await applyAndCheck(t, id, assert, label, actAs);
      played({ round, fighter: key, passed: null, card: id });
    }
  };
}
