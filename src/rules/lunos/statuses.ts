/**
 * The token statuses a Lunos fight shows, by id: the states of
 * round-engine.ts's FighterState and its grapples, threats and tags that
 * a table has to see. "dead" and "unconscious" keep Foundry's ids, so the
 * tracker's defeated toggle and core's overlay mean the same.
 */
export const LUNOS_STATUS_IDS = [
  "unconscious",
  "dead",
  "dying",
  "choking",
  "prone",
  "stunned",
  "grappled",
  "pinned",
  "disarmed",
  "threatened",
  "tagged",
] as const;
export type LunosStatusId = (typeof LUNOS_STATUS_IDS)[number];
