import type { LunosRules } from "../../../rules/lunos/config";
import type { FightView, LunosFight } from "../../../rules/lunos/round-engine";

/**
 * The round as the attack card reads and writes it, on the active GM's
 * client: the engine's fight kept on the Combat, the fighters' sheets, the
 * world's rules, and the write of the fight after a step. Lunos's round on
 * the tracker provides it (`fightAccessOf(combat)`, its combat folder);
 * the card asks for it through `lunosFightAccess`, so the card and the
 * round are joined at one place.
 */
export interface LunosFightAccess {
  fight(): LunosFight;
  view(): FightView;
  rules(): LunosRules;
  commit(next: LunosFight): Promise<void>;
}

export type FightAccessSource = (combat: Combat.Implementation) => LunosFightAccess | null;

let source: FightAccessSource = () => null;

/** Sets where the card finds a combat's fight (the round's `fightAccessOf`; a test's own). */
export function provideLunosFights(next: FightAccessSource): void {
  source = next;
}

/** The fight of a combat, or null when it runs no Lunos round. */
export function lunosFightAccess(combat: Combat.Implementation): LunosFightAccess | null {
  return source(combat);
}
