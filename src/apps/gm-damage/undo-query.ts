/**
 * The name of the query that brings another GM's Undo of a damage note to
 * the active GM's client: start-up registers its handler, and the rest of
 * the Undo (undo-request.ts, the requester's side) loads with the tool.
 */
export const GM_DAMAGE_UNDO_QUERY = "fangs.gmDamageUndo";
