import { type DiceFormula, type DiceSource, maximumOf, rollTotal } from "../kernel/dice";
import type { Effect } from "../kernel/effects";
import { RulesError, requireInteger } from "../kernel/errors";
import { blowBaseDamage, sparesHealth, takesDamageModifier, weaponDamageBonus } from "./blows";
import { damageModifierDice } from "./character";
import { type FangsOptions, type FangsRules, resolveOptions } from "./config";
import { validateCombatantState } from "./consequences";
import { damageFormula } from "./formulas";
import { type ExchangeOutcome, OutcomeKind, plainBlow } from "./outcome";
import {
  type AttackDeclaration,
  type CombatantState,
  type DefenderProfile,
  type DefenseDeclaration,
  type ParryItemProfile,
  SuccessLevel,
  type WeaponProfile,
} from "./types";

/**
 * The damage step (NC-DMG-1 … -23, NC-SUB, NC-DEF-8). Reads the outcome,
 * rolls what must be rolled and returns the effects; changes nothing.
 *
 * Dice order: the weapon's dice in formula order, then the DM dice (the
 * attacker's DM plus any traded points). A Special or Critical parry rolls
 * the parrying item's dice, then the defender's DM dice. Maximum damage
 * rolls nothing.
 */

/* -------------------------------------------- */
/*  Formulas, parsed once                       */
/* -------------------------------------------- */

// The cache lives in formulas.ts so the attack and defense steps can parse early without importing this module.
export { damageFormula } from "./formulas";

/* -------------------------------------------- */
/*  The arithmetic of the texts                 */
/* -------------------------------------------- */

/** Half, rounded up (11 → 6). */
export function halfUp(points: number): number {
  return Math.ceil(points / 2);
}

/** Protection taken off one part of the damage, never below 0 (NC-DMG-3). */
export function afterProtection(points: number, protection: number): number {
  return points > protection ? points - protection : 0;
}

export interface PoolDamage {
  readonly stunPoints: number;
  readonly hitPoints: number;
}

/**
 * Normal damage: all of it to Stun, half (rounded up) to HP, then armor off
 * each part separately (NC-DMG-1 … -3): 11 → 11/6; 11 against 4 → 7/2.
 */
export function normalDamage(damage: number, armorProtection: number): PoolDamage {
  return {
    stunPoints: afterProtection(damage, armorProtection),
    hitPoints: afterProtection(halfUp(damage), armorProtection),
  };
}

export interface ParryArithmetic {
  /** What got past the item's SP (NC-DMG-5). */
  readonly excess: number;
  /** SP the parrying item loses. */
  readonly itemWear: number;
  /** Why: "nick" (NC-DMG-6), "excess" (NC-DMG-9, -17) or "broken" (NC-DMG-17). */
  readonly reason: "nick" | "excess" | "broken" | null;
}

/**
 * A parry of a normal blow (NC-DMG-5, -6, -9): the item's SP blocks; the
 * excess goes on to Stun (and half to HP). The item is nicked (−1) when the
 * damage exceeds its SP, and loses the whole difference when the HP part
 * (half the damage) exceeds it. Both can be true of one blow: "greater"
 * (default) takes the larger loss, since both describe the same blow
 * biting into the item; "sum" adds them.
 */
export function normalParry(
  damage: number,
  itemSp: number,
  combination: FangsRules["parryWearCombination"],
): ParryArithmetic {
  const excess = afterProtection(damage, itemSp);
  const nick = damage > itemSp ? 1 : 0;
  const hpOver = afterProtection(halfUp(damage), itemSp);
  let wear = combination === "sum" ? nick + hpOver : Math.max(nick, hpOver);
  if (wear > itemSp) wear = itemSp;
  return { excess, itemWear: wear, reason: wear === 0 ? null : hpOver > 0 ? "excess" : "nick" };
}

/**
 * A parry of a Special or Critical blow (NC-DMG-17): maximum damage, blocked
 * as usual; the whole excess comes off the item instead of the 1 SP nick
 * (the excess is never smaller than NC-DMG-9's HP difference). A weapon
 * losing more than half of `breakBase` (its current SP unless the caller
 * says otherwise) breaks (to 0); a shield does not.
 */
export function specialParry(
  damage: number,
  itemSp: number,
  itemType: "weapon" | "shield",
  breakBase: number = itemSp,
): ParryArithmetic {
  const excess = afterProtection(damage, itemSp);
  if (excess === 0) return { excess, itemWear: 0, reason: null };
  // "more than 50% of its SP": of `breakBase`, the SP it parried with or its full SP (weaponBreakSp).
  if (itemType === "weapon" && excess * 2 > breakBase) return { excess, itemWear: itemSp, reason: "broken" };
  return { excess, itemWear: Math.min(excess, itemSp), reason: "excess" };
}

/** A bare hand blocks nothing and is no item to wear: the hand, so its owner, takes the blow (NC-MAN-4). */
function bareHandParry(damage: number): ParryArithmetic {
  return { excess: damage, itemWear: 0, reason: null };
}

/* -------------------------------------------- */
/*  The damage step                             */
/* -------------------------------------------- */

export interface DamageResult {
  readonly kind: OutcomeKind;
  /** The blow's damage before parry and armor (rolled, or the maximum); 0 when none was rolled. */
  readonly damage: number;
  /** True when the damage is the maximum rather than rolled. */
  readonly maximum: boolean;
  /** What the defender loses, as the effects apply it. */
  readonly stunDamage: number;
  readonly hitPointDamage: number;
  /** The HP part subdual or the flat of the blade leaves untracked (NC-SUB-1, -2), for the card. */
  readonly untrackedHitPointDamage: number;
  /** SP the parrying item lost, and whether it is now shattered. */
  readonly parryItemWear: number;
  readonly parryItemShattered: boolean;
  /** SP the attacking weapon lost (NC-DMG-18), and whether it is now shattered. */
  readonly weaponWear: number;
  readonly weaponShattered: boolean;
  /** The parrying item's blow against the attacker after a Critical parry (NC-DMG-19). */
  readonly counterDamage: number;
  readonly attackerStunDamage: number;
  readonly attackerHitPointDamage: number;
  /** The weapon is stuck in the defender's body (NC-DMG-11, -23) or shield (NC-DMG-17). */
  readonly impaled: boolean;
  readonly stuckInShield: boolean;
  readonly effects: readonly Effect[];
}

interface Builder {
  kind: OutcomeKind;
  damage: number;
  maximum: boolean;
  stunDamage: number;
  hitPointDamage: number;
  untrackedHitPointDamage: number;
  parryItemWear: number;
  parryItemShattered: boolean;
  weaponWear: number;
  weaponShattered: boolean;
  counterDamage: number;
  attackerStunDamage: number;
  attackerHitPointDamage: number;
  impaled: boolean;
  stuckInShield: boolean;
  effects: Effect[];
}

function weaponFormula(attack: AttackDeclaration, rules: FangsRules): DiceFormula {
  return damageFormula(blowBaseDamage(attack.weapon, attack.mode, rules, attack.flatOfBladeDamage));
}

/** The flat part a blow adds to its dice: the weapon's enchantment, unless struck with the flat of the blade (a club then). */
function blowBonus(attack: AttackDeclaration): number {
  return attack.mode === "flatOfBlade" ? 0 : weaponDamageBonus(attack.weapon);
}

/**
 * Puts damage into a pool. A character at 0 HP or less takes the Stun of
 * every further blow as HP too (CORE-CON-3); subdual keeps HP untouched.
 */
function applyToPools(
  b: Builder,
  actorId: string,
  state: CombatantState | null,
  stunLost: number,
  hitPointsLost: number,
  trackHitPoints: boolean,
  toAttacker: boolean,
): void {
  let hitPoints = hitPointsLost;
  if (state !== null && state.hitPoints.value <= 0 && trackHitPoints) hitPoints = stunLost;
  if (!trackHitPoints) {
    b.untrackedHitPointDamage += hitPoints;
    hitPoints = 0;
  }
  if (stunLost > 0) b.effects.push({ kind: "pool", actorId, pool: "stunPoints", amount: stunLost });
  if (hitPoints > 0) b.effects.push({ kind: "pool", actorId, pool: "hitPoints", amount: hitPoints });
  if (toAttacker) {
    b.attackerStunDamage += stunLost;
    b.attackerHitPointDamage += hitPoints;
  } else {
    b.stunDamage += stunLost;
    b.hitPointDamage += hitPoints;
  }
}

function wearItem(
  b: Builder,
  actorId: string,
  itemId: string,
  current: number,
  wear: number,
  reason: string,
  which: "parry" | "weapon",
): void {
  if (wear <= 0) return;
  const delta = Math.min(wear, current);
  b.effects.push({ kind: "itemDurability", actorId, itemId, delta: -delta, reason });
  const shattered = current - delta === 0;
  if (which === "parry") {
    b.parryItemWear += delta;
    b.parryItemShattered = shattered;
  } else {
    b.weaponWear += delta;
    b.weaponShattered = shattered;
  }
  if (shattered)
    b.effects.push({ kind: "note", key: "FANGS.Rules.Item.Shattered", data: { actorId, itemId } });
}

function rollBlow(
  b: Builder,
  attack: AttackDeclaration,
  rules: FangsRules,
  dm: number,
  dice: DiceSource,
): number {
  const total =
    rollTotal(weaponFormula(attack, rules), dice) +
    blowBonus(attack) +
    rollTotal(damageModifierDice(dm, rules), dice);
  b.damage = total;
  return total;
}

function maxBlow(b: Builder, attack: AttackDeclaration, rules: FangsRules, dm: number): number {
  const total = maximumOf(weaponFormula(attack, rules)) + blowBonus(attack) + dm;
  b.damage = total;
  b.maximum = true;
  return total;
}

/**
 * The parrying item's blow, "as if it was an attack" (NC-DMG-19): its dice,
 * its enchantment (NC-TAC-2), then the defender's DM dice. A bare hand has
 * no enchantment to add.
 */
function rollParryingItem(
  item: ParryItemProfile,
  defender: DefenderProfile,
  rules: FangsRules,
  dice: DiceSource,
): number {
  const bonus = item.bareHand === true ? 0 : weaponDamageBonus(item);
  return (
    rollTotal(damageFormula(item.damage), dice) +
    bonus +
    rollTotal(damageModifierDice(defender.damageModifier ?? 0, rules), dice)
  );
}

/**
 * What a weapon stuck in a body does each round (NC-DMG-13, "normal rolled
 * damage"): its own dice and enchantment ("magic does add", NC-TAC-2), and
 * the attacker's DM too under `impaleRoundDamage: "weaponAndDm"` when the
 * weapon takes a DM at all (never a shot missile, CORE-CHR-8). Traded points
 * never count: they last one attack (NC-TAC-1).
 */
export function impaleRoundFormula(
  weapon: Pick<WeaponProfile, "damage" | "damageBonus" | "kind">,
  ownDm: number,
  rules: FangsRules,
): string {
  const bonus = weaponDamageBonus(weapon);
  const own = bonus > 0 ? `${weapon.damage}+${bonus}` : weapon.damage;
  if (rules.impaleRoundDamage === "weapon" || ownDm === 0 || !takesDamageModifier(weapon.kind)) return own;
  return `${own}+${damageModifierDice(ownDm, rules).source}`;
}

function stick(
  b: Builder,
  attack: AttackDeclaration,
  targetId: string,
  inItemId: string | null,
  rules: FangsRules,
): void {
  b.effects.push({
    kind: "stuckItem",
    ownerId: attack.attacker.id,
    itemId: attack.weapon.id,
    targetId,
    inItemId,
    perRoundDamage:
      inItemId === null ? impaleRoundFormula(attack.weapon, attack.attacker.damageModifier, rules) : null,
  });
  if (inItemId === null) b.impaled = true;
  else b.stuckInShield = true;
}

function parryingItem(item: ParryItemProfile | null | undefined, choice: string): ParryItemProfile {
  if (item === null || item === undefined) {
    throw new RulesError("invalid-value", `${choice} needs the parrying item`, { what: "item" });
  }
  return item;
}

export function protectionOf(defender: DefenderProfile, ignoreArmor: boolean): number {
  const magic = defender.magicalProtection ?? 0;
  return ignoreArmor ? magic : defender.armorProtection + magic;
}

/** The defender takes a blow's Stun and HP parts, protection off each separately (NC-DMG-3). */
function hitDefender(
  b: Builder,
  defender: DefenderProfile,
  stunPart: number,
  hitPointPart: number,
  ignoreArmor: boolean,
  trackHitPoints: boolean,
): void {
  const p = protectionOf(defender, ignoreArmor);
  applyToPools(
    b,
    defender.id,
    defender,
    afterProtection(stunPart, p),
    afterProtection(hitPointPart, p),
    trackHitPoints,
    false,
  );
}

/** What gets past a parrying item hurts like any blow, half of it to HP (NC-DMG-5); the item wears. */
function throughParry(
  b: Builder,
  defender: DefenderProfile,
  item: ParryItemProfile,
  parry: ParryArithmetic,
  ignoreArmor: boolean,
  trackHitPoints: boolean,
): void {
  hitDefender(b, defender, parry.excess, halfUp(parry.excess), ignoreArmor, trackHitPoints);
  if (parry.reason !== null) {
    wearItem(b, defender.id, item.id, item.itemSp.value, parry.itemWear, parry.reason, "parry");
  }
}

/**
 * Rolls the damage an outcome calls for and returns every change as effects:
 * pool damage ("stunPoints", "hitPoints"), item durability with a reason,
 * a stuck weapon, prone, statuses and notes for the table.
 */
export function rollDamage(
  outcome: ExchangeOutcome,
  attack: AttackDeclaration,
  defense: DefenseDeclaration,
  dice: DiceSource,
  options?: FangsOptions,
): DamageResult {
  const rules = resolveOptions(options);
  const defender = defense.defender;
  const attacker = attack.attacker;
  // A grapple does no damage: stopped, it leaves nothing to roll or wear (NC-GRP).
  const kind =
    attack.mode === "grapple" &&
    outcome.kind !== OutcomeKind.Grappled &&
    outcome.kind !== OutcomeKind.AttackFumbled
      ? OutcomeKind.Missed
      : outcome.kind;
  const b: Builder = {
    kind: outcome.kind,
    damage: 0,
    maximum: false,
    stunDamage: 0,
    hitPointDamage: 0,
    untrackedHitPointDamage: 0,
    parryItemWear: 0,
    parryItemShattered: false,
    weaponWear: 0,
    weaponShattered: false,
    counterDamage: 0,
    attackerStunDamage: 0,
    attackerHitPointDamage: 0,
    impaled: false,
    stuckInShield: false,
    effects: [],
  };
  const trackHitPoints = !sparesHealth(attack);
  // A blow that spares Health does not impale: a weapon left in the wound is Health damage every round (NC-SUB-1).
  const canImpale = attack.mode === "strike" && attack.weapon.impales && trackHitPoints;
  const ownDm = attacker.damageModifier;
  const extraDm = attack.extraDamageModifier;
  if (!(Number.isInteger(ownDm) && ownDm >= 0)) requireInteger(ownDm, "damage modifier", 0);
  if (!(Number.isInteger(extraDm) && extraDm >= 0)) requireInteger(extraDm, "extra damage modifier", 0);
  const dm = takesDamageModifier(attack.weapon.kind) ? ownDm + extraDm : 0;
  const critical = outcome.attackLevel === SuccessLevel.Critical;
  const monster = outcome.defenseChoice === "monsterParry";
  const item = defense.item;

  switch (kind) {
    case OutcomeKind.AttackFumbled: {
      const data: Record<string, string | number | boolean> = {
        actorId: attacker.id,
        itemId: attack.weapon.id,
      };
      if (outcome.fumble !== null) {
        data.suggested = outcome.fumble.suggested;
        data.luckTotal = outcome.fumble.check.total;
      }
      b.effects.push({ kind: "note", key: "FANGS.Rules.Fumble.Choose", data });
      if (!trackHitPoints) {
        // NC-SUB-3: the GM may let a subdual fumble become a health-damaging strike.
        b.effects.push({
          kind: "note",
          key: "FANGS.Rules.Subdual.FumbleMayHarm",
          data: { actorId: attacker.id },
        });
      }
      break;
    }
    case OutcomeKind.Missed:
    case OutcomeKind.Dodged:
      break;
    case OutcomeKind.Grappled:
      b.effects.push({ kind: "status", actorId: defender.id, status: "grappled", active: true });
      if (outcome.prone) b.effects.push({ kind: "prone", actorId: defender.id });
      break;
    case OutcomeKind.Hit: {
      const damage = rollBlow(b, attack, rules, dm, dice);
      hitDefender(b, defender, damage, halfUp(damage), false, trackHitPoints);
      break;
    }
    case OutcomeKind.SpecialHit: {
      if (canImpale) {
        // NC-DMG-11: rolled damage in full to Stun and to HP, and the weapon sticks.
        const damage = rollBlow(b, attack, rules, dm, dice);
        hitDefender(b, defender, damage, damage, critical, trackHitPoints);
        stick(b, attack, defender.id, null, rules);
      } else {
        const damage = maxBlow(b, attack, rules, dm);
        hitDefender(b, defender, damage, halfUp(damage), critical, trackHitPoints);
      }
      break;
    }
    case OutcomeKind.FumbledDefenseHit: {
      const damage = maxBlow(b, attack, rules, dm);
      const hitPointPart = rules.fumbledDefenseHitPoints === "full" ? damage : halfUp(damage);
      hitDefender(b, defender, damage, hitPointPart, true, trackHitPoints);
      if (canImpale) stick(b, attack, defender.id, null, rules);
      if (outcome.prone) b.effects.push({ kind: "prone", actorId: defender.id });
      if (outcome.parryItemBroken && item && item.bareHand !== true) {
        wearItem(b, defender.id, item.id, item.itemSp.value, item.itemSp.value, "broken", "parry");
      }
      break;
    }
    case OutcomeKind.Parried: {
      // NC-DEF-8: a monster loses no Stun or HP to its parry, and its body is no item to wear,
      // so there is nothing to roll.
      if (monster) break;
      const damage = rollBlow(b, attack, rules, dm, dice);
      const it = parryingItem(item, outcome.defenseChoice);
      const parry = it.bareHand
        ? bareHandParry(damage)
        : normalParry(damage, it.itemSp.value, rules.parryWearCombination);
      throughParry(b, defender, it, parry, false, trackHitPoints);
      break;
    }
    case OutcomeKind.ParriedSpecial: {
      const damage = maxBlow(b, attack, rules, dm);
      if (monster) break;
      const it = parryingItem(item, outcome.defenseChoice);
      // NC-DMG-14: a Critical's excess ignores armor too.
      const breakBase = rules.weaponBreakSp === "maximum" ? it.itemSp.max : it.itemSp.value;
      const parry = it.bareHand
        ? bareHandParry(damage)
        : specialParry(damage, it.itemSp.value, it.type, breakBase);
      throughParry(b, defender, it, parry, critical, trackHitPoints);
      // NC-DMG-17: stuck in the shield; a bare hand is the parrier's own body (NC-MAN-4), so it sticks there.
      if (critical && canImpale && it.type === "shield")
        stick(b, attack, defender.id, it.bareHand ? null : it.id, rules);
      break;
    }
    case OutcomeKind.SpecialParry: {
      // NC-DMG-18: the attacking weapon takes damage to its SP; a natural weapon has none to lose.
      const weaponSp = attack.weapon.itemSp;
      if (weaponSp === null) break;
      let wear = 1;
      if (rules.specialParryWeaponDamage === "rolledDamage" && item) {
        // "takes damage to its SP" always: a roll of 0 (a bare hand at DM 0) still nicks it.
        wear = Math.max(1, rollParryingItem(item, defender, rules, dice));
      }
      wearItem(b, attacker.id, attack.weapon.id, weaponSp.value, wear, "specialParry", "weapon");
      break;
    }
    case OutcomeKind.CriticalParry: {
      // NC-DMG-19: the parrying item strikes the attacker as an attack would, armor and all.
      if (!item) {
        b.effects.push({
          kind: "note",
          key: "FANGS.Rules.Parry.NoCounterItem",
          data: { actorId: defender.id },
        });
        break;
      }
      const counter = rollParryingItem(item, defender, rules, dice);
      b.counterDamage = counter;
      const state = attacker.state ?? null;
      if (state !== null) validateCombatantState(state, attacker.id);
      const p = state === null ? 0 : state.armorProtection + (state.magicalProtection ?? 0);
      applyToPools(
        b,
        attacker.id,
        state,
        afterProtection(counter, p),
        afterProtection(halfUp(counter), p),
        true,
        true,
      );
      break;
    }
    default: {
      const never: never = kind;
      throw new RulesError("invalid-state", `unknown outcome ${String(never)}`, { kind: never });
    }
  }
  if (b.untrackedHitPointDamage > 0) {
    b.effects.push({
      kind: "note",
      key: "FANGS.Rules.Subdual.UntrackedHitPoints",
      data: { actorId: defender.id, amount: b.untrackedHitPointDamage },
    });
  }
  return b;
}

/* -------------------------------------------- */
/*  A fumble that hits someone (NC-DMG-21)      */
/* -------------------------------------------- */

/**
 * The GM ruled that a fumbled attack hits someone (another combatant or the
 * attacker himself): a normal hit with the weapon on that victim, armor and
 * all. In subdual or with the flat of the blade it stays a Stun-only blow
 * unless the GM makes it a health-damaging strike (NC-SUB-3), which then
 * uses the weapon's own damage. Dice: as a normal hit.
 */
export function rollFumbleHit(
  attack: AttackDeclaration,
  victim: DefenderProfile,
  ruling: { readonly healthDamaging: boolean },
  dice: DiceSource,
  options?: FangsOptions,
): DamageResult {
  const harmful = ruling.healthDamaging;
  const declaration: AttackDeclaration = harmful
    ? { ...attack, subdual: false, mode: attack.mode === "flatOfBlade" ? "strike" : attack.mode }
    : attack;
  const outcome = plainBlow(
    declaration.mode === "grapple" ? OutcomeKind.Grappled : OutcomeKind.Hit,
    "none",
    FUMBLE_HIT_CLAUSES,
  );
  return rollDamage(
    outcome,
    declaration,
    { defender: victim, choice: "none", skill: null, item: null, modifiers: 0 },
    dice,
    options,
  );
}

const FUMBLE_HIT_CLAUSES: readonly string[] = Object.freeze(["NC-DMG-21", "NC-SUB-3"]);
