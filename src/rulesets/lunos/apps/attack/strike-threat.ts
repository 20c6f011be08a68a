import { answerAsActiveGM, askActiveGM, warnUser } from "../../../../apps/attack/ask-gm";
import { newRequestId } from "../../../../requester";
import { LUNOS_STRIKE_QUERY } from "../../attack-card";
import { type PostAnswer, postLunosStrike } from "../../chat/attack-flow";
import { clientRollMode } from "./start-attack";

/**
 * Threaten's later strike (LUN-MNV-3) asked from the threat's maker's
 * tracker row: on the asking client, the combatant and the roll mode; the
 * active GM checks who asks (the `fangs.lunosStrike` query, its sender
 * confirmed back), whether the user owns the maker, and asks the engine on
 * the fight as it is now whether the strike stands before posting its card
 * (../../chat/attack-flow.ts `postLunosStrike`). Nothing of the request but
 * whose strike it is reaches the engine. Lunos's heavy part.
 */

interface StrikeRequest {
  readonly userId: string;
  readonly requestId: string;
  readonly combatId: string;
  readonly combatantId: string;
  readonly rollMode: string;
}

const FIELDS = ["userId", "requestId", "combatId", "combatantId", "rollMode"];
const ID = /^[A-Za-z0-9]{1,64}$/;

function readRequest(payload: unknown): StrikeRequest | null {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return null;
  const p = payload as Record<string, unknown>;
  if (Object.keys(p).some((key) => !FIELDS.includes(key))) return null;
  for (const key of ["userId", "requestId", "combatId", "combatantId"])
    if (typeof p[key] !== "string" || !ID.test(p[key] as string)) return null;
  if (typeof p.rollMode !== "string" || !Object.hasOwn(CONFIG.Dice.rollModes, p.rollMode)) return null;
  return p as unknown as StrikeRequest;
}

/** On the active GM's client: the maker and its owner read again, then the strike asked of the engine. */
async function postFor(request: StrikeRequest, user: User.Implementation): Promise<PostAnswer> {
  const combat = game.combats?.get(request.combatId) as Combat.Implementation | undefined;
  const actor = combat?.combatants.get(request.combatantId)?.actor;
  if (!combat?.started || !actor) return { ok: false, key: "LUNOS.Chat.Refusal.NoCombat" };
  if (!user.isGM && !actor.testUserPermission(user, "OWNER"))
    return { ok: false, key: "FANGS.Chat.Refusal.NotPermitted" };
  return postLunosStrike({
    combat,
    attackerId: request.combatantId,
    rollMode: request.rollMode,
    by: user.id ?? "",
  });
}

/** The `fangs.lunosStrike` query handler: a player's strike, checked and posted by the active GM. */
export async function onLunosStrikeQuery(payload: unknown): Promise<PostAnswer> {
  return answerAsActiveGM(
    payload,
    LUNOS_STRIKE_QUERY,
    readRequest,
    "LUNOS.Chat.Refusal.Unconfirmed",
    postFor,
  );
}

const warn = warnUser;

/** On the maker's client (its owner's or a GM's): true once the strike's card is posted. */
export async function strikeLunosThreat(combatant: Combatant.Implementation): Promise<boolean> {
  const combat = combatant.combat as Combat.Implementation | null;
  const user = game.user;
  const gm = game.users?.activeGM;
  if (!combat?.id || !combatant.id) return warn("LUNOS.Chat.Refusal.NoCombat");
  if (!user?.id || !gm) return warn("FANGS.Chat.NoGM");
  const request: StrikeRequest = {
    userId: user.id,
    requestId: newRequestId(),
    combatId: combat.id,
    combatantId: combatant.id,
    rollMode: clientRollMode(),
  };
  return askActiveGM(gm, LUNOS_STRIKE_QUERY, request, () => postFor(request, user));
}
