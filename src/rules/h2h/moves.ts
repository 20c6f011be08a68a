import type { ModifierId, MoveFamily, MoveId, Range } from "./types";

/**
 * The moves list (H2H-MOV-1 … H2H-MOV-4) as data: each move's damage dice,
 * the ranges it may be made from, what it does beyond damage and which
 * modifications (H2H-MOD-1) it takes. A GM may replace the list through
 * the options (`moves`); docs/rules/h2h.md says where each figure comes from.
 */

/** What a move does to its victim beyond damage, when it lands. */
export interface MoveEffect {
  /** Attacks the victim loses ("lose one attack"). */
  readonly loseAttacks: number;
  /** The victim loses their next available initiative. */
  readonly loseInitiative: boolean;
  /** A balance roll (the victim's `balance` on a d20) saves the lost attacks, not the initiative (Tackle). */
  readonly balanceSaves: boolean;
  /** Falls to the ground (Sweep); a note for the table, the cost is the two above. */
  readonly falls: boolean;
}

export interface MoveData {
  readonly family: MoveFamily;
  /** Damage dice: "1d4", "2d6", "1" (Hand Holds), "0" (Body Holds, Disarm). */
  readonly dice: string;
  /** Ranges it may be made from without penalty. */
  readonly ranges: readonly Range[];
  /** Ranges it may be made from at `grappleFromFightingPenalty` (grapples from fighting range). */
  readonly penalizedRanges: readonly Range[];
  readonly modifiers: readonly ModifierId[];
  /** Cannot be parried (Sweep). */
  readonly unparryable: boolean;
  /** Parried, it still deals `parriedShare` of the rules (Round/Shin Kick: ¼). */
  readonly parriedShare: boolean;
  /** Cannot be met with a simultaneous attack, but by a Sweep (Back Kick). */
  readonly noSimultaneous: boolean;
  /** Crescent Kick: ¼ when rolled with, nothing after a Breakfall (`crescentShares`). */
  readonly crescent: boolean;
  /** At grappling range, a natural damage roll over 9 pushes the victim to fighting range (Front Kick). */
  readonly pushOver: number | null;
  readonly effect: MoveEffect | null;
  /** Dice come from the weapon in hand (a strike with a weapon). */
  readonly weapon?: boolean;
  /** A hold: it lasts until broken or let go; each of the holder's attacks on it deals its damage. */
  readonly hold: boolean;
  /** Breaking it reads the holder's P.S. alone (Bear Hug), per `bearHugBreak`. */
  readonly bearHug: boolean;
  /** No damage: a disarm. */
  readonly disarm: boolean;
}

const FG: readonly Range[] = Object.freeze(["fighting", "grappling"]);
const G: readonly Range[] = Object.freeze(["grappling"]);
const F: readonly Range[] = Object.freeze(["fighting"]);
const NONE: readonly Range[] = Object.freeze([]);

const NO_MODS: readonly ModifierId[] = Object.freeze([]);
const ALL: readonly ModifierId[] = Object.freeze(["dash", "spin", "jump", "power"]);
/** Dash takes any arm attack (and the text's list of others); Spin a kick, Chop, Elbow or Backhand. */
const ARM_DASH: readonly ModifierId[] = Object.freeze(["dash", "jump", "power"]);
const ARM_DASH_SPIN: readonly ModifierId[] = Object.freeze(["dash", "spin", "jump", "power"]);
const KICK_SPIN: readonly ModifierId[] = Object.freeze(["spin", "jump", "power"]);
const JUMP_POWER: readonly ModifierId[] = Object.freeze(["jump", "power"]);
const DASH_JUMP_POWER = ARM_DASH;

function move(
  family: MoveFamily,
  dice: string,
  ranges: readonly Range[],
  modifiers: readonly ModifierId[],
  more: Partial<MoveData> = {},
): MoveData {
  return Object.freeze({
    family,
    dice,
    ranges,
    penalizedRanges: NONE,
    modifiers,
    unparryable: false,
    parriedShare: false,
    noSimultaneous: false,
    crescent: false,
    pushOver: null,
    effect: null,
    hold: false,
    bearHug: false,
    disarm: false,
    ...more,
  });
}

const fall = (loseAttacks: number, balanceSaves = false, falls = false): MoveEffect =>
  Object.freeze({ loseAttacks, loseInitiative: true, balanceSaves, falls });

const grapple = (dice: string, more: Partial<MoveData>, modifiers: readonly ModifierId[]): MoveData =>
  move(more.hold ? "hold" : "grapple", dice, G, modifiers, {
    penalizedRanges: F,
    ...more,
  });

export const H2H_MOVES: Readonly<Record<MoveId, MoveData>> = Object.freeze({
  punch: move("arm", "1d4", FG, ARM_DASH),
  hook: move("arm", "2d4", G, ARM_DASH),
  underpunch: move("arm", "1d6", FG, ARM_DASH),
  palm: move("arm", "1d6", FG, ARM_DASH),
  chop: move("arm", "1d6", FG, ARM_DASH_SPIN),
  backhand: move("arm", "1d4", FG, ARM_DASH_SPIN),
  elbow: move("arm", "1d6", G, ARM_DASH_SPIN),
  forearm: move("arm", "1d4", G, ARM_DASH),
  uppercut: move("arm", "2d4", G, ARM_DASH),
  doubleFist: move("arm", "2d4", FG, ARM_DASH),
  kick: move("leg", "1d6", FG, DASH_JUMP_POWER),
  sideKick: move("leg", "1d6", FG, ALL),
  crescentKick: move("leg", "2d4", FG, KICK_SPIN, { crescent: true }),
  hookKick: move("leg", "2d4", F, KICK_SPIN),
  frontKick: move("leg", "2d6", FG, DASH_JUMP_POWER, { pushOver: 9 }),
  roundKick: move("leg", "3d4", F, KICK_SPIN, { parriedShare: true }),
  shinKick: move("leg", "3d4", G, KICK_SPIN, { parriedShare: true }),
  axeKick: move("leg", "3d4", FG, KICK_SPIN),
  backKick: move("leg", "2d6", FG, KICK_SPIN, { noSimultaneous: true }),
  sweep: move("leg", "1d4", FG, Object.freeze(["power"]), {
    unparryable: true,
    effect: fall(1, false, true),
  }),
  knee: move("leg", "2d4", FG, DASH_JUMP_POWER),
  tackle: move("misc", "2d4", FG, DASH_JUMP_POWER, { effect: fall(1, true) }),
  headbutt: move("misc", "1d6", G, DASH_JUMP_POWER),
  disarm: move("misc", "0", FG, NO_MODS, { disarm: true }),
  flipThrow: grapple("2d4", { effect: fall(1) }, Object.freeze(["power"])),
  slam: grapple("3d6", { effect: fall(2) }, JUMP_POWER),
  bearHug: grapple("1d6", { hold: true, bearHug: true }, NO_MODS),
  armHold: grapple("1d4", { hold: true }, NO_MODS),
  bodyHold: grapple("0", { hold: true }, NO_MODS),
  neckHold: grapple("1d4", { hold: true }, NO_MODS),
  handHold: grapple("1", { hold: true }, NO_MODS),
  legHold: grapple("1d6", { hold: true }, NO_MODS),
  footHold: grapple("1d4", { hold: true }, NO_MODS),
  weaponStrike: move("weapon", "0", F, ALL, { weapon: true }),
});
