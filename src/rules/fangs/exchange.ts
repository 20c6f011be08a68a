import type { DiceSource } from "../kernel/dice";
import type { Effect } from "../kernel/effects";
import { rollExchangeDamage } from "./autofire";
import type { FangsOptions } from "./config";
import { assessValidatedBlow, type Consequences } from "./consequences";
import type { DamageResult } from "./damage";
import { checkDefenseFitsAttack, validateDefense } from "./defenses";
import {
  type AttackRoll,
  type DefenseRoll,
  decideOutcome,
  defenseFollows,
  type ExchangeOutcome,
  rollAttack,
  rollValidatedDefense,
} from "./outcome";
import type { AttackDeclaration, DefenseDeclaration } from "./types";

/**
 * One attack from roll to consequences, for the simulator, the benchmark and
 * anyone who needs the whole exchange at once. A chat card runs the same
 * steps one at a time (rollAttack, rollDefense, decideOutcome, rollDamage,
 * assessBlow) and gets the same result from the same dice. Each fighter's
 * state is validated once: the defender's before any die, the attacker's
 * when a Critical parry first reads it.
 *
 * Dice order (docs/rules/api.md):
 * 1. attack d20 (+1 d20 to confirm a Special or a Fumble); under the bursts
 *    and area fire module an autofire weapon's rolls instead (`rollBurst`:
 *    each roll's d20s, then a d6 for each success);
 * 2. only if the attack succeeded and a defense was chosen: defense d20 (+1 to confirm);
 * 3. outcome: a fumbled attack's Luck d20 (+1) when Luck is known, or the
 *    Critical confirmation d20 after a fumbled defense against a normal success;
 * 4. damage: weapon dice, then DM dice; or the parrying item's dice then the
 *    defender's DM dice (Special parry, Critical parry); none for maximum damage;
 *    an autofire burst (NC-MAN-12): each hit's dice in turn;
 * 5. consequences: the defender's CO check (+1) when due, then the attacker's.
 */

export interface ExchangeInput {
  readonly attack: AttackDeclaration;
  /** The defender and its choice ("none" when it does not or cannot defend). */
  readonly defense: DefenseDeclaration;
}

export interface ExchangeResolution {
  readonly attack: AttackRoll;
  /** Null when no defense was rolled (the attack failed, or the choice was "none"). */
  readonly defense: DefenseRoll | null;
  readonly outcome: ExchangeOutcome;
  readonly damage: DamageResult;
  /** The hits of an autofire burst, each rolled apart in `damage` (0: not a burst, NC-MAN-12). */
  readonly hits: number;
  /** Defender's first, then the attacker's (after a Critical parry), for each one who lost points. */
  readonly consequences: readonly Consequences[];
  /** Every effect of the exchange in order: damage, then consequences. */
  readonly effects: readonly Effect[];
}

export function resolveExchange(
  input: ExchangeInput,
  dice: DiceSource,
  options?: FangsOptions,
): ExchangeResolution {
  const { attack: declaration, defense: defenseDeclaration } = input;
  // Refuse a bad defense before any die is rolled, even if the attack will miss.
  validateDefense(defenseDeclaration);
  checkDefenseFitsAttack(declaration.mode, declaration.weapon.kind, defenseDeclaration.choice);

  const attack = rollAttack(declaration, dice, options);
  const defense =
    defenseFollows(attack) && defenseDeclaration.choice !== "none"
      ? rollValidatedDefense(defenseDeclaration, dice)
      : null;
  const outcome = decideOutcome(attack, defense, dice, options);
  // A burst through a dodge is several hits (NC-MAN-12), as the card rolls them.
  const damage = rollExchangeDamage(
    outcome,
    declaration,
    defenseDeclaration,
    { attack, defense },
    dice,
    options,
  );

  let consequences: Consequences[] = NO_CONSEQUENCES;
  let effects: Effect[] = damage.effects as Effect[];
  if (damage.stunDamage > 0 || damage.hitPointDamage > 0) {
    const defender = defenseDeclaration.defender;
    const c = assessValidatedBlow(
      {
        actorId: defender.id,
        state: defender,
        stunLost: damage.stunDamage,
        hitPointsLost: damage.hitPointDamage,
      },
      dice,
    );
    consequences = [c];
    if (c.effects.length > 0) effects = effects.concat(c.effects);
  }
  const attackerState = declaration.attacker.state ?? null;
  if (attackerState !== null && (damage.attackerStunDamage > 0 || damage.attackerHitPointDamage > 0)) {
    const c = assessValidatedBlow(
      {
        actorId: declaration.attacker.id,
        state: attackerState,
        stunLost: damage.attackerStunDamage,
        hitPointsLost: damage.attackerHitPointDamage,
      },
      dice,
    );
    consequences = consequences === NO_CONSEQUENCES ? [c] : [...consequences, c];
    if (c.effects.length > 0) effects = effects.concat(c.effects);
  }
  const hits = "hits" in damage ? damage.hits : 0;
  return { attack, defense, outcome, damage, hits, consequences, effects };
}

const NO_CONSEQUENCES: Consequences[] = [];
Object.freeze(NO_CONSEQUENCES);
