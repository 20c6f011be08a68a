import { maximumOf, parseDiceFormula } from "../kernel/dice";
import { RulesError, requireInteger } from "../kernel/errors";
import { blowBaseDamage, takesDamageModifier } from "./blows";
import { type FangsOptions, resolveOptions } from "./config";
import type { AttackMode, SkillValue, WeaponKind } from "./types";

/**
 * Tactical trades (NC-TAC-1 … -5): moving bought skill points between the
 * attack, the damage and the parry. Only bought points move, never the
 * natural ability. The result is what `resolveExchange` takes
 * (`modifiers`, `extraDamageModifier`) plus the defense modifiers the
 * tracker keeps until the character's next initiative.
 */

export interface TradeRequest {
  /** Attack points turned into damage (NC-TAC-1): the attack is lowered, the DM raised. */
  readonly attackToDamage?: number;
  /** Parry points turned into attack (NC-TAC-3): parry and dodge lowered until next initiative. */
  readonly parryToAttack?: number;
  /** Attack points turned into parry (NC-TAC-4, the reverse). */
  readonly attackToParry?: number;
}

export interface TradeContext {
  /** The attack skill with this weapon: `bought` is what may move. */
  readonly attackSkill: SkillValue;
  /** The parry skill the trade draws on or feeds (weapon or shield parry). */
  readonly parrySkill?: SkillValue | null;
  /**
   * The weapon's base damage, without DM and without enchantment ("1d8+2"
   * for a Broadsword): its maximum caps the points moved to damage (NC-TAC-2).
   */
  readonly weaponBaseDamage: string;
  /**
   * How the blow is struck; omitted: "strike". With the flat of the blade
   * the cap is the club's maximum, not the weapon's (`blowBaseDamage`).
   */
  readonly mode?: AttackMode;
  /** The weapon's hands, which choose the club of a flat-of-the-blade blow; omitted: 1. */
  readonly weaponHands?: 1 | 2;
  /** A shot missile ("missile") takes no points to damage (CORE-CHR-8); omitted: melee. */
  readonly weaponKind?: WeaponKind;
}

export interface TradeResult {
  /** Added to this one attack (NC-TAC-3: the increase lasts one attack). */
  readonly attackModifier: number;
  /** Added to the DM if the attack hits (the exchange's `extraDamageModifier`). */
  readonly extraDamageModifier: number;
  /** Added to parries until the next initiative. */
  readonly parryModifier: number;
  /** Added to dodges until the next initiative (parry points spent on the attack lower the dodge too). */
  readonly dodgeModifier: number;
  readonly attackDuration: "oneAttack";
  readonly defenseDuration: "untilNextInitiative";
}

const NO_TRADE: TradeResult = Object.freeze({
  attackModifier: 0,
  extraDamageModifier: 0,
  parryModifier: 0,
  dodgeModifier: 0,
  attackDuration: "oneAttack",
  defenseDuration: "untilNextInitiative",
});

/**
 * Which limit a refusal names (its `details.limit`), so the table can say
 * it in the player's words rather than the message, which is for developers.
 */
export type TradeLimit =
  | "shape"
  | "bothWays"
  | "attackBought"
  | "missileDamage"
  | "damageCap"
  | "parryBought"
  | "attackCap"
  | "parryCap";

function invalid(message: string, details: Record<string, unknown> & { limit: TradeLimit }): never {
  throw new RulesError("invalid-trade", message, details);
}

function points(value: unknown, what: string): number {
  return value === undefined ? 0 : requireInteger(value, what, 0, Infinity, "invalid-trade");
}

function validSkill(skill: SkillValue | null | undefined, what: string): SkillValue {
  const whole = (n: unknown): boolean => typeof n === "number" && Number.isInteger(n);
  if (!skill || !whole(skill.natural) || !whole(skill.bought) || !whole(skill.total) || skill.bought < 0) {
    invalid(`${what} needs whole numbers for its natural, bought and total points`, {
      limit: "shape",
      what,
      skill,
    });
  }
  if (skill.natural + skill.bought !== skill.total) {
    invalid(`${what}: natural ${skill.natural} + bought ${skill.bought} is not its total ${skill.total}`, {
      limit: "shape",
      what,
      skill,
    });
  }
  return skill;
}

/**
 * The formula whose maximum caps the points moved to damage (NC-TAC-2): the
 * dice the blow will roll, so the club's with the flat of the blade
 * (NC-SUB-2), never the enchantment.
 */
export function tradeCapDamage(
  ctx: Pick<TradeContext, "weaponBaseDamage" | "mode" | "weaponHands">,
  options?: FangsOptions,
): string {
  return blowBaseDamage(
    { damage: ctx.weaponBaseDamage, hands: ctx.weaponHands ?? 1 },
    ctx.mode ?? "strike",
    resolveOptions(options),
  );
}

/**
 * NC-TAC-3's "no more than the base attack Skill": the attack's total, or
 * only its bought points under `parryToAttackCap: "boughtPoints"`.
 */
function parryToAttackBase(attack: SkillValue, options?: FangsOptions): number {
  return resolveOptions(options).parryToAttackCap === "boughtPoints" ? attack.bought : attack.total;
}

/**
 * The most parry points that may move to this attack (NC-TAC-3): the
 * parry's bought points, and no more than the base attack skill as the
 * world reads it. What the attack dialog offers; `applyTrades` refuses more.
 */
export function parryToAttackMaximum(
  attackSkill: SkillValue,
  parrySkill: SkillValue | null | undefined,
  options?: FangsOptions,
): number {
  if (!parrySkill) return 0;
  return Math.max(0, Math.min(parrySkill.bought, parryToAttackBase(attackSkill, options)));
}

/**
 * Checks a trade and says what it does. Every refusal is a RulesError
 * "invalid-trade" naming the limit:
 * - attack points (to damage and to parry together) ≤ the bought attack skill;
 * - attack points to damage ≤ the weapon's base maximum (Broadsword 10),
 *   and none with a shot missile, which takes no DM (CORE-CHR-8);
 * - parry points to attack ≤ the bought parry skill, and ≤ the base attack skill
 *   (its total, or its bought points under `parryToAttackCap: "boughtPoints"`);
 * - attack points to parry ≤ the base parry skill (NC-TAC-4: "this works in reverse");
 * - parry → attack → damage is a chain the rules forbid (NC-TAC-5): the
 *   damage can only come from the attack's own bought points, which the
 *   first rule already ensures; and points cannot go both ways between attack
 *   and parry at once.
 *
 * Gru (Sword 12, 7 bought, Broadsword): attackToDamage 7 → attack −7, DM +7.
 */
export function applyTrades(ctx: TradeContext, request: TradeRequest, options?: FangsOptions): TradeResult {
  if (request === null || typeof request !== "object") {
    invalid("a trade is an object of points (attackToDamage, parryToAttack, attackToParry)", {
      limit: "shape",
      request,
    });
  }
  const attack = validSkill(ctx?.attackSkill, "the attack skill");
  const toDamage = points(request.attackToDamage, "attack points to damage");
  const parryToAttack = points(request.parryToAttack, "parry points to attack");
  const attackToParry = points(request.attackToParry, "attack points to parry");
  if (toDamage + parryToAttack + attackToParry === 0) return NO_TRADE;

  if (parryToAttack > 0 && attackToParry > 0) {
    invalid("points cannot move from parry to attack and from attack to parry at once", {
      limit: "bothWays",
      parryToAttack,
      attackToParry,
    });
  }
  if (toDamage + attackToParry > attack.bought) {
    invalid(
      `only the ${attack.bought} bought attack points can move (asked ${toDamage} to damage` +
        (attackToParry > 0 ? ` and ${attackToParry} to parry` : "") +
        (parryToAttack > 0 ? "; parry points moved to attack cannot go on to damage" : "") +
        ")",
      { limit: "attackBought", bought: attack.bought, toDamage, attackToParry, parryToAttack },
    );
  }
  if (toDamage > 0 && ctx.weaponKind !== undefined && !takesDamageModifier(ctx.weaponKind)) {
    // NC-TAC-1: the points "work just like a Damage Modifier", which a shot missile never adds (CORE-CHR-8).
    invalid("a shot missile adds no damage modifier, so no attack points can go to its damage", {
      limit: "missileDamage",
      toDamage,
      weaponKind: ctx.weaponKind,
    });
  }
  if (toDamage > 0) {
    const base = tradeCapDamage(ctx, options);
    const cap = maximumOf(parseDiceFormula(base));
    if (toDamage > cap) {
      invalid(
        `at most ${cap} points can go to damage: the base maximum of ${base} (bonuses and enchantments do not count)`,
        { limit: "damageCap", cap, toDamage, weaponBaseDamage: base },
      );
    }
  }
  if (parryToAttack > 0 || attackToParry > 0) {
    const parry = validSkill(ctx.parrySkill, "the parry skill");
    if (parryToAttack > parry.bought) {
      invalid(
        `only the ${parry.bought} bought parry points can move to the attack (asked ${parryToAttack})`,
        { limit: "parryBought", bought: parry.bought, parryToAttack },
      );
    }
    // "no more than the base attack Skill": its total, or only its bought points (parryToAttackCap).
    const boughtOnly = resolveOptions(options).parryToAttackCap === "boughtPoints";
    const attackCap = parryToAttackBase(attack, options);
    if (parryToAttack > attackCap) {
      invalid(
        `the attack can be raised by no more than its base skill ${attackCap}` +
          (boughtOnly ? " (its bought points)" : "") +
          ` (asked ${parryToAttack})`,
        { limit: "attackCap", base: attackCap, boughtOnly, parryToAttack },
      );
    }
    // "Note that this works in reverse": the parry rises by no more than its own base skill.
    if (attackToParry > parry.total) {
      invalid(
        `the parry can be raised by no more than its base skill ${parry.total} (asked ${attackToParry})`,
        { limit: "parryCap", base: parry.total, attackToParry },
      );
    }
  }
  return Object.freeze({
    attackModifier: parryToAttack - toDamage - attackToParry,
    extraDamageModifier: toDamage,
    parryModifier: attackToParry - parryToAttack,
    // 0 − x, not −x: no −0 in the result.
    dodgeModifier: 0 - parryToAttack,
    attackDuration: "oneAttack",
    defenseDuration: "untilNextInitiative",
  });
}
