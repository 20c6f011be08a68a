import type { DiceSource } from "../kernel/dice";
import type { Effect } from "../kernel/effects";
import { requireInteger } from "../kernel/errors";
import { resolveCheck } from "./check";
import { type FangsOptions, resolveOptions } from "./config";
import type { CheckResult } from "./types";

/**
 * A fumbled attack (NC-DMG-21): "the GM decides if the attack hits another
 * player, hits the attacker himself, or if he just drops the weapon (usually
 * determined by a Luck roll)". The options are data; a Luck roll (Luck = PW)
 * suggests one, and the GM's choice is what the table applies.
 */

export const FumbleResult = {
  HitAnother: "hitAnother",
  HitSelf: "hitSelf",
  DropWeapon: "dropWeapon",
} as const;
export type FumbleResult = (typeof FumbleResult)[keyof typeof FumbleResult];

export interface FumbleOption {
  readonly id: FumbleResult;
  /** Localisation key of its label. */
  readonly labelKey: string;
  /** Whether the GM must also pick a victim. */
  readonly needsTarget: boolean;
}

export const FUMBLE_OPTIONS: readonly FumbleOption[] = Object.freeze([
  Object.freeze({
    id: FumbleResult.HitAnother,
    labelKey: "FANGS.Rules.Fumble.HitAnother",
    needsTarget: true,
  }),
  Object.freeze({ id: FumbleResult.HitSelf, labelKey: "FANGS.Rules.Fumble.HitSelf", needsTarget: false }),
  Object.freeze({
    id: FumbleResult.DropWeapon,
    labelKey: "FANGS.Rules.Fumble.DropWeapon",
    needsTarget: false,
  }),
]);

export interface FumbleLuck {
  /** The Luck check: d20 + Luck ≥ 20 (and its confirmation die, as any check). */
  readonly check: CheckResult;
  /** What the Luck roll suggests: the lucky drop the weapon, the unlucky hit themselves ([default]s). */
  readonly suggested: FumbleResult;
}

/** Rolls Luck (a check on PW) and suggests a fumble result from the options. */
export function rollFumbleLuck(luck: number, dice: DiceSource, options?: FangsOptions): FumbleLuck {
  requireInteger(luck, "Luck", 0);
  const rules = resolveOptions(options);
  const check = resolveCheck({ skill: luck, modifiers: 0 }, dice);
  return { check, suggested: check.success ? rules.fumbleLuckSuccess : rules.fumbleLuckFailure };
}

/** The note a dropped weapon leaves: the table unequips the weapon, the simulator puts it out of hand. */
export const WEAPON_DROPPED_NOTE = "FANGS.Rules.Fumble.WeaponDropped";

/** The note a dropped weapon leaves on the card; the Foundry layer unequips it. */
export function dropWeaponEffects(attackerId: string, weaponId: string): Effect[] {
  return [
    {
      kind: "note",
      key: WEAPON_DROPPED_NOTE,
      data: { actorId: attackerId, itemId: weaponId },
    },
  ];
}

/**
 * A thrown weapon leaves the thrower's hand with the attack, whatever the
 * attack does, and must be drawn again to strike again (NC-MAN-13's Draw
 * Weapon): it is out of hand as a dropped weapon is (docs/rules/fangs.md,
 * "A thrown weapon"). Nothing for any other weapon.
 */
export function thrownWeaponEffects(
  attackerId: string,
  weapon: { readonly id: string; readonly kind: string },
): Effect[] {
  return weapon.kind === "thrown" ? dropWeaponEffects(attackerId, weapon.id) : [];
}
