import { FoundryDice } from "../../../chat/foundry-random-dice";
import { bodyImpaleFormulas } from "../../../chat/stuck-weapons";
import { serialised } from "../../../documents/write-queue";
import { loadRuleset } from "../../../on-demand";
// Already in the start-up set (defenses.ts reads it): the dying's loss adds nothing there.
import { dyingRound as dyingLoss } from "../../../rules/fangs/consequences";
import { isManeuverId } from "../../../rules/fangs/maneuvers";
import type { CombatPlan } from "../../../rules/fangs/round-engine";
import type { CombatantState, ManeuverId } from "../../../rules/fangs/types";
import type { Effect } from "../../../rules/kernel/effects";
import { combatantState as actorState } from "../chat/facts";
import { rulesOptions } from "../config/settings";
import { actorSystem } from "../data/views";
import { holdsRoundStart, IMMOBILIZED_STATUS, markImmobilized } from "./hold-control";
import { setManeuverStatus } from "./maneuver-status";
import { planState } from "./plan-state";

/**
 * FANGS's work as a round begins, the table's `roundStart` (run by the
 * shared Combat on the GM's client, inside its write queue, once a new
 * round's plan is written and followed up): the token markers of the last
 * round come off, the dying lose their HP, weapons stuck in bodies deal
 * their damage, and where the engine stopped for that damage the round's
 * first turn is drawn. What leaves with a combatant (`leaving`): its
 * maneuver icon and its Holding status.
 */

/** What the rules core's dying rule reads of an actor. */
function combatantState(actor: Actor.Implementation): CombatantState | null {
  return actorSystem(actor) ? actorState(actor) : null;
}

/**
 * The maneuvers a new round's plan declares itself (NC-MAN-2: a maneuver lost
 * to a dodge is tried again), by combatant id: the token icons to show once
 * the round's markers are cleared. Empty for a plan that starts no round.
 */
export function roundStartManeuvers(plan: CombatPlan): ReadonlyMap<string, ManeuverId> {
  const declared = new Map<string, ManeuverId>();
  if (!plan.newRound) return declared;
  for (const change of plan.combatants) {
    const maneuver = change.system.maneuver;
    if (isManeuverId(maneuver)) declared.set(change._id, maneuver);
  }
  return declared;
}

/**
 * The round's own notes (impale damage, the dying's loss) in the chat, from the tracker; a
 * combatant the players cannot see is named to the GMs only, as the round's other notes are.
 */
async function postRoundLines(lines: readonly { text: string; hidden: boolean }[]): Promise<void> {
  const speaker = { alias: game.i18n!.localize("FANGS.Combat.Tracker.Title") };
  const content = (subset: typeof lines) =>
    `<div class="fangs-combat-note">${subset.map((l) => `<p>${l.text}</p>`).join("")}</div>`;
  const shown = lines.filter((l) => !l.hidden);
  const secret = lines.filter((l) => l.hidden);
  if (shown.length > 0) await ChatMessage.create({ content: content(shown), speaker });
  if (secret.length > 0) {
    const whisper = game.users!.filter((u) => u.isGM).map((u) => u.id!);
    await ChatMessage.create({ content: content(secret), speaker, whisper });
  }
}

/**
 * The round's markers come off the tokens: maneuver icons and Holding. A
 * maneuver the new round declares already (NC-MAN-2's retry) keeps its icon.
 */
export async function clearRoundMarkers(
  combatants: Iterable<Combatant.Implementation>,
  declared: ReadonlyMap<string, ManeuverId> = new Map(),
): Promise<void> {
  for (const combatant of combatants) {
    const actor = combatant.actor;
    if (!actor) continue;
    await setManeuverStatus(actor, declared.get(combatant.id ?? "") ?? null);
    if (actor.statuses?.has("holding")) await actor.toggleStatusEffect("holding", { active: false });
  }
}

/**
 * What leaves with a combatant (the table's `leaving`): its round markers,
 * and the "immobilized" a hold left on it (its pairs are taken off with it).
 */
export async function clearLeavingMarkers(combatants: readonly Combatant.Implementation[]): Promise<void> {
  await clearRoundMarkers(combatants);
  for (const combatant of combatants) {
    const actor = combatant.actor;
    if (actor?.statuses?.has(IMMOBILIZED_STATUS))
      await actor.toggleStatusEffect(IMMOBILIZED_STATUS, { active: false });
  }
  // One a leaver held is no longer immobilized by it (review 7): a step of the GM's write queue.
  await serialised(async () => {
    for (const combatant of combatants) {
      const combat = (combatant.combat ?? combatant.parent) as Combat.Implementation | null;
      if (!combat) continue;
      for (const other of combat.combatants)
        if (other !== combatant && other.actor?.statuses?.has(IMMOBILIZED_STATUS))
          await markImmobilized(combat, other);
    }
  });
}

/**
 * RHF-HLD-1, -2 (the holds module): each standing hold gains its control
 * points as the round begins (./hold-control.ts), told in the chat; one
 * whose grapple is over is taken off. Nothing when the module is off.
 */
async function holdRound(combat: Combat.Implementation): Promise<void> {
  const notes = await holdsRoundStart(combat);
  if (notes.length === 0) return;
  const { escapeHtml } = await loadRuleset("fangs");
  await postRoundLines(
    notes.map(({ grappler, victim, control }) => ({
      text: game.i18n!.format(
        control.immobilized ? "FANGS.Combat.Note.HoldImmobilizes" : "FANGS.Combat.Note.HoldControl",
        {
          grappler: escapeHtml(grappler.name ?? ""),
          name: escapeHtml(victim.name ?? ""),
          points: String(control.controlPoints),
        },
      ),
      hidden: grappler.hidden === true || victim.hidden === true,
    })),
  );
}

/**
 * NC-DMG-13: each round a weapon stays stuck in a body, it deals its rolled
 * damage again (the rules core), applied through the exchange's effect
 * applier so the change is recorded like any other. Runs on the GM's client,
 * inside a round action (`inTurn`): its read of the pools and its write
 * are one step of the GM's write queue.
 */
export async function impaleRound(combat: Combat.Implementation): Promise<void> {
  const stuck = [...combat.combatants].flatMap((combatant) => {
    const actor = combatant.actor;
    return actor
      ? bodyImpaleFormulas(actor).map((perRoundDamage) => ({ combatant, actor, perRoundDamage }))
      : [];
  });
  if (stuck.length === 0) return;
  const { impaledRoundDamage, applyEffects, escapeHtml } = await loadRuleset("fangs");
  const dice = new FoundryDice();
  const effects: Effect[] = [];
  const lines: { text: string; hidden: boolean }[] = [];
  for (const { combatant, actor, perRoundDamage } of stuck) {
    const round = impaledRoundDamage(
      { targetId: actor.uuid, perRoundDamage, holdingStill: false, state: combatantState(actor) },
      dice,
    );
    effects.push(...round.effects);
    lines.push({
      text: game.i18n!.format("FANGS.Combat.Note.ImpaleDamage", {
        name: escapeHtml(combatant.name ?? ""),
        stun: String(round.stunDamage),
        hp: String(round.hitPointDamage),
      }),
      hidden: combatant.hidden === true,
    });
  }
  await applyEffects(effects, { combat });
  await postRoundLines(lines);
}

/**
 * CORE-CON-3: "HP ≤ 0: helpless and dying, losing 1 HP a round". Each new
 * round every combatant dying as it begins loses its HP (the rules core's
 * `dyingRound`, by the world's `dyingHitPointLossPerRound`), before the
 * round's impale damage, as the simulator takes it (docs/rules/fangs.md,
 * "The dying's loss"); applied through the exchange's effect applier and
 * told in the chat. Only while `dying` is on: First Aid that stopped the
 * loss takes it off. Runs on the GM's client, inside a round action
 * (`inTurn`), as `impaleRound` does.
 */
export async function dyingRound(combat: Combat.Implementation): Promise<void> {
  const dying = [...combat.combatants].flatMap((combatant) => {
    const actor = combatant.actor;
    return actor?.statuses?.has("dying") && actorSystem(actor) ? [{ combatant, actor }] : [];
  });
  if (dying.length === 0) return;
  const { applyEffects, escapeHtml } = await loadRuleset("fangs");
  const effects: Effect[] = [];
  const lines: { text: string; hidden: boolean }[] = [];
  for (const { combatant, actor } of dying) {
    const state = actorState(actor);
    // Dead or no longer at 0 HP or less (a GM's healing): the status is stale, and nothing is lost.
    if (state.hitPoints.value > 0 || -state.hitPoints.value >= state.sz) continue;
    const round = dyingLoss(actor.uuid, state, rulesOptions());
    if (round.effects.length === 0) continue;
    effects.push(...round.effects);
    lines.push({
      text: game.i18n!.format("FANGS.Combat.Note.DyingLoss", {
        name: escapeHtml(combatant.name ?? ""),
        hp: String(state.hitPoints.value - round.hitPoints),
      }),
      hidden: combatant.hidden === true,
    });
  }
  if (effects.length === 0) return;
  await applyEffects(effects, { combat });
  await postRoundLines(lines);
}

/**
 * A new round, once its plan is written and its notes posted: last round's
 * markers off (a retried maneuver keeps its icon), the dying's loss
 * (CORE-CON-3, docs/rules/fangs.md "The dying's loss"), then, where the
 * engine stopped for it, the impale damage (NC-DMG-13) before the
 * Initiative order is drawn, and the round's first turn.
 */
export async function fangsRoundStart(combat: Combat.Implementation, plan: CombatPlan): Promise<void> {
  await clearRoundMarkers(combat.combatants, roundStartManeuvers(plan));
  await holdRound(combat);
  await dyingRound(combat);
  if (!plan.impaleDamageDue) return;
  await impaleRound(combat);
  const { planOpenRound } = await loadRuleset("fangs");
  await combat.applyPlan(planOpenRound(planState(combat, rulesOptions()?.shieldBashAttack)));
}
