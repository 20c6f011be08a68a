import { announce, frozen } from "../../../api/hooks";
import { type ExchangeAnswer, type ExchangeRequest, refused } from "../../../chat/authority";
import { authoredByGM, NOT_GM_CARD } from "../../../chat/card-flows";
import type { StepDice } from "../../../chat/card-steps";
import { foundryDie, rollDataOf, rollFrom, showNewDice } from "../../../chat/foundry-dice";
import { NeedDie, ReplayDice, type RollOneDie, runWithDice } from "../../../chat/replay-dice";
import { FangsCombat } from "../../../documents/combat";
import { FangsCombatant } from "../../../documents/combatant";
import { replacing } from "../../../documents/replace";
import { actorAt } from "../../../documents/uuid";
import { serialised } from "../../../documents/write-queue";
import { actorsOf, appliable, applyEffects, revertDeltas } from "../../../effects/apply-effects";
import { AttackSource, attackSlots, roundAttackCap, unusedSlots } from "../../../rules/fangs/attacks";
import { autofireBurst, rollExchangeDamage } from "../../../rules/fangs/autofire";
import { sparesHealth } from "../../../rules/fangs/blows";
import { burstHitsThrough } from "../../../rules/fangs/bursts";
import { assessBlow, type Consequences } from "../../../rules/fangs/consequences";
import { rollDamage, rollFumbleHit } from "../../../rules/fangs/damage";
import { type DefenseTaken, takeDefense } from "../../../rules/fangs/defenses";
import { dropWeaponEffects, FUMBLE_OPTIONS } from "../../../rules/fangs/fumble";
import { decideOutcome, type ExchangeOutcome, rollDefense } from "../../../rules/fangs/outcome";
import {
  type AttackRestriction,
  chargeFreeAttack,
  dodgePastAfterFirst,
} from "../../../rules/fangs/special-defenses";
import type { AttackDeclaration, DefenseChoice, DefenseDeclaration } from "../../../rules/fangs/types";
import { type Effect, poolTotal } from "../../../rules/kernel/effects";
import { RulesError } from "../../../rules/kernel/errors";
import { spendAim } from "../combat/aim-flag";
import { keepAttackRound } from "../combat/attack-round-flag";
import { fangsRound } from "../combat/combatant-round";
import { freeAttackVerdict } from "../combat/free-attacks";
import { holdBegins, holdUndone } from "../combat/hold-control";
import { actorFacts, combatantSystem, roundAttackerOf } from "../combat/snapshot";
import { withdrawalAnswerAt, withdrawalRestrictions } from "../combat/withdrawal";
import { rulesOptions } from "../config/settings";
import { exchangeOf } from "../data/exchange-card";
import { itemSystem } from "../data/views";
import type { PlannedStuck } from "../stuck-weapon-effect";
import {
  DEFENSE_CHOICES,
  declareDefense,
  defenseContextFor,
  offeredDefenses,
  rulesErrorKey,
} from "./defense-options";
import { defenseQuestion } from "./defense-question";
import {
  checkIntent,
  DODGE_PAST,
  type ExchangeEvent,
  type ExchangeIntent,
  ExchangeStage,
  type ExchangeState,
  type FreeAttackOffer,
  type NextStep,
  type PartyRef,
  transition,
  type Actor as Who,
} from "./exchange-state";
import {
  combatantState,
  currentItemSp,
  defenderProfile,
  FactsError,
  weaponProfile,
  weaponSkill,
} from "./facts";

/**
 * The steps of an exchange after the attack, as the active GM's client runs
 * them (authority.ts calls `runStep` under the message's lock, in the GM's
 * write queue: nothing here queues again, see src/documents/write-queue.ts). Each step:
 * reads the stored card and the documents as they are now, asks the pure
 * state machine whether the step is open to this user, runs the rules core
 * with real dice, and writes the next state with the new rolls in one
 * message update. Applying writes the documents first and stores their
 * exact deltas on the card; undo reverts those deltas.
 */

type AnyActor = Actor.Implementation;

/* -------------------------------------------- */
/*  Reading the world                           */
/* -------------------------------------------- */

export async function actorFrom(uuid: string | null | undefined): Promise<AnyActor | null> {
  return uuid ? actorAt(uuid) : null;
}

function owns(actor: AnyActor | null, user: User.Implementation): boolean {
  return actor?.testUserPermission(user, "OWNER") === true;
}

/** Who the user is to this exchange, from the current documents. */
export function whoIs(user: User.Implementation, attacker: AnyActor | null, target: AnyActor | null): Who {
  return {
    userId: user.id ?? "",
    isGM: user.isGM,
    ownsAttacker: owns(attacker, user),
    ownsTarget: owns(target, user),
  };
}

/**
 * The attack as declared, with the attacker's state read again (a Critical
 * parry strikes back at it now) and the weapon's SP as it is now (another
 * exchange may have worn it since the attack was rolled).
 */
function attackNow(state: ExchangeState, attacker: AnyActor | null): AttackDeclaration {
  const declaration = state.declaration;
  if (!attacker) return declaration;
  const sp = declaration.weapon.itemSp ? currentItemSp(attacker, declaration.weapon.id) : undefined;
  return {
    ...declaration,
    attacker: { ...declaration.attacker, state: combatantState(attacker) },
    ...(sp ? { weapon: { ...declaration.weapon, itemSp: sp } } : {}),
  };
}

/** The defense as declared, with the defender and the parrying item's SP read again. */
function defenseNow(state: ExchangeState, defender: AnyActor): DefenseDeclaration {
  const stored = state.defense?.declaration ?? {
    choice: "none" as const,
    skill: null,
    item: null,
    modifiers: 0,
  };
  const item = stored.item;
  const sp = item && item.bareHand !== true ? currentItemSp(defender, item.id) : undefined;
  return {
    ...stored,
    ...(item && sp ? { item: { ...item, itemSp: sp } } : {}),
    defender: defenderProfile(defender),
  };
}

/* -------------------------------------------- */
/*  What the rules say comes next               */
/* -------------------------------------------- */

function changes(effects: readonly Effect[]): boolean {
  return effects.some((e) => e.kind !== "note");
}

/**
 * Whether the exchange goes on to a damage step after this outcome, asked
 * of the rules core itself: its damage step is run with no dice at all. If
 * it wants a die, or changes anything, there is damage to roll; if it
 * returns nothing to change, the exchange is over.
 */
export function nextAfter(
  outcome: ExchangeOutcome,
  attack: AttackDeclaration,
  defense: DefenseDeclaration,
): NextStep {
  try {
    const result = rollDamage(outcome, attack, defense, new ReplayDice([]), rulesOptions());
    return changes(result.effects) ? "damage" : "resolved";
  } catch (error) {
    if (error instanceof NeedDie) return "damage";
    throw error;
  }
}

/**
 * NC-MAN-9 through the rules core: a Charge that did no damage gives its target a
 * free attack, if the target still has an attack this round (NC-ATK-8: the
 * free attack counts). A charger's Dodge Past second chance (under
 * `dodgePastSecondChance: "always"`) is the rest of the charge's attack: the
 * first chance did no damage, or there would be no second, so the second
 * chance's card makes the offer when it does none either.
 */
export async function chargeOffer(
  state: ExchangeState,
  effects: readonly Effect[],
): Promise<Omit<FreeAttackOffer, "taken"> | null> {
  if (state.setup.maneuver !== "charge") return null;
  const source = state.setup.source ?? AttackSource.Maneuver;
  let chances: readonly Effect[];
  if (source === AttackSource.Maneuver) {
    // A second chance offered: the charge's attack is not over until it is taken (its card decides).
    if (state.freeAttack?.kind === "dodgePast") return null;
    chances = effects;
  } else if (source === AttackSource.DodgePast) {
    const first = firstChanceOf(state);
    if (!first) return null;
    chances = [...first, ...effects];
  } else return null; // A free attack struck back at a charger gives none back.
  const offer = chargeFreeAttack({
    chargerId: state.attacker.actorUuid,
    targetId: state.target.actorUuid,
    effects: [...chances],
  });
  if (!offer) return null;
  const striker = await actorFrom(offer.attackerId);
  if (
    !freeAttackVerdict(AttackSource.ChargeFreeAttack, striker, FangsCombat.withId(state.setup.combatId))
      .allowed
  )
    return null;
  return { attackerId: offer.attackerId, targetId: offer.targetId, reasonKey: offer.reasonKey };
}

/** The skill total of the card's weapon in its attacker's hands; undefined when it cannot be read. */
function cardWeaponSkill(attacker: AnyActor | null, state: ExchangeState): number | undefined {
  const item = attacker?.items.get(state.weapon.itemId);
  if (!attacker || !item) return undefined;
  try {
    return weaponSkill(attacker, item).total;
  } catch (error) {
    if (error instanceof FactsError) return undefined;
    throw error;
  }
}

/**
 * The effects of the charge's first chance, read from the card whose Dodge
 * Past second chance this exchange is: the latest card, written by the
 * active GM, of the same charger at the same target in the same round whose
 * second chance was taken. Null when there is none, or when its damage is
 * still to be rolled (the charge's harm is not known yet).
 */
function firstChanceOf(state: ExchangeState): readonly Effect[] | null {
  const messages = [...(game.messages ?? [])].reverse();
  for (const message of messages) {
    // A card no GM wrote could claim any first chance.
    const first = authoredByGM(message) ? exchangeOf(message) : null;
    if (
      first?.freeAttack?.kind !== "dodgePast" ||
      !first.freeAttack.taken ||
      first.setup.maneuver !== "charge" ||
      (first.setup.source ?? AttackSource.Maneuver) !== AttackSource.Maneuver ||
      first.attacker.actorUuid !== state.attacker.actorUuid ||
      first.target.actorUuid !== state.target.actorUuid ||
      first.setup.combatId !== state.setup.combatId ||
      first.setup.round !== state.setup.round
    )
      continue;
    const pending: readonly string[] = [ExchangeStage.DefenseChosen, ExchangeStage.DefenseRolled];
    return pending.includes(first.stage) ? null : (first.damage?.effects ?? []);
  }
  return null;
}

/* -------------------------------------------- */
/*  Steps                                       */
/* -------------------------------------------- */

/** A step's result: the event for the state machine, and what to do once the card is written. */
interface Prepared {
  readonly event: ExchangeEvent;
  readonly after?: () => Promise<void>;
}

class StepRefusal extends Error {
  constructor(
    readonly code: string,
    readonly messageKey: string,
    readonly data: Record<string, string> = {},
  ) {
    super(messageKey);
  }
}

function gone(party: Pick<PartyRef, "name">): never {
  throw new StepRefusal("gone", "FANGS.Chat.Refusal.Gone", { name: party.name });
}

/** The card's name for someone in the exchange, by actor UUID. */
function partyNamed(state: ExchangeState, uuid: string): Pick<PartyRef, "name"> {
  const known = [state.attacker, state.target, state.fumble?.victim ?? null];
  return known.find((p) => p?.actorUuid === uuid) ?? { name: uuid };
}

async function prepareDefend(
  state: ExchangeState,
  choice: string,
  attacker: AnyActor | null,
  target: AnyActor | null,
  rollDie: RollOneDie,
): Promise<Prepared> {
  if (!target) gone(state.target);
  const past = choice === DODGE_PAST;
  if (!past && !(DEFENSE_CHOICES as readonly string[]).includes(choice)) {
    throw new StepRefusal("invalid", "FANGS.Chat.Refusal.Invalid");
  }
  // NC-DEF-4: dodging past is a dodge to the rules core; the second chance follows on the card.
  const defenseChoice: DefenseChoice = past ? "dodge" : (choice as DefenseChoice);
  const question = defenseQuestion(state, target);
  const answer = offeredDefenses(question);
  if (past && !answer.dodgePast) {
    throw new StepRefusal("defense-not-allowed", "FANGS.Chat.DodgePast.NotNow");
  }
  const offer = answer.offers.find((o) => o.choice === defenseChoice);
  if (!offer?.allowed) {
    throw new StepRefusal("defense-not-allowed", offer?.reasonKey ?? "FANGS.Chat.Refusal.Invalid", {
      ...(offer?.reasonData ?? {}),
    });
  }
  const allowed = answer.offers.filter((o) => o.allowed).map((o) => o.choice);
  const { declaration, itemName } = declareDefense(question, defenseChoice, allowed);
  const context = defenseContextFor(question);
  const taken: DefenseTaken | null = context ? takeDefense(context, defenseChoice) : null;

  const attack = state.attack;
  if (!attack) throw new StepRefusal("wrong-stage", "FANGS.Chat.Refusal.WrongStage");
  const defense = await runWithDice((d) => rollDefense(declaration, d), rollDie, "defense");
  const outcome = await runWithDice(
    (d) => decideOutcome(attack, defense.value, d, rulesOptions()),
    rollDie,
    "outcome",
  );
  const attackDeclaration = attackNow(state, attacker);
  // NC-MAN-12: an autofire burst the dodge did not wholly beat has hits to roll, even when dodged.
  const burst = autofireBurst(attackDeclaration, attack, defense.value, outcome.value, rulesOptions());
  const next = burst ? "damage" : nextAfter(outcome.value, attackDeclaration, declaration);
  const combatant = FangsCombatant.of(target, FangsCombat.withId(state.setup.combatId));
  const pastStep = past
    ? dodgePastAfterFirst(
        {
          attack: attack.check.level,
          dodge: defense.value.check?.level ?? null,
          attackerManeuver: state.setup.maneuver,
        },
        rulesOptions(),
      )
    : null;
  // NC-ATK-7, -8: the second chance is one of the attacker's attacks this round; one who has none left gets none.
  const secondChance: Omit<FreeAttackOffer, "taken"> | null =
    pastStep?.secondChance &&
    freeAttackVerdict(
      AttackSource.DodgePast,
      attacker,
      FangsCombat.withId(state.setup.combatId),
      undefined,
      // The multiple attacks module prices the second chance by the card's weapon's skill (review 6).
      cardWeaponSkill(attacker, state),
    ).allowed
      ? {
          attackerId: state.attacker.actorUuid,
          targetId: state.target.actorUuid,
          reasonKey: "FANGS.Chat.DodgePast.Offered",
          kind: "dodgePast",
        }
      : null;
  return {
    event: {
      type: "defend",
      choice,
      defense: {
        roll: defense.value,
        declaration: {
          choice: declaration.choice,
          skill: declaration.skill,
          item: declaration.item,
          modifiers: declaration.modifiers,
        },
        itemName,
        counted: combatant !== null,
        dodgeInstead: taken?.dodgeInstead ?? null,
        past: pastStep ? { slippedBy: pastStep.slippedBy } : null,
        // The module's burst: what each roll put through this defense, for the card (RHF-AUT-1, -2).
        ...(attack.burst ? { burstThrough: burstHitsThrough(attack.burst, defense.value) } : {}),
      },
      outcome: outcome.value,
      next,
      freeAttack: secondChance ?? (next === "resolved" ? await chargeOffer(state, []) : null),
      dice: [defense.dice, outcome.dice],
    },
    after: async () => {
      if (!combatant || defenseChoice === "none") return;
      const round = fangsRound(combatant);
      await round.recordDefense(defenseChoice);
      if (taken?.dodgeInstead) {
        await round.declareManeuver(taken.dodgeInstead.maneuver);
        await round.recordManeuverLost(taken.dodgeInstead.lostManeuver);
      }
    },
  };
}

async function prepareDamage(
  state: ExchangeState,
  attacker: AnyActor | null,
  target: AnyActor | null,
  rollDie: RollOneDie,
): Promise<Prepared> {
  if (!target) gone(state.target);
  const outcome = state.outcome;
  if (!outcome) throw new StepRefusal("wrong-stage", "FANGS.Chat.Refusal.WrongStage");
  const attack = attackNow(state, attacker);
  const defense = defenseNow(state, target);
  const rolls = { attack: state.attack ?? null, defense: state.defense?.roll ?? null };
  const rolled = await runWithDice(
    (d) => rollExchangeDamage(outcome, attack, defense, rolls, d, rulesOptions()),
    rollDie,
    "damage",
  );
  return {
    event: {
      type: "rollDamage",
      damage: { result: rolled.value, effects: rolled.value.effects },
      next: appliable(rolled.value.effects) ? "apply" : "resolved",
      freeAttack: await chargeOffer(state, rolled.value.effects),
      dice: [rolled.dice],
    },
  };
}

async function prepareFumble(
  state: ExchangeState,
  intent: Extract<ExchangeIntent, { type: "resolveFumble" }>,
  attacker: AnyActor | null,
  rollDie: RollOneDie,
): Promise<Prepared> {
  const option = FUMBLE_OPTIONS.find((o) => o.id === intent.option);
  if (!option) throw new StepRefusal("invalid", "FANGS.Chat.Refusal.Invalid");
  // NC-SUB-3: only a blow that would otherwise spare health can be made health-damaging.
  const healthDamaging = intent.healthDamaging === true;
  if (healthDamaging && (option.id === "dropWeapon" || !sparesHealth(state.declaration))) {
    throw new StepRefusal("invalid", "FANGS.Chat.Refusal.Invalid");
  }
  if (option.id === "dropWeapon") {
    const effects = dropWeaponEffects(state.attacker.actorUuid, state.weapon.itemId);
    return {
      event: {
        type: "resolveFumble",
        option: option.id,
        fumble: { option: option.id, victim: null },
        damage: { result: null, effects },
        next: appliable(effects) ? "apply" : "resolved",
        freeAttack: await chargeOffer(state, effects),
        dice: [],
      },
    };
  }
  let victim: AnyActor | null;
  let victimRef: PartyRef | null = null;
  if (option.needsTarget) {
    victim = await actorFrom(intent.victimUuid);
    if (!victim) throw new StepRefusal("no-victim", "FANGS.Chat.Fumble.NeedVictim");
    victimRef = { actorUuid: victim.uuid, tokenUuid: null, name: victim.name ?? "", img: victim.img ?? "" };
  } else {
    victim = attacker;
    if (!victim) gone(state.attacker);
  }
  const hit = victim;
  const rolled = await runWithDice(
    (d) =>
      rollFumbleHit(attackNow(state, attacker), defenderProfile(hit), { healthDamaging }, d, rulesOptions()),
    rollDie,
    "fumble",
  );
  return {
    event: {
      type: "resolveFumble",
      option: option.id,
      fumble: { option: option.id, victim: victimRef, ...(healthDamaging ? { healthDamaging } : {}) },
      damage: { result: rolled.value, effects: rolled.value.effects },
      next: appliable(rolled.value.effects) ? "apply" : "resolved",
      freeAttack: await chargeOffer(state, rolled.value.effects),
      dice: [rolled.dice],
    },
  };
}

/**
 * Who loses points in these effects, and what the blow does to each of them
 * beyond the points (the rules core's assessBlow: the stun check, unconscious,
 * dying, dead), read against their pools as they are now.
 */
async function consequencesOf(
  effects: readonly Effect[],
  rollDie: RollOneDie,
): Promise<{ consequences: Consequences[]; effects: Effect[]; dice: StepDice[] }> {
  const hurt: string[] = [];
  for (const e of effects)
    if (e.kind === "pool" && e.amount > 0 && !hurt.includes(e.actorId)) hurt.push(e.actorId);
  const consequences: Consequences[] = [];
  const extra: Effect[] = [];
  const dice: StepDice[] = [];
  for (const uuid of hurt) {
    const actor = await actorFrom(uuid);
    if (!actor) continue;
    const blow = {
      actorId: uuid,
      state: combatantState(actor),
      stunLost: poolTotal(effects, uuid, "stunPoints"),
      hitPointsLost: poolTotal(effects, uuid, "hitPoints"),
    };
    if (blow.stunLost < 0 || blow.hitPointsLost < 0) continue;
    const assessed = await runWithDice((d) => assessBlow(blow, d), rollDie, "consequences");
    consequences.push(assessed.value);
    extra.push(...assessed.value.effects);
    if (assessed.dice.dice.length > 0) dice.push(assessed.dice);
  }
  return { consequences, effects: extra, dice };
}

async function prepareApply(state: ExchangeState, userId: string, rollDie: RollOneDie): Promise<Prepared> {
  const damage = state.damage;
  if (!damage) throw new StepRefusal("wrong-stage", "FANGS.Chat.Refusal.WrongStage");
  // Someone the blow changes was deleted since: say so (the GM may call the exchange off) rather
  // than record an application that silently left them out.
  for (const uuid of actorsOf(damage.effects)) if (!(await actorFrom(uuid))) gone(partyNamed(state, uuid));
  const assessed = await consequencesOf(damage.effects, rollDie);
  const effects = [...damage.effects, ...assessed.effects];
  const applied = await applyEffects(effects, {
    combat: FangsCombat.withId(state.setup.combatId),
    attachedName: (planned) => {
      if (planned.kind !== "stuck") return undefined;
      const stuck = planned as PlannedStuck;
      return (
        game.i18n?.format("FANGS.Chat.Stuck.EffectName", {
          weapon: stuck.itemId === state.weapon.itemId ? state.weapon.name : stuck.itemId,
        }) ?? "Impaled"
      );
    },
  });
  // A module on the GM's client stopped it: the card stays where it was, to be applied again.
  if (applied.cancelled) throw new StepRefusal("cancelled", "FANGS.Chat.Refusal.Cancelled");
  return {
    event: {
      type: "apply",
      application: { effects, deltas: applied.deltas, consequences: assessed.consequences, by: userId },
      dice: assessed.dice,
    },
  };
}

async function prepareUndo(state: ExchangeState): Promise<Prepared> {
  const application = state.application;
  if (!application) throw new StepRefusal("not-applied", "FANGS.Chat.Refusal.NotApplied");
  const missed = await revertDeltas(application.deltas);
  return {
    event: { type: "undo" },
    after: async () => {
      if (missed.length > 0) ui.notifications?.warn(game.i18n?.localize("FANGS.Chat.Undo.Partial") ?? "");
    },
  };
}

/* -------------------------------------------- */
/*  Running a step                              */
/* -------------------------------------------- */

/** The dice for steps after the attack: the card's roll mode decides whether they may be entered by hand. */
export type DieFactory = (state: ExchangeState) => RollOneDie;

let dieFor: DieFactory = (state) => foundryDie({ blind: state.rollMode === "blindroll" });

/** Tests hand in scripted dice; the system uses Foundry's. */
export function setDieFactory(factory: DieFactory): void {
  dieFor = factory;
}

async function prepare(
  state: ExchangeState,
  intent: ExchangeIntent,
  userId: string,
  attacker: AnyActor | null,
  target: AnyActor | null,
): Promise<Prepared> {
  const rollDie = dieFor(state);
  switch (intent.type) {
    case "defend":
      return prepareDefend(state, intent.choice, attacker, target, rollDie);
    case "rollDamage":
      return prepareDamage(state, attacker, target, rollDie);
    case "resolveFumble":
      return prepareFumble(state, intent, attacker, rollDie);
    case "apply":
      return prepareApply(state, userId, rollDie);
    case "undo":
      return prepareUndo(state);
    case "cancel":
      return { event: { type: "cancel" } };
    case "takeFreeAttack":
      return { event: { type: "takeFreeAttack" } };
  }
}

function eventDice(event: ExchangeEvent): readonly StepDice[] {
  return "dice" in event ? event.dice : [];
}

/**
 * The holds module (RHF-HLD-1): a made grapple's card applied begins the
 * grappler's hold on the target; its Undo takes that hold off
 * (../combat/hold-control.ts). Nothing when the module is off or the card
 * is no grapple that got through.
 */
async function followHold(
  state: ExchangeState,
  step: "apply" | "undo",
  cardId: string | null,
  attacker: AnyActor | null,
  target: AnyActor | null,
): Promise<void> {
  if (rulesOptions()?.controlPointsModule !== true || state.outcome?.kind !== "grappled") return;
  const combat = FangsCombat.withId(state.setup.combatId);
  const grappler = FangsCombatant.of(attacker, combat);
  const victim = FangsCombatant.of(target, combat);
  if (!combat || !grappler || !victim) return;
  if (step === "apply") await holdBegins(combat, grappler, victim, cardId);
  else await holdUndone(combat, grappler, victim, cardId);
}

/**
 * Runs one verified request on the active GM's client (authority.ts holds
 * the message's lock around it). The payload's intent and revision are the
 * only things taken from the requester; everything else is read here.
 */
export async function runStep(request: ExchangeRequest, user: User.Implementation): Promise<ExchangeAnswer> {
  const message = game.messages?.get(request.messageId) ?? null;
  const state = exchangeOf(message);
  if (!message || !state) return refused("wrong-message", "FANGS.Chat.Refusal.WrongMessage");
  // Every step, apply and undo among them, trusts the card's stage, rolls, effects and deltas.
  if (!authoredByGM(message)) return NOT_GM_CARD;
  const attacker = await actorFrom(state.attacker.actorUuid);
  const target = await actorFrom(state.target.actorUuid);
  const who = whoIs(user, attacker, target);
  const refusal = checkIntent(state, request.intent, who, request.revision);
  if (refusal) return refused(refusal.code, refusal.messageKey);

  let prepared: Prepared;
  try {
    // checkIntent refused anything but one of FANGS's exchange intents.
    prepared = await prepare(state, request.intent as ExchangeIntent, user.id ?? "", attacker, target);
  } catch (error) {
    if (error instanceof StepRefusal) return refused(error.code, error.messageKey, error.data);
    if (error instanceof FactsError) return refused("facts", error.key, { ...error.data });
    if (error instanceof RulesError) return refused("rules", rulesErrorKey(error));
    throw error;
  }
  const result = transition(state, prepared.event, who, request.revision);
  if (!result.ok) return refused(result.refusal.code, result.refusal.messageKey);

  const rollData = rollDataOf(eventDice(prepared.event), "FANGS");
  const rolls = [...message.rolls, ...rollData.map(rollFrom)];
  await message.update({ ...replacing("system", result.state), rolls });
  await showNewDice(message, rollData);
  if (prepared.after) await prepared.after();
  if (prepared.event.type === "apply" || prepared.event.type === "undo")
    await followHold(result.state, prepared.event.type, message.id ?? null, attacker, target);
  if (prepared.event.type === "defend") announce("chooseDefense", message, frozen(result.state));
  return { ok: true, stage: result.state.stage };
}

/* -------------------------------------------- */
/*  Counting a new attack                       */
/* -------------------------------------------- */

/** The melee/missile kinds the attacker's own item allows: null when the card's item does not resolve. */
function itemKind(attacker: AnyActor, itemId: string): "melee" | "thrown" | "missile" | null {
  const item = attacker.items.get(itemId);
  if (item?.type === "shield") return "melee";
  if (item?.type === "weapon") return weaponProfile(item).kind;
  return null;
}

function withdrawalRestrictionsOf(
  state: ExchangeState,
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
  target: Combatant.Implementation | null,
  kind: "melee" | "thrown" | "missile" | null,
): AttackRestriction[] {
  const ask = (melee: boolean) =>
    withdrawalRestrictions(
      withdrawalAnswerAt({
        combat,
        attacker: combatant,
        target,
        attackerId: state.attacker.actorUuid,
        targetId: state.target.actorUuid,
        melee,
      }),
      state.special?.response ?? null,
      state.stage !== "declined",
    );
  // An item that does not resolve leaves the kind unknown: bind the attacker by both readings.
  if (kind === null) return [...ask(true), ...ask(false)];
  return ask(kind === "melee");
}

/** The started combat, as the GM sees it, that holds the attacker: the card's combat id is only a hint. */
export function combatOfAttacker(attacker: AnyActor, hint: string | null): Combat.Implementation | null {
  // The world's combats are typed with Foundry's base class; each is made from the configured FangsCombat.
  const world = [game.combat, ...(game.combats ?? [])] as (Combat.Implementation | null)[];
  const candidates = [...world, FangsCombat.withId(hint)];
  return candidates.find((c) => !!c && c.started && FangsCombatant.of(attacker, c) !== null) ?? null;
}

function combatantManeuver(combatant: Combatant.Implementation | null): string | null {
  return combatant ? (combatantSystem(combatant).maneuver ?? null) : null;
}

/** The maneuver's own attacks (not free ones) still open to the combatant, by the rules core. */
function maneuverSlotLeft(combatant: Combatant.Implementation, attacker: AnyActor): AttackSource | null {
  const system = combatantSystem(combatant);
  try {
    const profile = roundAttackerOf(system, actorFacts(attacker));
    const cap = roundAttackCap(profile);
    if (cap !== null && system.attacks.made.length >= cap) return null;
    const open = unusedSlots(attackSlots(profile, rulesOptions()).slots, system.attacks).filter(
      (s) => s.source !== AttackSource.ChargeFreeAttack && s.source !== AttackSource.DodgePast,
    );
    return open[0]?.source ?? null;
  } catch (error) {
    if (error instanceof RulesError) return null;
    throw error;
  }
}

const FREE_SOURCES: readonly string[] = [AttackSource.ChargeFreeAttack, AttackSource.DodgePast];

/**
 * Which attack the GM counts for this card, asked again of the rules core
 * from the combatants, never taken from the card's label: a free source only
 * when the core allows that free attack now (freeAttackVerdict) and the
 * combat shows its cause (the card's target is Charging, or is in Melee Dodge
 * to dodge past), else the maneuver's attack still open. A free label with
 * neither is refused: past the cap or with no attack left the attacker can
 * make no further attack anyway, so counting nothing frees it of nothing,
 * while counting it would record an attack the core says cannot be.
 * Returns the source, or the refusal's key.
 */
function recordedSource(
  state: ExchangeState,
  attacker: AnyActor,
  combat: Combat.Implementation,
  combatant: Combatant.Implementation,
  target: Combatant.Implementation | null,
): { source: AttackSource } | { refusal: string } {
  const label = state.setup.source ?? AttackSource.Maneuver;
  if (!(Object.values(AttackSource) as string[]).includes(label))
    return { refusal: "FANGS.Chat.Record.BadSource" };
  if (FREE_SOURCES.includes(label)) {
    const kind = label as typeof AttackSource.ChargeFreeAttack | typeof AttackSource.DodgePast;
    const cause =
      kind === AttackSource.ChargeFreeAttack
        ? combatantManeuver(target) === "charge"
        : combatantManeuver(target) === "dodgeMelee";
    if (cause && freeAttackVerdict(kind, attacker, combat).allowed) return { source: kind };
    const slot = maneuverSlotLeft(combatant, attacker);
    return slot ? { source: slot } : { refusal: "FANGS.Chat.Record.NoAttackLeft" };
  }
  // A maneuver source: the table's enforcement setting may have let an attack past the rules go
  // (warn), and it is counted all the same, as the card's own (non-free) attack.
  return { source: label as AttackSource };
}

function refuseRecord(key: string): void {
  const text = game.i18n?.localize(key) ?? key;
  console.warn(`FANGS | ${text}`);
  ui.notifications?.warn(text);
}

/**
 * Called by the active GM's client right after it posts a card: counts the card's
 * attack on the attacker's combatant (the rules core's attack counter), with the
 * trade's lowered or raised parry and dodge until the next initiative. The
 * GM writes it because players may not change their combatant's data, and
 * one client only must count it. A free attack (a Charge's, a Dodge Past's
 * second chance) counts like any other (NC-ATK-8). Everything written is
 * derived here: the card's author must be a GM (the active GM's client
 * makes every card, exchange-create.ts, and counts it at once); the
 * combat is the started one holding the attacker, not the card's; the card
 * is checked whole before anything is written, so a refused card writes
 * nothing and the GM is told.
 */
export function recordNewAttack(message: ChatMessage.Implementation): Promise<void> {
  // In the GM's write queue: two cards posted at once must not both read the attack counter.
  return serialised(() => countNewAttack(message));
}

/** The same, for a caller already in the write queue (the GM's start of an attack). */
export async function countNewAttack(message: ChatMessage.Implementation): Promise<void> {
  if (!game.users?.activeGM?.isSelf) return;
  const state = exchangeOf(message);
  if (!state) return;
  const attacker = await actorFrom(state.attacker.actorUuid);
  if (!attacker) return;
  if (!authoredByGM(message)) {
    refuseRecord("FANGS.Chat.Record.NotGMCard");
    return;
  }
  const combat = combatOfAttacker(attacker, state.setup.combatId);
  if (!combat) return;
  const combatant = FangsCombatant.of(attacker, combat);
  if (!combatant) return;
  const targetActor = await actorFrom(state.target.actorUuid);
  const target = targetActor ? FangsCombatant.of(targetActor, combat) : null;
  const kind = itemKind(attacker, state.weapon.itemId);
  let restrictions: AttackRestriction[];
  let source: AttackSource | null = null;
  try {
    // NC-MAN-16, NC-MAN-21, NC-SPD-1 … -3: what an attack on a retreating or disengaging target leaves the
    // attacker binds it, declined attack or not. Asked again here from the combat and the actors; the card
    // gives only the attacker's pick, never the restrictions themselves.
    restrictions = withdrawalRestrictionsOf(state, combat, combatant, target, kind);
    if (state.stage !== "declined") {
      const decided = recordedSource(state, attacker, combat, combatant, target);
      if ("refusal" in decided) {
        refuseRecord(decided.refusal);
        return;
      }
      source = decided.source;
    }
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    refuseRecord("FANGS.Chat.Record.BadCard");
    return;
  }
  if (restrictions.length > 0)
    await fangsRound(combatant).recordRestrictions(restrictions, Math.max(1, combat.round ?? 1));
  if (source === null) return;
  // Which hand struck is read from the attacker's own item, not from the card.
  const item = attacker.items.get(state.weapon.itemId);
  const offHand =
    item?.type === "shield" || (item !== undefined && itemSystem(item, "weapon")?.offHand === true);
  await fangsRound(combatant).recordAttack({
    source,
    kind: kind ?? state.weapon.kind,
    targetId: state.target.actorUuid,
    offHand,
  });
  // RHF-MAT-1 (the multiple attacks module): a slow fighter's attack within its allowance, a free attack
  // (a Charge's, a Dodge Past's) too, starts its round off (an attack roll of the round, RHF-MAT-2).
  await keepAttackRound(combatant, Math.max(1, combat.round ?? 1));
  const { parryModifier, dodgeModifier } = state.setup.trades;
  if (parryModifier !== 0 || dodgeModifier !== 0)
    await fangsRound(combatant).recordTrade({ parryModifier, dodgeModifier });
  // RHF-AIM-1 (the aiming module): the aim is kept for the next attack, which spends it whatever it is.
  const rules = rulesOptions();
  if (rules?.aimingModule === true) await spendAim(combatant, rules);
}
