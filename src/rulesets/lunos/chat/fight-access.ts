import { fightAccessOf, type LunosFightAccess } from "../combat/fight-access";

export type { LunosFightAccess };

/**
 * Where the attack card finds a combat's fight, on the active GM's client:
 * the round's own (`fightAccessOf`, the engine's fight kept on the Combat),
 * so the card and the round are joined at one place. A test may put a
 * fight of its own in its place.
 */
export type FightAccessSource = (combat: Combat.Implementation) => LunosFightAccess | null;

let source: FightAccessSource = fightAccessOf;

/** Sets where the card finds a combat's fight (a test's own; `fightAccessOf` is the round's). */
export function provideLunosFights(next: FightAccessSource): void {
  source = next;
}

/** The fight of a combat, or null when it runs no Lunos round. */
export function lunosFightAccess(combat: Combat.Implementation): LunosFightAccess | null {
  return source(combat);
}
