import { SYSTEM_ID } from "../../../config/system";
import { quicknessAllowance } from "../../../rules/fangs/quickness";
import { rulesOptions } from "../config/settings";
import { actorFacts } from "./snapshot";

/**
 * Where the multiple attacks module keeps a slow fighter's last free attack
 * (RHF-MAT-1: AG 1–6 attacks once every other round, docs/rules/fangs.md):
 * a flag on the Combat, by combatant id, that only the active GM's client
 * writes, when it counts the attack (exchange-flow.ts `countNewAttack`). A
 * combatant is its owner's to write; the Combat is not (docs/security.md).
 * It keeps the round of the last free attack and the one before it, so a
 * second attack in the same round reads the round before, as the simulator
 * does. A world with the module off stores nothing here.
 */

export const ATTACK_ROUND_FLAG = "lastAttack";

/** The rounds kept: `last` the round of the last free attack, `before` the one before it (0: none). */
export interface KeptAttackRounds {
  readonly last: number;
  readonly before: number;
}

const NONE: KeptAttackRounds = Object.freeze({ last: 0, before: 0 });

/**
 * Kept rounds read back. Anything malformed reads as none; so does a round
 * past the Combat's own (no attack can have been counted there yet) and a
 * `before` not earlier than `last`: a slow fighter then reads as one that
 * has not attacked, which costs it nothing it was owed.
 */
export function attackRoundsFrom(raw: unknown, combatRound: number): KeptAttackRounds {
  const r = raw as Partial<KeptAttackRounds> | null | undefined;
  const whole = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;
  if (!r || typeof r !== "object" || !whole(r.last) || !whole(r.before)) return NONE;
  if (r.last > combatRound || (r.before >= r.last && r.before !== 0)) return NONE;
  return { last: r.last, before: r.before };
}

function kept(combat: Combat.Implementation, combatantId: string): unknown {
  const flags = combat.flags as Record<
    string,
    Record<string, Record<string, unknown> | undefined> | undefined
  >;
  return flags?.[SYSTEM_ID]?.[ATTACK_ROUND_FLAG]?.[combatantId];
}

/**
 * The round of the fighter's last free attack before `round` (the module's
 * `lastFreeAttackRound`), 0 when none: an attack already counted this round
 * is not "last round's", so the one before it is read.
 */
export function lastFreeAttackRound(
  combat: Combat.Implementation | null | undefined,
  combatantId: string | null,
  round: number,
): number {
  if (!combat || !combatantId) return 0;
  const rounds = attackRoundsFrom(kept(combat, combatantId), Math.max(1, combat.round ?? 1));
  if (rounds.last > 0 && rounds.last < round) return rounds.last;
  return rounds.before < round ? rounds.before : 0;
}

/**
 * An attack was counted for this combatant (the active GM's client, in its
 * write queue): when the module is on and the attack was within the
 * allowance (a Charge's or a Dodge Past's free attack too: an attack roll of
 * the round; not a slow fighter's off-round attack at −5), its round is kept. Undo on the attack's card does not take it back,
 * as it does not take back the attack's count.
 */
export async function keepAttackRound(combatant: Combatant.Implementation, round: number): Promise<void> {
  const combat = combatant.combat;
  const id = combatant.id;
  const rules = rulesOptions();
  if (!combat || !id || rules?.multipleAttacksModule !== true) return;
  const rounds = attackRoundsFrom(kept(combat, id), Math.max(1, combat.round ?? 1));
  if (rounds.last === round) return;
  const ag = actorFacts(combatant.actor).ag;
  // Only one every other round reads it: a faster fighter's attacks leave nothing to keep.
  if ((quicknessAllowance({ ag, round: round + 1, lastFreeAttackRound: round }, rules) ?? 1) > 0) return;
  const last = lastFreeAttackRound(combat, id, round);
  if ((quicknessAllowance({ ag, round, lastFreeAttackRound: last }, rules) ?? 0) <= 0) return;
  await combat.update({
    [`flags.${SYSTEM_ID}.${ATTACK_ROUND_FLAG}.${id}`]: { last: round, before: last },
  } as never);
}
