import { pairIds, pairsOf, readPair, writePair } from "../../../combat/pairs";
import type { FangsOptions } from "../../../rules/fangs/config";
import { type HoldControl, holdControlOf, holdMade, holdRound } from "../../../rules/fangs/holds";
import { rulesOptions } from "../config/settings";
import { actorSystem } from "../data/views";
import type { FangsPair, PairHold } from "./pairs";

/**
 * The holds module at the table (RHF-HLD-1 … -3, docs/rules/fangs.md "Holds
 * with control points"): a made grapple's hold is kept on the pair of
 * fighters on the Combat (./pairs.ts), which only the active GM's client
 * writes: begun when the card that made the grapple is applied, grown as
 * each new round begins, taken off by that card's Undo and when the
 * grapple is over (the victim's Grappled status gone, one of the two out of
 * the combat). Every client reads it back through `holdsOn`, checked against
 * what its rounds could earn, and the attack and defense checks ask
 * `immobilizedIn`. The "immobilized" status shows it on the token.
 */

export const IMMOBILIZED_STATUS = "immobilized";

/** A hold standing on a fighter, with its control as read back. */
export interface StandingHold {
  readonly grappler: Combatant.Implementation;
  readonly victim: Combatant.Implementation;
  readonly hold: PairHold;
  readonly control: HoldControl;
}

function stOf(combatant: Combatant.Implementation | undefined): number | null {
  const actor = combatant?.actor;
  const st = actor ? actorSystem(actor)?.characteristics.st : undefined;
  return typeof st === "number" && Number.isSafeInteger(st) && st >= 0 ? st : null;
}

function moduleOn(rules: FangsOptions | undefined): rules is FangsOptions {
  return rules?.controlPointsModule === true;
}

/**
 * A kept hold's control in `round`: its points as stored, but never more
 * than the rounds since it was made could earn (the module's own figures:
 * `holdMade`, then `holdRound` for each round since); a value past that
 * reads as that most. Null when the module is off.
 */
export function holdControlAt(
  hold: PairHold,
  round: number,
  grapplerSt: number,
  victimSt: number,
  rules: FangsOptions | undefined,
): HoldControl | null {
  let most = holdMade(grapplerSt, victimSt, rules);
  if (most === null) return null;
  for (let r = hold.since; r < round && most.controlPoints < hold.points; r += 1)
    most = holdRound(most, grapplerSt, victimSt, rules) ?? most;
  return holdControlOf(Math.min(hold.points, most.controlPoints), victimSt);
}

/**
 * The holds standing on this fighter, as every client reads them from the
 * pairs the GM keeps (none when the module is off). The Grappled status is
 * not asked: its owner could take it off; the GM's side ends a hold
 * (./hold-watch.ts).
 */
export function holdsOn(
  combat: Combat.Implementation | null | undefined,
  victim: Combatant.Implementation | null | undefined,
  rules: FangsOptions | undefined = rulesOptions(),
): StandingHold[] {
  if (!combat || !victim?.id || !moduleOn(rules)) return [];
  const victimSt = stOf(victim);
  if (victimSt === null) return [];
  const round = Math.max(1, combat.round ?? 1);
  const standing: StandingHold[] = [];
  for (const key of pairsOf(combat, victim.id)) {
    const [a, b] = pairIds(key);
    const other = a === victim.id ? b : a;
    const hold = readPair<FangsPair>(combat, a, b)?.hold;
    if (!hold || hold.grappler !== other) continue;
    const grappler = combat.combatants.get(other);
    const grapplerSt = stOf(grappler);
    if (!grappler || grapplerSt === null) continue;
    const control = holdControlAt(hold, round, grapplerSt, victimSt, rules);
    if (control) standing.push({ grappler, victim, hold, control });
  }
  return standing;
}

/** RHF-HLD-2: a hold's control points past the fighter's ST immobilize it (false when the module is off). */
export function immobilizedIn(
  combat: Combat.Implementation | null | undefined,
  victim: Combatant.Implementation | null | undefined,
  rules: FangsOptions | undefined = rulesOptions(),
): boolean {
  return holdsOn(combat, victim, rules).some((h) => h.control.immobilized);
}

/** The "immobilized" status follows the holds (the active GM's client), when it is registered. */
export async function markImmobilized(
  combat: Combat.Implementation,
  victim: Combatant.Implementation,
  rules: FangsOptions | undefined = rulesOptions(),
): Promise<void> {
  const actor = victim.actor;
  if (!actor || !CONFIG.statusEffects.some((s) => s.id === IMMOBILIZED_STATUS)) return;
  const active = immobilizedIn(combat, victim, rules);
  if ((actor.statuses?.has(IMMOBILIZED_STATUS) === true) !== active)
    await actor.toggleStatusEffect(IMMOBILIZED_STATUS, { active });
}

/**
 * RHF-HLD-1: a grapple's card was applied (the active GM's client, in its
 * write queue): the grappler's hold on the victim begins, with the first
 * round's points. A hold the grappler has on it already keeps its points.
 */
export async function holdBegins(
  combat: Combat.Implementation,
  grappler: Combatant.Implementation,
  victim: Combatant.Implementation,
  cardId: string | null,
): Promise<void> {
  const rules = rulesOptions();
  if (!moduleOn(rules) || !grappler.id || !victim.id) return;
  const kept = readPair<FangsPair>(combat, grappler.id, victim.id)?.hold;
  if (kept && kept.grappler === grappler.id) return;
  const grapplerSt = stOf(grappler);
  const victimSt = stOf(victim);
  if (grapplerSt === null || victimSt === null) return;
  const control = holdMade(grapplerSt, victimSt, rules);
  if (!control) return;
  const hold: PairHold = {
    grappler: grappler.id,
    points: control.controlPoints,
    since: Math.max(1, combat.round ?? 1),
    card: cardId,
  };
  await writePair(combat, grappler.id, victim.id, { hold });
  await markImmobilized(combat, victim, rules);
}

/** The card that made the hold was undone: its hold is taken off (one another card made stays). */
export async function holdUndone(
  combat: Combat.Implementation,
  grappler: Combatant.Implementation,
  victim: Combatant.Implementation,
  cardId: string | null,
): Promise<void> {
  if (!grappler.id || !victim.id) return;
  const kept = readPair<FangsPair>(combat, grappler.id, victim.id)?.hold;
  if (!kept || kept.grappler !== grappler.id || kept.card !== cardId) return;
  await writePair(combat, grappler.id, victim.id, { hold: null });
  await markImmobilized(combat, victim);
}

/** What a new round tells of a hold: the grappler, the held, the points, whether they immobilize. */
export interface HoldNote {
  readonly grappler: Combatant.Implementation;
  readonly victim: Combatant.Implementation;
  readonly control: HoldControl;
}

/**
 * RHF-HLD-1, -2 as a round begins (the active GM's client, inside the
 * Combat's `inTurn`): each hold whose grapple still stands gains the
 * grappler's ceil(ST/3); a hold one of whose two is gone is taken off,
 * its points with it; the "immobilized" status follows. Returns the holds that
 * grew, for the round's note.
 */
export async function holdsRoundStart(combat: Combat.Implementation): Promise<HoldNote[]> {
  const rules = rulesOptions();
  if (!moduleOn(rules)) return [];
  const pairs = (combat.system as { pairs?: Record<string, unknown> } | null)?.pairs ?? {};
  const round = Math.max(1, combat.round ?? 1);
  const notes: HoldNote[] = [];
  for (const [key, value] of Object.entries(pairs)) {
    if (value === null) continue;
    const [a, b] = pairIds(key);
    const hold = readPair<FangsPair>(combat, a, b)?.hold;
    if (!hold) continue;
    const grappler = combat.combatants.get(hold.grappler);
    const victim = combat.combatants.get(hold.grappler === a ? b : a);
    const grapplerSt = stOf(grappler);
    const victimSt = stOf(victim);
    if (!grappler || !victim || grapplerSt === null || victimSt === null) {
      await writePair(combat, a, b, { hold: null });
      continue;
    }
    // Read back as any client reads it (the round before this one's), then this round's points added.
    const before = holdControlAt(hold, round - 1, grapplerSt, victimSt, rules);
    const control = before ? holdRound(before, grapplerSt, victimSt, rules) : null;
    if (!control) continue;
    await writePair(combat, a, b, { hold: { ...hold, points: control.controlPoints } });
    notes.push({ grappler, victim, control });
  }
  for (const combatant of combat.combatants) await markImmobilized(combat, combatant, rules);
  return notes;
}
