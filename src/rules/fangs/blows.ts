import { MAX_FLAT } from "../kernel/dice";
import { requireInteger } from "../kernel/errors";
import type { FangsRules } from "./config";
import type { AttackMode, WeaponKind, WeaponProfile } from "./types";

/**
 * What a blow is made of, apart from its dice: whether the wielder's DM
 * adds, the weapon's enchantment, and whether it spares Health. Kept light
 * (no dice, no options) so the card and the attack dialog can ask it too.
 */

/**
 * CORE-CHR-8: the DM is "the MAXIMUM DAMAGE a character can add to his
 * hand-to-hand and thrown weapon damage"; a shot missile (kind "missile":
 * bow, crossbow, firearm) adds none. Points traded for power "work just
 * like a Damage Modifier" (NC-TAC-1), so they follow the same rule.
 */
export function takesDamageModifier(kind: WeaponKind): boolean {
  return kind !== "missile";
}

/**
 * A weapon's damage bonus or enchantment (NC-TAC-2): a whole number from 0
 * to the largest flat a damage formula may hold (MAX_FLAT), 0 when not given.
 */
export function weaponDamageBonus(weapon: Pick<WeaponProfile, "damageBonus">): number {
  return requireInteger(weapon.damageBonus ?? 0, "weapon damage bonus", 0, MAX_FLAT);
}

/**
 * The dice a blow rolls, before enchantment and DM: the weapon's own, or
 * with the flat of the blade the club of as many hands (NC-SUB-2: "the
 * equivalent of a club ... and only gets the equivalent damage of that kind
 * of weapon"). Its maximum is also the cap on points traded for power
 * (NC-TAC-2: "the normal maximum damage of the weapon"), so the damage roll
 * and the trade cap read the same weapon.
 */
export function blowBaseDamage(
  weapon: Pick<WeaponProfile, "damage" | "hands">,
  mode: AttackMode,
  rules: Pick<FangsRules, "clubDamage">,
  flatOfBladeDamage?: string | null,
): string {
  if (mode !== "flatOfBlade") return weapon.damage;
  return flatOfBladeDamage ?? rules.clubDamage[weapon.hands === 2 ? 2 : 1];
}

/**
 * Whether a blow leaves Health alone (NC-SUB-1, -2, -4): struck with the
 * flat of the blade, or a subdual blow of bare hands or a natural weapon.
 * "Using weapons causes Health damage": a weapon's business end still
 * harms Health in a subdual fight.
 */
export function sparesHealth(attack: {
  readonly mode: AttackMode;
  readonly subdual: boolean;
  readonly weapon: Pick<WeaponProfile, "natural">;
}): boolean {
  if (attack.mode === "flatOfBlade") return true;
  return attack.subdual && attack.weapon.natural === true;
}

/** The ways a weapon may be struck to spare Health, as the attack dialog offers them (NC-SUB-2, -4). */
export interface BlowOptions {
  /** A made melee weapon may strike with the flat of the blade, the haft or the pommel: club damage, Stun only. */
  readonly flatOfBlade: boolean;
  /** Bare hands and natural weapons may fight to subdue: Stun only. */
  readonly subdual: boolean;
}

/**
 * A shield bash offers neither (NC-DEF-9): the shield has no blade to turn,
 * and it already strikes as a club, so "the flat of the blade" would change
 * nothing but the name; and it is no natural weapon, so no subdual.
 */
export function blowOptions(
  weapon: Pick<WeaponProfile, "kind" | "natural" | "shield">,
  grapple: boolean,
): BlowOptions {
  if (grapple || weapon.shield === true) return { flatOfBlade: false, subdual: false };
  const natural = weapon.natural === true;
  return { flatOfBlade: weapon.kind === "melee" && !natural, subdual: natural };
}
