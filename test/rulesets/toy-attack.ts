import type { RulesetAttack } from "../../src/apps/attack/attack-entry";
import { localize } from "../../src/config/localize";
import { actorAt } from "../../src/documents/uuid";
import { isActiveGM, newRequestId, type RequestSubject, whilePending } from "../../src/requester";
import type { CardTarget } from "../../src/rules/kernel/targets";
import { verifyRequester } from "../../src/verify-requester";

/**
 * How an attack starts in a toy world (its definition's `cards.attack`),
 * written as a ruleset's own module would be: a toy blade swung at every
 * token the user targets, one roll against all of them, posted as its
 * `toyVolley` card (toy-cards.ts), whose targets each answer on their own
 * (src/rules/kernel/targets.ts). As FANGS's does, the attacker's client
 * only names the blade and the targets; the active GM checks the requester
 * and the documents, rolls and posts the card, so the card's steps trust
 * what is on it. Nothing in src/ knows it.
 */

export const TOY_ATTACK_QUERY = "fangs.toyAttack";

/** What the toy was asked, for the tests: each start, with the options it got. */
export const toyAttackLog = { starts: [] as { actor: string; item: string; options: unknown }[] };

interface ToyAttackRequest {
  readonly userId: string;
  readonly requestId: string;
  readonly attackerUuid: string;
  readonly bladeId: string;
  readonly targetUuids: readonly string[];
}

const subjectOf = (r: Pick<ToyAttackRequest, "attackerUuid" | "bladeId">): RequestSubject => ({
  query: TOY_ATTACK_QUERY,
  subject: `${r.attackerUuid}:${r.bladeId}`,
});

/** A document's type as a plain string: the toy's types are not in Foundry's declared ones. */
const typeOf = (document: { type: unknown } | null | undefined): string => String(document?.type);

function warn(key: string): false {
  ui.notifications?.warn(localize(key));
  return false;
}

/** On the active GM's client: everything read again from the documents, then rolled and posted. */
async function postVolley(request: ToyAttackRequest, user: User.Implementation): Promise<boolean> {
  const attacker = await actorAt(request.attackerUuid);
  const blade = attacker?.items.get(request.bladeId);
  if (!attacker?.testUserPermission(user, "OWNER") || !blade || typeOf(blade) !== "toyBlade") return false;
  const targets: (CardTarget & { deltas: [] })[] = [];
  for (const uuid of new Set(request.targetUuids)) {
    const actor = await actorAt(uuid);
    if (actor && typeOf(actor) === "toyFighter" && actor.uuid !== attacker.uuid)
      targets.push({ actorId: actor.uuid, answer: null, outcome: null, deltas: [] });
  }
  if (targets.length === 0) return false;
  const roll = await new Roll("1d20").evaluate();
  const damage = (blade.system as unknown as { damage: number }).damage;
  await ChatMessage.create({
    type: "toyVolley",
    system: { roll: roll.total ?? 0, damage, targets },
  } as never);
  return true;
}

async function onToyAttackQuery(payload: unknown): Promise<boolean> {
  if (!isActiveGM() || typeof payload !== "object" || payload === null) return false;
  const p = payload as Record<string, unknown>;
  if (typeof p.attackerUuid !== "string" || typeof p.bladeId !== "string" || !Array.isArray(p.targetUuids))
    return false;
  const request: ToyAttackRequest = {
    userId: String(p.userId),
    requestId: String(p.requestId),
    attackerUuid: p.attackerUuid,
    bladeId: p.bladeId,
    targetUuids: p.targetUuids.filter((u): u is string => typeof u === "string"),
  };
  const verified = await verifyRequester(p.userId, p.requestId, subjectOf(request));
  return verified.ok ? postVolley(request, verified.user) : false;
}

export const toyAttack: RulesetAttack = {
  itemTypes: ["toyBlade"],
  readyItems: (actor) => actor.items.filter((i) => typeOf(i) === "toyBlade"),
  async start(actor, itemId, options) {
    toyAttackLog.starts.push({ actor: actor.uuid, item: itemId, options });
    if (typeOf(actor.items.get(itemId)) !== "toyBlade") return warn("FANGS.Chat.Error.NoWeapon");
    const targetUuids = [...(game.user?.targets ?? [])]
      .map((token) => token.actor?.uuid)
      .filter((uuid): uuid is string => typeof uuid === "string" && uuid !== actor.uuid);
    if (targetUuids.length === 0) return warn("FANGS.Chat.Target.None");
    const user = game.user;
    const gm = game.users?.activeGM;
    if (!user?.id || !gm) return warn("FANGS.Chat.NoGM");
    const request: ToyAttackRequest = {
      userId: user.id,
      requestId: newRequestId(),
      attackerUuid: actor.uuid,
      bladeId: itemId,
      targetUuids,
    };
    if (gm.isSelf) return postVolley(request, user);
    const posted = await whilePending(request.requestId, subjectOf(request), () =>
      gm.query(TOY_ATTACK_QUERY as never, request as never),
    );
    return posted === true;
  },
};

(CONFIG.queries as unknown as Record<string, unknown>)[TOY_ATTACK_QUERY] = onToyAttackQuery;
