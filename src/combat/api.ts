import { FANGS } from "../config/system";
import { type AttackCounter, type AttackSource, recordAttack as countAttack } from "../rules/fangs/attacks";
import {
  recordDefense as countDefense,
  type DefenseUsage,
  type Readying,
  readyingOf,
  recordOffHandAttack,
} from "../rules/fangs/defenses";
import { getManeuver, isManeuverId, MoveFraction, movePaces } from "../rules/fangs/maneuvers";
import { canActFromHold } from "../rules/fangs/round";
import type { AttackRestriction } from "../rules/fangs/special-defenses";
import type { DefenseChoice, ManeuverId, WeaponKind } from "../rules/fangs/types";
import { setManeuverStatus } from "./maneuver-status";
import { requestCombatAction } from "./query";
import { writeRound } from "./record";
import { actorFacts, combatantSystem, combatSystem } from "./snapshot";

/**
 * What the sheets, the Token HUD and the exchange chat card call. Every
 * function refuses with a notification and leaves the documents unchanged
 * when the user may not do it; none decides a rule (the rules core does).
 */

function warn(key: string, data: Record<string, string> = {}): false {
  ui.notifications?.warn(game.i18n!.format(key, data));
  return false;
}

/** The combatant of an actor (or token actor) in a combat, the viewed one by default. */
export function combatantOf(
  actor: Actor.Implementation | null | undefined,
  combat: Combat.Implementation | null | undefined = game.combat as unknown as Combat.Implementation | null,
): Combatant.Implementation | null {
  if (!actor || !combat) return null;
  const found =
    actor.isToken && actor.token
      ? combat.getCombatantsByToken(actor.token)
      : combat.getCombatantsByActor(actor);
  return found[0] ?? null;
}

/**
 * A combat by its id, on whatever scene: an exchange card keeps the id of the
 * combat it was made in, and the GM's client may be viewing another scene
 * (where `game.combat` is another combat, or none). Null for no id.
 */
export function combatWithId(id: string | null | undefined): Combat.Implementation | null {
  if (!id) return null;
  return (game.combats?.get(id) as Combat.Implementation | undefined) ?? null;
}

export interface DeclareOptions {
  /** The weapon kind the attack uses; defaults to the main-hand weapon's. */
  readonly attackKind?: WeaponKind | null;
  /** Draw Weapon: which hand's item is being drawn or readied (NC-MAN-13, NC-MAN-20); null: not said. */
  readonly readying?: Readying | null;
}

/**
 * Whether this combatant may declare now: before the fight, in the
 * Initiative phase until its turn has passed, or when breaking its hold.
 * The GM always may. Returns the refusal key, or null.
 */
export function declareRefusal(
  combatant: Combatant.Implementation,
  maneuverId: string,
  isGM: boolean,
): string | null {
  if (!isManeuverId(maneuverId)) return "FANGS.Combat.Refusal.UnknownManeuver";
  if (!isGM && !combatant.isOwner) return "FANGS.Combat.Refusal.NotOwner";
  const system = combatantSystem(combatant);
  if (system.held) {
    const verdict = canActFromHold(maneuverId);
    if (!verdict.allowed) return verdict.reasonKey ?? "FANGS.Combat.Refusal.CannotHold";
  }
  return declareWindowRefusal(combatant, isGM);
}

/**
 * Whether the round still lets this combatant's maneuver be declared or
 * taken back: before the fight, in the Initiative phase until its turn has
 * passed, or while it holds. The same window for declaring and for clearing
 * (a maneuver taken back after its turn would be a new declaration). The GM
 * always may. Returns the refusal key, or null.
 */
export function declareWindowRefusal(combatant: Combatant.Implementation, isGM: boolean): string | null {
  const combat = combatant.combat;
  const system = combatantSystem(combatant);
  if (isGM || !combat || combat.round < 1 || system.held) return null;
  const { phase, order } = combatSystem(combat);
  if (phase !== "initiative") return "FANGS.Combat.Refusal.DeclareClosed";
  const at = order.indexOf(combatant.id ?? "");
  if (at >= 0 && combat.turn !== null && at < combat.turn) return "FANGS.Combat.Refusal.DeclareClosed";
  return null;
}

/**
 * Declares the combatant's maneuver for this round (tracker badge, Token HUD,
 * sheet): stored on the combatant, shown as ONE status icon on the token.
 * Returns false (with a notification) when refused.
 */
export async function declareManeuver(
  combatant: Combatant.Implementation,
  maneuverId: ManeuverId | string,
  options: DeclareOptions = {},
): Promise<boolean> {
  const isGM = game.user?.isGM === true;
  const refusal = declareRefusal(combatant, maneuverId, isGM);
  if (refusal) return warn(refusal, { name: combatant.name ?? "" });
  const combat = combatant.combat;
  // A player may not be allowed to update combatants: the active GM writes the declaration.
  if (!isGM && combat?.id && combatant.id) {
    return requestCombatAction(combat, "declare", [combatant.id], {
      id: maneuverId,
      attackKind: options.attackKind ?? null,
      readying: options.readying ?? null,
    });
  }
  const written = await writeDeclaration(
    combatant,
    maneuverId,
    options.attackKind ?? null,
    isGM,
    options.readying ?? null,
  );
  if (written) return warn(written, { name: combatant.name ?? "" });
  return true;
}

/**
 * Checks and writes a declaration (on a GM's client, or a lone owner's out of
 * a combat document). Returns the refusal key, or null once written.
 */
export async function writeDeclaration(
  combatant: Combatant.Implementation,
  maneuverId: string,
  attackKind: string | null,
  isGM: boolean,
  readying: string | null = null,
): Promise<string | null> {
  const refusal = declareRefusal(combatant, maneuverId, isGM);
  if (refusal) return refusal;
  const maneuver = getManeuver(maneuverId);
  const facts = actorFacts(combatant.actor);
  const kind = maneuver.attacks > 0 ? (attackKind ?? facts.mainWeaponKind ?? "melee") : null;
  // Only Draw Weapon readies something, and it always says what (NC-MAN-20): what was asked when the
  // actor has it, else what it has to ready (readyingOf), so the item being drawn never parries.
  const readied = maneuver.id === "drawWeapon" ? readyingOf(readying, facts.readyingHoldings) : null;
  await writeRound(combatant, { maneuver: maneuver.id, attackKind: kind, readying: readied });
  if (combatant.actor) await setManeuverStatus(combatant.actor, maneuver.id);
  return null;
}

/** Takes the declaration back (GM, or the owner while it may still declare). */
export async function clearManeuver(combatant: Combatant.Implementation): Promise<boolean> {
  const isGM = game.user?.isGM === true;
  if (!isGM && !combatant.isOwner) return warn("FANGS.Combat.Refusal.NotOwner");
  const closed = declareWindowRefusal(combatant, isGM);
  if (closed) return warn(closed, { name: combatant.name ?? "" });
  const combat = combatant.combat;
  // As a declaration: the active GM writes the combatant for a player.
  if (!isGM && combat?.id && combatant.id) return requestCombatAction(combat, "clear", [combatant.id]);
  await eraseDeclaration(combatant);
  return true;
}

/** Takes the declaration off the combatant and its token (on a GM's client). */
export async function eraseDeclaration(combatant: Combatant.Implementation): Promise<void> {
  await writeRound(combatant, { maneuver: null, attackKind: null, readying: null });
  if (combatant.actor) await setManeuverStatus(combatant.actor, null);
}

export interface MovementAllowance {
  readonly maneuver: ManeuverId;
  readonly fraction: MoveFraction;
  readonly paces: number;
}

/** ¼, ½ or full MV in paces for the declared maneuver (the rules registry), or null when undeclared. */
export function movementAllowance(combatant: Combatant.Implementation): MovementAllowance | null {
  const { maneuver } = combatantSystem(combatant);
  if (maneuver === null) return null;
  const mv = Math.max(0, Math.trunc(actorFacts(combatant.actor).mv));
  return { maneuver, fraction: getManeuver(maneuver).move, paces: movePaces(maneuver, mv) };
}

/** The declared maneuver's display (lang key and icon), for sheets. */
export function maneuverDisplay(id: ManeuverId) {
  return FANGS.maneuvers[id];
}

/* -------------------------------------------- */
/*  Turn actions                                */
/* -------------------------------------------- */

interface FangsRoundControls {
  holdAction(id: string): Promise<unknown>;
  breakHold(ids: readonly string[]): Promise<unknown>;
}

function roundControls(combat: Combat.Implementation): FangsRoundControls | null {
  const c = combat as unknown as Partial<FangsRoundControls>;
  return typeof c.holdAction === "function" && typeof c.breakHold === "function"
    ? (c as FangsRoundControls)
    : null;
}

/** NC-RND-4: hold the combatant's action (a player's request goes through the active GM). */
export async function holdAction(combat: Combat.Implementation, combatantId: string): Promise<void> {
  await roundControls(combat)?.holdAction(combatantId);
}

/** NC-RND-4 … -6: break holds now; two or more roll off. */
export async function breakHoldAction(
  combat: Combat.Implementation,
  combatantIds: readonly string[],
): Promise<void> {
  await roundControls(combat)?.breakHold(combatantIds);
}

/** Ends the current turn (GM, or the owner of the combatant whose turn it is, through the GM). */
export async function endTurn(combat: Combat.Implementation): Promise<void> {
  await combat.nextTurn();
}

/* -------------------------------------------- */
/*  Per-round counters (for the exchange card)  */
/* -------------------------------------------- */

/** Defenses used this round (the rules core's DefenseUsage). */
export function defenseUsageOf(combatant: Combatant.Implementation): DefenseUsage {
  return combatantSystem(combatant).defenses;
}

/** Attacks made this round (the rules core's AttackCounter). */
export function attackCounterOf(combatant: Combatant.Implementation): AttackCounter {
  return combatantSystem(combatant).attacks;
}

/** Parry and dodge moved by trades, until the next initiative. */
export function tradeShiftOf(combatant: Combatant.Implementation): { parry: number; dodge: number } {
  return combatantSystem(combatant).tradeShift;
}

/**
 * Counts one defense for the round. Call it on a client that may update the
 * combatant (its owner or a GM). Returns the new usage.
 */
export async function recordDefense(
  combatant: Combatant.Implementation,
  choice: DefenseChoice,
): Promise<DefenseUsage> {
  const next = countDefense(defenseUsageOf(combatant), choice);
  await writeRound(combatant, { defenses: { ...next } });
  return next;
}

/**
 * Counts one attack for the round. Returns the new counter. An attack with
 * the off-hand item (a left-hand weapon, a shield's bash) also spends that
 * item's parry as the rules core says (NC-ATK-9, NC-DEF-9).
 */
export async function recordAttack(
  combatant: Combatant.Implementation,
  attack: {
    readonly source: AttackSource;
    readonly kind: WeaponKind;
    readonly targetId: string;
    readonly offHand?: boolean;
  },
): Promise<AttackCounter> {
  const next = countAttack(attackCounterOf(combatant), attack);
  const defenses = attack.offHand ? { defenses: { ...recordOffHandAttack(defenseUsageOf(combatant)) } } : {};
  await writeRound(combatant, {
    attacks: {
      made: [...next.made],
      usedRanged: next.usedRanged,
      usedMelee: next.usedMelee,
      targets: [...next.targets],
    },
    ...defenses,
  });
  return next;
}

/** Adds a trade's defense modifiers (the rules core's TradeResult); they last until the next initiative. */
export async function recordTrade(
  combatant: Combatant.Implementation,
  trade: { readonly parryModifier: number; readonly dodgeModifier: number },
): Promise<{ parry: number; dodge: number }> {
  const shift = tradeShiftOf(combatant);
  const next = { parry: shift.parry + trade.parryModifier, dodge: shift.dodge + trade.dodgeModifier };
  await writeRound(combatant, { tradeShift: next });
  return next;
}

/** Retreat and Disengage restrictions on this attacker (AttackRestriction, src/rules/fangs/special-defenses.ts), all rounds. */
export function restrictionsOf(combatant: Combatant.Implementation): AttackRestriction[] {
  return combatantSystem(combatant).restrictions;
}

/** Whether a restriction can still apply in `round` or later (spent ones are dropped when writing). */
function stillDue(r: AttackRestriction, round: number): boolean {
  switch (r.kind) {
    case "noAttack":
    case "noChangeTarget":
      return r.round >= round;
    case "noCharge":
    case "noEngage":
      return r.untilRound >= round;
  }
}

/**
 * Adds the restrictions a Retreat or Disengage answer left on this attacker
 * (NC-SPD-1 … -3, NC-MAN-16). Call it on the active GM's client. Returns the stored list.
 */
export async function recordRestrictions(
  combatant: Combatant.Implementation,
  added: readonly AttackRestriction[],
  round: number,
): Promise<AttackRestriction[]> {
  const next = [...restrictionsOf(combatant), ...added].filter((r) => stillDue(r, round));
  await writeRound(combatant, { restrictions: next.map((r) => ({ ...r })) });
  return next;
}

/**
 * NC-MAN-2: the combatant dodged instead of its maneuver; the maneuver is lost
 * (retried next round) and the dodge is now what it performs this round.
 */
export async function recordManeuverLost(
  combatant: Combatant.Implementation,
  lost: ManeuverId,
): Promise<void> {
  await writeRound(combatant, { lostManeuver: lost, maneuverPerformed: true });
}

/** A lost action (a failed stun check, the rules core's LoseActionEffect): the next turn it would take is skipped. */
export async function markActionLost(combatant: Combatant.Implementation): Promise<void> {
  await writeRound(combatant, { actionLost: true });
}

export { MoveFraction };
