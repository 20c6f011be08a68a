import { SYSTEM_ID } from "../../../config/system";
import type { FangsOptions } from "../../../rules/fangs/config";
import { type AimState, possibleAim } from "../../../rules/fangs/firearms";

/**
 * Where the aiming module keeps each combatant's aim between rounds
 * (RHF-AIM-1, docs/rules/fangs.md): a flag on the Combat, keyed by the
 * combatant's id, that the GM's client writes. The Combat is the GM's: a
 * player can write their own combatant, never this (docs/security.md), and
 * a world that never aims stores nothing new.
 */

/** No aim (the rules core's NO_AIM). */
const NO_AIM: AimState = Object.freeze({ rounds: 0, bonus: 0 });

/** The Combat flag that keeps the aims between rounds. */
export const AIM_FLAG = "aim";

/** A kept aim read back; anything malformed, or more than its rounds could earn under `rules`, reads as no aim. */
export function aimFrom(raw: unknown, rules?: FangsOptions): AimState {
  const r = raw as Partial<AimState> | null | undefined;
  const whole = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n >= 0;
  if (!r || !whole(r.rounds) || !whole(r.bonus) || r.rounds === 0) return NO_AIM;
  if (!whole(r.round) || typeof r.weaponId !== "string") return NO_AIM;
  const aim = { rounds: r.rounds, bonus: r.bonus, round: r.round, weaponId: r.weaponId };
  return possibleAim(aim, rules) ? aim : NO_AIM;
}

/** The aim a combatant keeps, read from its Combat. */
export function aimOf(
  combat: Combat.Implementation | null | undefined,
  combatantId: string | null,
  rules?: FangsOptions,
): AimState {
  if (!combat || !combatantId) return NO_AIM;
  const flags = combat.flags as Record<
    string,
    Record<string, Record<string, unknown> | undefined> | undefined
  >;
  return aimFrom(flags?.[SYSTEM_ID]?.[AIM_FLAG]?.[combatantId], rules);
}

/** Keeps a combatant's aim on its Combat (the GM's client). */
export async function keepAim(combatant: Combatant.Implementation, aim: AimState): Promise<void> {
  const combat = combatant.combat;
  if (!combat || !combatant.id) return;
  await combat.update({
    [`flags.${SYSTEM_ID}.${AIM_FLAG}.${combatant.id}`]: { ...aim },
  } as never);
}

/** The attack that follows spends the aim (the GM's client, when the attack is counted). */
export async function spendAim(combatant: Combatant.Implementation, rules?: FangsOptions): Promise<void> {
  if (aimOf(combatant.combat, combatant.id, rules).rounds > 0) await keepAim(combatant, NO_AIM);
}
