import { type ExchangeAnswer, type ExchangeRequest, refused } from "../../../chat/authority";
import { authoredByGM, NOT_GM_CARD, rulesetIntentOf } from "../../../chat/card-flows";
import { CardRefusal, rulesRefusalKey } from "../../../chat/card-state";
import type { AppliedDelta, StepDice } from "../../../chat/card-steps";
import { foundryDie, rollDataOf, rollFrom, rollsOf, showNewDice } from "../../../chat/foundry-dice";
import { runWithDice } from "../../../chat/replay-dice";
import { replacing } from "../../../documents/replace";
import { actorAt } from "../../../documents/uuid";
import { applyEffects, PartialApply, revertDeltas } from "../../../effects/apply-effects";
import { RulesError } from "../../../rules/kernel/errors";
import { maneuverMenu, settleAttack } from "../../../rules/lunos/attack-choice";
import { MANEUVER_REFUSALS, type ManeuverRefusal } from "../../../rules/lunos/maneuvers";
import {
  type AttackDeclaration,
  type AttackOutcome,
  attackOf,
  fighterOf,
  type LunosFight,
  type PendingAttack,
  resolveAttack,
  rollAttack,
  strikeThreat,
  type TargetSpend,
  type Threat,
  threatStrikeFight,
} from "../../../rules/lunos/round-engine";
import type { Maneuver } from "../../../rules/lunos/types";
import { LUNOS_ATTACK_TYPE } from "../data/attack-card";
import { attackEffects, threatEndEffects } from "./attack-effects";
import {
  type CardParty,
  type LunosAttackCard,
  lunosAttackOf,
  stepRefusal,
  type Viewer,
} from "./attack-state";
import { type LunosFightAccess, lunosFightAccess } from "./fight-access";
import { type PlacedToken, pushEffects } from "./push";

/**
 * Lunos's attack card on the active GM's client (its definition's
 * `cards.flow`, in its heavy part). Every figure is derived here from the
 * documents and the round as they are now (the fight through
 * ./fight-access.ts, the sheets through its view), never from the request
 * or the card's own copy. Posting a card settles the attack and rolls its
 * pool; its one player step buys the maneuvers and resolves the blow on
 * the card, the round holding the attack; a GM's Apply puts the blow in
 * the round, and Undo takes it out exactly (docs/rules/lunos.md, "The
 * attack card"). The authority
 * (src/chat/authority.ts) holds the card's lock and the write queue around
 * a step: nothing here queues again.
 */

type Message = ChatMessage.Implementation;

/**
 * The engine's refusal as the card says it (`LUNOS.Chat.Refusal.<reason>`):
 * a maneuver's refusal too (bought past its limit, too dear, ...), by the
 * reason the core gives it.
 */
export function refusalKey(error: unknown): string | null {
  const reason =
    error instanceof RulesError ? (error.details as { reason?: unknown } | undefined)?.reason : null;
  if (MANEUVER_REFUSALS.includes(reason as ManeuverRefusal)) return `LUNOS.Chat.Refusal.${String(reason)}`;
  return rulesRefusalKey(error, "LUNOS.Chat.Refusal", "LUNOS.Chat.Refusal.Refused");
}

function combatOf(combatId: string): Combat.Implementation {
  const combat = game.combats?.get(combatId) ?? null;
  if (!combat?.started) throw new CardRefusal("no-combat", "LUNOS.Chat.Refusal.NoCombat");
  return combat as Combat.Implementation;
}

function accessOf(combat: Combat.Implementation): LunosFightAccess {
  const access = lunosFightAccess(combat);
  if (!access) throw new CardRefusal("no-round", "LUNOS.Chat.Refusal.NoRound");
  return access;
}

/** A combatant's token, for a push to move. */
const tokenOf = (combat: Combat.Implementation) => (id: string) =>
  (combat.combatants.get(id)?.token ?? null) as PlacedToken | null;

function partyOf(combat: Combat.Implementation, id: string): CardParty {
  const combatant = combat.combatants.get(id);
  return { combatantId: id, actorUuid: combatant?.actor?.uuid ?? "", name: combatant?.name ?? id };
}

/* -------------------------------------------- */
/*  Posting a card                              */
/* -------------------------------------------- */

export interface PostRequest {
  readonly combat: Combat.Implementation;
  /** The attacker's combatant id. */
  readonly attackerId: string;
  /** The attack as the attacker settles it on its turn (targets among those declared, skill, maneuver). */
  readonly choice: AttackDeclaration;
  readonly rollMode: string;
  /** Who asked (a player's gmroll card names them among its readers). */
  readonly by: string;
}

export type PostAnswer =
  | { readonly ok: true; readonly message: Message }
  | { readonly ok: false; readonly key: string; readonly data?: Record<string, string> };

type RollMode = Parameters<typeof ChatMessage.applyRollMode>[1];

/** The pool's dice as they fell: the d6 first, the luck die last (none in a grapple, whose check stands in). */
function facesOf(dice: StepDice): { faces: number[]; luck: number } {
  const all = dice.dice.map((d) => d.result);
  return all.length === 0 ? { faces: [], luck: 0 } : { faces: all.slice(0, -1), luck: all.at(-1)! };
}

/**
 * On the active GM's client: the attack settled and rolled by the engine
 * on the fight as it is now, the fight written with the roll pending, and
 * its card posted with the roll's dice as a real Roll.
 */
export async function postLunosAttack(request: PostRequest): Promise<PostAnswer> {
  if (!game.user?.isGM) return { ok: false, key: "FANGS.Chat.NoGM" };
  const { combat, attackerId } = request;
  const name = combat.combatants.get(attackerId)?.name ?? attackerId;
  // A Self roll would reach the GM alone: the attacker's owner could not spend on it (start-attack.ts).
  const asked = request.rollMode === "selfroll" ? "gmroll" : request.rollMode;
  const mode = Object.hasOwn(CONFIG.Dice.rollModes, asked) ? asked : "publicroll";
  let fight: LunosFight;
  let dice: StepDice;
  let access: LunosFightAccess;
  try {
    access = accessOf(combat);
    const view = access.view();
    const rules = access.rules();
    const settled = settleAttack(access.fight(), attackerId, request.choice, view, rules);
    const rolled = await runWithDice(
      (d) => rollAttack(settled, attackerId, view, d, rules),
      foundryDie({ blind: mode === "blindroll" }),
      "attack",
    );
    fight = rolled.value;
    dice = rolled.dice;
  } catch (error) {
    if (error instanceof CardRefusal) return { ok: false, key: error.messageKey };
    const key = refusalKey(error);
    if (key) return { ok: false, key, data: { name } };
    throw error;
  }
  const pending = fight.pending!;
  const attack = attackOf(fighterOf(fight, attackerId).plan)!;
  // Every target missed: there is nothing to buy and nothing to apply, so the attack ends as it is posted.
  const missed = pending.targets.every((t) => !t.hit)
    ? resolveAttack(fight, [], access.view(), access.rules())
    : null;
  await access.commit(missed ? missed.fight : fight);
  return postCard(request, mode, access, fight, {
    kind: attack.kind,
    declared: pending.declared,
    forgoDamage: pending.forgoDamage,
    dice,
    ...(missed ? { missed: missed.targets } : {}),
  });
}

/** The card's own part of what is posted: the attack's kind and declaration, its dice (none for a strike). */
interface Posting {
  readonly kind: PendingAttack["kind"];
  readonly declared: Maneuver | null;
  readonly forgoDamage: boolean;
  readonly dice: StepDice | null;
  readonly threat?: Threat;
  /** Every target missed: the outcome the card is posted with, resolved. */
  readonly missed?: AttackOutcome["targets"];
}

/** Posts the card of the fight's pending attack (`fight.pending`), waiting on its maneuvers. */
async function postCard(
  request: Pick<PostRequest, "combat" | "attackerId" | "by">,
  mode: string,
  access: LunosFightAccess,
  fight: LunosFight,
  posting: Posting,
): Promise<PostAnswer> {
  const { combat, attackerId } = request;
  const view = access.view();
  const rules = access.rules();
  const pending = fight.pending!;
  const sheet = view.sheet(attackerId);
  const skill = pending.armed && sheet.weapon !== null ? sheet.weapon.skill : "brawl";
  const attacker = partyOf(combat, attackerId);
  const targets = pending.targets.map((t) => partyOf(combat, t.id));
  const weaponName = pending.armed && sheet.weapon !== null ? sheet.weapon.name : "";
  const system = {
    ruleset: "lunos",
    revision: 0,
    stage: posting.missed ? "resolved" : "spend",
    rollMode: mode,
    combatId: combat.id ?? "",
    round: combat.round ?? 0,
    attacker,
    targets,
    weaponName,
    attack: {
      kind: posting.kind,
      skill,
      declared: posting.declared,
      forgoDamage: posting.forgoDamage,
      poolDie: rules.poolDie,
      luckDie: rules.luckDie,
      ...(posting.threat ? { threat: posting.threat } : {}),
    },
    pending,
    ...(posting.dice ? facesOf(posting.dice) : { faces: [], luck: 0 }),
    menu: maneuverMenu(fight, view, rules),
    spends: [],
    outcomes: posting.missed ?? [],
    effects: [],
    deltas: [],
  };
  const actor = combat.combatants.get(attackerId)?.actor ?? undefined;
  const html = foundry.utils.escapeHTML;
  const data: ChatMessage.CreateData = {
    type: LUNOS_ATTACK_TYPE,
    system: system as never,
    speaker: ChatMessage.getSpeaker({ actor }),
    content: `<p>${html(attacker.name)} → ${targets.map((t) => html(t.name)).join(", ")}</p>`,
    rolls: rollsOf(posting.dice ? [posting.dice] : [], "LUNOS") as never,
  } as ChatMessage.CreateData;
  ChatMessage.applyRollMode(data, mode as RollMode);
  const whisper = data.whisper;
  if (mode === "gmroll" && Array.isArray(whisper) && request.by && !whisper.includes(request.by))
    whisper.push(request.by);
  const message = ((await ChatMessage.create(data)) ?? null) as Message | null;
  if (!message) return { ok: false, key: "LUNOS.Chat.Refusal.NotPosted" };
  return { ok: true, message };
}

/** A request for a threat's strike: its maker, and how the card is shown. */
export interface StrikeRequest {
  readonly combat: Combat.Implementation;
  /** The threat's maker's combatant id. */
  readonly attackerId: string;
  readonly rollMode: string;
  readonly by: string;
}

/**
 * On the active GM's client: a threat's strike (LUN-MNV-3) as the engine
 * would accept it on the fight as it is now, posted as an attack card
 * waiting on its maneuvers, the held margin standing for the roll. The
 * fight is written when the card is applied, not before: until then the
 * threat is held, and a card whose strike the fight no longer gives is
 * refused its Apply.
 */
export async function postLunosStrike(request: StrikeRequest): Promise<PostAnswer> {
  if (!game.user?.isGM) return { ok: false, key: "FANGS.Chat.NoGM" };
  const { combat, attackerId } = request;
  const name = combat.combatants.get(attackerId)?.name ?? attackerId;
  const asked = request.rollMode === "selfroll" ? "gmroll" : request.rollMode;
  const mode = Object.hasOwn(CONFIG.Dice.rollModes, asked) ? asked : "publicroll";
  let access: LunosFightAccess;
  let striking: LunosFight;
  let threat: Threat;
  try {
    access = accessOf(combat);
    const fight = access.fight();
    striking = threatStrikeFight(fight, attackerId, access.view());
    threat = fight.threats.find((t) => t.by === attackerId)!;
  } catch (error) {
    if (error instanceof CardRefusal) return { ok: false, key: error.messageKey };
    const key = refusalKey(error);
    if (key) return { ok: false, key, data: { name } };
    throw error;
  }
  return postCard(request, mode, access, striking, {
    kind: "attack",
    declared: null,
    forgoDamage: false,
    dice: null,
    threat: { ...threat },
  });
}

/* -------------------------------------------- */
/*  Steps                                       */
/* -------------------------------------------- */

interface Written {
  readonly system: Record<string, unknown>;
  readonly dice: StepDice[];
  /** Written, and still refused: the card brought up to date for the GM to look at again. */
  readonly refusal?: CardRefusal;
}

/** The pending attack of the fight is still this card's: the same attacker and the same roll. */
function stillPending(card: LunosAttackCard, fight: LunosFight): boolean {
  const p = fight.pending;
  return (
    p !== null &&
    card.pending !== null &&
    p.attackerId === card.attacker.combatantId &&
    JSON.stringify(p) === JSON.stringify(card.pending)
  );
}

/** The spend's "target:maneuver" list as the engine's spends, one per target in the order first named. */
export function spendsOf(buys: readonly string[], caught: readonly string[]): TargetSpend[] {
  const by = new Map<string, Maneuver[]>();
  for (const buy of buys) {
    const [target = "", maneuver = ""] = buy.split(":");
    by.set(target, [...(by.get(target) ?? []), maneuver as Maneuver]);
  }
  for (const target of caught) if (!by.has(target)) by.set(target, []);
  return [...by].map(([target, maneuvers]) =>
    caught.includes(target) ? { target, maneuvers, catchWeapon: true } : { target, maneuvers },
  );
}

/** Whether a fighter is in a grapple of the fight (a push does not part it). */
const heldIn = (fight: LunosFight) => (id: string) => fight.grapples.some((g) => g.a === id || g.b === id);

/** JSON-equal: the card's stored copies against what is worked out again now. */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/* A threat's strike: resolved on the fight as it is now, written when applied. */

interface StrikeNow {
  readonly access: LunosFightAccess;
  readonly fight: LunosFight;
  readonly threat: Threat;
}

/** The card's strike as the fight gives it now: the same threat, margin and target, or refused. */
function strikeNow(card: LunosAttackCard, threat: Threat, access: LunosFightAccess): StrikeNow {
  const fight = access.fight();
  const held = fight.threats.find((t) => t.by === threat.by);
  if (!held || !same(held, threat)) throw new CardRefusal("changed", "LUNOS.Chat.Refusal.Changed");
  const striking = threatStrikeFight(fight, threat.by, access.view());
  if (!same(striking.pending, card.pending)) throw new CardRefusal("changed", "LUNOS.Chat.Refusal.Changed");
  return { access, fight, threat };
}

/** The strike's outcome with what the card's spend bought on the threatened (nothing on anyone else). */
function struck(now: StrikeNow, spends: readonly TargetSpend[]): AttackOutcome {
  const bought = spends.find((x) => x.target === now.threat.target);
  if (spends.some((x) => x.target !== now.threat.target))
    throw new CardRefusal("rules", "LUNOS.Chat.Refusal.BadSpend");
  return strikeThreat(
    now.fight,
    now.threat.by,
    now.access.view(),
    now.access.rules(),
    bought?.maneuvers ?? [],
    bought?.catchWeapon === true,
  );
}

/**
 * The card's blow resolved by the engine on the round's fight as it is
 * now (a threat's strike on the fight its threat gives), and its effects
 * worked out against that same fight: the engine throws no dice here, so
 * Spend and Apply reach the same outcome while nothing moved.
 */
function resolved(card: LunosAttackCard, spends: readonly TargetSpend[]) {
  const combat = combatOf(card.combatId);
  const access = accessOf(combat);
  const view = access.view();
  const uuidOf = (id: string) => combat.combatants.get(id)?.actor?.uuid ?? "";
  const threat = card.attack.threat;
  if (threat) {
    const now = strikeNow(card, threat, access);
    const outcome = struck(now, spends);
    const effects = [
      ...attackEffects(now.fight, outcome, uuidOf, view, access.rules()),
      ...pushEffects(
        card.combatId,
        threat.by,
        outcome.targets,
        uuidOf,
        tokenOf(combat),
        heldIn(outcome.fight),
      ),
      ...threatEndEffects(now.fight, outcome.fight, uuidOf),
    ];
    return { combat, access, outcome, effects };
  }
  const fight = access.fight();
  if (!stillPending(card, fight)) throw new CardRefusal("changed", "LUNOS.Chat.Refusal.Changed");
  const outcome = resolveAttack(fight, spends, view, access.rules());
  const effects = [
    ...attackEffects(fight, outcome, uuidOf, view, access.rules()),
    ...pushEffects(
      card.combatId,
      card.attacker.combatantId,
      outcome.targets,
      uuidOf,
      tokenOf(combat),
      heldIn(outcome.fight),
    ),
  ];
  return { combat, access, outcome, effects };
}

/**
 * The maneuvers bought and the blow resolved, shown on the card; the round
 * keeps the attack pending until a GM applies it. A blow that changes
 * nothing on the sheets (every target missed, or nothing got through)
 * has nothing to apply: it is settled in the round at once.
 */
async function spend(card: LunosAttackCard, spends: readonly TargetSpend[]): Promise<Written> {
  const { access, outcome, effects } = resolved(card, spends);
  if (effects.length === 0) await access.commit(outcome.fight);
  return {
    system: { stage: "resolved", spends, outcomes: outcome.targets, effects },
    dice: [],
  };
}

/**
 * The blow enters the round: resolved again on the fight as it is now
 * (the card's figures refreshed and the GM asked again if they moved),
 * every document of it checked before the first write, the effects
 * written (taken back whole if a write fails, so a second Apply never
 * writes twice), then the fight it leaves. The record as it was before
 * and after is kept on the card, for the Undo.
 */
async function apply(card: LunosAttackCard): Promise<Written> {
  const { combat, access, outcome, effects } = resolved(card, card.spends);
  if (effects.length === 0) {
    await access.commit(outcome.fight);
    return { system: { outcomes: outcome.targets, effects }, dice: [] };
  }
  if (!same(effects, card.effects) || !same(outcome.targets, card.outcomes))
    return {
      system: { outcomes: outcome.targets, effects },
      dice: [],
      refusal: new CardRefusal("moved", "LUNOS.Chat.Refusal.Moved"),
    };
  for (const e of effects)
    if ("actorId" in e && typeof e.actorId === "string" && !(await actorAt(e.actorId)))
      throw new CardRefusal("gone", "LUNOS.Chat.Refusal.Gone");
  const before = access.stored();
  let applied: Awaited<ReturnType<typeof applyEffects>>;
  try {
    applied = await applyEffects(effects, { combat });
  } catch (error) {
    if (!(error instanceof PartialApply)) throw error;
    console.error(error.cause);
    await revertDeltas(error.deltas);
    throw new CardRefusal("failed", "LUNOS.Chat.Refusal.ApplyFailed");
  }
  if (applied.cancelled) throw new CardRefusal("cancelled", "FANGS.Chat.Refusal.Cancelled");
  try {
    await access.commit(outcome.fight);
  } catch (error) {
    await revertDeltas(applied.deltas);
    throw error;
  }
  return {
    system: { stage: "applied", deltas: applied.deltas, applied: { before, after: access.stored() } },
    dice: [],
  };
}

/**
 * The documents put back, and the round's record as this card's Apply
 * found it (the attack pending again, until it is applied or dropped; a
 * strike's threat held again, its blow out of the slot); refused once
 * anything was written to the round since (a later card, the next slot),
 * which would then stand on a blow no longer there. With the combat gone,
 * the documents alone.
 */
async function undo(card: LunosAttackCard): Promise<Written> {
  const combat = game.combats?.get(card.combatId) as Combat.Implementation | undefined;
  const access = combat?.started ? lunosFightAccess(combat) : null;
  const kept = card.applied ?? null;
  if (access && kept && !same(access.stored(), kept.after))
    throw new CardRefusal("built-on", "LUNOS.Chat.Refusal.UndoBuiltOn");
  const missed = await revertDeltas(card.deltas as AppliedDelta[]);
  if (missed.length > 0) ui.notifications?.warn(game.i18n?.localize("FANGS.Chat.Undo.Partial") ?? "");
  if (access && kept) await access.restore(kept.before);
  return { system: { stage: "resolved", deltas: [], applied: null }, dice: [] };
}

async function viewerOf(card: LunosAttackCard, user: User.Implementation): Promise<Viewer> {
  const uuid = card.attacker.actorUuid;
  return {
    isGM: user.isGM,
    ownsAttacker: uuid !== "" && (await actorAt(uuid))?.testUserPermission(user, "OWNER") === true,
  };
}

/**
 * Runs one verified step on the active GM's client. Only the intent and the
 * revision come from the requester; the rest is read here.
 */
export async function runLunosStep(
  request: ExchangeRequest,
  user: User.Implementation,
): Promise<ExchangeAnswer> {
  const message = (game.messages?.get(request.messageId) ?? null) as Message | null;
  const card = lunosAttackOf(message);
  if (!message || !card) return refused("wrong-message", "FANGS.Chat.Refusal.WrongMessage");
  if (!authoredByGM(message)) return NOT_GM_CARD;
  const intent = rulesetIntentOf(request);
  const denied = stepRefusal(card, intent.type, await viewerOf(card, user), request.revision);
  if (denied) return refused(denied.code, denied.messageKey);
  let written: Written;
  try {
    switch (intent.type) {
      case "spend":
        written = await spend(card, spendsOf(intent.data.buys as string[], intent.data.catch as string[]));
        break;
      case "apply":
        written = await apply(card);
        break;
      default:
        written = await undo(card);
    }
  } catch (error) {
    if (error instanceof CardRefusal) return refused(error.code, error.messageKey, error.data);
    const key = refusalKey(error);
    if (key) return refused("rules", key, { name: card.attacker.name });
    throw error;
  }
  const next = { ...card, ...written.system, revision: card.revision + 1 };
  const rollData = rollDataOf(written.dice, "LUNOS");
  const rolls = [...message.rolls, ...rollData.map(rollFrom)];
  await message.update({ ...replacing("system", next), rolls } as never);
  await showNewDice(message, rollData);
  if (written.refusal) return refused(written.refusal.code, written.refusal.messageKey, written.refusal.data);
  return { ok: true, stage: next.stage };
}
