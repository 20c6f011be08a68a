import { requireInteger } from "../kernel/errors";
import { type AttackCounter, AttackSource } from "./attack-counter";
import { type FangsOptions, resolveOptions } from "./config";
import { getManeuver, isManeuverId, type ManeuverDefinition } from "./maneuvers";
import { MANEUVER_IDS, type ManeuverId, type WeaponKind } from "./types";

/**
 * Attacks per round and per phase (NC-MAN-6, -7, -9, NC-ATK-7 … -10): which
 * attacks a combatant has this round and a per-round counter, what the
 * tracker shows. Whether an attack may be made now is
 * `src/rules/fangs/attack-checks.ts`: only the attack workflow and the
 * exchange card ask it, so it loads with them, not at start-up.
 */

// The round's attack counter and the attack sources are read at start-up (a combatant's round): ./attack-counter.ts.
export {
  type AttackCounter,
  AttackSource,
  emptyAttackCounter,
  recordAttack,
} from "./attack-counter";

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
  const secondChance = maneuver.attacks > 0 && dodgePastSecondChanceFor(maneuver.id, options);
  // Asked at every attack and every Post-Melee turn, with a handful of situations: the answer
  // (frozen, so it may be shared) is kept under a number holding every input it reads.
  const key = allowanceKey(profile, maneuver.id, chances, secondChance);
  if (key === null) return buildSlots(profile, maneuver, chances, secondChance);
  let allowance = ALLOWANCES.get(key);
  if (allowance === undefined) {
    allowance = buildSlots(profile, maneuver, chances, secondChance);
    ALLOWANCES.set(key, allowance);
  }
  return allowance;
}

const ALLOWANCES = new Map<number, AttackAllowance>();
const MANEUVER_NUMBER = new Map<string, number>(MANEUVER_IDS.map((id, i) => [id, i]));

const isFlag = (value: unknown): boolean => value == null || typeof value === "boolean";

/**
 * attackSlots' inputs as one number: each flag as buildSlots reads it (`=== true`, truthy or
 * `=== false`), null when a flag is not a boolean (read one way as truthy and another as
 * `=== true`) or the dodge-past chances are many: those are built each time.
 */
function allowanceKey(
  profile: RoundAttacker,
  maneuver: ManeuverId,
  chances: number,
  secondChance: boolean,
): number | null {
  if (chances > 15 || !isFlag(profile.twoWeapon) || !isFlag(profile.humanoid)) return null;
  let bits = chances;
  if (profile.humanoid === false) bits |= 1 << 4;
  if (profile.twoWeapon === true) bits |= 1 << 5;
  if (profile.ambidextrous) bits |= 1 << 6;
  if (profile.offHandWeapon === true) bits |= 1 << 7;
  if (profile.offHandParried) bits |= 1 << 8;
  if (profile.offHandShield === true) bits |= 1 << 9;
  if (profile.shieldBashAttack === "offHand") bits |= 1 << 10;
  if (profile.offHandAttacked) bits |= 1 << 11;
  if (secondChance) bits |= 1 << 12;
  return MANEUVER_NUMBER.get(maneuver)! * (1 << 13) + bits;
}

function buildSlots(
  profile: RoundAttacker,
  maneuver: ManeuverDefinition,
  chances: number,
  secondChance: boolean,
): AttackAllowance {
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
  if (secondChance) {
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

/**
 * Whether an attacker on this maneuver gets a Dodge Past's second chance.
 * NC-MAN-9: a Charge "cannot ... make use of a second attack", and NC-ATK-7
 * counts "the extra attack due to a Dodge Past" among second attacks; under
 * `dodgePastSecondChance: "always"` the Dodge Past gives it all the same.
 * An unknown maneuver (out of combat) gets it.
 */
export function dodgePastSecondChanceFor(
  attackerManeuver: ManeuverId | string | null | undefined,
  options?: FangsOptions,
): boolean {
  if (resolveOptions(options).dodgePastSecondChance === "always") return true;
  if (attackerManeuver == null || !isManeuverId(attackerManeuver)) return true;
  return !getManeuver(attackerManeuver).forbidsExtraAttacks;
}

/* -------------------------------------------- */
/*  Per-round counter                           */
/* -------------------------------------------- */

/** Post-melee attacks still open to a combatant (what phaseTurnOrder's `postMeleeAttacks` fact wants). */
export function postMeleeAttacksLeft(profile: RoundAttacker, counter: AttackCounter): number {
  return postMeleeLeft(profile, unusedSlots(attackSlots(profile).slots, counter), counter);
}

function postMeleeLeft(profile: RoundAttacker, open: readonly AttackSlot[], counter: AttackCounter): number {
  let free = 0;
  for (let i = 0; i < open.length; i++) if (open[i]!.phase === "postMelee") free += 1;
  const cap = roundAttackCap(profile);
  return Math.max(0, cap === null ? free : Math.min(free, cap - counter.made.length));
}

/** The round's slots the attacks counted so far have not used: each attack uses one slot of its source. */
export function unusedSlots(slots: readonly AttackSlot[], counter: AttackCounter): AttackSlot[] {
  // Asked several times an attack over frozen lists of a few entries: indexed loops, and the attacks
  // already matched to a slot marked in a bit mask rather than spliced out of a copy.
  const made = counter.made;
  if (made.length > 30) return unusedSlotsOfMany(slots, made);
  const open: AttackSlot[] = [];
  let matched = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    let at = -1;
    for (let j = 0; j < made.length; j++) {
      if ((matched & (1 << j)) === 0 && made[j] === slot.source) {
        at = j;
        break;
      }
    }
    if (at < 0) open.push(slot);
    else matched |= 1 << at;
  }
  return open;
}

function unusedSlotsOfMany(slots: readonly AttackSlot[], made: readonly AttackSource[]): AttackSlot[] {
  const used = made.slice();
  return slots.filter((s) => {
    const at = used.indexOf(s.source);
    if (at < 0) return true;
    used.splice(at, 1);
    return false;
  });
}

/** A limit or bonus one combatant carries for a while, because of another's maneuver. */
export type AttackRestriction =
  /** The attacker may not attack this round (a Disengage; a Retreat chased or let go). */
  | { readonly kind: "noAttack"; readonly round: number; readonly because: string }
  /** The attacker may not change its target this round. */
  | {
      readonly kind: "noChangeTarget";
      readonly targetId: string;
      readonly round: number;
      readonly because: string;
    }
  /** No Charge against this target up to and including `untilRound`. */
  | {
      readonly kind: "noCharge";
      readonly targetId: string;
      readonly untilRound: number;
      readonly because: string;
    }
  /** No engaging this target from `fromRound` to `untilRound`, except by a Charge. */
  | {
      readonly kind: "noEngage";
      readonly targetId: string;
      readonly fromRound: number;
      readonly untilRound: number;
      readonly exceptCharge: boolean;
      readonly because: string;
    };

/** Whether a restriction still binds in `round`. */
export function restrictionActive(restriction: AttackRestriction, round: number): boolean {
  switch (restriction.kind) {
    case "noAttack":
    case "noChangeTarget":
      return restriction.round === round;
    case "noCharge":
      return round <= restriction.untilRound;
    case "noEngage":
      return round >= restriction.fromRound && round <= restriction.untilRound;
  }
}

/** NC-ATK-3: no melee weapon in a round one uses a ranged weapon, nor the other way. A refusal's reason, or null. */
export function mixesWeapons(ranged: boolean, counter: AttackCounter): string | null {
  if (ranged && counter.usedMelee) return "RangedAfterMelee";
  if (!ranged && counter.usedRanged) return "MeleeAfterRanged";
  return null;
}

/**
 * The kinds of the weapons a combatant has at hand for a Post-Melee attack,
 * by hand: the main hand's is the weapon its maneuver was declared with; the
 * off hand's, a weapon there, and a shield that may bash (a melee blow).
 */
export interface PostMeleeWeapons {
  readonly main: readonly WeaponKind[];
  readonly off: readonly WeaponKind[];
}

/** What both drivers know of a combatant when the Post-Melee phase's order is drawn. */
export interface PostMeleeTurnFacts {
  readonly attacker: RoundAttacker;
  readonly counter: AttackCounter;
  readonly weapons: PostMeleeWeapons;
  readonly round: number;
  readonly restrictions?: readonly AttackRestriction[];
  readonly outOfAction?: boolean;
}

/**
 * Is this combatant owed a Post-Melee turn (NC-ATK-7)? Only with a
 * post-melee attack left (NC-ATK-8 … -10) that it may still make: no
 * Disengage or Retreat forbids it this round (NC-SPD-1, -3), and a weapon
 * at hand for that attack's hand keeps to the kind it used (NC-ATK-3: a
 * knife thrown in the Missile phase leaves the dagger in the off hand
 * idle). The answer is the first such attack, whose initiative modifier
 * orders the phase (NC-DEF-7), or null. Its target and reach are the
 * attack's own checks, made when it is taken (canAttackNow).
 */
export function owedPostMeleeAttack(facts: PostMeleeTurnFacts): AttackSlot | null {
  if (facts.outOfAction === true) return null;
  const maneuver = facts.attacker.maneuver;
  if (!isManeuverId(maneuver) || getManeuver(maneuver).attacks === 0) return null;
  // Asked for every combatant as the Post-Melee phase opens: the open slots are worked out once.
  const open = unusedSlots(attackSlots(facts.attacker).slots, facts.counter);
  if (postMeleeLeft(facts.attacker, open, facts.counter) === 0) return null;
  if ((facts.restrictions ?? []).some((r) => r.kind === "noAttack" && restrictionActive(r, facts.round))) {
    return null;
  }
  for (let i = 0; i < open.length; i++) {
    const slot = open[i]!;
    if (slot.phase !== "postMelee") continue;
    const kinds = slot.hand === "main" ? facts.weapons.main : facts.weapons.off;
    for (let k = 0; k < kinds.length; k++) {
      if (mixesWeapons(kinds[k] !== "melee", facts.counter) === null) return slot;
    }
  }
  return null;
}
