import { answerAsActiveGM, askActiveGM, warnUser } from "../../../../apps/attack/ask-gm";
import { attackerCombatant } from "../../../../apps/attack/attacker-combatant";
import { cardRollModes, defaultCardRollMode, isCardRollMode } from "../../../../chat/card-roll-modes";
import { localize } from "../../../../config/localize";
import { newRequestId } from "../../../../requester";
import { offerAttack } from "../../../../rules/sharene/round-engine";
import { knownSituations, type PostAnswer, postShareneExchange } from "../../chat/exchange-flow";
import { APPLY_FIRST, applyFirstData, blowAwaitingApply } from "../../chat/unapplied";
import { readShareneTable } from "../../combat/round-read";
import { SHARENE_ATTACK_QUERY } from "../../exchange-card";
import { type AttackDialogAnswers, askShareneAttack } from "./attack-dialog";

/**
 * How an attack starts in a Sharene world (its definition's `cards.attack`,
 * in its heavy part). On the attacker's client: the combat it fights in,
 * its turn and its attack asked of the engine (`offerAttack`) so a refusal
 * is heard at once, then the dialog of situations. The active GM asks the
 * engine again from the documents (never the request's figures), with the
 * weapon the request names if the attacker has it equipped, and posts
 * the card (../../chat/exchange-flow.ts). A player's attack reaches the GM
 * as the `fangs.shareneAttack` query, its sender confirmed back.
 */

interface AttackRequest {
  readonly userId: string;
  readonly requestId: string;
  readonly combatId: string;
  readonly combatantId: string;
  readonly itemId: string;
  readonly situations: readonly string[];
  readonly defenseSituations: readonly string[];
  readonly rollMode: string;
}

const warn = warnUser;

/** On the active GM's client: the request's user, combatant and weapon read again, then the card posted. */
async function postFor(request: AttackRequest, user: User.Implementation): Promise<PostAnswer> {
  const combat = game.combats?.get(request.combatId) as Combat.Implementation | undefined;
  const combatant = combat?.combatants.get(request.combatantId);
  const actor = combatant?.actor;
  if (!combat?.started || !combatant || !actor) return { ok: false, key: "SHARENE.Chat.Refusal.NoCombat" };
  if (!user.isGM && !actor.testUserPermission(user, "OWNER"))
    return { ok: false, key: "FANGS.Chat.Refusal.NotPermitted" };
  // Only a GM sets the defense's situations (the defender's side of the DF table).
  if (!user.isGM && request.defenseSituations.length > 0)
    return { ok: false, key: "FANGS.Chat.Refusal.NotPermitted" };
  const read = readShareneTable(combat, { [request.combatantId]: request.itemId });
  if (request.itemId === "" || read.view.sheet(request.combatantId).weapon.id !== request.itemId)
    return { ok: false, key: "SHARENE.Chat.Refusal.NotWielded", data: { name: combatant.name ?? "" } };
  return postShareneExchange({
    combat,
    attackerId: request.combatantId,
    weaponId: request.itemId,
    riposte: false,
    situations: request.situations,
    defenseSituations: request.defenseSituations,
    rollMode: request.rollMode,
    by: user.id ?? "",
  });
}

const ID = /^[A-Za-z0-9]{1,64}$/;

function readRequest(payload: unknown): AttackRequest | null {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return null;
  const p = payload as Record<string, unknown>;
  const fields = [
    "userId",
    "requestId",
    "combatId",
    "combatantId",
    "itemId",
    "situations",
    "defenseSituations",
    "rollMode",
  ];
  if (Object.keys(p).some((key) => !fields.includes(key))) return null;
  for (const key of ["userId", "requestId", "combatId", "combatantId", "itemId"])
    if (typeof p[key] !== "string" || !ID.test(p[key] as string)) return null;
  if (!Array.isArray(p.situations) || !Array.isArray(p.defenseSituations)) return null;
  if (p.situations.length > 20 || p.defenseSituations.length > 20) return null;
  if (!isCardRollMode(p.rollMode)) return null;
  return p as unknown as AttackRequest;
}

/** The `fangs.shareneAttack` query handler: a player's attack, checked and posted by the active GM. */
export async function onShareneAttackQuery(payload: unknown): Promise<PostAnswer> {
  return answerAsActiveGM(
    payload,
    SHARENE_ATTACK_QUERY,
    readRequest,
    "SHARENE.Chat.Refusal.Unconfirmed",
    postFor,
  );
}

export interface ShareneAttackOptions {
  readonly event?: Event | { readonly shiftKey?: boolean } | null;
  readonly token?: TokenDocument.Implementation | null;
  /** Answers the dialog would give (a macro, the tests); the dialog is not shown. */
  readonly answers?: Partial<AttackDialogAnswers>;
}

/** On the attacker's client: true once its card is posted. */
export async function startShareneAttack(
  actor: Actor.Implementation,
  itemId: string,
  options: ShareneAttackOptions = {},
): Promise<boolean> {
  const found = attackerCombatant(actor, options.token);
  if (!found?.combatant.id) return warn("SHARENE.Chat.Refusal.NoCombat");
  const { combat, combatant } = found;
  const id: string = found.combatant.id;
  const name = combatant.name ?? actor.name ?? "";
  // Any weapon it has equipped attacks, each with its own figures.
  const read = readShareneTable(combat, { [id]: itemId });
  const sheet = read.view.sheet(id);
  if (itemId === "" || sheet.weapon.id !== itemId) return warn("SHARENE.Chat.Refusal.NotWielded", { name });
  const offer = offerAttack(read.round, id, read.view, read.rules);
  if (!offer.ok) return warn(`SHARENE.Combat.Refusal.${offer.reason}`, { name });
  // Said before the dialog: the GM refuses it too (a card this client cannot see included).
  const waiting = blowAwaitingApply(combat);
  if (waiting) return warn(APPLY_FIRST, applyFirstData(waiting));
  const user = game.user;
  const gm = game.users?.activeGM;
  if (!user?.id || !gm) return warn("FANGS.Chat.NoGM");
  const shift = !!options.event && "shiftKey" in options.event && options.event.shiftKey === true;
  const rollMode = defaultCardRollMode();
  let answers: AttackDialogAnswers | null;
  if (options.answers || shift)
    answers = {
      situations: options.answers?.situations ?? [],
      defenseSituations: user.isGM ? (options.answers?.defenseSituations ?? []) : [],
      rollMode: options.answers?.rollMode ?? rollMode,
    };
  else
    answers = await askShareneAttack(
      {
        attackerName: name,
        defenderName: read.combatants.get(offer.attack.defenderId)?.name ?? "",
        weaponName: sheet.weapon.name,
        dn: offer.attack.dn,
        rules: read.rules,
        gm: user.isGM,
        rollMode,
        rollModes: cardRollModes(),
      },
      localize,
    );
  if (!answers) return false;
  if (
    !knownSituations(answers.situations, read, "attack") ||
    !knownSituations(answers.defenseSituations, read, "defense")
  )
    return warn("SHARENE.Chat.Refusal.UnknownSituation");
  const request: AttackRequest = {
    userId: user.id,
    requestId: newRequestId(),
    combatId: combat.id ?? "",
    combatantId: id,
    itemId,
    situations: answers.situations,
    defenseSituations: answers.defenseSituations,
    rollMode: answers.rollMode,
  };
  return askActiveGM(gm, SHARENE_ATTACK_QUERY, request, () => postFor(request, user));
}
