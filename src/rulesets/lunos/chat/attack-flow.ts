import { type ExchangeAnswer, type ExchangeRequest, refused } from "../../../chat/authority";
import { authoredByGM, NOT_GM_CARD, rulesetIntentOf } from "../../../chat/card-flows";
import { CardRefusal, rulesRefusalKey } from "../../../chat/card-state";
import type { AppliedDelta, StepDice } from "../../../chat/card-steps";
import { foundryDie, rollDataOf, rollFrom, rollsOf, showNewDice } from "../../../chat/foundry-dice";
import { runWithDice } from "../../../chat/replay-dice";
import { replacing } from "../../../documents/replace";
import { actorAt } from "../../../documents/uuid";
import { applyEffects, revertDeltas } from "../../../effects/apply-effects";
import { maneuverMenu, settleAttack } from "../../../rules/lunos/attack-choice";
import {
  type AttackDeclaration,
  attackOf,
  fighterOf,
  type LunosFight,
  resolveAttack,
  rollAttack,
  type TargetSpend,
} from "../../../rules/lunos/round-engine";
import type { Maneuver } from "../../../rules/lunos/types";
import { LUNOS_ATTACK_TYPE } from "../data/attack-card";
import { attackEffects } from "./attack-effects";
import {
  type CardParty,
  type LunosAttackCard,
  lunosAttackOf,
  stepRefusal,
  type Viewer,
} from "./attack-state";
import { type LunosFightAccess, lunosFightAccess } from "./fight-access";

/**
 * Lunos's attack card on the active GM's client (its definition's
 * `cards.flow`, in its heavy part). Every figure is derived here from the
 * documents and the round as they are now (the fight through
 * ./fight-access.ts, the sheets through its view), never from the request
 * or the card's own copy. Posting a card settles the attack and rolls its
 * pool; its one player step buys the maneuvers and resolves the blow; a GM
 * applies the effects and may undo them exactly. The authority
 * (src/chat/authority.ts) holds the card's lock and the write queue around
 * a step: nothing here queues again.
 */

type Message = ChatMessage.Implementation;

/** The engine's refusal as the card says it (`LUNOS.Chat.Refusal.<reason>`). */
export function refusalKey(error: unknown): string | null {
  return rulesRefusalKey(error, "LUNOS.Chat.Refusal");
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
  const view = access.view();
  const pending = fight.pending!;
  const attack = attackOf(fighterOf(fight, attackerId).plan)!;
  const sheet = view.sheet(attackerId);
  const skill = pending.armed && sheet.weapon !== null ? sheet.weapon.skill : "brawl";
  await access.commit(fight);
  const attacker = partyOf(combat, attackerId);
  const targets = pending.targets.map((t) => partyOf(combat, t.id));
  const weaponName = pending.armed && sheet.weapon !== null ? sheet.weapon.name : "";
  const system = {
    ruleset: "lunos",
    revision: 0,
    stage: "spend",
    rollMode: mode,
    combatId: combat.id ?? "",
    round: combat.round ?? 0,
    attacker,
    targets,
    weaponName,
    attack: {
      kind: attack.kind,
      skill,
      declared: pending.declared,
      forgoDamage: pending.forgoDamage,
      poolDie: access.rules().poolDie,
      luckDie: access.rules().luckDie,
    },
    pending,
    ...facesOf(dice),
    menu: maneuverMenu(fight, view, access.rules()),
    spends: [],
    outcomes: [],
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
    rolls: rollsOf([dice], "LUNOS") as never,
  } as ChatMessage.CreateData;
  ChatMessage.applyRollMode(data, mode as RollMode);
  const whisper = data.whisper;
  if (mode === "gmroll" && Array.isArray(whisper) && request.by && !whisper.includes(request.by))
    whisper.push(request.by);
  const message = ((await ChatMessage.create(data)) ?? null) as Message | null;
  if (!message) return { ok: false, key: "LUNOS.Chat.Refusal.NotPosted" };
  return { ok: true, message };
}

/* -------------------------------------------- */
/*  Steps                                       */
/* -------------------------------------------- */

interface Written {
  readonly system: Record<string, unknown>;
  readonly dice: StepDice[];
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

async function spend(card: LunosAttackCard, spends: readonly TargetSpend[]): Promise<Written> {
  const combat = combatOf(card.combatId);
  const access = accessOf(combat);
  const fight = access.fight();
  if (!stillPending(card, fight)) throw new CardRefusal("changed", "LUNOS.Chat.Refusal.Changed");
  const view = access.view();
  const outcome = resolveAttack(fight, spends, view, access.rules());
  const uuidOf = (id: string) => combat.combatants.get(id)?.actor?.uuid ?? "";
  const effects = attackEffects(fight, outcome, uuidOf, view, access.rules());
  await access.commit(outcome.fight);
  return {
    system: { stage: "resolved", spends, outcomes: outcome.targets, effects },
    dice: [],
  };
}

async function apply(card: LunosAttackCard): Promise<Written> {
  for (const e of card.effects)
    if ("actorId" in e && typeof e.actorId === "string" && !(await actorAt(e.actorId)))
      throw new CardRefusal("gone", "LUNOS.Chat.Refusal.Gone");
  const applied = await applyEffects(card.effects, {
    combat: (game.combats?.get(card.combatId) ?? null) as Combat.Implementation | null,
  });
  if (applied.cancelled) throw new CardRefusal("cancelled", "FANGS.Chat.Refusal.Cancelled");
  return { system: { stage: "applied", deltas: applied.deltas }, dice: [] };
}

async function undo(card: LunosAttackCard): Promise<Written> {
  const missed = await revertDeltas(card.deltas as AppliedDelta[]);
  if (missed.length > 0) ui.notifications?.warn(game.i18n?.localize("FANGS.Chat.Undo.Partial") ?? "");
  return { system: { stage: "resolved", deltas: [] }, dice: [] };
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
  return { ok: true, stage: next.stage };
}
