import type { DiceSource } from "../kernel/dice";
import type { Effect } from "../kernel/effects";
import { RulesError } from "../kernel/errors";
import type { HitLocationTable } from "../kernel/hit-locations";
import { flattenTurnOrder, type TurnSlot } from "../kernel/ruleset";
import { type DfPart, type DifficultyNumber, difficultyNumber } from "./check";
import { SHARENE_DEFAULTS, type ShareneRules, situationDf } from "./config";
import { calledLevel, type ExchangeRolls, riposteDf, rollExchange } from "./exchange";
import { SHARENE_HIT_LOCATIONS } from "./hit-locations";
import { type SharenePhaseId, shareneTurnOrder } from "./ruleset";
import {
  ACTION_KINDS,
  type ActionKind,
  CALLED_EFFECTS,
  type CalledShot,
  type Defense,
  type InitiativeAbility,
  limbStatus,
  SHARENE_STATUS,
  type ShareneCondition,
  type ShareneFighter,
  STYLES,
  type StatedBlow,
  type Style,
} from "./types";

/**
 * The Sharene round as plain data and its transitions. People's choices
 * (what each means to do and at whom, the style, a stated blow or a called
 * shot, which defense, whether to riposte) are inputs; everything the rules
 * decide (initiative, the order, every DF and DN, what a defense may still
 * be, the riposte's DF) is derived here from the round and the fighters.
 * Each transition answers a new round; nothing is changed in place.
 *
 * The table (to come) reads its Combat into a `ShareneRound` and writes
 * the answer back; the simulator (src/rulesets/sharene/sim/) walks it a
 * fight at a time. Both hand in the fighters through a `FightView`.
 */

export const ROUND_REFUSALS = Object.freeze([
  "WrongPhase",
  "UnknownCombatant",
  "OutOfAction",
  "BadTarget",
  "UnknownAction",
  "Undeclared",
  "UnknownStyle",
  "BadSplit",
  "BlowNotDealt",
  "UnknownCalledShot",
  "NoStyle",
  "NotTheirTurn",
  "AlreadyAttacked",
  "StyleDoesNotAttack",
  "LostAttack",
  "WrongWeapon",
  "NoTarget",
  "TargetOut",
  "WeaponArmLost",
  "NoDefenseLeft",
  "CannotParry",
  "RipostePending",
  "NoRiposte",
] as const);
export type RoundRefusal = (typeof ROUND_REFUSALS)[number];

function refuse(reason: RoundRefusal, message: string, details: Record<string, unknown> = {}): never {
  throw new RulesError("round-refused", `Sharene round: ${message}`, { reason, ...details });
}

/** The fighters as the round reads them: the sheet, and the condition now. */
export interface FightView {
  sheet(id: string): ShareneFighter;
  condition(id: string): ShareneCondition;
}

export interface InitiativeRoll {
  readonly roll: number;
  readonly ability: InitiativeAbility;
  readonly abilityValue: number;
  readonly total: number;
}

/** One fighter's round: its declarations and what it has used up. */
export interface RoundFighter {
  readonly id: string;
  readonly outOfAction: boolean;
  readonly target: string | null;
  readonly action: ActionKind | null;
  readonly declared: boolean;
  readonly initiative: InitiativeRoll | null;
  readonly style: Style | null;
  /** A split parry among this many attacks (SHA-STY-2); 0 when not split. */
  readonly split: number;
  readonly statedBlow: StatedBlow | null;
  readonly called: CalledShot | null;
  /** Its turn has come and gone (attack made or not). */
  readonly acted: boolean;
  readonly defenses: number;
  readonly riposted: boolean;
  /** It parried a Full Attack: its attacks this round are at −4 (SHA-STY-3). */
  readonly parriedFullAttack: boolean;
  /** A critical failure costs its next attack (docs/rules/sharene.md); carried into the next round. */
  readonly loseNextAttack: boolean;
  /**
   * The loss came while its own turn was on and its attack not yet made (a
   * tie: blows land together): that attack is still made, the loss waits
   * for the next one.
   */
  readonly lossAfterTurn: boolean;
}

/** A riposte the last exchange opened, waiting for its fighter's yes or no. */
export interface PendingRiposte {
  readonly from: string;
  readonly to: string;
  readonly parts: readonly DfPart[];
}

export interface ShareneRound {
  readonly round: number;
  readonly phase: SharenePhaseId | "end";
  /** The action phase's order (SHA-INI-1): a slot is one id, or ids acting at once. */
  readonly slots: readonly TurnSlot[];
  readonly turn: number | null;
  readonly fighters: readonly RoundFighter[];
  readonly pendingRiposte: PendingRiposte | null;
}

function freshFighter(id: string, outOfAction: boolean, loseNextAttack: boolean): RoundFighter {
  return {
    id,
    outOfAction,
    target: null,
    action: null,
    declared: false,
    initiative: null,
    style: null,
    split: 0,
    statedBlow: null,
    called: null,
    acted: false,
    defenses: 0,
    riposted: false,
    parriedFullAttack: false,
    loseNextAttack,
    lossAfterTurn: false,
  };
}

function find(round: ShareneRound, id: string): RoundFighter {
  for (const f of round.fighters) if (f.id === id) return f;
  return refuse("UnknownCombatant", `no fighter "${id}" in this round`, { id });
}

/**
 * A fighter's record after an exchange, every field written out: an object
 * spread with overrides is several times slower, and this runs twice an
 * exchange. A field added to RoundFighter fails to compile here until it
 * is carried.
 */
function fighterAfter(
  f: RoundFighter,
  acted: boolean,
  defenses: number,
  riposted: boolean,
  parriedFullAttack: boolean,
  loseNextAttack: boolean,
  lossAfterTurn: boolean,
): RoundFighter {
  return {
    id: f.id,
    outOfAction: f.outOfAction,
    target: f.target,
    action: f.action,
    declared: f.declared,
    initiative: f.initiative,
    style: f.style,
    split: f.split,
    statedBlow: f.statedBlow,
    called: f.called,
    acted,
    defenses,
    riposted,
    parriedFullAttack,
    loseNextAttack,
    lossAfterTurn,
  };
}

/** The round with some fighters' records replaced (by id). Written without maps or closures: it runs a few times an exchange. */
function replace(
  round: ShareneRound,
  changed: readonly RoundFighter[],
  extra?: Partial<ShareneRound>,
): ShareneRound {
  const old = round.fighters;
  const fighters = new Array<RoundFighter>(old.length);
  for (let i = 0; i < old.length; i += 1) {
    let f = old[i]!;
    for (let j = 0; j < changed.length; j += 1) if (changed[j]!.id === f.id) f = changed[j]!;
    fighters[i] = f;
  }
  // Written out rather than spread, for the same reason as fighterAfter.
  return {
    round: extra?.round ?? round.round,
    phase: extra?.phase ?? round.phase,
    slots: extra?.slots ?? round.slots,
    turn: extra?.turn !== undefined ? extra.turn : round.turn,
    fighters,
    pendingRiposte: extra?.pendingRiposte !== undefined ? extra.pendingRiposte : round.pendingRiposte,
  };
}

function requirePhase(round: ShareneRound, phase: ShareneRound["phase"]): void {
  if (round.phase !== phase)
    refuse("WrongPhase", `this needs the ${phase} phase, the round is in ${round.phase}`, {
      phase: round.phase,
    });
}

/** Out of the fight: unconscious, in a coma, dead, or at 0 life points or fewer. */
export function isOut(condition: ShareneCondition): boolean {
  return (
    condition.lifePoints <= 0 ||
    condition.statuses.has(SHARENE_STATUS.unconscious) ||
    condition.statuses.has(SHARENE_STATUS.comatose) ||
    condition.statuses.has(SHARENE_STATUS.dead)
  );
}

/** The weapon arm made useless or severed (SHA-DMG-4): no attack or parry with the weapon. */
const ARM_LOST: Readonly<Record<string, readonly [string, string]>> = Object.freeze({
  rightArm: [limbStatus("rightArm", "useless"), limbStatus("rightArm", "severed")],
  leftArm: [limbStatus("leftArm", "useless"), limbStatus("leftArm", "severed")],
});

export function weaponArmLost(sheet: ShareneFighter, condition: ShareneCondition): boolean {
  if (condition.statuses.size === 0) return false;
  const [useless, severed] = ARM_LOST[sheet.weaponArm]!;
  return condition.statuses.has(useless) || condition.statuses.has(severed);
}

/* -------------------------------------------- */
/*  Declarations and initiative                 */
/* -------------------------------------------- */

/**
 * A new round (SHA-INI-1: "Initiative is rolled each round"): everything
 * declared or used is cleared, a lost attack carries over. `fighters` are
 * the combatants now, with whether each is out of the fight.
 */
export function startRound(
  previous: ShareneRound | null,
  fighters: readonly { readonly id: string; readonly outOfAction: boolean }[],
): ShareneRound {
  const carried = new Map(previous?.fighters.map((f) => [f.id, f.loseNextAttack]) ?? []);
  return {
    round: (previous?.round ?? 0) + 1,
    phase: "declare",
    slots: [],
    turn: null,
    pendingRiposte: null,
    fighters: fighters.map((f) => freshFighter(f.id, f.outOfAction, carried.get(f.id) ?? false)),
  };
}

export interface ActionDeclaration {
  /** Whom it means to attack; null to attack no one. */
  readonly target: string | null;
  readonly action: ActionKind;
}

/** Declares what a fighter means to do this round, which picks its initiative's ability. */
export function declareAction(round: ShareneRound, id: string, declaration: ActionDeclaration): ShareneRound {
  requirePhase(round, "declare");
  const f = find(round, id);
  if (f.outOfAction) refuse("OutOfAction", `${id} is out of the fight`, { id });
  if (!ACTION_KINDS.includes(declaration.action))
    refuse("UnknownAction", `"${String(declaration.action)}" is not an action (${ACTION_KINDS.join(", ")})`, {
      action: declaration.action,
    });
  const target = declaration.target;
  if (target !== null) {
    const t = round.fighters.find((x) => x.id === target);
    if (!t || t.id === id || t.outOfAction)
      refuse("BadTarget", `${id} cannot attack "${String(target)}"`, { id, target });
  }
  return replace(round, [{ ...f, target, action: declaration.action, declared: true }]);
}

/**
 * SHA-INI-1: each fighter in the fight rolls 1d10 and adds DEX or AGI as
 * its declared action asks; the order follows (ties: shareneTurnOrder).
 * Everyone in the fight must have declared.
 */
export function rollInitiative(
  round: ShareneRound,
  view: FightView,
  dice: DiceSource,
  rules: ShareneRules = SHARENE_DEFAULTS,
): ShareneRound {
  requirePhase(round, "declare");
  const missing = round.fighters.find((f) => !f.outOfAction && !f.declared);
  if (missing) refuse("Undeclared", `${missing.id} has not declared an action`, { id: missing.id });
  const fighters = round.fighters.map((f) => {
    if (f.outOfAction) return f;
    const ability = rules.initiativeAbility[f.action!];
    const abilityValue = view.sheet(f.id)[ability];
    const roll = dice.roll(rules.initiativeDie);
    return { ...f, initiative: { roll, ability, abilityValue, total: roll + abilityValue } };
  });
  const slots = shareneTurnOrder(
    "action",
    fighters.map((f) => ({
      id: f.id,
      orderValue: f.initiative?.total ?? 0,
      outOfAction: f.outOfAction,
      facts: { ability: f.initiative?.abilityValue ?? 0 },
    })),
  );
  return { ...round, fighters, slots, phase: "style" };
}

/** The action phase's order, every id once, and who acts at once. */
export function actingOrder(round: ShareneRound): { order: string[]; groups: string[][] } {
  return flattenTurnOrder(round.slots);
}

export interface StyleDeclaration {
  readonly style: Style;
  /** SHA-STY-2: split the parry among this many attacks (2 or more); absent or 0: not split. */
  readonly split?: number;
  /** SHA-BLW-1: the blow stated for its attacks this round (−2 DF). */
  readonly statedBlow?: StatedBlow | null;
  /** SHA-CAL-1: a called shot for its attacks this round. */
  readonly called?: CalledShot | null;
}

/** SHA-STY-*: the style a fighter fights the round in, with its stated blow and called shot. */
export function declareStyle(
  round: ShareneRound,
  id: string,
  declaration: StyleDeclaration,
  view: FightView,
  rules: ShareneRules = SHARENE_DEFAULTS,
  table: HitLocationTable = SHARENE_HIT_LOCATIONS,
): ShareneRound {
  requirePhase(round, "style");
  const f = find(round, id);
  if (f.outOfAction) refuse("OutOfAction", `${id} is out of the fight`, { id });
  const { style } = declaration;
  if (!STYLES.includes(style))
    refuse("UnknownStyle", `"${String(style)}" is not a style (${STYLES.join(", ")})`, { style });
  const split = declaration.split ?? 0;
  if (!(split === 0 || (Number.isInteger(split) && split >= 2 && split <= 10)))
    refuse("BadSplit", `a split parry is shared among 2 to 10 attacks, got ${String(split)}`, { split });
  if (split > 0 && style === "fullAttack")
    refuse("BadSplit", "a Full Attack allows no multiple parries (SHA-STY-3)", { split });
  const stated = declaration.statedBlow ?? null;
  const weapon = view.sheet(id).weapon;
  if (stated !== null && (!["slash", "thrust"].includes(stated) || weapon.damage[stated] === undefined))
    refuse("BlowNotDealt", `${weapon.name} cannot state "${String(stated)}"`, { blow: stated });
  const called = declaration.called ?? null;
  if (called !== null) {
    const known =
      called.kind === "location"
        ? table.locations.some((l) => l.id === called.location)
        : CALLED_EFFECTS.includes(called.effect);
    if (!known || calledLevel(called, rules) === null)
      refuse("UnknownCalledShot", `no called shot ${JSON.stringify(called)}`, { called });
  }
  return replace(round, [{ ...f, style, split, statedBlow: stated, called }]);
}

/** The attacks begin, in the order rolled (every fighter in the fight has a style). */
export function beginActions(round: ShareneRound): ShareneRound {
  requirePhase(round, "style");
  const missing = round.fighters.find((f) => !f.outOfAction && f.style === null);
  if (missing) refuse("NoStyle", `${missing.id} has not chosen a style`, { id: missing.id });
  if (round.slots.length === 0) return { ...round, phase: "end", turn: null };
  return { ...round, phase: "action", turn: 0 };
}

/** The ids whose turn it is (several when their initiatives tie). */
export function acting(round: ShareneRound): readonly string[] {
  if (round.phase !== "action" || round.turn === null) return [];
  const slot = round.slots[round.turn]!;
  return typeof slot === "string" ? [slot] : slot;
}

/** Styles that attack on their own turn; Full Parry and Parry and Riposte only answer (SHA-STY-4, SHA-STY-5). */
export function attacksOnTurn(style: Style | null): boolean {
  return style === "fullAttack" || style === "attackParry";
}

/**
 * The current slot is done: its fighters' turns are spent, and one whose
 * attack was lost to a critical failure has paid it. The round ends after
 * the last slot.
 */
export function endTurn(round: ShareneRound): ShareneRound {
  requirePhase(round, "action");
  if (round.pendingRiposte) refuse("RipostePending", "a riposte waits for its answer", {});
  const ids = acting(round);
  const changed = ids.map((id) => {
    const f = find(round, id);
    const paid = f.loseNextAttack && !f.lossAfterTurn && !f.acted && attacksOnTurn(f.style);
    return { ...f, acted: true, loseNextAttack: paid ? false : f.loseNextAttack, lossAfterTurn: false };
  });
  const next = round.turn! + 1;
  return next >= round.slots.length
    ? replace(round, changed, { phase: "end", turn: null })
    : replace(round, changed, { turn: next });
}

/* -------------------------------------------- */
/*  Attacks and defenses                        */
/* -------------------------------------------- */

/** Whom a fighter is engaged with: those who target it, and the one it targets (SHA-STY-1, SHA-STY-2). */
export function opponentsOf(round: ShareneRound, id: string): string[] {
  const me = find(round, id);
  const set = new Set<string>();
  for (const f of round.fighters) if (!f.outOfAction && f.target === id && f.id !== id) set.add(f.id);
  if (me.target !== null) set.add(me.target);
  return [...set];
}

/**
 * Whether a fighter faces more than one opponent this round, for its
 * defenses (SHA-STY-2). The opponents are fixed by the declarations: one
 * downed since still counts, since a defense may already have been spent
 * on it (docs/rules/sharene.md "Several opponents"). Runs every defense.
 */
function facesSeveral(round: ShareneRound, me: RoundFighter): boolean {
  let count = 0;
  let targetCounted = me.target === null;
  for (const f of round.fighters) {
    if (!f.declared || f.target !== me.id || f.id === me.id) continue;
    count += 1;
    if (f.id === me.target) targetCounted = true;
  }
  return count + (targetCounted ? 0 : 1) > 1;
}

/** Whether `id` is one of those whose turn it is (acting(round).includes(id), without the array). */
function isActing(round: ShareneRound, id: string): boolean {
  if (round.phase !== "action" || round.turn === null) return false;
  const slot = round.slots[round.turn]!;
  return typeof slot === "string" ? slot === id : slot.includes(id);
}

export interface AttackOffer {
  readonly attackerId: string;
  readonly defenderId: string;
  readonly riposte: boolean;
  readonly dn: DifficultyNumber;
}

export type AttackAnswer =
  | { readonly ok: true; readonly attack: AttackOffer }
  | { readonly ok: false; readonly reason: RoundRefusal };

const NO_SITUATIONS: readonly string[] = Object.freeze([]);

function situationPart(id: string, rules: ShareneRules, side: "attack" | "defense" = "attack"): DfPart {
  return { source: `situation:${id}`, df: situationDf(id, rules, side) };
}

function attackParts(f: RoundFighter, rules: ShareneRules): DfPart[] {
  const parts: DfPart[] = [];
  if (f.style === "fullAttack") parts.push({ source: "fullAttack", df: rules.fullAttackDf });
  if (f.statedBlow !== null) parts.push({ source: "statedBlow", df: rules.statedBlowDf });
  if (f.parriedFullAttack) parts.push({ source: "parriedFullAttack", df: rules.parriedFullAttackDf });
  return parts;
}

/**
 * Whether a fighter may make its own attack now, and at what DN (SHA-RES-1):
 * its turn, a style that attacks, its attack not lost, a target still in
 * the fight, its weapon arm whole.
 */
export function offerAttack(
  round: ShareneRound,
  id: string,
  view: FightView,
  rules: ShareneRules = SHARENE_DEFAULTS,
  situations: readonly string[] = [],
): AttackAnswer {
  if (round.phase !== "action") return { ok: false, reason: "WrongPhase" };
  if (round.pendingRiposte) return { ok: false, reason: "RipostePending" };
  const f = round.fighters.find((x) => x.id === id);
  if (!f) return { ok: false, reason: "UnknownCombatant" };
  if (!isActing(round, id)) return { ok: false, reason: "NotTheirTurn" };
  if (f.acted) return { ok: false, reason: "AlreadyAttacked" };
  if (!attacksOnTurn(f.style)) return { ok: false, reason: "StyleDoesNotAttack" };
  if (f.loseNextAttack && !f.lossAfterTurn) return { ok: false, reason: "LostAttack" };
  const sheet = view.sheet(id);
  const condition = view.condition(id);
  if (f.outOfAction || isOut(condition)) return { ok: false, reason: "OutOfAction" };
  if (f.target === null) return { ok: false, reason: "NoTarget" };
  if (isOut(view.condition(f.target))) return { ok: false, reason: "TargetOut" };
  if (weaponArmLost(sheet, condition)) return { ok: false, reason: "WeaponArmLost" };
  // The declared action set the initiative's ability (SHA-INI-1): the blow is struck with a weapon of that kind.
  if (sheet.weapon.id !== "" && sheet.weapon.kind !== f.action) return { ok: false, reason: "WrongWeapon" };
  const parts = attackParts(f, rules);
  for (const id of situations) parts.push(situationPart(id, rules));
  return {
    ok: true,
    attack: {
      attackerId: id,
      defenderId: f.target,
      riposte: false,
      dn: difficultyNumber(sheet.weapon.attack, parts, rules),
    },
  };
}

export interface DefenseOption {
  readonly defense: Defense;
  readonly dn: DifficultyNumber;
}

/**
 * The defenses a fighter may still set against an attack, each with its DN
 * (SHA-STY-1 … SHA-STY-5). Full Attack: one reflex defense at −5. A split
 * parry: that many parries at −2, the DN shared. Otherwise one defense
 * against a single opponent, two against several (−2, then −4). Full Parry
 * adds +1; a riposte is −4 to defend against.
 */
export function defenseOptions(
  round: ShareneRound,
  attack: AttackOffer,
  view: FightView,
  rules: ShareneRules = SHARENE_DEFAULTS,
  situations: readonly string[] = [],
): DefenseOption[] {
  const open = openDefenses(round, attack, view, rules, situations);
  const options: DefenseOption[] = [];
  if (open === null) return options;
  if (open.parryBase !== null)
    options.push({ defense: "parry", dn: difficultyNumber(open.parryBase, open.parts, rules, open.divisor) });
  if (open.dodgeBase !== null)
    options.push({ defense: "dodge", dn: difficultyNumber(open.dodgeBase, open.parts, rules) });
  return options;
}

/** What a defender may still set against an attack, before any DN is worked out. */
interface OpenDefenses {
  readonly parts: DfPart[];
  readonly divisor: number;
  /** The parry's and the dodge's skill totals; null for one it may not make. */
  readonly parryBase: number | null;
  readonly dodgeBase: number | null;
}

// Split from defenseOptions so that resolving an attack works out the one DN it needs, not both.
function openDefenses(
  round: ShareneRound,
  attack: AttackOffer,
  view: FightView,
  rules: ShareneRules,
  situations: readonly string[],
): OpenDefenses | null {
  let f: RoundFighter | undefined;
  for (const x of round.fighters) if (x.id === attack.defenderId) f = x;
  if (!f || f.outOfAction) return null;
  const sheet = view.sheet(f.id);
  const condition = view.condition(f.id);
  if (isOut(condition)) return null;
  const used = f.defenses;
  const parts: DfPart[] = [];
  let allowed: number;
  let divisor = 1;
  let dodge = true;
  if (f.style === "fullAttack") {
    allowed = 1;
    parts.push({ source: "fullAttackReflex", df: rules.fullAttackDefenseDf });
  } else if (f.split > 0) {
    allowed = f.split;
    divisor = f.split;
    dodge = false;
    parts.push({ source: "splitParry", df: rules.splitParryDf });
  } else if (!facesSeveral(round, f)) {
    allowed = 1;
  } else {
    allowed = 2;
    const df = rules.multipleDefenseDf[Math.min(used, 1)]!;
    parts.push({ source: used === 0 ? "firstOfSeveral" : "secondOfSeveral", df });
  }
  if (used >= allowed) return null;
  if (f.style === "fullParry") parts.push({ source: "fullParry", df: rules.fullParryDefenseDf });
  if (attack.riposte) parts.push({ source: "againstRiposte", df: rules.riposteParryDf });
  for (const id of situations) parts.push(situationPart(id, rules, "defense"));
  const parryBase =
    sheet.weapon.parry !== null && !weaponArmLost(sheet, condition) ? sheet.weapon.parry : null;
  const dodgeBase = dodge ? sheet.dodge : null;
  if (parryBase === null && dodgeBase === null) return null;
  return { parts, divisor, parryBase, dodgeBase };
}

/** What the attack request names: who attacks, and whether it is the riposte waiting. */
export interface AttackRequest {
  readonly attackerId: string;
  readonly riposte?: boolean;
  /** Ids of the DF table's situations that apply to the attack roll. */
  readonly situations?: readonly string[];
  /** Ids of the DF table's situations that apply to the defense roll. */
  readonly defenseSituations?: readonly string[];
}

export interface AttackResolution {
  readonly round: ShareneRound;
  readonly exchange: ExchangeRolls;
  readonly effects: readonly Effect[];
}

/** The riposte waiting, as an attack offer (its DN derived now). */
export function offerRiposte(
  round: ShareneRound,
  view: FightView,
  rules: ShareneRules = SHARENE_DEFAULTS,
  situations: readonly string[] = [],
): AttackOffer | null {
  const pending = round.pendingRiposte;
  if (!pending) return null;
  const sheet = view.sheet(pending.from);
  const parts = pending.parts.slice();
  for (const id of situations) parts.push(situationPart(id, rules));
  return {
    attackerId: pending.from,
    defenderId: pending.to,
    riposte: true,
    dn: difficultyNumber(sheet.weapon.attack, parts, rules),
  };
}

/** The riposte waiting is not taken. */
export function declineRiposte(round: ShareneRound): ShareneRound {
  if (!round.pendingRiposte) refuse("NoRiposte", "no riposte is waiting", {});
  return { ...round, pendingRiposte: null };
}

/**
 * Whether the defender of an exchange may riposte, and its DF parts
 * (SHA-STY-4, SHA-STY-5): Parry and Riposte after any parry, by how the
 * parry went; Full Parry after a made parry, at −5. Once a round, never
 * against a riposte, only while it can still fight with its weapon.
 */
function riposteAfter(
  round: ShareneRound,
  exchange: ExchangeRolls,
  rules: ShareneRules,
): PendingRiposte | null {
  if (exchange.riposte || exchange.defense?.kind !== "parry") return null;
  const d = find(round, exchange.defenderId);
  if (d.riposted) return null;
  let df: DfPart;
  if (d.style === "parryRiposte") {
    const r = riposteDf(exchange.attack.check, exchange.defense.check, rules);
    df = { source: `riposte:${r.reading}`, df: r.df };
  } else if (d.style === "fullParry" && exchange.defense.check.success) {
    df = { source: "reflexRiposte", df: rules.fullParryRiposteDf };
  } else return null;
  const parts = [df];
  if (d.statedBlow !== null) parts.push({ source: "statedBlow", df: rules.statedBlowDf });
  if (d.parriedFullAttack) parts.push({ source: "parriedFullAttack", df: rules.parriedFullAttackDf });
  return { from: d.id, to: exchange.attackerId, parts };
}

/** After the blow's effects: can the riposter still strike, its target still be struck? */
function riposteStillPossible(pending: PendingRiposte, view: FightView, effects: readonly Effect[]): boolean {
  const struck = effects.some(
    (e) =>
      (e.kind === "timedStatus" && e.actorId === pending.from) ||
      (e.kind === "status" && e.actorId === pending.from && e.active),
  );
  if (struck) {
    // A status the blow put on may be the weapon arm's or unconsciousness; read them as they will be.
    const sheet = view.sheet(pending.from);
    const condition = view.condition(pending.from);
    const added = new Set(condition.statuses);
    for (const e of effects) {
      if (e.kind === "status" && e.actorId === pending.from && e.active) added.add(e.status);
      if (e.kind === "timedStatus" && e.actorId === pending.from) added.add(SHARENE_STATUS.unconscious);
    }
    const after = { ...condition, statuses: added };
    if (isOut(after) || weaponArmLost(sheet, after)) return false;
  }
  let lost = 0;
  for (const e of effects) if (e.kind === "pool" && e.actorId === pending.from) lost += e.amount;
  if (view.condition(pending.from).lifePoints - lost <= 0) return false;
  return !isOut(view.condition(pending.to));
}

/**
 * Resolves an attack: the fighter's own on its turn, or the riposte
 * waiting. The offer and the defense's DN are derived from the round (a
 * request cannot set them); `defense` must be one `defenseOptions` offers,
 * or null for none. Answers the new round (defenses used, a Full Attack
 * parried, a critical failure's lost attack, the riposte now waiting if
 * the exchange opened one), the exchange's rolls and the effects to apply.
 * `view` is the fighters before this exchange.
 */
export function resolveAttack(
  round: ShareneRound,
  request: AttackRequest,
  defense: Defense | null,
  view: FightView,
  dice: DiceSource,
  rules: ShareneRules = SHARENE_DEFAULTS,
  table: HitLocationTable = SHARENE_HIT_LOCATIONS,
): AttackResolution {
  requirePhase(round, "action");
  let attack: AttackOffer;
  if (request.riposte) {
    const pending = round.pendingRiposte;
    if (!pending || pending.from !== request.attackerId)
      refuse("NoRiposte", `no riposte waits for ${request.attackerId}`, { id: request.attackerId });
    attack = offerRiposte(round, view, rules, request.situations ?? NO_SITUATIONS)!;
  } else {
    const answer = offerAttack(round, request.attackerId, view, rules, request.situations ?? NO_SITUATIONS);
    if (!answer.ok)
      refuse(answer.reason, `${request.attackerId} may not attack now (${answer.reason})`, {
        id: request.attackerId,
      });
    attack = answer.attack;
  }
  let chosen: DefenseOption | null = null;
  if (defense !== null) {
    const open = openDefenses(round, attack, view, rules, request.defenseSituations ?? NO_SITUATIONS);
    const base =
      open === null
        ? null
        : defense === "parry"
          ? open.parryBase
          : defense === "dodge"
            ? open.dodgeBase
            : null;
    if (open === null || base === null)
      refuse(open === null ? "NoDefenseLeft" : "CannotParry", `${attack.defenderId} cannot ${defense} now`, {
        id: attack.defenderId,
        defense,
      });
    chosen = {
      defense,
      dn: difficultyNumber(base, open.parts, rules, defense === "parry" ? open.divisor : 1),
    };
  }
  const a = find(round, attack.attackerId);
  const d = find(round, attack.defenderId);
  const exchange = rollExchange(
    {
      attacker: view.sheet(a.id),
      defender: view.sheet(d.id),
      defenderCondition: view.condition(d.id),
      riposte: attack.riposte,
      attackDn: attack.dn,
      defense: chosen ? { kind: chosen.defense, dn: chosen.dn } : null,
      statedBlow: a.statedBlow,
      called: a.called,
    },
    dice,
    rules,
    table,
  );
  const loses = rules.criticalFailure === "loseNextAttack";
  const attacker = fighterAfter(
    a,
    a.acted || !attack.riposte,
    a.defenses,
    a.riposted || attack.riposte,
    a.parriedFullAttack,
    a.loseNextAttack || (loses && exchange.attack.check.criticalFailure),
    // Its attack is made now: a loss from it is the next one's.
    attack.riposte ? a.lossAfterTurn : false,
  );
  const defenderLoses = loses && exchange.defense?.check.criticalFailure === true;
  const defender = chosen
    ? fighterAfter(
        d,
        d.acted,
        d.defenses + 1,
        d.riposted,
        d.parriedFullAttack || (chosen.defense === "parry" && a.style === "fullAttack" && !attack.riposte),
        d.loseNextAttack || defenderLoses,
        d.lossAfterTurn ||
          (defenderLoses && !d.loseNextAttack && !d.acted && attacksOnTurn(d.style) && isActing(round, d.id)),
      )
    : d;
  let next = replace(round, [attacker, defender], { pendingRiposte: null });
  const pending = riposteAfter(next, exchange, rules);
  if (pending && riposteStillPossible(pending, view, exchange.effects)) {
    const riposter = find(next, pending.from);
    // A lost attack is the next one the fighter could make: this riposte pays it.
    next = riposter.loseNextAttack
      ? replace(next, [{ ...riposter, loseNextAttack: false }])
      : { ...next, pendingRiposte: pending };
  }
  return { round: next, exchange, effects: exchange.effects };
}
