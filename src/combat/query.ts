import { loadTableAuthority } from "../on-demand";

/**
 * The v13 query a player's client sends the active GM for a round action
 * (src/combat/request.ts checks and carries it out). Its name and the
 * player's side live here, at start-up; the request code itself is in the
 * GM's side every ruleset shares (`loadTableAuthority`, src/on-demand.ts).
 */
export const COMBAT_QUERY = "fangs.combatAction";

type Requests = typeof import("./request");

/** A player's side: asks the active GM, and says why if refused. */
export async function requestCombatAction(
  ...args: Parameters<Requests["requestCombatAction"]>
): ReturnType<Requests["requestCombatAction"]> {
  return (await loadTableAuthority()).requestCombatAction(...args);
}
