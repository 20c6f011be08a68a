import { type ExchangeAnswer, type ExchangeRequest, refused } from "../../../chat/authority";
import { authoredByGM, NOT_GM_CARD, rulesetIntentOf } from "../../../chat/card-flows";
import { addCardReaders, isCardRollMode, playerOwnersOf } from "../../../chat/card-roll-modes";
import { CardRefusal, rulesRefusalKey } from "../../../chat/card-state";
import type { AppliedDelta, StepDice } from "../../../chat/card-steps";
import { foundryDie, rollDataOf, rollFrom, showNewDice } from "../../../chat/foundry-dice";
import { type RollOneDie, runWithDice } from "../../../chat/replay-dice";
import { replacing } from "../../../documents/replace";
import { actorAt } from "../../../documents/uuid";
import { applyEffects, revertDeltas } from "../../../effects/apply-effects";
import type { Effect } from "../../../rules/kernel/effects";
import { situationApplies } from "../../../rules/sharene/config";
import {
  type AttackOffer,
  declineRiposte,
  defenseOptions,
  offerAttack,
  offerRiposte,
  type RoundFighter,
  resolveAttack,
  type ShareneRound,
} from "../../../rules/sharene/round-engine";
import type { Defense } from "../../../rules/sharene/types";
import { ownSystem, roundRecordOf } from "../combat/record";
import { RIPOSTE_WAITING, readShareneTable, type ShareneTableRead } from "../combat/round-read";
import { recordOf, storedRecord } from "../combat/round-record";
import { shareneHitTable } from "../config/hit-table";
import { SHARENE_EXCHANGE_TYPE } from "../data/exchange-card";
import {
  type CardParty,
  type DefenseChoice,
  type RoundAtApply,
  type ShareneExchangeCard,
  shareneExchangeOf,
  stepRefusal,
  type Viewer,
} from "./exchange-state";
import { APPLY_FIRST, applyFirstData, blowAwaitingApply } from "./unapplied";

/**
 * Sharene's exchange card on the active GM's client (its definition's
 * `cards.flow`, in its heavy part). Every figure is derived here from the
 * documents as they are now: the round from the GM's records on the Combat
 * and the fighters from their sheets (../combat/round-read.ts), never from
 * the request or the card's own copy. Each step: the stored card and the
 * user checked (./exchange-state.ts), the engine run with real dice, the
 * Combat's round and the card written. The authority (src/chat/authority.ts)
 * holds the card's lock and the write queue around a step: nothing here
 * queues again.
 */

type Message = ChatMessage.Implementation;
type Loose = Record<string, unknown>;

/** The dice: Foundry's (a blind card's never entered by hand); the tests script them through Foundry's Roll. */
function dieFor(rollMode: string): RollOneDie {
  return foundryDie({ blind: rollMode === "blindroll" });
}

/** The engine's refusal as the card says it (the tracker's words: `SHARENE.Combat.Refusal.<reason>`). */
export function refusalKey(error: unknown): string | null {
  return rulesRefusalKey(error, "SHARENE.Combat.Refusal", "SHARENE.Combat.Refusal.Refused");
}

/** The weapon an attacker fights with, for the table's read: none named, its first equipped one. */
function wieldedBy(attackerId: string, weaponId: string | null): Record<string, string> {
  return weaponId ? { [attackerId]: weaponId } : {};
}

function combatOf(card: Pick<ShareneExchangeCard, "combatId">): Combat.Implementation {
  const combat = game.combats?.get(card.combatId) ?? null;
  if (!combat?.started) throw new CardRefusal("no-combat", "SHARENE.Chat.Refusal.NoCombat");
  return combat as Combat.Implementation;
}

/* -------------------------------------------- */
/*  The round written back                      */
/* -------------------------------------------- */

function recordOfFighter(f: RoundFighter): Loose {
  const { id: _id, outOfAction: _out, ...record } = f;
  return storedRecord(record);
}

/**
 * Writes the engine's round after an exchange into the Combat: each changed
 * fighter's record on its combatant and in the GM's records, in one update,
 * with the riposte waiting (or none) on the riposter's record.
 */
async function writeRound(read: ShareneTableRead, next: ShareneRound, card: string | null): Promise<void> {
  const combatants: Loose[] = [];
  const records: Record<string, Loose> = {};
  const was = read.round.pendingRiposte?.from ?? null;
  const waits = next.pendingRiposte;
  for (const f of next.fighters) {
    const system = recordOfFighter(f);
    const stored = read.stored.get(f.id);
    const changed = !stored || JSON.stringify(recordOfFighter(stored)) !== JSON.stringify(system);
    if (!changed && f.id !== was && f.id !== waits?.from) continue;
    const combatant = read.combatants.get(f.id);
    if (changed) combatants.push({ _id: f.id, system });
    records[f.id] = {
      ...(roundRecordOf(combatant) ?? ownSystem(combatant)),
      ...system,
      [RIPOSTE_WAITING]:
        waits && waits.from === f.id
          ? { to: waits.to, parts: waits.parts.map((p) => ({ ...p })), round: next.round, card }
          : null,
    };
  }
  if (combatants.length === 0 && Object.keys(records).length === 0) return;
  await read.combat.update({ combatants, system: { records } } as never);
}

/* -------------------------------------------- */
/*  Posting a card                              */
/* -------------------------------------------- */

export interface PostRequest {
  readonly combat: Combat.Implementation;
  /** The attacker's combatant id. */
  readonly attackerId: string;
  /** The equipped weapon it attacks with; its first equipped one when none is named (a riposte's). */
  readonly weaponId?: string | null;
  readonly riposte: boolean;
  /** The card this riposte answers. */
  readonly answers?: string | null;
  readonly situations: readonly string[];
  readonly defenseSituations: readonly string[];
  readonly rollMode: string;
  /** Who asked (a player's gmroll card names them among its readers). */
  readonly by: string;
}

export type PostAnswer =
  | { readonly ok: true; readonly message: Message }
  | { readonly ok: false; readonly key: string; readonly data?: Record<string, string> };

function partyOf(read: ShareneTableRead, id: string): CardParty {
  const combatant = read.combatants.get(id);
  return { combatantId: id, actorUuid: combatant?.actor?.uuid ?? "", name: combatant?.name ?? id };
}

/** Situations of the rules' DF table that may be named on that side's roll, each once. */
export function knownSituations(
  ids: readonly unknown[],
  read: Pick<ShareneTableRead, "rules">,
  side: "attack" | "defense",
): string[] | null {
  const known = new Set(read.rules.situations.filter((s) => situationApplies(s, side)).map((s) => s.id));
  const out: string[] = [];
  for (const id of ids) {
    if (typeof id !== "string" || !known.has(id) || out.includes(id)) return null;
    out.push(id);
  }
  return out;
}

/** An open card of the same attack (same combat, round, attacker, kind) not yet rolled. */
function openCardOf(combat: Combat.Implementation, attackerId: string, riposte: boolean): boolean {
  for (const message of game.messages ?? []) {
    const card = authoredByGM(message) ? shareneExchangeOf(message) : null;
    if (
      card?.stage === "awaitDefense" &&
      card.combatId === combat.id &&
      card.round === combat.round &&
      card.attacker.combatantId === attackerId &&
      card.riposte === riposte
    )
      return true;
  }
  return false;
}

type RollMode = Parameters<typeof ChatMessage.applyRollMode>[1];

/**
 * On the active GM's client: the attack (or the riposte waiting) asked of
 * the engine again, then its card posted, waiting on the defense. Nothing
 * is rolled yet: the attack and the defense are rolled together (SHA-RES-1).
 */
export async function postShareneExchange(request: PostRequest): Promise<PostAnswer> {
  if (!game.user?.isGM) return { ok: false, key: "FANGS.Chat.NoGM" };
  const read = readShareneTable(request.combat, wieldedBy(request.attackerId, request.weaponId ?? null));
  const situations = knownSituations(request.situations, read, "attack");
  const defenseSituations = knownSituations(request.defenseSituations, read, "defense");
  if (!situations || !defenseSituations) return { ok: false, key: "SHARENE.Chat.Refusal.UnknownSituation" };
  const name = read.combatants.get(request.attackerId)?.name ?? request.attackerId;
  let offer: AttackOffer;
  if (request.riposte) {
    const waiting = offerRiposte(read.round, read.view, read.rules, situations);
    if (!waiting || waiting.attackerId !== request.attackerId)
      return { ok: false, key: "SHARENE.Combat.Refusal.NoRiposte", data: { name } };
    offer = waiting;
  } else {
    const answer = offerAttack(read.round, request.attackerId, read.view, read.rules, situations);
    if (!answer.ok) return { ok: false, key: `SHARENE.Combat.Refusal.${answer.reason}`, data: { name } };
    offer = answer.attack;
  }
  if (openCardOf(request.combat, request.attackerId, request.riposte))
    return { ok: false, key: "SHARENE.Chat.Refusal.CardOpen", data: { name } };
  const waiting = blowAwaitingApply(request.combat);
  if (waiting) return { ok: false, key: APPLY_FIRST, data: applyFirstData(waiting) };
  const defenses = defenseOptions(read.round, offer, read.view, read.rules, defenseSituations);
  const attacker = partyOf(read, offer.attackerId);
  const defender = partyOf(read, offer.defenderId);
  const system = {
    ruleset: "sharene",
    revision: 0,
    stage: "awaitDefense",
    rollMode: request.rollMode,
    combatId: request.combat.id ?? "",
    round: request.combat.round ?? 0,
    attacker,
    defender,
    weaponName: read.view.sheet(offer.attackerId).weapon.name,
    weaponId: read.view.sheet(offer.attackerId).weapon.id,
    riposte: request.riposte,
    answers: request.answers ?? null,
    riposteCard: null,
    riposteState: "none",
    situations,
    defenseSituations,
    offer: { dn: offer.dn },
    defenses,
    defense: null,
    exchange: null,
    effects: [],
    deltas: [],
    settled: false,
    roundAtApply: null,
  };
  const actor = read.combatants.get(offer.attackerId)?.actor ?? undefined;
  const html = foundry.utils.escapeHTML;
  const data: ChatMessage.CreateData = {
    type: SHARENE_EXCHANGE_TYPE,
    system: system as never,
    speaker: ChatMessage.getSpeaker({ actor }),
    content: `<p>${html(attacker.name)} → ${html(defender.name)} (${html(system.weaponName)})</p>`,
  } as ChatMessage.CreateData;
  const mode = isCardRollMode(request.rollMode) ? request.rollMode : "gmroll";
  ChatMessage.applyRollMode(data, mode as RollMode);
  // The defender's owners answer the card: a private roll is theirs to read too.
  const defenderActor = read.combatants.get(offer.defenderId)?.actor;
  addCardReaders(data, mode, [request.by, ...playerOwnersOf(defenderActor)]);
  const message = ((await ChatMessage.create(data)) ?? null) as Message | null;
  if (!message) return { ok: false, key: "SHARENE.Chat.Refusal.NotPosted" };
  return { ok: true, message };
}

/* -------------------------------------------- */
/*  Steps                                       */
/* -------------------------------------------- */

/** The engine's effects name combatants; the applier names actors. */
function byActor(effects: readonly Effect[], read: ShareneTableRead): Effect[] {
  return effects.map((e) => {
    if (!("actorId" in e) || typeof e.actorId !== "string") return e;
    const uuid = read.combatants.get(e.actorId)?.actor?.uuid;
    return uuid ? ({ ...e, actorId: uuid } as Effect) : e;
  });
}

/** One run of dice split into the card's labelled Rolls: the attack's d20, the defense's, then the blow. */
function splitDice(dice: StepDice, defended: boolean): StepDice[] {
  const all = dice.dice;
  const steps: StepDice[] = [{ step: "attack", dice: all.slice(0, 1) }];
  if (defended) steps.push({ step: "defense", dice: all.slice(1, 2) });
  steps.push({ step: "damage", dice: all.slice(defended ? 2 : 1) });
  return steps.filter((s) => s.dice.length > 0);
}

interface Written {
  readonly system: Loose;
  readonly dice: StepDice[];
}

async function defend(card: ShareneExchangeCard, choice: DefenseChoice, messageId: string): Promise<Written> {
  const combat = combatOf(card);
  // A card left waiting is its round's: in a later one it would spend the attack the fighter has then.
  if (card.round !== (combat.round ?? 0)) throw new CardRefusal("stale", "SHARENE.Chat.Refusal.PastRound");
  const waiting = blowAwaitingApply(combat);
  if (waiting) throw new CardRefusal("apply-first", APPLY_FIRST, applyFirstData(waiting));
  const weaponId = card.weaponId ?? "";
  const read = readShareneTable(combat, wieldedBy(card.attacker.combatantId, weaponId));
  // The weapon the card was posted with, still in hand (a card from before weapons were named: the one held).
  if (weaponId !== "" && read.view.sheet(card.attacker.combatantId).weapon.id !== weaponId)
    throw new CardRefusal("unwielded", "SHARENE.Chat.Refusal.NotWielded", { name: card.attacker.name });
  const defense: Defense | null = choice === "none" ? null : choice;
  const request = {
    attackerId: card.attacker.combatantId,
    riposte: card.riposte,
    situations: card.situations,
    defenseSituations: card.defenseSituations,
  };
  const rolled = await runWithDice(
    (dice) => resolveAttack(read.round, request, defense, read.view, dice, read.rules, shareneHitTable()),
    dieFor(card.rollMode),
    "exchange",
  );
  const { round: next, exchange } = rolled.value;
  // The card names its defender: an attack that now falls on someone else is not this card's.
  if (exchange.defenderId !== card.defender.combatantId)
    throw new CardRefusal("changed", "SHARENE.Chat.Refusal.TargetChanged");
  await writeRound(read, next, messageId);
  const effects = byActor(exchange.effects, read);
  const opened = next.pendingRiposte?.from === card.defender.combatantId;
  return {
    system: {
      stage: "resolved",
      defense: choice,
      exchange,
      effects,
      riposteState: opened ? "waiting" : "none",
    },
    dice: splitDice(rolled.dice, defense !== null),
  };
}

/**
 * What a later exchange would count on a fighter's record. The turn's own
 * marks (`acted`, a lost attack paid as a turn ends) are left out: a turn
 * passed since the Apply builds on no exchange.
 */
function countedOn(combatant: Combatant.Implementation | undefined): Loose {
  const r = recordOf(roundRecordOf(combatant) ?? ownSystem(combatant));
  return { defenses: r.defenses, riposted: r.riposted, parriedFullAttack: r.parriedFullAttack };
}

/** The card's two fighters' records as they stand now, in the round the Combat is in. */
function roundNow(card: ShareneExchangeCard): RoundAtApply | null {
  const combat = game.combats?.get(card.combatId) as Combat.Implementation | undefined;
  if (!combat) return null;
  const records: Record<string, Loose> = {};
  for (const id of [card.attacker.combatantId, card.defender.combatantId]) {
    const combatant = combat.combatants.get(id);
    if (combatant) records[id] = countedOn(combatant);
  }
  return { round: combat.round ?? 0, records };
}

async function apply(card: ShareneExchangeCard): Promise<Written> {
  for (const e of card.effects)
    if ("actorId" in e && typeof e.actorId === "string" && !(await actorAt(e.actorId)))
      throw new CardRefusal("gone", "SHARENE.Chat.Refusal.Gone");
  const roundAtApply = roundNow(card);
  const applied = await applyEffects(card.effects, {
    combat: (game.combats?.get(card.combatId) ?? null) as Combat.Implementation | null,
  });
  if (applied.cancelled) throw new CardRefusal("cancelled", "FANGS.Chat.Refusal.Cancelled");
  return { system: { stage: "applied", deltas: applied.deltas, roundAtApply, settled: true }, dice: [] };
}

/**
 * Undo holds the round to what the Apply found: in that round, a later
 * exchange that counted a defense, a riposte or a parried Full Attack on
 * either fighter has built on this one, and the Undo is refused (undoing
 * the blow alone would leave that exchange standing on it). Once the round
 * is over its records are gone, and the Undo puts back the documents only.
 */
async function undo(card: ShareneExchangeCard): Promise<Written> {
  const kept = card.roundAtApply ?? null;
  const now = roundNow(card);
  if (kept && now && kept.round === now.round && JSON.stringify(kept.records) !== JSON.stringify(now.records))
    throw new CardRefusal("built-on", "SHARENE.Chat.Refusal.UndoBuiltOn");
  const missed = await revertDeltas(card.deltas as AppliedDelta[]);
  if (missed.length > 0) ui.notifications?.warn(game.i18n?.localize("FANGS.Chat.Undo.Partial") ?? "");
  return { system: { stage: "resolved", deltas: [], roundAtApply: null }, dice: [] };
}

/** The riposte still waits in the round, opened by this very card. */
function waitingFor(card: ShareneExchangeCard, read: ShareneTableRead, messageId: string): boolean {
  const pending = read.round.pendingRiposte;
  if (!pending || pending.from !== card.defender.combatantId) return false;
  const stored = roundRecordOf(read.combatants.get(pending.from))?.[RIPOSTE_WAITING] as Loose | undefined;
  return stored?.card === messageId;
}

async function riposte(card: ShareneExchangeCard, messageId: string, by: string): Promise<Written> {
  const combat = combatOf(card);
  const read = readShareneTable(combat);
  if (!waitingFor(card, read, messageId))
    throw new CardRefusal("no-riposte", "SHARENE.Combat.Refusal.NoRiposte");
  const posted = await postShareneExchange({
    combat,
    attackerId: card.defender.combatantId,
    riposte: true,
    answers: messageId,
    situations: [],
    defenseSituations: [],
    rollMode: card.rollMode,
    by,
  });
  if (!posted.ok) throw new CardRefusal("refused", posted.key, posted.data);
  return { system: { riposteState: "taken", riposteCard: posted.message.id ?? null }, dice: [] };
}

async function decline(card: ShareneExchangeCard, messageId: string): Promise<Written> {
  const combat = combatOf(card);
  const read = readShareneTable(combat);
  if (!waitingFor(card, read, messageId))
    throw new CardRefusal("no-riposte", "SHARENE.Combat.Refusal.NoRiposte");
  await writeRound(read, declineRiposte(read.round), null);
  return { system: { riposteState: "declined" }, dice: [] };
}

async function viewerOf(card: ShareneExchangeCard, user: User.Implementation): Promise<Viewer> {
  const owns = async (uuid: string) =>
    uuid !== "" && (await actorAt(uuid))?.testUserPermission(user, "OWNER") === true;
  return {
    isGM: user.isGM,
    ownsAttacker: await owns(card.attacker.actorUuid),
    ownsDefender: await owns(card.defender.actorUuid),
  };
}

/**
 * Runs one verified step on the active GM's client. Only the intent and the
 * revision come from the requester; the rest is read here.
 */
export async function runShareneStep(
  request: ExchangeRequest,
  user: User.Implementation,
): Promise<ExchangeAnswer> {
  const message = (game.messages?.get(request.messageId) ?? null) as Message | null;
  const card = shareneExchangeOf(message);
  if (!message || !card) return refused("wrong-message", "FANGS.Chat.Refusal.WrongMessage");
  if (!authoredByGM(message)) return NOT_GM_CARD;
  const intent = rulesetIntentOf(request);
  const denied = stepRefusal(card, intent.type, await viewerOf(card, user), request.revision);
  if (denied) return refused(denied.code, denied.messageKey);
  const id = message.id ?? "";
  let written: Written;
  try {
    switch (intent.type) {
      case "defend":
        written = await defend(card, intent.data.choice as DefenseChoice, id);
        break;
      case "apply":
        written = await apply(card);
        break;
      case "undo":
        written = await undo(card);
        break;
      case "riposte":
        written = await riposte(card, id, user.id ?? "");
        break;
      default:
        written = await decline(card, id);
    }
  } catch (error) {
    if (error instanceof CardRefusal) return refused(error.code, error.messageKey, error.data);
    const key = refusalKey(error);
    if (key) return refused("rules", key, { name: card.attacker.name });
    throw error;
  }
  const next = { ...card, ...written.system, revision: card.revision + 1 };
  const rollData = rollDataOf(written.dice, "SHARENE");
  const rolls = [...message.rolls, ...rollData.map(rollFrom)];
  await message.update({ ...replacing("system", next), rolls } as never);
  await showNewDice(message, rollData);
  return { ok: true, stage: next.stage };
}
