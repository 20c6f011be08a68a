import type { DiceSource } from "../kernel/dice";
import type { Effect } from "../kernel/effects";
import type { HitLocationTable } from "../kernel/hit-locations";
import { type CheckRoll, type DifficultyNumber, levelRank, rollCheck } from "./check";
import { SHARENE_DEFAULTS, type ShareneRules } from "./config";
import { chooseBlow, type DamageResult, dealDamage } from "./damage";
import { SHARENE_HIT_LOCATIONS } from "./hit-locations";
import type {
  CalledShot,
  Defense,
  ShareneCondition,
  ShareneFighter,
  StatedBlow,
  SuccessLevel,
} from "./types";

/**
 * "5/ATTACK RESOLUTION": the attack and the defense rolled together, each
 * under its DN (SHA-RES-1), and what follows. An attack made is a hit
 * unless the defense is made too, whatever either's Success Level
 * (SHA-RES-2); a called shot below the level it needs fails completely
 * (SHA-CAL-1). The Success Levels are compared for the riposte (SHA-STY-5).
 */

export type ExchangeOutcome = "miss" | "calledMissed" | "parried" | "dodged" | "hit" | "calledEffect";

export interface ExchangeRolls {
  readonly attackerId: string;
  readonly defenderId: string;
  readonly riposte: boolean;
  readonly attack: { readonly dn: DifficultyNumber; readonly check: CheckRoll };
  readonly defense: {
    readonly kind: Defense;
    readonly dn: DifficultyNumber;
    readonly check: CheckRoll;
  } | null;
  readonly called: CalledShot | null;
  readonly outcome: ExchangeOutcome;
  /** The blow that got through; null when none did. */
  readonly damage: DamageResult | null;
  readonly effects: readonly Effect[];
}

export interface ExchangeInput {
  readonly attacker: ShareneFighter;
  readonly defender: ShareneFighter;
  readonly defenderCondition: ShareneCondition;
  readonly riposte: boolean;
  readonly attackDn: DifficultyNumber;
  readonly defense: { readonly kind: Defense; readonly dn: DifficultyNumber } | null;
  readonly statedBlow: StatedBlow | null;
  readonly called: CalledShot | null;
}

const NO_EFFECTS: readonly Effect[] = Object.freeze([]);

/** The level a called shot needs (SHA-CAL-1), from the rules' table. */
export function calledLevel(called: CalledShot, rules: ShareneRules = SHARENE_DEFAULTS): SuccessLevel | null {
  const key = called.kind === "location" ? called.location : called.effect;
  return rules.calledShots[key] ?? null;
}

/**
 * Rolls the attack's d20, then the defense's, then (for a blow that got
 * through) the blow, the location, the damage and any END check, all
 * through `dice` in that order.
 */
export function rollExchange(
  input: ExchangeInput,
  dice: DiceSource,
  rules: ShareneRules = SHARENE_DEFAULTS,
  table: HitLocationTable = SHARENE_HIT_LOCATIONS,
): ExchangeRolls {
  const attack = { dn: input.attackDn, check: rollCheck(input.attackDn.dn, dice, rules) };
  const defense = input.defense
    ? { kind: input.defense.kind, dn: input.defense.dn, check: rollCheck(input.defense.dn.dn, dice, rules) }
    : null;
  if (!attack.check.success) return exchangeRolls(input, attack, defense, "miss", null, NO_EFFECTS);
  if (input.called) {
    const needed = calledLevel(input.called, rules)!;
    if (levelRank(attack.check.level!) < levelRank(needed))
      return exchangeRolls(input, attack, defense, "calledMissed", null, NO_EFFECTS);
  }
  if (defense?.check.success)
    return exchangeRolls(
      input,
      attack,
      defense,
      defense.kind === "parry" ? "parried" : "dodged",
      null,
      NO_EFFECTS,
    );
  if (input.called?.kind === "effect") {
    const note: Effect = {
      kind: "note",
      key: `SHARENE.Called.${input.called.effect}`,
      data: { attacker: input.attacker.id, defender: input.defender.id },
    };
    return exchangeRolls(input, attack, defense, "calledEffect", null, [note]);
  }
  const blow = chooseBlow(input.attacker.weapon, input.statedBlow, dice, rules);
  const damage = dealDamage(
    {
      attacker: input.attacker,
      victim: input.defender,
      condition: input.defenderCondition,
      blow,
      calledLocation: input.called?.kind === "location" ? input.called.location : null,
      special:
        rules.specialHit === "successLevel" ? attack.check.level === "special" : blow.blow === "special",
      critical: attack.check.critical,
      riposte: input.riposte,
    },
    dice,
    rules,
    table,
  );
  return exchangeRolls(input, attack, defense, "hit", damage, damage.effects);
}

// A plain function, not a closure: rollExchange runs once per exchange, millions of times in the simulator.
function exchangeRolls(
  input: ExchangeInput,
  attack: ExchangeRolls["attack"],
  defense: ExchangeRolls["defense"],
  outcome: ExchangeOutcome,
  damage: DamageResult | null,
  effects: readonly Effect[],
): ExchangeRolls {
  return {
    attackerId: input.attacker.id,
    defenderId: input.defender.id,
    riposte: input.riposte,
    attack,
    defense,
    called: input.called,
    outcome,
    damage,
    effects,
  };
}

/**
 * SHA-STY-5: the DF of a Parry and Riposte fighter's riposte, by how the
 * parry went against the attack. In the default reading a parry of a
 * higher Success Level than the attack's opens the clean riposte, an equal
 * or lower one costs −4, a failed one −8; "asWritten" reads the text's
 * "must be inferior" literally (a lower parry opens it, an equal or higher
 * one costs −4). An attack that missed has no level: any made parry is
 * above it.
 */
export function riposteDf(
  attack: CheckRoll,
  parry: CheckRoll,
  rules: ShareneRules = SHARENE_DEFAULTS,
): { readonly df: number; readonly reading: "better" | "notBetter" | "failed" } {
  if (!parry.success) return { df: rules.riposteDf.failed, reading: "failed" };
  const parryRank = levelRank(parry.level!);
  const attackRank = attack.success ? levelRank(attack.level!) : -1;
  const clean = rules.riposteReading === "asWritten" ? parryRank < attackRank : parryRank > attackRank;
  return clean
    ? { df: rules.riposteDf.better, reading: "better" }
    : { df: rules.riposteDf.notBetter, reading: "notBetter" };
}
