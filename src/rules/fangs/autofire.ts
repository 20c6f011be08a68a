import type { DiceSource } from "../kernel/dice";
import type { Effect } from "../kernel/effects";
import { requireInteger } from "../kernel/errors";
import { burstHitsThrough } from "./bursts";
import { type FangsOptions, resolveOptions } from "./config";
import { type DamageResult, protectionOf, rollDamage } from "./damage";
import { type AttackRoll, type DefenseRoll, type ExchangeOutcome, OutcomeKind, plainBlow } from "./outcome";
import { autofireHits } from "./special-defenses";
import { type AttackDeclaration, type DefenseDeclaration, SuccessLevel } from "./types";

/* -------------------------------------------- */
/*  Autofire: how many hits a burst scores      */
/* -------------------------------------------- */

/** How many hits a burst scores and how the first of them is rolled. */
export interface AutofireBurst {
  readonly hits: number;
  /**
   * The outcome the first hit's damage is rolled with: the matrix's own blow
   * where it lands (a Special's, or a fumbled dodge's, NC-DMG-22, -23), a
   * plain hit where the matrix has the burst dodged. Every further hit is a
   * plain hit.
   */
  readonly first: ExchangeOutcome;
  /**
   * The bursts and area fire module (RHF-AUT-1, -2): the hits each roll put
   * through the defense, in the rolls' order; absent under NC-MAN-12.
   */
  readonly perRoll?: readonly number[];
}

/** Outcomes whose single blow lands: the burst's first hit is that blow. */
const LANDED: ReadonlySet<OutcomeKind> = new Set<OutcomeKind>([
  OutcomeKind.Hit,
  OutcomeKind.SpecialHit,
  OutcomeKind.FumbledDefenseHit,
]);

const AUTOFIRE_HIT_CLAUSES: readonly string[] = Object.freeze(["NC-MAN-12"]);

function plainHit(defense: DefenseDeclaration["choice"]): ExchangeOutcome {
  return plainBlow(OutcomeKind.Hit, defense, AUTOFIRE_HIT_CLAUSES);
}

/**
 * NC-MAN-12: the hits an autofire burst scores, null when the weapon has no
 * autofire or the burst scores none (the outcome matrix's word stands: a
 * miss, a fumble, a parry, a dodge that made it by as much as the attack).
 *
 * The attack is made by its total − 20, a dodge by its total − 20; a made
 * dodge lets the difference through. A dodge not made (failed, fumbled, not
 * rolled, or a defense that is no dodge) counts as missing by one: an
 * undodged 27 is eight hits, a bare 20 one, so not dodging is never better
 * than dodging and a worse dodge never better than a better one. Where the
 * matrix lands a blow (NC-DMG-15: a Special against a plain dodge is a
 * successful attack) the burst is at least that one hit, and its first hit
 * is the matrix's blow. A Special or Critical dodge counts like any made
 * dodge, or evades the whole burst (`autofireSpecialDodge`).
 */
export function autofireBurst(
  declaration: AttackDeclaration,
  attack: AttackRoll,
  defense: DefenseRoll | null,
  outcome: ExchangeOutcome,
  options?: FangsOptions,
): AutofireBurst | null {
  if (attack.burst !== undefined) return moduleBurst(attack, defense, outcome);
  if (!declaration.weapon.autofire || attack.mode === "grapple") return null;
  const landed = LANDED.has(outcome.kind);
  if (!landed && outcome.kind !== OutcomeKind.Dodged) return null;
  const dodge = defense?.choice === "dodge" ? (defense.check ?? null) : null;
  const made = dodge !== null && dodge.level >= SuccessLevel.Success;
  if (made && dodge.level >= SuccessLevel.Special) {
    if (resolveOptions(options).autofireSpecialDodge === "evadesBurst") return null;
  }
  const counted = autofireHits({ attackTotal: attack.check.total, dodgeTotal: made ? dodge.total : null });
  const hits = landed ? Math.max(1, counted) : counted;
  if (hits === 0) return null;
  return { hits, first: landed ? outcome : plainHit(outcome.defenseChoice) };
}

/**
 * RHF-AUT-1, -2 on FANGS (the bursts and area fire module): each roll that
 * gets through the defense (`burstRollLands`) hits as its d6 said. The
 * matrix reads the burst's best roll, so it lands a blow whenever any roll
 * gets through; the burst's first hit is that blow (a Special's, or a
 * fumbled dodge's), every other a plain hit, as NC-MAN-12's hits are.
 */
function moduleBurst(
  attack: AttackRoll,
  defense: DefenseRoll | null,
  outcome: ExchangeOutcome,
): AutofireBurst | null {
  if (!LANDED.has(outcome.kind)) return null;
  const perRoll = burstHitsThrough(attack.burst!, defense);
  const hits = perRoll.reduce((n, h) => n + h, 0);
  if (hits === 0) return null;
  return { hits, first: outcome, perRoll };
}

/** The hits of a burst summed up; `blows` keeps each hit's own damage. */
export interface AutofireDamage extends DamageResult {
  readonly hits: number;
  readonly blows: readonly DamageResult[];
  /** The target's protection, which each plain hit's Stun and HP parts lose (NC-DMG-3), for the card. */
  readonly protection: number;
  /** The hits each roll of the module's burst put through (RHF-AUT-1, -2); absent under NC-MAN-12. */
  readonly perRoll?: readonly number[];
}

/**
 * The damage step of an exchange, for the card and the simulator alike: an
 * autofire burst's hits (NC-MAN-12, `autofireBurst`), else the one blow of
 * the outcome. `attack` and `defense` are the rolls (null when none was
 * made).
 */
export function rollExchangeDamage(
  outcome: ExchangeOutcome,
  declaration: AttackDeclaration,
  defenseDeclaration: DefenseDeclaration,
  rolls: { readonly attack: AttackRoll | null; readonly defense: DefenseRoll | null },
  dice: DiceSource,
  options?: FangsOptions,
): DamageResult | AutofireDamage {
  const burst =
    rolls.attack !== null ? autofireBurst(declaration, rolls.attack, rolls.defense, outcome, options) : null;
  return burst
    ? rollAutofireDamage(burst, declaration, defenseDeclaration, dice, options)
    : rollDamage(outcome, declaration, defenseDeclaration, dice, options);
}

/**
 * NC-MAN-12: the hits of a burst, one damage roll each: the first with the
 * burst's `first` outcome (the matrix's blow where it landed), the others as
 * normal hits of the weapon (rolled damage, armor, subdual as declared).
 * Each lands on the pools the hits before it left (a hit on a target at 0
 * HP or less takes its Stun as HP, CORE-CON-3). A bare count is that many
 * normal hits. Dice: one hit after another. The effects are every hit's in
 * order.
 */
export function rollAutofireDamage(
  burst: number | AutofireBurst,
  attack: AttackDeclaration,
  defense: DefenseDeclaration,
  dice: DiceSource,
  options?: FangsOptions,
): AutofireDamage {
  const count = requireInteger(typeof burst === "number" ? burst : burst?.hits, "autofire hits", 0);
  const hit = plainHit(defense.choice);
  const first = typeof burst === "number" ? hit : burst.first;
  const blows: DamageResult[] = [];
  let target = defense;
  for (let i = 0; i < count; i++) {
    const blow = rollDamage(i === 0 ? first : hit, attack, target, dice, options);
    blows.push(blow);
    // Each hit is a further blow on the pools the last one left (CORE-CON-3: at 0 HP or less, Stun is taken as HP).
    const d = target.defender;
    target = {
      ...target,
      defender: {
        ...d,
        stunPoints: { ...d.stunPoints, value: d.stunPoints.value - blow.stunDamage },
        hitPoints: { ...d.hitPoints, value: d.hitPoints.value - blow.hitPointDamage },
      },
    };
  }
  const sum = (pick: (b: DamageResult) => number): number => blows.reduce((n, b) => n + pick(b), 0);
  const effects: Effect[] = blows.flatMap((b) => b.effects as Effect[]);
  return {
    kind: blows[0]?.kind ?? OutcomeKind.Dodged,
    damage: sum((b) => b.damage),
    // One blow at its maximum (a Special's) says so, as the matrix's blow would.
    maximum: count > 0 && blows.every((b) => b.maximum),
    stunDamage: sum((b) => b.stunDamage),
    hitPointDamage: sum((b) => b.hitPointDamage),
    untrackedHitPointDamage: sum((b) => b.untrackedHitPointDamage),
    parryItemWear: 0,
    parryItemShattered: false,
    weaponWear: 0,
    weaponShattered: false,
    counterDamage: 0,
    attackerStunDamage: 0,
    attackerHitPointDamage: 0,
    impaled: blows.some((b) => b.impaled),
    stuckInShield: false,
    effects,
    hits: count,
    blows,
    protection: protectionOf(defense.defender, false),
    ...(typeof burst !== "number" && burst.perRoll !== undefined ? { perRoll: burst.perRoll } : {}),
  };
}
