/**
 * The active GM's side of every ruleset's card steps and round actions, in a
 * lazy chunk of its own (`loadTableAuthority`, src/on-demand.ts): the
 * untrusted payload read, the requester confirmed, the step run under the
 * message's lock and the round action authorised against the world's table.
 * A ruleset's own step or action is reached only through its definition
 * (`cards.flow`, `table`), which loads its heavy part itself: nothing here
 * imports a ruleset (test/build/dist.test.ts). The player's side of a round
 * action rides along: it is small, and no one needs it before play.
 */

export { handleExchangeQuery, runVerified } from "./chat/authority-gm";
export { handleCombatAction, requestCombatAction } from "./combat/request";
