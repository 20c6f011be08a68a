import type { AppliedDelta, StepDice } from "../../../chat/card-steps";
import type { Consequences } from "../../../rules/fangs/consequences";
import type { DamageResult } from "../../../rules/fangs/damage";
import type { DodgeInsteadResult } from "../../../rules/fangs/defenses";
import type { AttackRoll, DefenseRoll, ExchangeOutcome } from "../../../rules/fangs/outcome";
import type { SpecialDefenseResult } from "../../../rules/fangs/special-defenses";
import type { AttackDeclaration, DefenseDeclaration } from "../../../rules/fangs/types";
import type { Effect } from "../../../rules/kernel/effects";
import { ExchangeStage, INTENT_TYPES } from "./exchange-stages";

/**
 * The names FANGS's exchange gives its dice steps; each Roll is labelled by
 * `FANGS.Chat.Roll.<Step>` (src/chat/foundry-dice.ts `stepLabelKey`).
 */
export const FANGS_DICE_STEPS = Object.freeze([
  "attack",
  "defense",
  "outcome",
  "damage",
  "fumble",
  "consequences",
] as const);

/**
 * The exchange card's state machine, pure: no Foundry global, no DOM, no
 * dice. The card stores an `ExchangeState`; every click becomes an event;
 * `transition` answers with the next state or a typed refusal. The Foundry
 * layer rolls the dice (through the rules core) between `checkIntent` and
 * `transition`, so a refused click never wastes a die.
 *
 *   declined                       (a Retreat or Disengage took the attack away)
 *   attackRolled ─defend─▶ defenseChosen | defenseRolled ─rollDamage─▶ damageRolled ─apply─▶ applied ─undo─▶ undone
 *        │                               │                                   ▲                          │
 *        │                               └──────────────▶ resolved           └────────── apply ─────────┘
 *   fumbled ─resolveFumble─▶ damageRolled | resolved
 *   any open stage ─cancel (GM)─▶ cancelled
 *
 * What a rules result *means* (a hit, a miss, whether damage follows) is
 * decided by the rules core; this module only orders the steps and says who
 * may take them.
 */

/* -------------------------------------------- */
/*  Stages                                      */
/* -------------------------------------------- */

// The stages, the intent types and the stored card's check are read at start-up: ./exchange-stages.ts.
export { EXCHANGE_STAGES, ExchangeStage, INTENT_TYPES, readState } from "./exchange-stages";

/** Stages from which nothing but an offered free attack (and apply/undo) can follow. */
const CLOSED: ReadonlySet<ExchangeStage> = new Set<ExchangeStage>([
  ExchangeStage.Declined,
  ExchangeStage.Resolved,
  ExchangeStage.Applied,
  ExchangeStage.Undone,
  ExchangeStage.Cancelled,
]);

export function isClosed(stage: ExchangeStage): boolean {
  return CLOSED.has(stage);
}

/* -------------------------------------------- */
/*  Stored data                                 */
/* -------------------------------------------- */

/** Someone in the exchange, as captured when the attack was made. */
export interface PartyRef {
  /** The actor's UUID (a token's synthetic actor for an unlinked token). Rules ids are these UUIDs. */
  readonly actorUuid: string;
  readonly tokenUuid: string | null;
  readonly name: string;
  readonly img: string;
}

export interface WeaponRef {
  readonly itemId: string;
  readonly name: string;
  readonly img: string;
  readonly kind: "melee" | "thrown" | "missile";
  readonly damage: string;
  readonly impales: boolean;
}

/** What the attacker declared before rolling (the modifier dialog's answers). */
export interface AttackSetup {
  /** The attack skill's total (the "unmodified skill"). */
  readonly skill: number;
  /** Situational bonus or penalty typed by the player. */
  readonly situational: number;
  /** The slot's own modifier (off hand −10, Two Weapon −4…), from the rules core's canAttackNow. */
  readonly slotModifier: number;
  /** A Retreat's +2/+4 (src/rules/fangs/special-defenses.ts). */
  readonly specialModifier: number;
  /** Trades, as validated by the rules core's applyTrades. */
  readonly trades: {
    readonly attackToDamage: number;
    readonly parryToAttack: number;
    readonly attackToParry: number;
    readonly attackModifier: number;
    readonly extraDamageModifier: number;
    /** The trade's defense side, until the attacker's next initiative (recorded on the combatant). */
    readonly parryModifier: number;
    readonly dodgeModifier: number;
  };
  /** Everything added to the roll. */
  readonly totalModifiers: number;
  readonly mode: "strike" | "flatOfBlade" | "grapple";
  readonly subdual: boolean;
  /** The attack slot it used ("maneuver", "offHand"…), when a combat was running. */
  readonly source: string | null;
  /** The attacker's declared maneuver (a Charge may give its target a free attack). */
  readonly maneuver: string | null;
  readonly combatId: string | null;
  readonly round: number | null;
  readonly phase: string | null;
  /** The shot's number in the attacker's round, read by the recoil module; absent for the first. */
  readonly shot?: number;
  /** The bonus the attacker's aim earned, read by the aiming module; absent when none. */
  readonly aimBonus?: number;
  /** One target's card of area fire (the bursts and area fire module, RHF-AUT-2); absent otherwise. */
  readonly areaFire?: true;
  /** The range the blow was struck at (the reach module, RHF-RNG-2: its parries are judged there); absent when off. */
  readonly reach?: "close" | "medium" | "long";
}

export interface DefenseRecord {
  /** The rules core's DefenseRoll (plain data). */
  /** The rules core's DefenseRoll. */
  readonly roll: DefenseRoll;
  /** What was declared (the defender's state is read again when the damage is rolled). */
  readonly declaration: Omit<DefenseDeclaration, "defender" | "allowed">;
  readonly itemName: string | null;
  /** The defense counted against the round's allowance (false when the GM overrode it). */
  readonly counted: boolean;
  /** NC-MAN-2: the dodge replaced the defender's maneuver (the rules core's DodgeInsteadResult). */
  readonly dodgeInstead: DodgeInsteadResult | null;
  /** NC-DEF-4: the dodge tried to move past the attacker; `slippedBy` when no second chance is due. */
  readonly past?: { readonly slippedBy: boolean } | null;
  /** The bursts and area fire module: the hits each roll of the burst put through this defense (RHF-AUT-1, -2). */
  readonly burstThrough?: readonly number[];
}

export interface DamageRecord {
  /** The rules core's damage result (plain data): what the card shows. */
  readonly result: DamageResult | null;
  /** What the table must change. */
  readonly effects: readonly Effect[];
}

export interface FumbleRecord {
  /** One of the rules core's FUMBLE_OPTIONS ids, chosen by the GM. */
  readonly option: string;
  /** The victim of a "hits another" fumble. */
  readonly victim: PartyRef | null;
  /** NC-SUB-3: the GM ruled the subdual fumble a health-damaging strike. */
  readonly healthDamaging?: boolean;
}

/** The card's button choice suffix for a fumble ruled health-damaging (NC-SUB-3): "hitSelfHarm". */
export const HARM_SUFFIX = "Harm";

/** A special defense the attacker answered before rolling (src/rules/fangs/special-defenses.ts). */
export interface SpecialDefenseRecord {
  readonly kind: "retreat" | "disengage";
  readonly response: string;
  /** The rules core's SpecialDefenseResult. */
  readonly result: SpecialDefenseResult;
}

export interface ApplicationRecord {
  /** Every effect applied, the damage's and the consequences'. */
  readonly effects: readonly Effect[];
  readonly deltas: readonly AppliedDelta[];
  /** The rules core's consequences (stun check…), for the card. */
  readonly consequences: readonly Consequences[];
  readonly by: string;
}

export interface FreeAttackOffer {
  /** The rules core's FreeAttack: `attackerId` (the charged target) may attack `targetId` (the charger). */
  readonly attackerId: string;
  readonly targetId: string;
  readonly reasonKey: string;
  readonly taken: boolean;
  /**
   * "charge" (default): the charged target strikes back at the charger.
   * "dodgePast" (NC-DEF-4): the attacker's second chance at the defender who dodged past it.
   */
  readonly kind?: "charge" | "dodgePast";
}

export interface HistoryEntry {
  readonly revision: number;
  readonly event: ExchangeEvent["type"] | "create";
  readonly by: string;
}

export interface ExchangeState {
  /** Bumped by every transition: the compare-and-set token. */
  readonly revision: number;
  readonly stage: ExchangeStage;
  /** The roll mode the attack was made with ("publicroll", "gmroll", "blindroll", "selfroll"). */
  readonly rollMode: string;
  readonly attacker: PartyRef;
  readonly target: PartyRef;
  readonly weapon: WeaponRef;
  readonly setup: AttackSetup;
  /** The rules core's AttackRoll (null when a special defense took the attack away). */
  readonly attack: AttackRoll | null;
  /** The attack as declared to the rules core (attacker, weapon, skill, modifiers, mode). */
  readonly declaration: AttackDeclaration;
  readonly special: SpecialDefenseRecord | null;
  readonly defense: DefenseRecord | null;
  /** The rules core's ExchangeOutcome. */
  readonly outcome: ExchangeOutcome | null;
  readonly fumble: FumbleRecord | null;
  readonly damage: DamageRecord | null;
  readonly application: ApplicationRecord | null;
  readonly freeAttack: FreeAttackOffer | null;
  readonly dice: readonly StepDice[];
  readonly history: readonly HistoryEntry[];
}

/* -------------------------------------------- */
/*  Intents, events and refusals                */
/* -------------------------------------------- */

/** The card's defend choice for a dodge that moves past the attacker (NC-DEF-4): a "dodge" to the rules core. */
export const DODGE_PAST = "dodgePast";

/** What a click asks for, before any die is rolled. */
export type ExchangeIntent =
  | { readonly type: "defend"; readonly choice: string }
  | { readonly type: "rollDamage" }
  | {
      readonly type: "resolveFumble";
      readonly option: string;
      /** The victim of a fumble that hits another, picked by the GM (their target). */
      readonly victimUuid?: string | null;
      /** NC-SUB-3: the GM makes a subdual fumble's blow a health-damaging strike. */
      readonly healthDamaging?: boolean;
    }
  | { readonly type: "apply" }
  | { readonly type: "undo" }
  | { readonly type: "cancel" }
  | { readonly type: "takeFreeAttack" };

export type IntentType = ExchangeIntent["type"];

/** Where the exchange goes after a step, as the rules core decided. */
export type NextStep = "damage" | "resolved";

/** After the damage: something to apply to the documents, or nothing (the effect applier says which). */
export type AfterDamage = "apply" | "resolved";

/** An intent with the results the rules produced for it. */
export type ExchangeEvent =
  | {
      readonly type: "defend";
      readonly choice: string;
      readonly defense: DefenseRecord;
      readonly outcome: ExchangeOutcome;
      readonly next: NextStep;
      /** Offered when the exchange closes here (a Charge dodged). */
      readonly freeAttack: Omit<FreeAttackOffer, "taken"> | null;
      readonly dice: readonly StepDice[];
    }
  | {
      readonly type: "rollDamage";
      readonly damage: DamageRecord;
      readonly next: AfterDamage;
      readonly freeAttack: Omit<FreeAttackOffer, "taken"> | null;
      readonly dice: readonly StepDice[];
    }
  | {
      readonly type: "resolveFumble";
      readonly option: string;
      readonly fumble: FumbleRecord;
      readonly damage: DamageRecord | null;
      readonly next: AfterDamage;
      /** NC-MAN-9: a fumbled Charge is a miss; its target strikes back unless the fumble hurt it. */
      readonly freeAttack?: Omit<FreeAttackOffer, "taken"> | null;
      readonly dice: readonly StepDice[];
    }
  | {
      readonly type: "apply";
      readonly application: ApplicationRecord;
      /** The consequences' checks (a CO check against the stun). */
      readonly dice: readonly StepDice[];
    }
  | { readonly type: "undo" }
  | { readonly type: "cancel" }
  | { readonly type: "takeFreeAttack" };

/** Who clicked, as the authority established it from the current documents. */
export interface Actor {
  readonly userId: string;
  readonly isGM: boolean;
  readonly ownsAttacker: boolean;
  readonly ownsTarget: boolean;
}

export const RefusalCode = {
  /** The card changed since the click was made (a second click, or two users at once). */
  Stale: "stale",
  /** This step is not open at this stage. */
  WrongStage: "wrong-stage",
  /** Already applied: a second apply changes nothing. */
  AlreadyApplied: "already-applied",
  /** Undo without an application to revert. */
  NotApplied: "not-applied",
  /** The user may not take this step. */
  NotPermitted: "not-permitted",
  /** The intent is malformed (unknown type, missing choice). */
  Invalid: "invalid",
  /** No free attack is on offer, or it was taken. */
  NoOffer: "no-offer",
} as const;
export type RefusalCode = (typeof RefusalCode)[keyof typeof RefusalCode];

export interface Refusal {
  readonly code: RefusalCode;
  /** Localisation key of the message the user sees. */
  readonly messageKey: string;
}

function refuse(code: RefusalCode): Refusal {
  const key = code
    .split("-")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
  return Object.freeze({ code, messageKey: `FANGS.Chat.Refusal.${key}` });
}

export type TransitionResult =
  | { readonly ok: true; readonly state: ExchangeState }
  | { readonly ok: false; readonly refusal: Refusal };

/* -------------------------------------------- */
/*  Who may do what                             */
/* -------------------------------------------- */

/**
 * The defender's owner defends and may take a free attack; the attacker's
 * owner rolls damage (so may the defender's: a Critical parry strikes back
 * with the defender's item); either may ask for the result to be applied
 * (the active GM applies it); the GM alone rules fumbles, undoes and
 * cancels. The GM may answer for anyone.
 */
export function mayTake(intent: IntentType, who: Actor): boolean {
  if (who.isGM) return true;
  switch (intent) {
    case "defend":
    case "takeFreeAttack":
      return who.ownsTarget;
    case "rollDamage":
    case "apply":
      return who.ownsAttacker || who.ownsTarget;
    case "resolveFumble":
    case "undo":
    case "cancel":
      return false;
  }
}

/**
 * mayTake on this card: a Dodge Past's second chance (NC-DEF-4) belongs to
 * the attacker's owner, where a Charge's free attack belongs to the target's;
 * what the GM undid only the GM applies again (an undo is the GM's
 * correction, not to be overturned by a player's click).
 */
export function mayTakeOn(
  state: Pick<ExchangeState, "freeAttack" | "stage">,
  intent: IntentType,
  who: Omit<Actor, "userId"> & { readonly userId?: string },
): boolean {
  if (intent === "takeFreeAttack" && state.freeAttack?.kind === "dodgePast")
    return who.isGM || who.ownsAttacker;
  if (intent === "apply" && state.stage === ExchangeStage.Undone) return who.isGM;
  return mayTake(intent, { userId: "", ...who });
}

/** The stages each step may start from. */
const OPEN_AT: Readonly<Record<IntentType, readonly ExchangeStage[]>> = Object.freeze({
  defend: [ExchangeStage.AttackRolled],
  rollDamage: [ExchangeStage.DefenseChosen, ExchangeStage.DefenseRolled],
  resolveFumble: [ExchangeStage.Fumbled],
  apply: [ExchangeStage.DamageRolled, ExchangeStage.Undone],
  undo: [ExchangeStage.Applied],
  cancel: [
    ExchangeStage.AttackRolled,
    ExchangeStage.Fumbled,
    ExchangeStage.DefenseChosen,
    ExchangeStage.DefenseRolled,
    ExchangeStage.DamageRolled,
  ],
  takeFreeAttack: [
    ExchangeStage.Resolved,
    ExchangeStage.DamageRolled,
    ExchangeStage.Applied,
    ExchangeStage.Undone,
  ],
});

/** The steps open at a stage (before permissions): what the card may offer. */
export function openIntents(state: Pick<ExchangeState, "stage" | "freeAttack">): IntentType[] {
  return INTENT_TYPES.filter((type) => {
    if (!OPEN_AT[type].includes(state.stage)) return false;
    if (type === "takeFreeAttack") return state.freeAttack !== null && !state.freeAttack.taken;
    return true;
  });
}

function isIntent(value: unknown): value is ExchangeIntent {
  if (typeof value !== "object" || value === null) return false;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== "string" || !(INTENT_TYPES as readonly string[]).includes(type)) return false;
  if (type === "defend") return typeof (value as { choice?: unknown }).choice === "string";
  if (type === "resolveFumble") return typeof (value as { option?: unknown }).option === "string";
  return true;
}

/**
 * Whether this intent may be carried out now: the card has not moved on
 * since the click (`expectedRevision`), the step is open at this stage and
 * the user may take it. Null when it may. The order matters to the user:
 * "already applied" says more than "stale" to whoever clicked twice.
 */
export function checkIntent(
  state: ExchangeState,
  intent: unknown,
  who: Actor,
  expectedRevision: number | null,
): Refusal | null {
  if (!isIntent(intent)) return refuse(RefusalCode.Invalid);
  if (intent.type === "apply" && state.stage === ExchangeStage.Applied)
    return refuse(RefusalCode.AlreadyApplied);
  if (intent.type === "undo" && state.stage !== ExchangeStage.Applied) {
    return refuse(state.stage === ExchangeStage.Undone ? RefusalCode.WrongStage : RefusalCode.NotApplied);
  }
  if (intent.type === "takeFreeAttack" && (state.freeAttack === null || state.freeAttack.taken)) {
    return refuse(RefusalCode.NoOffer);
  }
  if (!OPEN_AT[intent.type].includes(state.stage)) return refuse(RefusalCode.WrongStage);
  if (!mayTakeOn(state, intent.type, who)) return refuse(RefusalCode.NotPermitted);
  if (expectedRevision !== null && expectedRevision !== state.revision) return refuse(RefusalCode.Stale);
  return null;
}

/* -------------------------------------------- */
/*  Transitions                                 */
/* -------------------------------------------- */

function intentOf(event: ExchangeEvent): ExchangeIntent {
  switch (event.type) {
    case "defend":
      return { type: "defend", choice: event.choice };
    case "resolveFumble":
      return { type: "resolveFumble", option: event.option };
    default:
      return { type: event.type };
  }
}

/**
 * The next state after an event, or why not. `expectedRevision` is the
 * revision the click saw (null: skip that check, e.g. the GM's own click
 * that re-reads the card inside the lock).
 */
export function transition(
  state: ExchangeState,
  event: ExchangeEvent,
  who: Actor,
  expectedRevision: number | null = state.revision,
): TransitionResult {
  const refusal = checkIntent(state, intentOf(event), who, expectedRevision);
  if (refusal) return { ok: false, refusal };

  const revision = state.revision + 1;
  const history = [...state.history, { revision, event: event.type, by: who.userId }];
  const base = { ...state, revision, history };

  switch (event.type) {
    case "defend": {
      const stage =
        event.next === "resolved"
          ? ExchangeStage.Resolved
          : event.defense.roll.choice === "none"
            ? ExchangeStage.DefenseChosen
            : ExchangeStage.DefenseRolled;
      return ok({
        ...base,
        stage,
        defense: event.defense,
        outcome: event.outcome,
        freeAttack: offered(state, event.freeAttack),
        dice: [...state.dice, ...event.dice],
      });
    }
    case "rollDamage":
    case "resolveFumble":
      return ok({
        ...base,
        stage: event.next === "apply" ? ExchangeStage.DamageRolled : ExchangeStage.Resolved,
        ...(event.type === "resolveFumble" ? { fumble: event.fumble } : {}),
        damage: event.damage,
        freeAttack: offered(state, event.freeAttack),
        dice: [...state.dice, ...event.dice],
      });
    case "apply":
      return ok({
        ...base,
        stage: ExchangeStage.Applied,
        application: event.application,
        dice: [...state.dice, ...event.dice],
      });
    case "undo":
      return ok({ ...base, stage: ExchangeStage.Undone });
    case "cancel":
      return ok({ ...base, stage: ExchangeStage.Cancelled });
    case "takeFreeAttack":
      return ok({ ...base, freeAttack: state.freeAttack ? { ...state.freeAttack, taken: true } : null });
  }
}

function ok(state: ExchangeState): TransitionResult {
  return { ok: true, state };
}

/** A step that offers a free attack replaces the card's offer; one that offers none keeps it. */
function offered(
  state: ExchangeState,
  offer: Omit<FreeAttackOffer, "taken"> | null | undefined,
): FreeAttackOffer | null {
  return offer ? { ...offer, taken: false } : state.freeAttack;
}

/* -------------------------------------------- */
/*  Creation                                    */
/* -------------------------------------------- */

export interface NewExchange {
  readonly rollMode: string;
  readonly attacker: PartyRef;
  readonly target: PartyRef;
  readonly weapon: WeaponRef;
  readonly setup: AttackSetup;
  readonly declaration: AttackDeclaration;
  readonly by: string;
}

/** A card whose attack was rolled. The rules' outcome of a failed or fumbled attack closes or diverts it. */
export function createAttacked(
  init: NewExchange,
  attack: AttackRoll,
  immediate: ExchangeOutcome | null,
  firstStage: "attackRolled" | "fumbled" | "resolved",
  dice: readonly StepDice[],
  freeAttack: Omit<FreeAttackOffer, "taken"> | null = null,
): ExchangeState {
  if (immediate === null && firstStage !== ExchangeStage.AttackRolled) {
    throw new TypeError("an exchange that does not wait for a defense needs the rules' outcome");
  }
  return Object.freeze({
    revision: 0,
    stage: firstStage,
    rollMode: init.rollMode,
    attacker: init.attacker,
    target: init.target,
    weapon: init.weapon,
    setup: init.setup,
    declaration: init.declaration,
    attack,
    special: null,
    defense: null,
    outcome: immediate,
    fumble: null,
    damage: null,
    application: null,
    freeAttack: freeAttack ? { ...freeAttack, taken: false } : null,
    dice,
    history: [{ revision: 0, event: "create" as const, by: init.by }],
  });
}

/** A card recording that a special defense took the attack away. */
export function createDeclined(init: NewExchange, special: SpecialDefenseRecord): ExchangeState {
  return Object.freeze({
    revision: 0,
    stage: ExchangeStage.Declined,
    rollMode: init.rollMode,
    attacker: init.attacker,
    target: init.target,
    weapon: init.weapon,
    setup: init.setup,
    declaration: init.declaration,
    attack: null,
    special,
    defense: null,
    outcome: null,
    fumble: null,
    damage: null,
    application: null,
    freeAttack: null,
    dice: [],
    history: [{ revision: 0, event: "create" as const, by: init.by }],
  });
}
