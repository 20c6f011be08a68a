import { allowedBy, frozen } from "../../../../api/hooks";
import { type CellRect, nearestCells } from "../../../../apps/attack/geometry";
import { captureTarget, type TargetedToken } from "../../../../apps/attack/targets";
import { START_ATTACK_QUERY } from "../../../../chat/authority";
import { authoredByGM } from "../../../../chat/card-flows";
import { cardRollModes, defaultCardRollMode } from "../../../../chat/card-roll-modes";
import { localize } from "../../../../config/localize";
import { FangsCombatant } from "../../../../documents/combatant";
import { actorAt, documentAt, documentAtSync } from "../../../../documents/uuid";
import { serialised } from "../../../../documents/write-queue";
import { isActiveGM, newRequestId, whilePending } from "../../../../requester";
import {
  type AttackNowContext,
  type AttackVerdict,
  type AttackWeapon,
  canAttackNow,
  type FreeAttackKind,
  freeAttackWeapon,
} from "../../../../rules/fangs/attack-checks";
import { AttackSource, type RoundAttacker } from "../../../../rules/fangs/attacks";
import { blowOptions, takesDamageModifier } from "../../../../rules/fangs/blows";
import { weaponAtHand } from "../../../../rules/fangs/character";
import { FANGS_DEFAULTS } from "../../../../rules/fangs/config";
import { shieldStrikeDamage } from "../../../../rules/fangs/defenses";
import { aimBonusFor, shotNumber } from "../../../../rules/fangs/firearms";
import type { WithdrawalAnswer } from "../../../../rules/fangs/special-defenses";
import { applyTrades, type TradeResult } from "../../../../rules/fangs/trades";
import type { PhaseId } from "../../../../rules/fangs/types";
import { RulesError } from "../../../../rules/kernel/errors";
import { verifyRequester } from "../../../../verify-requester";
import { otherRuleset, otherRulesetData, usableHere } from "../../../documents";
import { type AttackPlan, createExchange } from "../../chat/exchange-create";
import { combatOfAttacker } from "../../chat/exchange-flow";
import type { AttackSetup, ExchangeState, PartyRef } from "../../chat/exchange-state";
import { FactsError, skillKeyOf, skillValueByKey, weaponProfile, weaponSkill } from "../../chat/facts";
import { aimOf } from "../../combat/aim-flag";
import { lastFreeAttackRound } from "../../combat/attack-round-flag";
import { fangsRound } from "../../combat/combatant-round";
import { freeAttackVerdict } from "../../combat/free-attacks";
import { immobilizedIn } from "../../combat/hold-control";
import { attackReach, engageUpdate } from "../../combat/reach-table";
import { actorFacts, combatantSystem, combatSystem, roundAttackerOf } from "../../combat/snapshot";
import { withdrawalAnswerAt } from "../../combat/withdrawal";
import { attackEnforcement } from "../../config/exchange-settings";
import { rulesOptions } from "../../config/settings";
import { exchangeOf } from "../../data/exchange-card";
import { itemSystem } from "../../data/views";
import { type AreaRefusal, areaFireRefusal, areaSpreadMetres } from "./area-fire";
import {
  type AttackAnswers,
  askAttack,
  type DialogFacts,
  defaultAnswers,
  parseAnswers,
} from "./attack-dialog";
import { attackSetup, gate, specialChoices, specialRecord, tradeRefusal } from "./attack-setup";

/**
 * Starting an attack: from the sheet's weapon, a hotbar macro or the Token
 * HUD. On the attacker's client: captures the target (one targeted token,
 * as UUIDs, now), asks the rules core whether the attack may be made now
 * (enforced by the world setting), shows the modifier dialog unless Shift
 * is held, and sends the choices to the active GM (the `fangs.startAttack`
 * query). On the active GM's client: the requester is confirmed
 * (src/requester.ts), the same checks are made again from the documents
 * (`planAttack`), and the GM rolls the attack and posts the card as its
 * author (exchange-create.ts). Every refusal is a notification; nothing is
 * rolled or written after one.
 */

export interface StartAttackOptions {
  /** The click or key event (or a macro's `{ shiftKey: true }`): Shift skips the modifier dialog. */
  readonly event?: Event | { readonly shiftKey?: boolean } | null;
  /** The attacking token (Token HUD); otherwise the actor's controlled or first token on the scene. */
  readonly token?: TokenDocument.Implementation | null;
  /** A fixed target (a free attack's charger), instead of the user's targets. */
  readonly target?: PartyRef | null;
  /**
   * A free attack: a Charge's target striking back ("chargeFreeAttack"), or
   * a Dodge Past's second chance ("dodgePast"). Not the maneuver's checks,
   * but an attack all the same: the rules core says whether one is left this
   * round (NC-ATK-8), and the card counts it.
   */
  readonly free?: FreeAttackKind | null;
  /**
   * Called once the attack is ready to roll (after the dialog and every check):
   * a free attack takes its offer on the card here. False stops the attack.
   */
  readonly claim?: (() => Promise<boolean>) | null;
}

function warn(key: string, data?: Record<string, string>): false {
  ui.notifications?.warn(localize(key, data));
  return false;
}

/** The token the actor attacks from. */
function attackerTokenOf(actor: Actor.Implementation, given?: TokenDocument.Implementation | null) {
  if (given) return given;
  if (actor.isToken && actor.token) return actor.token;
  const controlled = canvas?.tokens?.controlled.find((t) => t.actor === actor);
  if (controlled) return controlled.document;
  const active = actor.getActiveTokens(true, true);
  return active[0] ?? null;
}

function targetedTokens(): TargetedToken[] {
  return [...(game.user?.targets ?? [])].map((token) => ({
    uuid: token.document?.uuid ?? null,
    name: token.document?.name ?? token.name ?? null,
    img: token.document?.texture?.src ?? null,
    actorUuid: token.actor?.uuid ?? null,
  }));
}

/** Whether several targeted tokens are this weapon's area fire: the module on, an autofire weapon. */
function firesArea(weapon: Item.Implementation): boolean {
  return rulesOptions()?.areaFireModule === true && itemSystem(weapon, "weapon")?.autofire === true;
}

function tokenFrom(uuid: string): TokenDocument.Implementation | null {
  const doc = documentAtSync(uuid);
  return doc instanceof TokenDocument ? (doc as TokenDocument.Implementation) : null;
}

/* -------------------------------------------- */
/*  Distances                                   */
/* -------------------------------------------- */

function cellRect(token: TokenDocument.Implementation, size: number): CellRect {
  return {
    col: Math.round(token.x / size),
    row: Math.round(token.y / size),
    width: Math.max(1, Math.round(Number(token.width))),
    height: Math.max(1, Math.round(Number(token.height))),
  };
}

/**
 * Paces between two tokens' nearest cells, measured by their scene's own
 * grid (not the viewed canvas: the GM re-checks an attack on a scene it may
 * not be viewing); null when they are not on one scene.
 */
export function pacesBetween(
  a: TokenDocument.Implementation,
  b: TokenDocument.Implementation,
): number | null {
  const scene = a.parent;
  const grid = scene?.grid;
  if (!scene || !grid || b.parent !== scene) return null;
  const size = grid.size;
  const [ca, cb] = nearestCells(cellRect(a, size), cellRect(b, size));
  const from = grid.getCenterPoint({ i: ca.row, j: ca.col });
  const to = grid.getCenterPoint({ i: cb.row, j: cb.col });
  return grid.measurePath([from, to], {}).distance;
}

/** Engaged: some other fighter of another side stands within a pace (the attacker cannot shoot, NC-ATK-1). */
function engagedNow(actor: Actor.Implementation, token: TokenDocument.Implementation | null): boolean {
  if (actorFacts(actor).engaged) return true;
  if (!token) return false;
  for (const doc of token.parent?.tokens ?? []) {
    if (doc === token || !doc.actor || doc.disposition === token.disposition) continue;
    const paces = pacesBetween(token, doc);
    if (paces !== null && paces <= 1) return true;
  }
  return false;
}

/* -------------------------------------------- */
/*  The round's verdict                         */
/* -------------------------------------------- */

interface RoundView {
  /** Null: a free attack's refusal outside a combat (its weapon). */
  readonly combat: { readonly id: string; readonly round: number; readonly phase: PhaseId } | null;
  readonly maneuver: string | null;
  readonly verdict: AttackVerdict;
  /** What the rules core gives an attack on a retreating or disengaging target (NC-MAN-16, NC-SPD-1, -2). */
  readonly withdrawal: WithdrawalAnswer | null;
  /** The shot's number in the attacker's round (the recoil module); absent for the first. */
  readonly shot?: number;
  /** The bonus the attacker's aim earned (the aiming module); absent when none. */
  readonly aimBonus?: number;
  /** The range the attacker and its target stand at (the reach module); absent when not read. */
  readonly reach?: AttackSetup["reach"];
}

function roundView(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
  attackerToken: TokenDocument.Implementation | null,
  target: PartyRef,
  targetToken: TokenDocument.Implementation | null,
  skillTotal: number,
): RoundView | null {
  // The started combat holding the attacker, whichever scene this client views: the GM re-checks the same.
  const combat = combatOfAttacker(actor, null);
  const combatant = FangsCombatant.of(actor, combat);
  if (!combat?.started || !combatant || !combat.id) return null;
  const phase = combatSystem(combat).phase;
  const system = combatantSystem(combatant);
  const facts = actorFacts(actor);
  const targetActor = targetToken?.actor ?? null;
  const targetCombatant = targetActor ? FangsCombatant.of(targetActor, combat) : null;
  const rules = rulesOptions();
  const profile = weaponProfile(weapon, shieldStrikeDamage(rules));
  const shieldBash = weapon.type === "shield";
  // A shield bashes at arm's length; a weapon's reach is its own.
  const reach = shieldBash ? 1 : (itemSystem(weapon, "weapon")?.reach ?? 1);
  const paces = attackerToken && targetToken ? pacesBetween(attackerToken, targetToken) : null;
  // The reach module (RHF-RNG-1): the range the two stand at, kept on the Combat once they engaged.
  const ranges = attackReach(combat, combatant, targetCombatant, weapon, rules);
  const attacker: RoundAttacker = roundAttackerOf(
    system,
    facts,
    rules?.shieldBashAttack ?? FANGS_DEFAULTS.shieldBashAttack,
  );
  const context: AttackNowContext = {
    phase,
    round: Math.max(1, combat.round),
    attacker,
    counter: fangsRound(combatant).attackCounter,
    weapon: { kind: profile.kind, extendedReload: profile.extendedReload, itemSp: profile.itemSp },
    hand: itemSystem(weapon, "weapon")?.offHand === true ? "off" : "main",
    shieldBash,
    targetId: target.actorUuid,
    engagedWithTarget: paces !== null && paces <= (Number.isFinite(reach) ? reach : 1),
    attackerEngaged: engagedNow(actor, attackerToken),
    targetStartedUnengaged: targetCombatant ? !combatantSystem(targetCombatant).engagedAtRoundStart : true,
    outOfAction: facts.outOfAction,
    // Stored on the combatant by the active GM when the answer's card was posted.
    restrictions: fangsRound(combatant).restrictions,
    rules,
    // The holds module (RHF-HLD-2): read from the holds the GM keeps on the Combat.
    ...(rules?.controlPointsModule === true && immobilizedIn(combat, combatant, rules)
      ? { immobilized: true }
      : {}),
    // The multiple attacks module (RHF-MAT-1, -2): AG as Quickness; its penalty comes back in the slot's modifier.
    ...(rules?.multipleAttacksModule
      ? {
          quickness: {
            ag: facts.ag,
            skill: skillTotal,
            round: Math.max(1, combat.round),
            // Kept on the Combat by the active GM when it counted the attack (attack-round-flag.ts).
            lastFreeAttackRound: lastFreeAttackRound(combat, combatant.id, Math.max(1, combat.round)),
          },
        }
      : {}),
    ...(ranges ? { reach: ranges } : {}),
  };
  let verdict: AttackVerdict;
  if (!system.maneuver) {
    verdict = { allowed: false, reasonKey: "FANGS.Chat.Attack.NoManeuver", slot: null };
  } else {
    try {
      verdict = canAttackNow(context);
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      // A round the multiple attacks module refuses says so, not that no maneuver was declared.
      const reasonKey =
        error.details.reason === "TooManyAttacks"
          ? "FANGS.Rules.Attack.Refusal.QuicknessNoAttacksLeft"
          : "FANGS.Chat.Attack.NoManeuver";
      verdict = { allowed: false, reasonKey, slot: null };
    }
  }
  // Only the recoil module reads the shot's number: a card made with it off is as it was without it.
  const shot = rules?.recoilModule === true && profile.kind === "missile" ? shotNumber(context.counter) : 1;
  const aimBonus =
    rules?.aimingModule === true
      ? aimBonusFor(aimOf(combat, combatant.id, rules), profile.id, combat.round)
      : 0;
  return {
    ...(shot > 1 ? { shot } : {}),
    ...(aimBonus > 0 ? { aimBonus } : {}),
    ...(ranges ? { reach: ranges.range } : {}),
    combat: { id: combat.id, round: combat.round, phase },
    maneuver: system.maneuver,
    verdict,
    withdrawal: withdrawalAnswerAt({
      combat,
      attacker: combatant,
      target: targetCombatant,
      attackerId: actor.uuid,
      targetId: target.actorUuid,
      melee: profile.kind === "melee",
    }),
  };
}

/** The weapon facts the rules core's attack checks read (kind, SP). */
function attackWeaponOf(weapon: Item.Implementation): AttackWeapon {
  const profile = weaponProfile(weapon, shieldStrikeDamage(rulesOptions()));
  return { kind: profile.kind, extendedReload: profile.extendedReload, itemSp: profile.itemSp };
}

/** The target token's combatant in this combat, if it has one. */
function targetCombatantIn(
  combat: Combat.Implementation,
  targetToken: TokenDocument.Implementation | null,
): Combatant.Implementation | null {
  const targetActor = targetToken?.actor ?? null;
  return targetActor ? FangsCombatant.of(targetActor, combat) : null;
}

/**
 * A free attack's round: the rules core's verdict on it, with the weapon
 * that strikes it (NC-DMG-7, NC-ATK-3), and the combat the card counts it in.
 */
function freeRoundView(
  actor: Actor.Implementation,
  kind: FreeAttackKind,
  weapon: Item.Implementation,
  skillTotal: number,
  targetToken: TokenDocument.Implementation | null,
): RoundView | null {
  const combat = combatOfAttacker(actor, null);
  const combatant = FangsCombatant.of(actor, combat);
  const striking = attackWeaponOf(weapon);
  if (!combat?.started || !combatant || !combat.id) {
    // Outside a combat nothing is counted, but the weapon is still checked.
    const verdict = freeAttackVerdict(kind, null, null, striking);
    return verdict.allowed ? null : { combat: null, maneuver: null, verdict, withdrawal: null };
  }
  const system = combatantSystem(combatant);
  return {
    combat: { id: combat.id, round: combat.round, phase: combatSystem(combat).phase },
    maneuver: system.maneuver,
    verdict: freeAttackVerdict(
      kind,
      actor,
      combat,
      striking,
      skillTotal,
      // The reach module (RHF-RNG-1): the free blow is struck at the range the two stand at.
      attackReach(combat, combatant, targetCombatantIn(combat, targetToken), weapon, rulesOptions()),
    ),
    withdrawal: null,
  };
}

/* -------------------------------------------- */
/*  Starting an attack                          */
/* -------------------------------------------- */

/* -------------------------------------------- */
/*  What the documents allow                    */
/* -------------------------------------------- */

type Refusal = {
  readonly ok: false;
  readonly key: string;
  readonly data: Readonly<Record<string, string>>;
  /** Said before the refusal's own words (a trade's "That trade is not allowed:"). */
  readonly prefixKey?: string;
};

function refusal(key: string, data: Record<string, string> = {}): Refusal {
  return { ok: false, key, data };
}

function say(refused: Refusal): false {
  const text = localize(refused.key, { ...refused.data });
  ui.notifications?.warn(refused.prefixKey ? `${localize(refused.prefixKey)} ${text}` : text);
  return false;
}

const IMMOBILIZED_REFUSAL = "FANGS.Rules.Attack.Refusal.Immobilized";

/** Everything the documents say of this attack before the dialog: the same on the player's and the GM's client. */
interface Prepared {
  readonly ok: true;
  readonly skill: ReturnType<typeof weaponSkill>;
  readonly round: RoundView | null;
  readonly passage: "go" | "warn";
  readonly reasonKey: string | null;
  readonly withdrawal: WithdrawalAnswer | null;
  readonly special: ReturnType<typeof specialChoices>;
  readonly profile: ReturnType<typeof weaponProfile>;
  readonly facts: DialogFacts;
}

/**
 * Reads the attack from the documents and asks the rules core whether it
 * may be made now (enforced by the world setting; `requesterIsGM`: the GM
 * may overrule). What the dialog shows and what the GM re-checks.
 */
function prepareAttack(
  actor: Actor.Implementation,
  weapon: Item.Implementation,
  attackerToken: TokenDocument.Implementation | null,
  target: PartyRef,
  targetToken: TokenDocument.Implementation | null,
  free: FreeAttackKind | null,
  requesterIsGM: boolean,
): Prepared | Refusal {
  let skill: ReturnType<typeof weaponSkill>;
  try {
    skill = weaponSkill(actor, weapon);
  } catch (error) {
    if (error instanceof FactsError) return refusal(error.key, { ...error.data });
    throw error;
  }
  // May this attack be made now? (the rules core's canAttackNow, enforced by the world setting)
  const round = free
    ? freeRoundView(actor, free, weapon, skill.total, targetToken)
    : roundView(actor, weapon, attackerToken, target, targetToken, skill.total);
  // RHF-HLD-2 (the holds module): immobilized is a state, as it is for the defenses: a player's attack is
  // refused whatever the enforcement setting (the GM may still overrule, warned).
  const immobilized = round?.verdict.reasonKey === IMMOBILIZED_REFUSAL && !requesterIsGM;
  const passage = immobilized ? "stop" : gate(round?.verdict ?? null, attackEnforcement(), requesterIsGM);
  const reasonKey = round?.verdict.reasonKey ?? null;
  if (passage === "stop") return refusal(reasonKey ?? "FANGS.Chat.Attack.NotNow");
  const withdrawal = round?.withdrawal ?? null;
  const special = specialChoices(withdrawal);
  const rules = rulesOptions();
  const profile = weaponProfile(weapon, shieldStrikeDamage(rules));
  const skillKey = skillKeyOf(weapon);
  const facts: DialogFacts = {
    attackerName: attackerToken?.name ?? actor.name ?? "",
    weaponName: weapon.name ?? "",
    targetName: target.name,
    skill,
    parrySkill: skillValueByKey(actor, skillKey),
    rules,
    blows: blowOptions(profile, skillKey === "grapple"),
    grapple: skillKey === "grapple",
    damageTrade: takesDamageModifier(profile.kind),
    warningKey: passage === "warn" ? reasonKey : null,
    slotModifier: round?.verdict.slot?.modifier ?? 0,
    quicknessPenalty: round?.verdict.quicknessPenalty ?? 0,
    special: special ? { legendKey: special.legendKey, choices: special.choices } : null,
    rollModes: cardRollModes(),
    rollMode: defaultCardRollMode(),
  };
  return { ok: true, skill, round, passage, reasonKey, withdrawal, special, profile, facts };
}

/** The plan of the attack from the dialog's answers, with the trades checked by the rules core. */
function planFrom(
  prepared: Prepared,
  actor: Actor.Implementation,
  weapon: Item.Implementation,
  attackerToken: TokenDocument.Implementation | null,
  target: PartyRef,
  answers: AttackAnswers,
): { readonly ok: true; readonly plan: AttackPlan } | Refusal {
  const { withdrawal, round, skill, facts, profile } = prepared;
  const specialAnswer = specialRecord(withdrawal, answers.special);
  if (withdrawal && !specialAnswer) return refusal("FANGS.Chat.Dialog.ChooseAnswer", { target: target.name });
  // The trades, checked by the rules core (each limit names itself in the refusal).
  let trade: TradeResult;
  try {
    trade = applyTrades(
      {
        attackSkill: skill,
        parrySkill: facts.parrySkill,
        // NC-TAC-2: the core caps by the dice this mode rolls (a club's with the flat of the blade).
        weaponBaseDamage: profile.damage,
        mode: answers.mode,
        weaponHands: profile.hands,
        weaponKind: profile.kind,
      },
      {
        attackToDamage: answers.attackToDamage,
        parryToAttack: answers.parryToAttack,
        attackToParry: answers.attackToParry,
      },
      facts.rules,
    );
  } catch (error) {
    if (error instanceof RulesError) {
      const refused = tradeRefusal(error);
      return { ...refusal(refused.key, { ...refused.data }), prefixKey: "FANGS.Chat.Rules.InvalidTrade" };
    }
    throw error;
  }
  return {
    ok: true,
    plan: {
      attacker: actor,
      attackerToken,
      weapon,
      target,
      setup: attackSetup({
        skill: skill.total,
        answers,
        slot: round?.verdict.slot ?? null,
        trade,
        special: specialAnswer,
        maneuver: round?.maneuver ?? null,
        combat: round?.combat ?? null,
        shot: round?.shot ?? 1,
        aimBonus: round?.aimBonus ?? 0,
        ...(round?.reach ? { reach: round.reach } : {}),
      }),
      special: specialAnswer,
      rollMode: answers.rollMode,
    },
  };
}

/* -------------------------------------------- */
/*  Asking the active GM                        */
/* -------------------------------------------- */

/**
 * What a player's client sends the active GM to start an attack: choices
 * only. Which actor, token and weapon, which target, which free attack, and
 * the dialog's answers as entered; the GM reads everything else from the
 * documents (`planAttack`).
 */
export interface AttackChoices {
  readonly userId: string;
  readonly requestId: string;
  readonly attackerUuid: string;
  readonly attackerTokenUuid: string | null;
  readonly weaponId: string;
  readonly targetActorUuid: string;
  readonly targetTokenUuid: string | null;
  readonly free: FreeAttackKind | null;
  readonly answers: AttackAnswers;
  /**
   * Area fire (the bursts and area fire module, RHF-AUT-2): the targeted
   * tokens after the first (`targetTokenUuid`), each fired at on its own
   * card. Absent for an attack at one target.
   */
  readonly areaTargets?: readonly AreaTargetChoice[];
}

/** One further target of area fire, as the player's client captured it. */
export interface AreaTargetChoice {
  readonly actorUuid: string;
  readonly tokenUuid: string;
}

/** The most further targets a request may name, whatever a world sets: a bound on the GM's work, not a rule. */
const MAX_AREA_TARGETS = 49;

export type StartAttackAnswer = { readonly ok: true; readonly messageId: string | null } | Refusal;

/** How long the player waits for the GM to roll the attack. */
const START_TIMEOUT_MS = 30_000;

const ID = /^[A-Za-z0-9]{1,64}$/;
const UUID = /^[A-Za-z0-9.]{1,255}$/;
const MODES: readonly string[] = ["strike", "flatOfBlade", "grapple"];
const FREE_KINDS: readonly string[] = [AttackSource.ChargeFreeAttack, AttackSource.DodgePast];

function wholeNumber(value: unknown, min: number): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= min;
}

function parseAnswersPayload(value: unknown): AttackAnswers | null {
  if (typeof value !== "object" || value === null) return null;
  const a = value as Record<string, unknown>;
  if (!wholeNumber(a.situational, Number.MIN_SAFE_INTEGER)) return null;
  if (
    !wholeNumber(a.attackToDamage, 0) ||
    !wholeNumber(a.parryToAttack, 0) ||
    !wholeNumber(a.attackToParry, 0)
  )
    return null;
  if (typeof a.mode !== "string" || !MODES.includes(a.mode)) return null;
  if (typeof a.subdual !== "boolean") return null;
  if (typeof a.rollMode !== "string" || !ID.test(a.rollMode)) return null;
  if (a.special !== null && (typeof a.special !== "string" || !ID.test(a.special))) return null;
  return {
    situational: a.situational,
    attackToDamage: a.attackToDamage,
    parryToAttack: a.parryToAttack,
    attackToParry: a.attackToParry,
    mode: a.mode as AttackAnswers["mode"],
    subdual: a.subdual,
    rollMode: a.rollMode,
    special: a.special as string | null,
  };
}

/** The request, field by field; null when anything is off. */
export function parseAttackChoices(payload: unknown): AttackChoices | null {
  if (typeof payload !== "object" || payload === null) return null;
  const p = payload as Record<string, unknown>;
  const optionalUuid = (v: unknown) => v === null || (typeof v === "string" && UUID.test(v));
  if (typeof p.userId !== "string" || !ID.test(p.userId)) return null;
  if (typeof p.requestId !== "string" || !ID.test(p.requestId)) return null;
  if (typeof p.attackerUuid !== "string" || !UUID.test(p.attackerUuid)) return null;
  if (!optionalUuid(p.attackerTokenUuid) || !optionalUuid(p.targetTokenUuid)) return null;
  if (typeof p.weaponId !== "string" || !ID.test(p.weaponId)) return null;
  if (typeof p.targetActorUuid !== "string" || !UUID.test(p.targetActorUuid)) return null;
  if (p.free !== null && (typeof p.free !== "string" || !FREE_KINDS.includes(p.free))) return null;
  const answers = parseAnswersPayload(p.answers);
  if (!answers) return null;
  let areaTargets: AreaTargetChoice[] | undefined;
  if (p.areaTargets !== undefined) {
    if (
      !Array.isArray(p.areaTargets) ||
      p.areaTargets.length === 0 ||
      p.areaTargets.length > MAX_AREA_TARGETS
    )
      return null;
    areaTargets = [];
    for (const t of p.areaTargets as unknown[]) {
      const a = t as Record<string, unknown> | null;
      if (typeof a?.actorUuid !== "string" || !UUID.test(a.actorUuid)) return null;
      if (typeof a.tokenUuid !== "string" || !UUID.test(a.tokenUuid)) return null;
      areaTargets.push({ actorUuid: a.actorUuid, tokenUuid: a.tokenUuid });
    }
    // Area fire is measured between tokens: its first target is a token too.
    if (typeof p.targetTokenUuid !== "string") return null;
  }
  return {
    ...(areaTargets ? { areaTargets } : {}),
    userId: p.userId,
    requestId: p.requestId,
    attackerUuid: p.attackerUuid,
    attackerTokenUuid: p.attackerTokenUuid as string | null,
    weaponId: p.weaponId,
    targetActorUuid: p.targetActorUuid,
    targetTokenUuid: p.targetTokenUuid as string | null,
    free: p.free as FreeAttackKind | null,
    answers,
  };
}

/** What a confirmation of this request vouches for: this attacker's attack with this weapon. */
function subjectOf(choices: Pick<AttackChoices, "attackerUuid" | "weaponId">) {
  return { query: START_ATTACK_QUERY, subject: `${choices.attackerUuid}:${choices.weaponId}` };
}

/**
 * Whether a GM's card still holds a taken offer of this free attack: `by`
 * strikes `at` (a Dodge Past's second chance: with the card's weapon),
 * and fewer free attacks of this kind by `by` at `at` have been posted than
 * such offers were taken. Read from the cards the GM wrote, never from the
 * request: a free attack passes the round's checks, so a player's word
 * that one was offered would let it strike at any time.
 */
function freeAttackOffered(kind: FreeAttackKind, by: string, at: string, weaponId: string): boolean {
  const offerKind = kind === AttackSource.DodgePast ? "dodgePast" : "charge";
  let offers = 0;
  let made = 0;
  for (const message of game.messages ?? []) {
    if (!authoredByGM(message)) continue;
    const state = exchangeOf(message);
    if (!state) continue;
    const offer = state.freeAttack;
    if (
      offer?.taken &&
      (offer.kind ?? "charge") === offerKind &&
      offer.attackerId === by &&
      offer.targetId === at &&
      (kind !== AttackSource.DodgePast || state.weapon.itemId === weaponId)
    )
      offers += 1;
    if (state.setup.source === kind && state.attacker.actorUuid === by && state.target.actorUuid === at)
      made += 1;
  }
  return offers > made;
}

/**
 * The whole attack, derived on the GM's client from the documents and the
 * requester's choices, exactly as the requester's dialog derived it: the
 * requester owns the attacker; the weapon is the attacker's; the target is a
 * token (or actor) that exists and is not the attacker; the rules core's
 * verdict under the world's enforcement (a player's request, a player's
 * limits); the answers only what the dialog offers these facts; the trades
 * within the rules core's limits.
 */
export async function planAttack(
  choices: AttackChoices,
  user: User.Implementation,
): Promise<{ readonly ok: true; readonly plan: AttackPlan } | Refusal> {
  const actor = await actorAt(choices.attackerUuid);
  if (!actor) return refusal("FANGS.Chat.Error.NoWeapon");
  if (!actor.testUserPermission(user, "OWNER"))
    return refusal("FANGS.Chat.Error.NotOwner", { name: actor.name ?? "" });
  const weapon = actor.items.get(choices.weaponId);
  if (weapon?.type !== "weapon" && weapon?.type !== "shield") return refusal("FANGS.Chat.Error.NoWeapon");
  let attackerToken: TokenDocument.Implementation | null = null;
  if (choices.attackerTokenUuid) {
    attackerToken = tokenFrom(choices.attackerTokenUuid);
    if ((attackerToken?.actor as { uuid?: string } | null | undefined)?.uuid !== actor.uuid)
      return refusal("FANGS.Chat.Refusal.Invalid");
  }
  const targetToken = choices.targetTokenUuid ? tokenFrom(choices.targetTokenUuid) : null;
  if (choices.targetTokenUuid && !targetToken) return refusal("FANGS.Chat.Target.Gone", { name: "" });
  const targetActor = targetToken
    ? ((targetToken.actor as Actor.Implementation | null) ?? null)
    : await actorAt(choices.targetActorUuid);
  if (!targetActor || targetActor.uuid !== choices.targetActorUuid)
    return refusal("FANGS.Chat.Target.NoActor", { name: targetToken?.name ?? "" });
  // Either party of a ruleset the world does not play is kept out of its attacks.
  for (const party of [actor, targetActor]) {
    const other = otherRuleset(party);
    if (other) return refusal("FANGS.Ruleset.Refusal.Attack", otherRulesetData(party, other));
  }
  if (targetActor.uuid === actor.uuid) return refusal("FANGS.Chat.Target.Self");
  if (
    choices.free &&
    !user.isGM &&
    !freeAttackOffered(choices.free, actor.uuid, targetActor.uuid, choices.weaponId)
  )
    return refusal("FANGS.Chat.Refusal.NoOffer");
  const target: PartyRef = {
    actorUuid: targetActor.uuid,
    tokenUuid: targetToken?.uuid ?? null,
    name: targetToken?.name ?? targetActor.name ?? "",
    img: targetToken?.texture?.src ?? targetActor.img ?? "",
  };
  const prepared = prepareAttack(actor, weapon, attackerToken, target, targetToken, choices.free, user.isGM);
  if (!prepared.ok) return prepared;
  // The answers as the dialog reads them for these facts: anything it would not offer is refused.
  const read = parseAnswers({ ...choices.answers }, prepared.facts);
  if (JSON.stringify(read) !== JSON.stringify(choices.answers)) return refusal("FANGS.Chat.Refusal.Invalid");
  return planFrom(prepared, actor, weapon, attackerToken, target, choices.answers);
}

/**
 * Area fire (RHF-AUT-2 on FANGS), checked from the documents and the scene
 * (the player's client first, the active GM's again): every further target
 * a token with an actor, not the attacker, not another ruleset's; every
 * target, the first too, passes the round's checks an attack at it alone
 * would (`prepareAttack`: a target the attacker is bound away from, an
 * All-Out-Attack's other target…) and is not withdrawing (a shot at a
 * retreater or a disengager is its own, with its answer and bonus); then
 * the rules core's count and spacing, measured between the tokens in the
 * scene's units. The plan of each target is the first target's plan (the
 * same roll's setup, one burst) aimed at it.
 */
export async function planAreaFire(
  first: AttackPlan,
  others: readonly AreaTargetChoice[],
  free: FreeAttackKind | null,
  requesterIsGM: boolean,
): Promise<{ readonly ok: true; readonly plans: AttackPlan[] } | Refusal> {
  // A free attack strikes one fighter.
  if (free) return refusal("FANGS.AreaFire.Refused");
  const firstToken = first.target.tokenUuid ? tokenFrom(first.target.tokenUuid) : null;
  if (!firstToken) return refusal("FANGS.AreaFire.NotOnScene");
  const tokens: TokenDocument.Implementation[] = [firstToken];
  const plans: AttackPlan[] = [first];
  for (const other of others) {
    const token = tokenFrom(other.tokenUuid);
    const actor = (token?.actor as Actor.Implementation | null | undefined) ?? null;
    if (!token) return refusal("FANGS.Chat.Target.Gone", { name: "" });
    if (!actor || actor.uuid !== other.actorUuid)
      return refusal("FANGS.Chat.Target.NoActor", { name: token.name ?? "" });
    if (actor.uuid === first.attacker.uuid) return refusal("FANGS.Chat.Target.Self");
    const ruleset = otherRuleset(actor);
    if (ruleset) return refusal("FANGS.Ruleset.Refusal.Attack", otherRulesetData(actor, ruleset));
    tokens.push(token);
    plans.push({
      ...first,
      target: {
        actorUuid: actor.uuid,
        tokenUuid: token.uuid,
        name: token.name ?? actor.name ?? "",
        img: token.texture?.src ?? actor.img ?? "",
      },
    });
  }
  // Each target as if fired at alone, the first as much as the others: the order of targeting decides nothing.
  for (const [i, plan] of plans.entries()) {
    const prepared = prepareAttack(
      plan.attacker,
      plan.weapon,
      plan.attackerToken,
      plan.target,
      tokens[i] ?? null,
      null,
      requesterIsGM,
    );
    if (!prepared.ok) return prepared;
    if (prepared.withdrawal !== null)
      return refusal("FANGS.AreaFire.Withdrawing", { name: plan.target.name });
  }
  const refused = areaRefusalAt(first, tokens);
  if (refused) return refusal(refused.key, { ...refused.data });
  const setup = { ...first.setup, areaFire: true as const };
  return { ok: true, plans: plans.map((plan) => ({ ...plan, setup })) };
}

/** The rules core's word on firing at these tokens, measured on their scene; null when it may be fired. */
function areaRefusalAt(
  plan: Pick<AttackPlan, "weapon" | "setup">,
  tokens: readonly TokenDocument.Implementation[],
): AreaRefusal | null {
  const rules = rulesOptions();
  const scene = tokens[0]?.parent ?? null;
  const spread = areaSpreadMetres(tokens, pacesBetween, scene?.grid?.units);
  if (!spread.ok) return spread;
  const profile = weaponProfile(plan.weapon, shieldStrikeDamage(rules));
  return areaFireRefusal(
    { weapon: profile, mode: plan.setup.mode },
    tokens.map((t) => t.actor?.uuid ?? ""),
    spread.metres,
    rules,
  );
}

/**
 * The reach module: a melee attack between two combatants of one fight
 * engages them, and the range they engage at is kept on the Combat (the
 * active GM's client, in its write queue) once its card is posted (the card
 * carries the range it was struck at for its own defense). Once kept it
 * stays until they part; an attack whose card is not posted engages nobody.
 */
async function engage(plan: AttackPlan): Promise<void> {
  const rules = rulesOptions();
  if (rules?.reachModule !== true || !plan.setup.combatId) return;
  if (weaponProfile(plan.weapon, shieldStrikeDamage(rules)).kind !== "melee") return;
  const combat = combatOfAttacker(plan.attacker, plan.setup.combatId);
  const token = plan.target.tokenUuid ? tokenFrom(plan.target.tokenUuid) : null;
  const targetActor =
    (token?.actor as Actor.Implementation | null | undefined) ?? (await actorAt(plan.target.actorUuid));
  const attacker = FangsCombatant.of(plan.attacker, combat);
  const target = FangsCombatant.of(targetActor, combat);
  if (!combat || !attacker || !target) return;
  const update = engageUpdate(combat, attacker, target, rules);
  if (update) await combat.update(update);
}

/**
 * Plans, rolls and posts the attack (the active GM's client): the GM is the
 * card's author. One step of the GM's write queue, from the check that
 * allows the attack to the attack counted on the combatant.
 */
export function runStartAttack(
  choices: AttackChoices,
  user: User.Implementation,
): Promise<StartAttackAnswer> {
  return serialised(async () => {
    const planned = await planAttack(choices, user);
    if (!planned.ok) return planned;
    if (choices.areaTargets) {
      const area = await planAreaFire(planned.plan, choices.areaTargets, choices.free, user.isGM === true);
      if (!area.ok) return area;
      // One card a target, each its own roll and defense; the burst is one attack, counted on the first.
      let first: string | null = null;
      for (const [i, plan] of area.plans.entries()) {
        const result = await createExchange(plan, { by: user.id ?? "", count: i === 0 });
        if (!result.ok) return refusal(result.key, { ...result.data });
        first ??= result.message?.id ?? null;
      }
      return { ok: true, messageId: first };
    }
    const result = await createExchange(planned.plan, { by: user.id ?? "" });
    if (!result.ok) return refusal(result.key, { ...result.data });
    await engage(planned.plan);
    return { ok: true, messageId: result.message?.id ?? null };
  });
}

/**
 * The `fangs.startAttack` query handler (active GM's client). Checks, in
 * order: this client is the active GM; the payload is well formed; the
 * user it names confirms the request (src/requester.ts); then
 * `runStartAttack` derives the rest from the documents.
 */
export async function handleStartAttack(payload: unknown): Promise<StartAttackAnswer> {
  if (!isActiveGM()) return refusal("FANGS.Chat.NoGM");
  const choices = parseAttackChoices(payload);
  if (!choices) return refusal("FANGS.Chat.Refusal.Invalid");
  const verified = await verifyRequester(choices.userId, choices.requestId, subjectOf(choices));
  if (!verified.ok) return refusal("FANGS.Chat.Refusal.NotPermitted");
  try {
    return await runStartAttack(choices, verified.user);
  } catch (error) {
    console.error("FANGS | starting an attack failed", error);
    return refusal("FANGS.Chat.Refusal.Error");
  }
}

/** Sends the choices to the active GM (or runs them here, on the active GM's own client). */
async function askGM(choices: Omit<AttackChoices, "userId" | "requestId">): Promise<StartAttackAnswer> {
  const user = game.user;
  const gm = game.users?.activeGM ?? null;
  if (!user?.id) return refusal("FANGS.Chat.Refusal.Invalid");
  if (!gm) return refusal("FANGS.Chat.NoGM");
  const request: AttackChoices = { ...choices, userId: user.id, requestId: newRequestId() };
  if (gm.isSelf) return runStartAttack(request, user);
  try {
    const answer = (await whilePending(request.requestId, subjectOf(request), () =>
      gm.query(START_ATTACK_QUERY, request, { timeout: START_TIMEOUT_MS }),
    )) as StartAttackAnswer | null;
    return answer && typeof answer === "object" ? answer : refusal("FANGS.Chat.NoAnswer");
  } catch {
    return refusal("FANGS.Chat.NoAnswer");
  }
}

/* -------------------------------------------- */
/*  Starting an attack                          */
/* -------------------------------------------- */

/**
 * Starts an attack with one of the actor's weapons. Returns true when a card
 * was posted. The sheet's weapon button, the hotbar macro and the Token HUD
 * call this. The checks here are the player's (a refusal before the dialog);
 * the active GM makes them again from the documents and posts the card.
 */
export async function startAttack(
  actor: Actor.Implementation,
  weaponId: string,
  options: StartAttackOptions = {},
): Promise<boolean> {
  const weapon = actor.items.get(weaponId);
  if (!usableHere(actor, "FANGS.Ruleset.Refusal.Attack")) return false;
  // A shield may bash (NC-DEF-9): it attacks as a weapon does.
  if (weapon?.type !== "weapon" && weapon?.type !== "shield") return warn("FANGS.Chat.Error.NoWeapon");
  if (!actor.isOwner) return warn("FANGS.Chat.Error.NotOwner", { name: actor.name ?? "" });
  // The active GM rolls the attack and posts the card: without one nothing can be done.
  if (!game.users?.activeGM) return warn("FANGS.Chat.NoGM");
  const attackerToken = attackerTokenOf(actor, options.token);

  // The target, captured now as UUIDs (and area fire's further targets).
  let target: PartyRef;
  let areaTargets: AreaTargetChoice[] | null = null;
  if (options.target) {
    target = options.target;
    const present = target.tokenUuid ? tokenFrom(target.tokenUuid) : await documentAt(target.actorUuid);
    if (!present) return warn("FANGS.Chat.Target.Gone", { name: target.name });
  } else {
    const targeted = targetedTokens();
    // Several targets are area fire when the module is on and the weapon has autofire (RHF-AUT-2).
    const area = targeted.length > 1 && firesArea(weapon) ? targeted : null;
    const capture = captureTarget(area ? targeted.slice(0, 1) : targeted, actor.uuid);
    if (!capture.ok) return warn(capture.key, { ...capture.data });
    target = { ...capture.target };
    if (area) {
      const others: AreaTargetChoice[] = [];
      for (const token of area.slice(1)) {
        const one = captureTarget([token], actor.uuid);
        if (!one.ok) return warn(one.key, { ...one.data });
        others.push({ actorUuid: one.target.actorUuid, tokenUuid: one.target.tokenUuid });
      }
      areaTargets = others;
    }
  }
  const targetToken = target.tokenUuid ? tokenFrom(target.tokenUuid) : null;

  const free = options.free ?? null;
  const prepared = prepareAttack(
    actor,
    weapon,
    attackerToken,
    target,
    targetToken,
    free,
    game.user?.isGM === true,
  );
  if (!prepared.ok) return say(prepared);
  const { passage, reasonKey, special, facts } = prepared;
  const shift = !!options.event && "shiftKey" in options.event && options.event.shiftKey === true;
  if (passage === "warn" && reasonKey && shift) {
    warn(reasonKey);
  }
  // Shift skips the dialog, except when the attacker has an answer to choose: none is chosen for it.
  const answers: AttackAnswers | null =
    shift && !special ? defaultAnswers(facts) : await askAttack(facts, localize);
  if (!answers) return false;
  // The same checks the GM makes, here first so the player hears at once (nothing was sent).
  const planned = planFrom(prepared, actor, weapon, attackerToken, target, answers);
  if (!planned.ok) return say(planned);
  if (areaTargets) {
    const area = await planAreaFire(planned.plan, areaTargets, free, game.user?.isGM === true);
    if (!area.ok) return say(area);
  }

  // The target may have left while the dialog was open.
  if (target.tokenUuid && !tokenFrom(target.tokenUuid))
    return warn("FANGS.Chat.Target.Gone", { name: target.name });
  const choices = {
    attackerUuid: actor.uuid,
    attackerTokenUuid: attackerToken?.uuid ?? null,
    weaponId,
    targetActorUuid: target.actorUuid,
    targetTokenUuid: target.tokenUuid ?? null,
    free,
    answers,
    ...(areaTargets ? { areaTargets } : {}),
  };
  // The attacker's own client, before anything is sent: a listener may only keep these choices from the GM.
  if (!allowedBy("preDeclareAttack", actor, frozen(choices))) return false;
  if (options.claim && !(await options.claim())) return false;

  const answer = await askGM(choices);
  if (!answer.ok) return say(answer);
  return true;
}

/**
 * A free attack taken from its card: a Charge's target strikes back at the
 * charger; after a Dodge Past (NC-DEF-4) the attacker takes its second
 * chance at the defender with the same weapon.
 */
export async function takeFreeAttack(
  state: ExchangeState,
  options: { event?: Event | null; claim?: () => Promise<boolean> } = {},
): Promise<void> {
  const claim = options.claim ?? null;
  if (state.freeAttack?.kind === "dodgePast") {
    const attacker = await actorAt(state.attacker.actorUuid);
    if (!attacker) return void warn("FANGS.Chat.Target.Gone", { name: state.attacker.name });
    await startAttack(attacker, state.weapon.itemId, {
      event: options.event ?? null,
      token: state.attacker.tokenUuid ? tokenFrom(state.attacker.tokenUuid) : null,
      target: state.target,
      free: AttackSource.DodgePast,
      claim,
    });
    return;
  }
  const actor = await actorAt(state.target.actorUuid);
  if (!actor) return void warn("FANGS.Chat.Target.Gone", { name: state.target.name });
  const ready = actor.items
    .filter((i) => {
      const system = itemSystem(i, "weapon");
      return system !== null && weaponAtHand(system);
    })
    .map((item) => ({
      ...attackWeaponOf(item),
      natural: itemSystem(item, "weapon")?.natural === true,
      item,
    }));
  // The rules core picks: a melee weapon fit to attack, the one in hand before a fist or a claw.
  const weapon = freeAttackWeapon(ready)?.item;
  if (!weapon?.id) return void warn("FANGS.Chat.FreeAttack.NoWeapon", { name: state.target.name });
  const token = state.target.tokenUuid ? tokenFrom(state.target.tokenUuid) : null;
  await startAttack(actor as Actor.Implementation, weapon.id, {
    event: options.event ?? null,
    token,
    target: state.attacker,
    free: AttackSource.ChargeFreeAttack,
    claim,
  });
}
