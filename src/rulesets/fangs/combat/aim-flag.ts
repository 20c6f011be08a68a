import { SYSTEM_ID } from "../../../config/system";
import type { AimState } from "../../../rules/fangs/firearms";

/**
 * Where the aiming module keeps a combatant's aim between rounds
 * (RHF-AIM-1, docs/rules/fangs.md): a flag the GM's client writes, so a
 * world that never aims stores nothing new on its combatants.
 */

/** No aim (the rules core's NO_AIM, kept here so this file loads none of the firearms code). */
const NO_AIM: AimState = Object.freeze({ rounds: 0, bonus: 0 });

/** The combatant flag that keeps the aim between rounds. */
export const AIM_FLAG = "aim";

/** A kept aim read back; anything malformed reads as no aim. */
export function aimFrom(raw: unknown): AimState {
  const r = raw as Partial<AimState> | null | undefined;
  const whole = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n >= 0;
  if (!r || !whole(r.rounds) || !whole(r.bonus) || r.rounds === 0) return NO_AIM;
  return { rounds: r.rounds, bonus: r.bonus };
}

/** The aim a combatant keeps. */
export function aimOf(combatant: Combatant.Implementation | null | undefined): AimState {
  const flags = combatant?.flags as Record<string, Record<string, unknown> | undefined> | undefined;
  return aimFrom(flags?.[SYSTEM_ID]?.[AIM_FLAG]);
}

/** Keeps an aim on the combatant (the GM's client). */
export async function keepAim(combatant: Combatant.Implementation, aim: AimState): Promise<void> {
  await combatant.update({
    [`flags.${SYSTEM_ID}.${AIM_FLAG}`]: { rounds: aim.rounds, bonus: aim.bonus },
  } as never);
}

/** The attack that follows spends the aim (the GM's client, when the attack is counted). */
export async function spendAim(combatant: Combatant.Implementation): Promise<void> {
  if (aimOf(combatant).rounds > 0) await keepAim(combatant, NO_AIM);
}
