import { RulesError, requireInteger } from "../kernel/errors";
import { itemCondition } from "./character";
import { type FangsOptions, resolveOptions } from "./config";
import { validateCombatantState } from "./consequences";
import { type DefenseUsage, type Readying, readyingOf, recordDefense } from "./defense-usage";
import { damageFormula } from "./formulas";
import {
  type DefenseAllowance,
  type DodgeScope,
  getManeuver,
  type ManeuverOptions,
  maneuverDefenses,
  mayDodgeInstead,
  resolveManeuverOptions,
} from "./maneuvers";
import type { AttackMode, DefenseChoice, DefenseDeclaration, ManeuverId, WeaponKind } from "./types";

/**
 * Which defenses a target still has against one attack (NC-MAN-2 … -5,
 * NC-DEF-1 … -5, NC-DEF-8, NC-GRP-1, NC-GRP-4). The answer feeds
 * `resolveExchange`'s `allowed` list; the round's usage is plain data the
 * tracker keeps per combatant and clears at each initiative.
 */

/** What the defender holds ready. "Shield" means whatever is in the off hand (NC-MAN-4). */
export interface ParryLoadout {
  readonly weapon: "none" | "oneHanded" | "twoHanded";
  /** "bareHand": an empty off hand used to parry anyway (it takes the damage). */
  readonly offHand: "none" | "shield" | "weapon" | "bareHand";
  /** An unintelligent, non-humanoid creature's "monster dodge", treated as a parry (NC-DEF-8). */
  readonly monsterParry?: boolean;
  /** The limbs a monster parries with; a grapple binding all of them stops it (default: both arms). */
  readonly monsterParryLimbs?: readonly string[];
}

/**
 * Whether a creature parries by "monster dodge" (NC-DEF-8): the text gives it
 * to "unintelligent, non-humanoid creatures", so both must hold.
 */
export function hasMonsterParry(creature: {
  readonly humanoid: boolean;
  readonly intelligent: boolean;
}): boolean {
  return !creature.humanoid && !creature.intelligent;
}

// The round's usage and what a Draw Weapon readies are read at start-up (the tracker, the sheets): ./defense-usage.ts.
export {
  type DefenseUsage,
  emptyDefenseUsage,
  freshDefenseUsage,
  isReadying,
  type Readying,
  type ReadyingHoldings,
  readyingChoices,
  readyingOf,
  recordDefense,
  recordOffHandAttack,
} from "./defense-usage";

export interface IncomingAttack {
  readonly attackerId: string;
  /** Melee, thrown (a knife, a javelin) or missile (shot: a bow, a crossbow, a gun). */
  readonly kind: WeaponKind;
  /** A grappling attack (melee only). */
  readonly grapple?: boolean;
}

/** Limb ids the parry rules look at; creatures may add their own. */
export const Limb = {
  Head: "head",
  MainArm: "mainArm",
  OffArm: "offArm",
  LeftLeg: "leftLeg",
  RightLeg: "rightLeg",
} as const;

export interface DefenseContext {
  readonly maneuver: ManeuverId | string;
  /** Charge: who is being charged (only that one's attack may be parried). */
  readonly maneuverTargetId?: string | null;
  /**
   * Whether the defender has already performed its maneuver this round.
   * Before it has, NC-MAN-2 lets it Dodge instead and lose the maneuver.
   * Default true: nothing is offered unless the caller knows it is so.
   */
  readonly maneuverPerformed?: boolean;
  readonly usage: DefenseUsage;
  readonly attack: IncomingAttack;
  readonly loadout: ParryLoadout;
  /** Limbs bound by a grapple; null or absent: not grappled (NC-GRP-4). */
  readonly boundLimbs?: readonly string[] | null;
  /** Two Weapon advantage: the off-hand weapon may attack and still parry (NC-ATK-10). */
  readonly twoWeapon?: boolean;
  /** Draw Weapon readying a whole set, or changing combat sets: no parry or dodge (NC-MAN-13). */
  readonly readyingFullSet?: boolean;
  /**
   * Draw Weapon: which hand's item is being drawn or readied this round
   * (NC-MAN-13, NC-MAN-20). That item cannot parry; the maneuver's one parry
   * goes to what the other hand already holds. Null or absent: not said, read
   * as the text's main case, the weapon (`readyingOf`).
   */
  readonly readying?: Readying | null;
  readonly options?: Partial<ManeuverOptions>;
  /** The world's readings: `meleeDodgeScope` widens the Melee Dodge to missiles (NC-MAN-11, NC-DEF-3). */
  readonly rules?: FangsOptions;
  /**
   * The reach module's answer for this defender (reach.ts, `reachAllowsParry`,
   * asked by the caller so that this start-up module does not load the
   * module's tables): whether its weapon may parry at the range the two
   * stand at (RHF-RNG-2). Absent: the module is off or nothing limits it.
   */
  readonly reach?: { readonly weaponParries: boolean };
  /** The holds module: a hold's control points immobilize the defender (RHF-HLD-2, holds.ts): no defense. */
  readonly immobilized?: boolean;
}

/**
 * The parries Draw Weapon leaves while readying one hand's item (NC-MAN-13:
 * "he may parry once with his shield/parrying weapon, but not with the weapon
 * he is drawing"; NC-MAN-20: "the same restrictions apply to readying a
 * Parrying weapon/shield"): readying the off hand, the one parry moves to the
 * weapon already held.
 */
function readyingBudget(budget: DefenseAllowance, readying: Readying | null): DefenseAllowance {
  if (readying !== "offHand") return budget;
  return {
    ...budget,
    weaponParries: budget.weaponParries + budget.shieldParries,
    shieldParries: 0,
  };
}

export interface DefenseRefusal {
  readonly choice: Exclude<DefenseChoice, "none">;
  readonly reasonKey: string;
}

export interface DefenseAnswer {
  /** Defenses still allowed; "none" (taking the blow) is always last. */
  readonly allowed: readonly DefenseChoice[];
  /** Why each other defense is not allowed (for tooltips and the chat card). */
  readonly refused: readonly DefenseRefusal[];
  /** True when the dodge offered is NC-MAN-2's: taking it ends the maneuver (see `dodgeInstead`). */
  readonly dodgeConvertsManeuver: boolean;
}

const KEY = "FANGS.Rules.Defense.Refusal.";

interface ParryCaps {
  /** All parries together this round. */
  readonly total: number;
  readonly weapon: number;
  readonly shield: number;
}

/**
 * How the maneuver's parry budget falls on what the defender holds.
 * - Two items: the weapon takes the weapon parries, the off hand the shield
 *   parries; "either" parries go to whichever hand.
 * - One item alone, or a two-handed weapon: it may take the whole budget, at
 *   most two (NC-DEF-5: a weapon or shield used alone parries twice;
 *   NC-MAN-5: a two-handed weapon twice when weapon and shield parries are
 *   allowed, once when only one parry is).
 */
function parryCaps(
  budget: { weaponParries: number; shieldParries: number; eitherParries: number },
  loadout: ParryLoadout,
): ParryCaps {
  const pool = budget.weaponParries + budget.shieldParries + budget.eitherParries;
  const hasWeapon = loadout.weapon !== "none";
  const hasOffHand = loadout.offHand !== "none";
  if (hasWeapon && hasOffHand) {
    return {
      total: pool,
      weapon: budget.weaponParries + budget.eitherParries,
      shield: budget.shieldParries + budget.eitherParries,
    };
  }
  const alone = Math.min(2, pool);
  if (hasWeapon) return { total: alone, weapon: alone, shield: 0 };
  if (hasOffHand) return { total: alone, weapon: 0, shield: alone };
  return { total: pool, weapon: 0, shield: 0 };
}

function validateLoadout(loadout: ParryLoadout): void {
  const weapons = ["none", "oneHanded", "twoHanded"];
  const offHands = ["none", "shield", "weapon", "bareHand"];
  if (!loadout || !weapons.includes(loadout.weapon) || !offHands.includes(loadout.offHand)) {
    throw new RulesError(
      "invalid-value",
      "a parry loadout needs weapon none|oneHanded|twoHanded and an off hand",
      {
        loadout,
      },
    );
  }
  if (loadout.weapon === "twoHanded" && loadout.offHand !== "none") {
    throw new RulesError("invalid-value", "a two-handed weapon leaves no off hand free", { loadout });
  }
}

function validateUsage(usage: DefenseUsage): void {
  for (const field of [
    "weaponParries",
    "shieldParries",
    "monsterParries",
    "grappleParries",
    "dodges",
  ] as const) {
    requireInteger(usage?.[field], `defense usage ${field}`, 0);
  }
}

/**
 * Which attacks the maneuver's own dodges meet. NC-MAN-11 gives the Melee
 * Dodge "any and all melee attacks"; NC-DEF-3 gives the Dodge maneuver "any
 * and all attacks", and the maneuver table's Dodge row says "All". The
 * `meleeDodgeScope` reading "all" follows the latter (docs/rules/fangs.md).
 */
export function dodgeScopeOf(
  maneuver: ManeuverId,
  budget: Pick<DefenseAllowance, "dodgeScope">,
  rules?: FangsOptions,
): DodgeScope {
  if (maneuver === "dodgeMelee" && resolveOptions(rules).meleeDodgeScope === "all") return "any";
  return budget.dodgeScope;
}

/**
 * Every defense the target may still use against this attack, and why the
 * others are refused. Pure: the usage is not changed (see `recordDefense`).
 */
export function explainDefenses(ctx: DefenseContext): DefenseAnswer {
  const maneuver = getManeuver(ctx.maneuver);
  const options = resolveManeuverOptions(ctx.options);
  validateLoadout(ctx.loadout);
  validateUsage(ctx.usage);
  const attack = ctx.attack;
  if (!attack || !["melee", "thrown", "missile"].includes(attack.kind)) {
    throw new RulesError("invalid-value", "an attack is melee, thrown or missile", { attack });
  }
  if (attack.grapple && attack.kind !== "melee") {
    throw new RulesError("invalid-value", "a grapple is a melee attack", { attack });
  }

  const readying = maneuver.id === "drawWeapon" ? readyingOf(ctx.readying) : null;
  const budget = readyingBudget(maneuverDefenses(maneuver.id, options), readying);
  const usage = ctx.usage;
  const bound = new Set(ctx.boundLimbs ?? []);
  const grappled = ctx.boundLimbs != null && ctx.boundLimbs.length > 0;
  const refusals = new Map<Exclude<DefenseChoice, "none">, string>();
  const refuse = (choice: Exclude<DefenseChoice, "none">, reason: string): void => {
    if (!refusals.has(choice)) refusals.set(choice, KEY + reason);
  };

  /* ---- parries ---- */
  const parriesUsed = usage.weaponParries + usage.shieldParries + usage.monsterParries + usage.grappleParries;
  const caps = parryCaps(budget, ctx.loadout);
  const fullSet = ctx.readyingFullSet === true && maneuver.id === "drawWeapon";
  const parryAll = (reason: string): void => {
    for (const p of ["weaponParry", "shieldParry", "monsterParry", "grappleParry"] as const)
      refuse(p, reason);
  };

  const pool = budget.weaponParries + budget.shieldParries + budget.eitherParries;
  if (fullSet) parryAll("ReadyingFullSet");
  if (readying === "weapon") refuse("weaponParry", "BeingDrawn");
  if (readying === "offHand") refuse("shieldParry", "BeingReadied");
  if (pool === 0) parryAll("ManeuverNoParry");
  if (attack.kind === "missile") parryAll("MissileNoParry");
  if (budget.parryOnlyTarget && attack.attackerId !== ctx.maneuverTargetId) parryAll("OnlyChargeTarget");
  if (budget.parryOrDodge && usage.dodges > 0) parryAll("DodgedInstead");
  // Hands may share the budget differently; a monster or a grapple parry draws on the whole of it.
  if (parriesUsed >= pool) parryAll("ParriesUsed");
  if (parriesUsed >= caps.total) {
    refuse("weaponParry", "ParriesUsed");
    refuse("shieldParry", "ParriesUsed");
  }

  if (ctx.immobilized === true) {
    // RHF-HLD-2 (the holds module): "the defender can take no longer any action".
    parryAll("Immobilized");
    refuse("dodge", "Immobilized");
  }

  if (attack.grapple) {
    // NC-GRP-1: only Grapple parries a grapple.
    refuse("weaponParry", "GrappleOnlyByGrapple");
    refuse("shieldParry", "GrappleOnlyByGrapple");
    refuse("monsterParry", "GrappleOnlyByGrapple");
    if (bound.has(Limb.MainArm) && bound.has(Limb.OffArm)) refuse("grappleParry", "LimbBound");
  } else {
    refuse("grappleParry", "NotAGrapple");
  }

  if (attack.kind === "thrown") {
    // NC-DEF-1: a thrown missile may be parried with a shield, never a weapon; a monster's body is
    // no weapon, and checkDefenseFitsAttack lets it parry one too.
    refuse("weaponParry", "ThrownOnlyShield");
  }

  if (ctx.loadout.monsterParry) {
    refuse("weaponParry", "MonsterParriesOnly");
    refuse("shieldParry", "MonsterParriesOnly");
    const limbs = ctx.loadout.monsterParryLimbs ?? [Limb.MainArm, Limb.OffArm];
    if (grappled && limbs.every((limb) => bound.has(limb))) refuse("monsterParry", "LimbBound");
  } else {
    refuse("monsterParry", "NotAMonster");
  }

  if (ctx.reach !== undefined && !ctx.reach.weaponParries) {
    // RHF-RNG-2 (the reach module): a longer weapon caught inside its range cannot parry; a dodge still can.
    refuse("weaponParry", "OutOfReachParry");
  }
  if (ctx.loadout.weapon === "none") refuse("weaponParry", "NoWeapon");
  else if (usage.weaponParries >= caps.weapon) refuse("weaponParry", "ParriesUsed");
  if (bound.has(Limb.MainArm) || (ctx.loadout.weapon === "twoHanded" && bound.has(Limb.OffArm))) {
    refuse("weaponParry", "LimbBound");
  }

  if (ctx.loadout.offHand === "none") refuse("shieldParry", "NoShield");
  else if (usage.shieldParries >= caps.shield) refuse("shieldParry", "ParriesUsed");
  if (bound.has(Limb.OffArm)) refuse("shieldParry", "LimbBound");
  if (ctx.loadout.offHand === "weapon" && usage.offHandAttacked && !ctx.twoWeapon) {
    refuse("shieldParry", "OffHandAttacked");
  }
  // NC-DEF-9: a shield's one use a round was its bash; Two Weapon is about weapons and does not lift it.
  if (ctx.loadout.offHand === "shield" && usage.offHandAttacked) refuse("shieldParry", "ShieldBashed");

  /* ---- dodge ---- */
  let dodgeConverts = false;
  const ownDodges = budget.dodges;
  const scope = dodgeScopeOf(maneuver.id, budget, ctx.rules);
  const scopeFits = scope === "any" || scope === (attack.kind === "melee" ? "melee" : "missile");
  const ownDodgeLeft =
    ownDodges === "all" ? true : usage.dodges < ownDodges && !(budget.parryOrDodge && parriesUsed > 0);
  const ownDodge = ownDodges !== 0 && scopeFits && ownDodgeLeft;
  if (grappled) refuse("dodge", "Grappled");
  else if (fullSet) refuse("dodge", "ReadyingFullSet");
  else if (!ownDodge) {
    const performed = ctx.maneuverPerformed ?? true;
    if (!performed && mayDodgeInstead(maneuver.id, options)) {
      dodgeConverts = true;
    } else if (ownDodges !== 0 && !scopeFits) {
      refuse("dodge", attack.kind === "melee" ? "DodgeOnlyMissiles" : "DodgeOnlyMelee");
    } else if (ownDodges !== 0 && budget.parryOrDodge && parriesUsed > 0) {
      refuse("dodge", "ParriedInstead");
    } else if (ownDodges !== 0) {
      refuse("dodge", "DodgesUsed");
    } else {
      refuse("dodge", "ManeuverNoDodge");
    }
  }

  const order: Exclude<DefenseChoice, "none">[] = [
    "dodge",
    "weaponParry",
    "shieldParry",
    "monsterParry",
    "grappleParry",
  ];
  const allowed: DefenseChoice[] = order.filter((choice) => !refusals.has(choice));
  allowed.push("none");
  return Object.freeze({
    allowed: Object.freeze(allowed),
    refused: Object.freeze(
      order.flatMap((choice) => {
        const reasonKey = refusals.get(choice);
        return reasonKey ? [{ choice, reasonKey }] : [];
      }),
    ),
    dodgeConvertsManeuver: dodgeConverts && !refusals.has("dodge"),
  });
}

/** The defenses still allowed against this attack ("none" always included, last). */
export function allowedDefenses(ctx: DefenseContext): DefenseChoice[] {
  return [...explainDefenses(ctx).allowed];
}

/** What choosing a defense does to the round: the new usage, and NC-MAN-2's conversion when it applies. */
export interface DefenseTaken {
  readonly usage: DefenseUsage;
  /** Set when the dodge was NC-MAN-2's: the maneuver is lost and must be tried again next round. */
  readonly dodgeInstead: DodgeInsteadResult | null;
}

/**
 * Checks that the defense is allowed (RulesError "defense-not-allowed"
 * otherwise), records it, and, when the dodge ends the maneuver, says so.
 */
export function takeDefense(ctx: DefenseContext, choice: DefenseChoice): DefenseTaken {
  const answer = explainDefenses(ctx);
  if (!answer.allowed.includes(choice)) {
    const reason = answer.refused.find((r) => r.choice === choice)?.reasonKey ?? null;
    throw new RulesError("defense-not-allowed", `${choice} is not allowed against this attack now`, {
      choice,
      reasonKey: reason,
      maneuver: ctx.maneuver,
    });
  }
  const usage = recordDefense(ctx.usage, choice);
  const converts = choice === "dodge" && answer.dodgeConvertsManeuver;
  return Object.freeze({
    usage,
    dodgeInstead: converts ? dodgeInstead(ctx.maneuver, ctx.attack.kind) : null,
  });
}

export interface DodgeInsteadResult {
  /** The maneuver given up; it must be attempted again next round. */
  readonly lostManeuver: ManeuverId;
  /** What the character is doing for the rest of the round: dodging, as the Dodge maneuver. */
  readonly maneuver: "dodgeMelee" | "dodgeMissile";
  readonly retryNextRound: true;
  readonly noteKey: string;
}

/**
 * NC-MAN-2: the dodge replaces the maneuver. Change Weapon's weapons stay as
 * they were; an Engage does not close; a Draw Weapon draws nothing. For the
 * rest of the round the character counts as dodging attacks of that kind.
 */
export function dodgeInstead(maneuverId: ManeuverId | string, attackKind: WeaponKind): DodgeInsteadResult {
  const maneuver = getManeuver(maneuverId);
  return Object.freeze({
    lostManeuver: maneuver.id,
    maneuver: attackKind === "melee" ? "dodgeMelee" : "dodgeMissile",
    retryNextRound: true,
    noteKey: "FANGS.Rules.Defense.DodgeInstead",
  });
}

/* -------------------------------------------- */
/*  A defense against this attack               */
/* -------------------------------------------- */

/**
 * Refuses defenses the attack does not admit: a grapple is parried only
 * with Grapple and Grapple parries only grapples (NC-GRP-1); a shot missile
 * is only dodged, a thrown one is also parried by a shield (or a monster's
 * body), never by a weapon (NC-DEF-1, NC-MAN-3).
 */
export function checkDefenseFitsAttack(
  mode: AttackMode,
  weaponKind: WeaponKind,
  choice: DefenseChoice,
): void {
  if (choice === "none" || choice === "dodge") return;
  let why: string | null = null;
  if (mode === "grapple") {
    if (choice !== "grappleParry") why = "a grapple can only be parried with Grapple";
  } else if (choice === "grappleParry") {
    why = "Grapple parries only grapples";
  } else if (weaponKind === "missile") {
    why = "a shot missile can only be dodged";
  } else if (weaponKind === "thrown" && choice === "weaponParry") {
    why = "a thrown missile is parried with a shield, not a weapon";
  }
  if (why !== null) {
    throw new RulesError("defense-not-allowed", why, { choice, mode, weaponKind });
  }
}

/**
 * Checks a defense declaration without rolling: refuses a defender whose
 * state damage could not read, a choice outside `allowed`
 * ("defense-not-allowed"), a weapon or shield parry without its item, a
 * parry with a shattered item ("item-shattered", NC-DMG-8), a parrying item
 * with a malformed damage formula, a defense without a skill.
 */
export function validateDefense(defense: DefenseDeclaration): void {
  const defender = defense?.defender;
  if (!defender || typeof defender.id !== "string") {
    throw new RulesError("invalid-value", "a defense needs a defender with an id", { what: "defender" });
  }
  // Checked even for "none": the blow's damage reads the defender's armor and pools.
  validateCombatantState(defender, defender.id);
  const dm = defender.damageModifier;
  if (dm !== undefined && !(Number.isInteger(dm) && dm >= 0)) requireInteger(dm, "defender's DM", 0);
  const choice = defense.choice;
  if (
    choice !== "none" &&
    choice !== "dodge" &&
    choice !== "weaponParry" &&
    choice !== "shieldParry" &&
    choice !== "monsterParry" &&
    choice !== "grappleParry"
  ) {
    throw new RulesError("invalid-value", `unknown defense ${String(choice)}`, {
      what: "choice",
      value: choice,
    });
  }
  if (choice === "none") return;
  if (defense.allowed !== undefined && !defense.allowed.includes(choice)) {
    throw new RulesError("defense-not-allowed", `${choice} is not allowed now`, {
      choice,
      allowed: defense.allowed,
    });
  }
  const item = defense.item;
  if ((choice === "weaponParry" || choice === "shieldParry") && (item === null || item === undefined)) {
    throw new RulesError("invalid-value", `${choice} needs the parrying item`, { what: "item", choice });
  }
  if (choice !== "dodge" && item) {
    // A bare hand has no SP track to read (NC-MAN-4).
    if (item.bareHand !== true && itemCondition(item.itemSp) === "shattered") {
      throw new RulesError("item-shattered", `${item.name} is shattered and cannot parry`, {
        itemId: item.id,
      });
    }
    if (item.type !== "weapon" && item.type !== "shield") {
      throw new RulesError("invalid-value", `${item.name} must be a weapon or a shield`, {
        what: "item type",
        value: item.type,
      });
    }
    // A Special or Critical parry rolls it (NC-DMG-18, -19): refuse a bad one before any die.
    damageFormula(item.damage);
  }
  if (defense.skill === null || defense.skill === undefined) {
    throw new RulesError("invalid-value", `${choice} needs a skill`, { what: "skill", choice });
  }
}

/**
 * What a shield strikes with when it has no figure of its own, in a bash
 * (NC-DEF-9) or back after a Critical parry (NC-DMG-19: "the attacker takes
 * normal damage ... from the shield or parrying weapon"): the text gives
 * shields no damage, so the one-handed club stands in (docs/rules/fangs.md,
 * "Readings the exchange card makes").
 */
export function shieldStrikeDamage(options?: FangsOptions): string {
  return resolveOptions(options).clubDamage[1];
}

/**
 * A shield's damage: the figure the GM gave that shield (its `bashDamage`),
 * else `fallback` (`shieldStrikeDamage`, the one-handed club). A bad figure is
 * a RulesError, never a silent club.
 */
export function shieldBashDamage(own: unknown, fallback: string): string {
  if (typeof own !== "string" || own.trim() === "") return fallback;
  const figure = own.trim();
  damageFormula(figure);
  return figure;
}
