import { RulesError, requireInteger } from "../kernel/errors";
import { itemCondition } from "./character";
import type { FangsOptions } from "./config";
import { getManeuver } from "./maneuvers";
import {
  type AttackRestriction,
  dodgePastSecondChanceFor,
  mayCloseWith,
  restrictionActive,
} from "./special-defenses";
import type { ItemSp, ManeuverId, PhaseId, WeaponKind } from "./types";

/**
 * Attacks per round and per phase (NC-MAN-6, -7, -9, NC-ATK-1 … -10,
 * NC-DMG-7): which attacks a combatant has this round, a per-round counter,
 * and `canAttackNow`, the one question the tracker asks before an attack.
 */

/** Where an attack comes from. */
export const AttackSource = {
  /** The maneuver's own attack (Missile or Melee phase). */
  Maneuver: "maneuver",
  /** All-Out-Attack's second attack at the same target. */
  AllOutAttackSecond: "allOutAttackSecond",
  /** All-Out-Attack's third attack with the Two Weapon advantage. */
  TwoWeaponThird: "twoWeaponThird",
  /** The off-hand weapon (−10; −4 with Two Weapon; 0 also ambidextrous). */
  OffHand: "offHand",
  /** The extra chance at someone dodging past (NC-DEF-4). */
  DodgePast: "dodgePast",
  /** A charged target's free attack at a charger that missed or did no damage (NC-MAN-9). */
  ChargeFreeAttack: "chargeFreeAttack",
} as const;
export type AttackSource = (typeof AttackSource)[keyof typeof AttackSource];

export interface AttackSlot {
  readonly source: AttackSource;
  /** "primary": the Missile or Melee phase (by weapon kind); "postMelee": NC-ATK-7. */
  readonly phase: "primary" | "postMelee";
  readonly hand: "main" | "off";
  /** Added to the attack roll. */
  readonly modifier: number;
  /** Added to the order value in the Post-Melee phase (NC-DEF-7). */
  readonly initiativeModifier: number;
  /** Two Weapon's −4 falls on the attack the character chooses (NC-ATK-10): the tracker may move it. */
  readonly penaltyMayMove: boolean;
}

/** What decides a combatant's attacks this round (not to be confused with the exchange's AttackerProfile). */
export interface RoundAttacker {
  readonly maneuver: ManeuverId | string;
  /** NC-ATK-8 caps humanoids at two attacks a round (default true). */
  readonly humanoid?: boolean;
  readonly twoWeapon?: boolean;
  readonly ambidextrous?: boolean;
  /** A dagger or second weapon in the off hand. */
  readonly offHandWeapon?: boolean;
  /**
   * The off-hand item parried this round: without Two Weapon an off-hand
   * weapon then cannot attack (NC-ATK-9); a shield never can (NC-DEF-9).
   */
  readonly offHandParried?: boolean;
  /** A shield in the off hand: its one use a round may be a bash instead of a parry (NC-DEF-9). */
  readonly offHandShield?: boolean;
  /** The off-hand item already attacked this round (a shield bashes once, NC-DEF-9). */
  readonly offHandAttacked?: boolean;
  /** Which attack a shield bash is (the rules option `shieldBashAttack`); default "maneuver". */
  readonly shieldBashAttack?: ShieldBashAttack;
  /** Second chances owed by targets dodging past this attacker (NC-DEF-4). */
  readonly dodgePastChances?: number;
}

/**
 * Which attack a shield bash is (NC-DEF-9, docs/rules/fangs.md): "maneuver",
 * the maneuver's own attack made with the shield instead of the weapon;
 * "offHand", the off hand's second attack in the Post-Melee phase at −10 to
 * attack and to initiative, as a dagger in the left hand (NC-ATK-9).
 */
export type ShieldBashAttack = "maneuver" | "offHand";

/** The hand whose attack a shield bash takes. */
export function shieldBashHand(reading: ShieldBashAttack | undefined): "main" | "off" {
  return reading === "offHand" ? "off" : "main";
}

/** The off-hand penalty: −10 normally (NC-ATK-9, NC-DEF-7), −4 with Two Weapon, 0 with Two Weapon and ambidexterity (NC-ATK-10). */
export function offHandPenalty(profile: Pick<RoundAttacker, "twoWeapon" | "ambidextrous">): number {
  if (profile.twoWeapon) return profile.ambidextrous ? 0 : -4;
  return -10;
}

export interface AttackAllowance {
  /** Every attack the round may hold, in the order they are taken. */
  readonly slots: readonly AttackSlot[];
  /** At most this many of them (NC-ATK-8). */
  readonly maxAttacks: number;
}

/** The attacks a combatant has this round. */
export function attackSlots(profile: RoundAttacker, options?: FangsOptions): AttackAllowance {
  const maneuver = getManeuver(profile.maneuver);
  const chances = requireInteger(profile.dodgePastChances ?? 0, "dodge past chances", 0);
  const humanoid = profile.humanoid ?? true;
  const slots: AttackSlot[] = [];
  const slot = (
    source: AttackSource,
    phase: AttackSlot["phase"],
    hand: AttackSlot["hand"],
    modifier = 0,
    initiativeModifier = 0,
    penaltyMayMove = false,
  ): void => {
    slots.push(Object.freeze({ source, phase, hand, modifier, initiativeModifier, penaltyMayMove }));
  };

  if (maneuver.attacks > 0) slot(AttackSource.Maneuver, "primary", "main");
  if (maneuver.attacks > 1) slot(AttackSource.AllOutAttackSecond, "postMelee", "main");
  const offHandFree =
    profile.offHandWeapon === true && (!profile.offHandParried || profile.twoWeapon === true);
  const shieldSecond =
    profile.offHandShield === true &&
    profile.offHandWeapon !== true &&
    profile.shieldBashAttack === "offHand" &&
    !profile.offHandParried &&
    !profile.offHandAttacked;
  const offPenalty = offHandPenalty(profile);
  const offInitiative = profile.twoWeapon ? 0 : -10;
  if (maneuver.attacks > 0 && !maneuver.forbidsExtraAttacks) {
    if (maneuver.twoWeaponExtraAttack) {
      // All-Out-Attack: only Two Weapon adds the off hand, as the third attack.
      if (profile.twoWeapon && offHandFree) {
        slot(AttackSource.TwoWeaponThird, "postMelee", "off", offPenalty, 0, offPenalty !== 0);
      }
    } else if (offHandFree) {
      slot(AttackSource.OffHand, "postMelee", "off", offPenalty, offInitiative, profile.twoWeapon === true);
    } else if (shieldSecond) {
      // Two Weapon is an advantage of two weapons: a shield keeps the common −10.
      slot(AttackSource.OffHand, "postMelee", "off", -10, -10, false);
    }
  }
  if (maneuver.attacks > 0 && dodgePastSecondChanceFor(maneuver.id, options)) {
    for (let i = 0; i < chances; i += 1) slot(AttackSource.DodgePast, "postMelee", "main");
  }
  const cap = roundAttackCap({ humanoid, twoWeapon: profile.twoWeapon });
  return Object.freeze({
    slots: Object.freeze(slots),
    maxAttacks: Math.min(cap ?? slots.length, slots.length),
  });
}

/**
 * NC-ATK-8: "No humanoid attacker can attack more than two times during a
 * round except when using the two weapon Advantage": two, three with Two
 * Weapon; null for a creature, which the text does not cap. Every attack
 * made counts, a free one too (a Charge's free attack, a Dodge Past chance).
 */
export function roundAttackCap(profile: Pick<RoundAttacker, "humanoid" | "twoWeapon">): number | null {
  if (profile.humanoid === false) return null;
  return profile.twoWeapon ? 3 : 2;
}

/* -------------------------------------------- */
/*  Per-round counter                           */
/* -------------------------------------------- */

export interface AttackCounter {
  /** The sources of the attacks made this round, in order. */
  readonly made: readonly AttackSource[];
  readonly usedRanged: boolean;
  readonly usedMelee: boolean;
  /** Targets attacked, in order (All-Out-Attack keeps to one). */
  readonly targets: readonly string[];
}

export function emptyAttackCounter(): AttackCounter {
  return Object.freeze({
    made: Object.freeze([]),
    usedRanged: false,
    usedMelee: false,
    targets: Object.freeze([]),
  });
}

export function recordAttack(
  counter: AttackCounter,
  attack: { readonly source: AttackSource; readonly kind: WeaponKind; readonly targetId: string },
): AttackCounter {
  if (!Object.values(AttackSource).includes(attack.source)) {
    throw new RulesError("invalid-value", `"${String(attack.source)}" is not an attack source`, { attack });
  }
  return Object.freeze({
    made: Object.freeze([...counter.made, attack.source]),
    usedRanged: counter.usedRanged || attack.kind !== "melee",
    usedMelee: counter.usedMelee || attack.kind === "melee",
    targets: Object.freeze([...counter.targets, attack.targetId]),
  });
}

/** Post-melee attacks still open to a combatant (what phaseTurnOrder's `postMeleeAttacks` fact wants). */
export function postMeleeAttacksLeft(profile: RoundAttacker, counter: AttackCounter): number {
  const { slots } = attackSlots(profile);
  const free = unusedSlots(slots, counter).filter((s) => s.phase === "postMelee").length;
  const cap = roundAttackCap(profile);
  return Math.max(0, cap === null ? free : Math.min(free, cap - counter.made.length));
}

function unusedSlots(slots: readonly AttackSlot[], counter: AttackCounter): AttackSlot[] {
  const used = [...counter.made];
  return slots.filter((s) => {
    const at = used.indexOf(s.source);
    if (at < 0) return true;
    used.splice(at, 1);
    return false;
  });
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
}

const KEY = "FANGS.Rules.Attack.Refusal.";
function no(reason: string): AttackVerdict {
  return Object.freeze({ allowed: false, reasonKey: KEY + reason, slot: null, intoMelee: false });
}

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
  if (maneuver.attacks === 0) return no("ManeuverNoAttack");
  if (ctx.phase === "initiative") return no("NotAnAttackPhase");
  const restrictions = (ctx.restrictions ?? []).filter((r) => restrictionActive(r, round));
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

/** NC-ATK-3: no melee weapon in a round one uses a ranged weapon, nor the other way. A refusal's reason, or null. */
function mixesWeapons(ranged: boolean, counter: AttackCounter): string | null {
  if (ranged && counter.usedMelee) return "RangedAfterMelee";
  if (!ranged && counter.usedRanged) return "MeleeAfterRanged";
  return null;
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
  const allowed = (slot: AttackSlot): AttackVerdict =>
    Object.freeze({ allowed: true, reasonKey: null, slot, intoMelee: false });
  // The weapon is checked as for any attack; a free attack is melee (`freeAttackWeaponRefusal`).
  const unfit = ctx.weapon ? freeAttackWeaponUnfit(ctx.weapon) : null;
  if (unfit) return no(unfit);
  if (ctx.attacker === null) return allowed(plain);
  if (ctx.outOfAction) return no("OutOfAction");
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
