import type { DiceSource } from "../kernel/dice";
import type { Effect } from "../kernel/effects";
import { requireInteger } from "../kernel/errors";
import type { FangsOptions } from "./config";
import { type DamageResult, rollDamage } from "./damage";
import { type AttackRoll, type DefenseRoll, type ExchangeOutcome, OutcomeKind } from "./outcome";
import { autofireHits } from "./special-defenses";
import { type AttackDeclaration, type DefenseDeclaration, SuccessLevel } from "./types";

/* -------------------------------------------- */
/*  Autofire that gets through a dodge          */
/* -------------------------------------------- */

/**
 * NC-MAN-12: how many hits an autofire attack scores against a dodge: the
 * attack total less the dodge total, whether the dodge succeeded (outcome
 * Dodged) or not (outcome Hit: a failed dodge, or a Special the dodge did
 * not stop, NC-DMG-15), so a worse dodge never lets fewer shots through.
 * Zero (the outcome matrix's own blow stands) for any other weapon, a
 * defense other than a dodge, and the Special or fumbled-dodge blows of the
 * matrix (SpecialHit, FumbledDefenseHit), which are one blow each.
 */
export function autofireHitsThroughDodge(
  declaration: AttackDeclaration,
  attack: AttackRoll,
  defense: DefenseRoll | null,
  outcome: ExchangeOutcome,
): number {
  if (!declaration.weapon.autofire) return 0;
  if (outcome.kind !== OutcomeKind.Dodged && outcome.kind !== OutcomeKind.Hit) return 0;
  if (defense?.check == null || defense.choice !== "dodge") return 0;
  return autofireHits({ attackTotal: attack.check.total, dodgeTotal: defense.check.total });
}

/** The hits of a burst summed up; `blows` keeps each hit's own damage. */
export interface AutofireDamage extends DamageResult {
  readonly hits: number;
  readonly blows: readonly DamageResult[];
}

/**
 * The damage step of an exchange, for the card and the simulator alike: an
 * autofire burst's hits through a dodge (NC-MAN-12), each a normal hit; else
 * the one blow of the outcome. `attack` and `defense` are the rolls (null
 * when none was made).
 */
export function rollExchangeDamage(
  outcome: ExchangeOutcome,
  declaration: AttackDeclaration,
  defenseDeclaration: DefenseDeclaration,
  rolls: { readonly attack: AttackRoll | null; readonly defense: DefenseRoll | null },
  dice: DiceSource,
  options?: FangsOptions,
): DamageResult {
  const burst =
    rolls.attack !== null ? autofireHitsThroughDodge(declaration, rolls.attack, rolls.defense, outcome) : 0;
  return burst > 0
    ? rollAutofireDamage(burst, declaration, defenseDeclaration, dice, options)
    : rollDamage(outcome, declaration, defenseDeclaration, dice, options);
}

const AUTOFIRE_HIT_CLAUSES: readonly string[] = Object.freeze(["NC-MAN-12"]);

/**
 * NC-MAN-12: each hit through the dodge is a normal hit of the weapon
 * (rolled damage, armor, subdual as declared), on the pools the hits before
 * it left (a hit on a target at 0 HP or less takes its Stun as HP,
 * CORE-CON-3). Dice: one hit after another, each as a normal hit. The
 * effects are every hit's in order.
 */
export function rollAutofireDamage(
  hits: number,
  attack: AttackDeclaration,
  defense: DefenseDeclaration,
  dice: DiceSource,
  options?: FangsOptions,
): AutofireDamage {
  const count = requireInteger(hits, "autofire hits", 0);
  const hit: ExchangeOutcome = {
    kind: OutcomeKind.Hit,
    attackLevel: SuccessLevel.Success,
    defenseChoice: defense.choice,
    defenseLevel: null,
    upgradeConfirmation: null,
    prone: false,
    parryItemBroken: false,
    fumble: null,
    clauses: AUTOFIRE_HIT_CLAUSES,
  };
  const blows: DamageResult[] = [];
  let target = defense;
  for (let i = 0; i < count; i++) {
    const blow = rollDamage(hit, attack, target, dice, options);
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
    kind: count > 0 ? OutcomeKind.Hit : OutcomeKind.Dodged,
    damage: sum((b) => b.damage),
    maximum: false,
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
  };
}
