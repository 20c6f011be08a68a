import { RulesError, requireInteger } from "../kernel/errors";
import {
  type AttackCounter,
  type AttackSlot,
  AttackSource,
  attackSlots,
  mixesWeapons,
  type RoundAttacker,
  roundAttackCap,
  type ShieldBashAttack,
  unusedSlots,
} from "./attacks";
import { itemCondition } from "./character";
import type { FangsOptions } from "./config";
import { getManeuver } from "./maneuvers";
import { multipleAttacksOn, type QuicknessFacts, quicknessRound } from "./quickness";
import { type Range, type ReachWeapon, reachAttackRefusal } from "./reach";
import { type AttackRestriction, mayCloseWith, restrictionActive } from "./special-defenses";
import type { ItemSp, PhaseId, WeaponKind } from "./types";

/**
 * May this attack be made now (`canAttackNow`: NC-MAN-6, -9, NC-ATK-1 …
 * -10, NC-DMG-7, NC-DEF-9), may this free attack be taken
 * (`canTakeFreeAttack`, NC-ATK-8)? Only the attack workflow and the
 * exchange card's steps ask, and they load on first use (src/on-demand.ts);
 * kept apart from the round's attacks (./attacks.ts), which the tracker
 * needs at start-up, these checks and the special defenses they read stay
 * out of the start-up chunk.
 */

/** The hand whose attack a shield bash takes. */
export function shieldBashHand(reading: ShieldBashAttack | undefined): "main" | "off" {
  return reading === "offHand" ? "off" : "main";
}

/* -------------------------------------------- */
/*  canAttackNow                                */
/* -------------------------------------------- */

/** A weapon as the attack checks read it. `itemSp` null: a natural weapon that does not wear. */
export interface AttackWeapon {
  readonly kind: WeaponKind;
  readonly extendedReload?: boolean;
  readonly itemSp: ItemSp | null;
}

export interface AttackNowContext {
  readonly phase: PhaseId;
  readonly round: number;
  readonly attacker: RoundAttacker;
  readonly counter: AttackCounter;
  /** The weapon about to strike. `itemSp` null: a natural weapon that does not wear. */
  readonly weapon: AttackWeapon;
  /** Which hand strikes (default the main hand); a shield bash's hand is decided here (`shieldBashHand`). */
  readonly hand?: "main" | "off";
  /** The attack is a bash with the off-hand shield (NC-DEF-9). */
  readonly shieldBash?: boolean;
  readonly targetId: string;
  /** The target chosen with the maneuver (All-Out-Attack, Charge, Attack). */
  readonly maneuverTargetId?: string | null;
  /** Melee: attacker and target are engaged now. */
  readonly engagedWithTarget: boolean;
  /** Missile: the attacker is engaged now (engaged combatants do not shoot, NC-ATK-1). */
  readonly attackerEngaged: boolean;
  /** Missile: the target started the round unengaged (NC-ATK-4); false makes the shot one into a melee (NC-ATK-5). */
  readonly targetStartedUnengaged: boolean;
  /** Acting from a broken hold rather than on normal initiative. */
  readonly fromHold?: boolean;
  /** Down, unconscious or stunned out of its action (NC-ATK-2). */
  readonly outOfAction?: boolean;
  readonly restrictions?: readonly AttackRestriction[];
  /** The world's rules: the optional modules read their switches here. */
  readonly rules?: FangsOptions;
  /** The multiple attacks module's facts (read only when `rules` switch it on). */
  readonly quickness?: QuicknessFacts;
  /** The holds module: a hold's control points immobilize the attacker (RHF-HLD-2, holds.ts). */
  readonly immobilized?: boolean;
  /** The reach module's facts: the range the attacker and target stand at, the weapon's skill (read only when on). */
  readonly reach?: { readonly range: Range; readonly weapon: ReachWeapon };
}

export interface AttackVerdict {
  readonly allowed: boolean;
  readonly reasonKey: string | null;
  /** The attack this would be, with its modifier (null when refused). */
  readonly slot: AttackSlot | null;
  /**
   * A missile fired into a melee: the target was already engaged when the
   * round began (NC-ATK-5). Allowed; the GM may rule a chance that it hits
   * the wrong target. False for a refused attack and for melee.
   */
  readonly intoMelee?: boolean;
  /** The multiple attacks module's penalty, already in the slot's modifier (absent: the module is off). */
  readonly quicknessPenalty?: number;
}

const KEY = "FANGS.Rules.Attack.Refusal.";
/** Refusals are frozen and alike for one reason: made once each. */
const REFUSALS = new Map<string, AttackVerdict>();
function no(reason: string): AttackVerdict {
  let verdict = REFUSALS.get(reason);
  if (verdict === undefined) {
    verdict = Object.freeze({ allowed: false, reasonKey: KEY + reason, slot: null, intoMelee: false });
    REFUSALS.set(reason, verdict);
  }
  return verdict;
}

const NO_RESTRICTIONS: readonly AttackRestriction[] = Object.freeze([]);

/**
 * May this combatant make this attack now? Checks, in order: in the fight;
 * a maneuver that attacks; an attack phase; no restriction from a
 * Disengage or Retreat; the weapon is fit to attack (under half SP it only
 * parries, NC-DMG-7); the phase fits the weapon; no melee and ranged in one
 * round (NC-ATK-3); missile: an unengaged shooter (NC-ATK-1), and a target
 * that started the round engaged is a shot into a melee (`intoMelee`,
 * NC-ATK-4, -5); melee: engaged with the target; All-Out-Attack:
 * no extended reload, normal initiative, one target (NC-MAN-6); Charge: its
 * target (NC-MAN-9); an attack left this round (NC-ATK-7 … -10).
 */
export function canAttackNow(ctx: AttackNowContext): AttackVerdict {
  const maneuver = getManeuver(ctx.attacker.maneuver);
  const round = requireInteger(ctx.round, "round", 1);
  const kind = ctx.weapon?.kind;
  if (kind !== "melee" && kind !== "thrown" && kind !== "missile") {
    throw new RulesError("invalid-value", "a weapon is melee, thrown or missile", { weapon: ctx.weapon });
  }
  const bash = ctx.shieldBash === true;
  if (bash && kind !== "melee") {
    throw new RulesError("invalid-value", "a shield bash is a melee attack", { weapon: ctx.weapon });
  }
  const hand = bash ? shieldBashHand(ctx.attacker.shieldBashAttack) : (ctx.hand ?? "main");

  if (ctx.outOfAction) return no("OutOfAction");
  if (ctx.immobilized === true) return no("Immobilized");
  if (maneuver.attacks === 0) return no("ManeuverNoAttack");
  if (ctx.phase === "initiative") return no("NotAnAttackPhase");
  const restrictions =
    ctx.restrictions == null || ctx.restrictions.length === 0
      ? NO_RESTRICTIONS
      : ctx.restrictions.filter((r) => restrictionActive(r, round));
  if (restrictions.some((r) => r.kind === "noAttack")) return no("AttackLost");
  if (restrictions.some((r) => r.kind === "noChangeTarget" && r.targetId !== ctx.targetId)) {
    return no("MayNotChangeTarget");
  }
  // NC-SPD-1, NC-SPD-3, NC-MAN-21: the table declares a Charge with no target, so its attack is where a
  // Charge at a target it may not Charge is caught.
  if (maneuver.id === "charge" && !mayCloseWith(restrictions, ctx.targetId, round, "charge")) {
    return no("ChargeForbidden");
  }
  // NC-MAN-16, NC-MAN-21, NC-SPD-2: a melee attack engages its target, a shot does not (docs/rules/fangs.md).
  if (
    maneuver.id !== "charge" &&
    kind === "melee" &&
    !mayCloseWith(restrictions, ctx.targetId, round, "engage")
  ) {
    return no("EngageForbidden");
  }
  const unfit = weaponUnfit(ctx.weapon);
  if (unfit) return no(unfit);
  if (bash) {
    // NC-DEF-9: the shield is used once a round, to parry or to bash.
    if (ctx.attacker.offHandShield !== true) return no("NoShieldInHand");
    if (ctx.attacker.offHandParried) return no("ShieldParried");
    if (ctx.attacker.offHandAttacked) return no("ShieldBashed");
  }
  const ranged = kind !== "melee";
  if (ctx.phase === "missile" && !ranged) return no("MeleeInMissilePhase");
  if (ctx.phase === "melee" && ranged) return no("RangedInMeleePhase");
  const mixed = mixesWeapons(ranged, ctx.counter);
  if (mixed) return no(mixed);
  if (ranged) {
    if (maneuver.id === "charge") return no("ChargeIsMelee");
    if (ctx.attackerEngaged) return no("EngagedCannotShoot");
  } else if (!ctx.engagedWithTarget) {
    return no("NotEngaged");
  } else if (ctx.reach !== undefined) {
    // RHF-RNG-1 (the reach module): a melee weapon strikes only at its own range.
    const out = reachAttackRefusal(ctx.reach.weapon, ctx.reach.range, ctx.rules);
    if (out) return no(out);
  }
  if (maneuver.forbidsExtendedReload && ctx.weapon.extendedReload) return no("ExtendedReload");
  if (maneuver.normalInitiativeOnly && ctx.fromHold) return no("NotNormalInitiative");
  const chosen = ctx.maneuverTargetId;
  const keepsTarget = maneuver.id === "allOutAttack" || maneuver.id === "charge";
  if (keepsTarget && chosen != null && chosen !== ctx.targetId) return no("MustAttackChosenTarget");
  if (maneuver.id === "allOutAttack" && ctx.counter.targets.some((t) => t !== ctx.targetId)) {
    return no("MustAttackChosenTarget");
  }

  const { slots } = attackSlots(ctx.attacker);
  // A free attack taken this round counts toward the cap but fills none of the maneuver's slots.
  const open = unusedSlots(slots, ctx.counter);
  if (capReached(ctx.attacker, ctx.counter) || open.length === 0) return no("NoAttacksLeft");
  const wanted = ctx.phase === "postMelee" ? "postMelee" : "primary";
  const slot = open.find((s) => s.phase === wanted && s.hand === hand);
  if (!slot) return no(hand === "off" && wanted === "postMelee" ? "NoOffHandAttack" : "NoAttacksLeft");
  const made = ctx.quickness === undefined ? 0 : declaredMade(ctx.counter);
  const quick =
    ctx.quickness === undefined ? null : quicknessRound(ctx.quickness, declaredAttacks(ctx), ctx.rules, made);
  if (quick !== null && ctx.quickness !== undefined) {
    // RHF-MAT-1, -2: past the round's declared attacks none is left; each declared one carries the penalty.
    if (made >= quick.attacks)
      return no(
        quick.allowance === 0 && quick.attacks === 0 ? "QuicknessOffRound" : "QuicknessNoAttacksLeft",
      );
    // RHF-MAT-2: a free attack made earlier this round is one of its attack rolls, so it raises this one's count.
    const priced =
      ctx.counter.made.length > made ? freeAttacksPriced(ctx.quickness, ctx.counter, ctx.rules) : quick;
    if (priced === null) return no("QuicknessNoAttacksLeft");
    return Object.freeze({
      allowed: true,
      reasonKey: null,
      slot: Object.freeze({ ...slot, modifier: slot.modifier + priced.penalty }),
      intoMelee: ranged && !ctx.targetStartedUnengaged,
      quicknessPenalty: priced.penalty,
    });
  }
  // NC-ATK-4 names who may be shot cleanly; NC-ATK-5 lets one fire into a melee anyway, at the GM's risk.
  return Object.freeze({
    allowed: true,
    reasonKey: null,
    slot,
    intoMelee: ranged && !ctx.targetStartedUnengaged,
  });
}

/** NC-DMG-7, NC-DMG-8: under half its SP a weapon only parries; at 0 it is shattered. A refusal's reason, or null. */
function weaponUnfit(weapon: AttackWeapon): string | null {
  if (weapon.itemSp === null || weapon.itemSp === undefined) return null;
  const condition = itemCondition(weapon.itemSp);
  if (condition === "shattered") return "WeaponShattered";
  if (condition === "unusableForAttack") return "WeaponUnderHalf";
  return null;
}

/** The attacks the round's slots hold, as the cap allows: what a declaration may name at most. */
function declaredAttacks(ctx: AttackNowContext): number {
  const { slots } = attackSlots(ctx.attacker);
  let held = 0;
  for (const s of slots) if (s.source !== AttackSource.DodgePast) held += 1;
  const cap = roundAttackCap(ctx.attacker);
  return cap === null ? held : Math.min(cap, held);
}

/**
 * The multiple attacks module's price of the next attack counting every
 * attack rolled this round, free ones included (RHF-MAT-2: "all attacks
 * rolls made that round"; NC-ATK-8 counts them as the round's attacks too):
 * null when the allowance and the skill allow no such attack. A round whose
 * attacks were declared ahead keeps its declared price.
 */
function freeAttacksPriced(
  facts: QuicknessFacts,
  counter: AttackCounter,
  rules: FangsOptions | undefined,
): { readonly penalty: number } | null {
  if (facts.attacks !== undefined) return quicknessRound(facts, facts.attacks, rules, 0);
  const made = counter.made.length;
  const next = quicknessRound(facts, made + 1, rules, made);
  if (next === null) return { penalty: 0 };
  return next.attacks > made ? next : null;
}

/** Attacks made of the declared ones: a Charge's or a Dodge Past's free attack is not declared. */
function declaredMade(counter: AttackCounter): number {
  let made = 0;
  for (const source of counter.made)
    if (source !== AttackSource.ChargeFreeAttack && source !== AttackSource.DodgePast) made += 1;
  return made;
}

function capReached(attacker: RoundAttacker, counter: AttackCounter): boolean {
  const cap = roundAttackCap(attacker);
  return cap !== null && counter.made.length >= cap;
}

/* -------------------------------------------- */
/*  Free attacks: a Charge's, a Dodge Past's    */
/* -------------------------------------------- */

/**
 * "chargeFreeAttack": the charged target strikes back (NC-MAN-9).
 * "dodgePast": the attacker's second chance at a target dodging past it
 * (NC-DEF-4), one of the second attacks NC-ATK-7 names.
 */
export type FreeAttackKind = typeof AttackSource.ChargeFreeAttack | typeof AttackSource.DodgePast;

export interface FreeAttackContext {
  readonly kind: FreeAttackKind;
  /** Who would make the free attack; null when it is not in the combat (nothing to count). */
  readonly attacker: RoundAttacker | null;
  readonly counter: AttackCounter;
  readonly outOfAction?: boolean;
  /** The world's rules options (`dodgePastSecondChance` gives a charger its Dodge Past chance). */
  readonly options?: FangsOptions;
  /**
   * The weapon that would strike. Absent: the weapon is not chosen yet (a
   * card asking whether to offer the attack at all); the weapon is then
   * checked when the attack is made.
   */
  readonly weapon?: AttackWeapon;
  /**
   * The multiple attacks module's facts, read only when `options` switch it
   * on: a free attack is one of the round's attack rolls (RHF-MAT-2), priced
   * and limited as the next one.
   */
  readonly quickness?: QuicknessFacts;
  /** The holds module: a hold's control points immobilize the would-be attacker (RHF-HLD-2, holds.ts). */
  readonly immobilized?: boolean;
  /** The reach module's facts, as for any attack (`AttackNowContext.reach`): read only when `options` switch it on. */
  readonly reach?: { readonly range: Range; readonly weapon: ReachWeapon };
}

/**
 * Whether a weapon may strike a free attack (NC-DMG-7, NC-DMG-8): fit to
 * attack, and a melee weapon: the charger stands engaged with its target,
 * and a dodger slips past the attacker's reach (engaged fighters do not
 * shoot, NC-ATK-1). A refusal's lang key, or null.
 */
export function freeAttackWeaponRefusal(weapon: AttackWeapon): string | null {
  const reason = freeAttackWeaponUnfit(weapon);
  return reason ? KEY + reason : null;
}

function freeAttackWeaponUnfit(weapon: AttackWeapon): string | null {
  return weapon.kind === "melee" ? weaponUnfit(weapon) : "FreeAttackIsMelee";
}

/**
 * The weapon a free attack strikes with, of those at hand: the first held
 * weapon fit to strike it, else the first natural one (a fist or a claw is
 * always at hand). Null when none is fit.
 */
export function freeAttackWeapon<W extends AttackWeapon & { readonly natural?: boolean }>(
  weapons: readonly W[],
): W | null {
  const fit = weapons.filter((w) => freeAttackWeaponRefusal(w) === null);
  return fit.find((w) => w.natural !== true) ?? fit[0] ?? null;
}

/**
 * May this free attack be taken? Each is an attack, so it counts toward
 * NC-ATK-8's cap: one who has made its two attacks (three with Two Weapon)
 * this round cannot take it, and taking it uses one up. A Dodge Past chance
 * is a second attack (NC-ATK-7), so a maneuver that forbids second attacks
 * (Charge: "cannot ... make use of a second attack") has none. A Charge's
 * free attack is the target's whatever its maneuver: the text gives it
 * without condition beyond the charger's miss. Outside a combat nothing is
 * counted and the attack is allowed. The slot carries the source to count
 * the attack under.
 */
export function canTakeFreeAttack(ctx: FreeAttackContext): AttackVerdict {
  if (ctx.kind !== AttackSource.ChargeFreeAttack && ctx.kind !== AttackSource.DodgePast) {
    throw new RulesError("invalid-value", `"${String(ctx.kind)}" is not a free attack`, { kind: ctx.kind });
  }
  const plain = Object.freeze({
    source: ctx.kind,
    phase: "primary" as const,
    hand: "main" as const,
    modifier: 0,
    initiativeModifier: 0,
    penaltyMayMove: false,
  });
  const allowed = (slot: AttackSlot): AttackVerdict => {
    if (ctx.quickness === undefined || ctx.attacker === null || !multipleAttacksOn(ctx.options)) {
      return Object.freeze({ allowed: true, reasonKey: null, slot, intoMelee: false });
    }
    const priced = freeAttacksPriced(ctx.quickness, ctx.counter, ctx.options);
    if (priced === null) return no("QuicknessNoAttacksLeft");
    return Object.freeze({
      allowed: true,
      reasonKey: null,
      slot: Object.freeze({ ...slot, modifier: slot.modifier + priced.penalty }),
      intoMelee: false,
      quicknessPenalty: priced.penalty,
    });
  };
  // The weapon is checked as for any attack; a free attack is melee (`freeAttackWeaponRefusal`).
  const unfit = ctx.weapon ? freeAttackWeaponUnfit(ctx.weapon) : null;
  if (unfit) return no(unfit);
  if (ctx.attacker === null) return allowed(plain);
  if (ctx.outOfAction) return no("OutOfAction");
  if (ctx.immobilized === true) return no("Immobilized");
  if (ctx.reach !== undefined) {
    // RHF-RNG-1 (the reach module): a free attack is a blow like any other, struck only at its weapon's range.
    const out = reachAttackRefusal(ctx.reach.weapon, ctx.reach.range, ctx.options);
    if (out) return no(out);
  }
  if (ctx.weapon) {
    const mixed = mixesWeapons(false, ctx.counter);
    if (mixed) return no(mixed);
  }
  if (capReached(ctx.attacker, ctx.counter)) return no("NoAttacksLeft");
  if (ctx.kind === AttackSource.ChargeFreeAttack) return allowed(plain);
  const taken = ctx.counter.made.filter((s) => s === AttackSource.DodgePast).length;
  const { slots } = attackSlots({ ...ctx.attacker, dodgePastChances: taken + 1 }, ctx.options);
  const slot = unusedSlots(slots, ctx.counter).find((s) => s.source === AttackSource.DodgePast);
  return slot ? allowed(slot) : no("NoSecondAttack");
}
