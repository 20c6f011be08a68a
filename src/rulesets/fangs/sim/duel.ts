import { canAttackNow, canTakeFreeAttack, freeAttackWeapon } from "../../../rules/fangs/attack-checks";
import {
  type AttackCounter,
  type AttackSlot,
  AttackSource,
  emptyAttackCounter,
  owedPostMeleeAttack,
  recordAttack,
} from "../../../rules/fangs/attacks";
import { itemCondition } from "../../../rules/fangs/character";
import { FANGS_DEFAULTS, type FangsOptions, resolveOptions } from "../../../rules/fangs/config";
import { assessValidatedBlow, dyingRound, poolConditions } from "../../../rules/fangs/consequences";
import { rollFumbleHit } from "../../../rules/fangs/damage";
import {
  type DefenseAnswer,
  type DefenseUsage,
  dodgeInstead as dodgeInsteadOf,
  emptyDefenseUsage,
  explainDefenses,
  hasMonsterParry,
  type ParryLoadout,
  recordDefense,
  recordOffHandAttack,
  shieldStrikeDamage,
} from "../../../rules/fangs/defenses";
import { registerFangsEffectKinds } from "../../../rules/fangs/effect-kinds";
import type { FangsEffectSubject } from "../../../rules/fangs/effects";
import { type ExchangeResolution, resolveExchange } from "../../../rules/fangs/exchange";
import { shotNumber } from "../../../rules/fangs/firearms";
import { dropWeaponEffects, thrownWeaponEffects } from "../../../rules/fangs/fumble";
import {
  applyGrapple,
  boundLimbsOf,
  breakFree,
  type GrappleHold,
  releaseGrapple,
} from "../../../rules/fangs/grapple";
import {
  breakFreeFromHolds,
  type HoldControl,
  holdMade,
  holdRound,
  immobilizedBy,
} from "../../../rules/fangs/holds";
import { impaledRoundDamage, removeStuckWeapon } from "../../../rules/fangs/impale";
import {
  canChooseManeuver,
  getManeuver,
  type ManeuverOptions,
  movePaces,
} from "../../../rules/fangs/maneuvers";
import { defenseFollows, OutcomeKind, plainBlow } from "../../../rules/fangs/outcome";
import { quicknessAllowance } from "../../../rules/fangs/quickness";
import {
  engagementRange,
  type Range,
  type RangeManeuver,
  type ReachWeapon,
  rangeManeuver,
  rangeManeuverFor,
  reachAllowsParry,
} from "../../../rules/fangs/reach";
import {
  advance,
  beginRound,
  freshPlanCombatant,
  openRound,
  type PlanCombatant,
  type PlanNote,
  type PlanOptions,
  type RoundDriver,
  RoundWork,
} from "../../../rules/fangs/round-engine";
import {
  type AttackRestriction,
  attackOnWithdrawal,
  chargeFreeAttack,
  mayCloseWith,
  restrictionActive,
  type SpecialDefenseResult,
  withdrawalChoice,
} from "../../../rules/fangs/special-defenses";
import {
  type AttackDeclaration,
  type CombatantState,
  type DefenseChoice,
  type DefenseDeclaration,
  type ItemSp,
  MANEUVER_IDS,
  type ManeuverId,
  type ParryItemProfile,
  type PhaseId,
  type SkillValue,
  type WeaponProfile,
} from "../../../rules/fangs/types";
import { type ApplyRules, applyEffectsTo } from "../../../rules/kernel/apply";
import { type DiceSource, SeededDice } from "../../../rules/kernel/dice";
import type { Effect } from "../../../rules/kernel/effects";
import { SheetMemo } from "../../../sim/sheet-memo";
import { SimError } from "../../../sim/sim-error";
import type { EndState, FightSummary } from "../../../sim/stats";
import type { FighterSheet, SimWeapon } from "./fighter";
import {
  createDefaultPolicy,
  defaultTarget,
  type FighterView,
  type ManeuverOption,
  type Policy,
  type TargetOption,
  type TargetQuestion,
  type WeaponView,
} from "./policy";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The clause a fumbler's blow on itself is logged under (NC-DMG-21). */
const SELF_HIT_CLAUSES: readonly string[] = Object.freeze(["NC-DMG-21"]);

/**
 * One fight between two fighters, round by round, with the FANGS rules core
 * deciding everything: what may be chosen (canChooseManeuver, canAttackNow,
 * explainDefenses), the order (initiativeScores, phaseTurnOrder), every roll
 * and its effects (resolveExchange, impaledRoundDamage, breakFree…). The
 * engine only keeps the state the effects change, asks the policies, and
 * records what happened. Same seed, same fight.
 *
 * Where the rules leave the table to decide, the engine's conventions are
 * listed in docs/simulator.md ("What the simulator decides").
 */

/** A side of the fight: 0 or 1. */
export type Side = 0 | 1;
/**
 * A fighter's place in the fight: the fighters of side 0 first, then side 1's.
 * In a duel fighter 0 is side 0 and fighter 1 side 1, so the events' `side`
 * fields (which name a fighter) read as they always did.
 */
export type FighterIndex = number;
/** Most fighters a side may field (ids are single letters "a"…"x"). */
export const MAX_SIDE_FIGHTERS = 12;

interface CommonSetup {
  /** Stop after this many rounds (an unfinished fight). Default 100. */
  readonly maxRounds?: number;
  /** Paces between the fighters at the start. Default 10. */
  readonly startDistance?: number;
  /** A fighter this far from its opponent has fled. Default 60 paces. */
  readonly escapeDistance?: number;
  readonly options?: FangsOptions;
  readonly maneuverOptions?: Partial<ManeuverOptions>;
}

export interface DuelSetup extends CommonSetup {
  readonly fighters: readonly [FighterSheet, FighterSheet];
  readonly policies?: readonly [Policy, Policy];
}

/** A fight between two sides of 1…MAX_SIDE_FIGHTERS fighters each. */
export interface FightSetup extends CommonSetup {
  readonly sides: readonly [readonly FighterSheet[], readonly FighterSheet[]];
  /** One policy per fighter, side by side; the default policy for each when absent. */
  readonly policies?: readonly [readonly Policy[], readonly Policy[]];
}

/** How a fighter stands at a moment of the fight. */
export interface FighterSnapshot {
  readonly name: string;
  readonly stunPoints: number;
  readonly stunPointsMax: number;
  readonly hitPoints: number;
  readonly hitPointsMax: number;
  readonly state: EndState;
  readonly items: readonly { readonly name: string; readonly itemSp: ItemSp }[];
}

export type DuelEvent =
  | {
      readonly type: "round";
      readonly round: number;
      readonly order: readonly FighterIndex[];
      readonly distance: number;
    }
  | { readonly type: "lostAction"; readonly side: FighterIndex; readonly reason: string }
  | {
      readonly type: "maneuver";
      readonly side: FighterIndex;
      readonly maneuver: ManeuverId;
      readonly weapon: string | null;
      /** Whom the maneuver is aimed at; only in a fight between groups (a duel has one enemy). */
      readonly target?: FighterIndex;
    }
  | {
      readonly type: "move";
      readonly side: FighterIndex;
      readonly maneuver: ManeuverId;
      readonly paces: number;
      readonly distance: number;
      readonly engaged: boolean;
    }
  | {
      readonly type: "withdrawal";
      /** The one who answers the withdrawal. */
      readonly side: FighterIndex;
      readonly response: string;
      readonly noteKey: string;
    }
  | {
      readonly type: "attackRefused";
      readonly side: FighterIndex;
      readonly weapon: string;
      readonly reasonKey: string;
    }
  | {
      readonly type: "exchange";
      readonly attacker: FighterIndex;
      readonly defender: FighterIndex;
      readonly weapon: string;
      readonly source: string;
      readonly modifiers: number;
      readonly defenseItem: string | null;
      /** Set when the dodge gave up the defender's maneuver (NC-MAN-2). */
      readonly dodgeInstead: boolean;
      readonly resolution: ExchangeResolution;
      /** What the fighters' items became: nicked, unusable for attack, shattered. */
      readonly itemChanges: readonly {
        readonly side: FighterIndex;
        readonly item: string;
        readonly itemSp: ItemSp;
      }[];
    }
  | {
      readonly type: "fumbleApplied";
      readonly side: FighterIndex;
      readonly result: string;
      readonly weapon: string;
    }
  | {
      readonly type: "impaled";
      readonly side: FighterIndex;
      readonly weapon: string;
      readonly stunDamage: number;
      readonly hitPointDamage: number;
    }
  | {
      /** CORE-CON-3: a dying fighter's round (a group fight goes on after one falls). */
      readonly type: "dying";
      readonly side: FighterIndex;
      readonly hitPointDamage: number;
      readonly dead: boolean;
    }
  | {
      readonly type: "pullOut";
      readonly side: FighterIndex;
      readonly weapon: string;
      readonly removed: boolean;
    }
  | { readonly type: "breakFree"; readonly side: FighterIndex; readonly freed: boolean }
  | {
      /** The holds module: the control points a hold stands at when a round begins (RHF-HLD-1, -2). */
      readonly type: "holdControl";
      /** The one held. */
      readonly side: FighterIndex;
      readonly grappler: FighterIndex;
      readonly controlPoints: number;
      readonly immobilized: boolean;
    }
  | {
      /** The reach module's advance or withdraw (RHF-RNG-3): the Hard check and the range it leaves. */
      readonly type: "rangeManeuver";
      readonly side: FighterIndex;
      readonly maneuver: RangeManeuver;
      readonly roll: number;
      readonly total: number;
      readonly success: boolean;
      readonly range: Range;
    }
  | { readonly type: "ready"; readonly side: FighterIndex; readonly weapon: string }
  | { readonly type: "status"; readonly fighters: readonly FighterSnapshot[] }
  | { readonly type: "fled"; readonly side: FighterIndex; readonly distance: number }
  | {
      readonly type: "end";
      readonly winner: Side | null;
      readonly rounds: number;
      readonly unfinished: boolean;
    };

/**
 * A turn the round engine gave (`skipped` null) or skipped, with why: what
 * the table's tracker would show for the same fight (src/sim/round-agreement.test.ts).
 * A skip's phase is that of the next turn given.
 */
export interface TurnTrace {
  readonly round: number;
  readonly phase: PhaseId | null;
  readonly fighter: FighterIndex;
  readonly skipped: "actionLost" | "outOfAction" | null;
  /**
   * A turn's: each fighter's round facts once the turn was taken (`before` the
   * engine's next step) and once that step returned (`after`: movement and
   * withdrawals done), for a driver replaying the fight.
   */
  facts?: { before: TracedFacts[]; after: TracedFacts[] };
}

/** What a table replaying the fight writes on its documents (src/sim/round-agreement.test.ts). */
export interface TracedFacts {
  readonly maneuver: ManeuverId | null;
  readonly attackKind: SimWeapon["kind"] | null;
  readonly actionLost: boolean;
  readonly outOfAction: boolean;
  readonly engaged: boolean;
  readonly lostManeuver: ManeuverId | null;
  readonly attacks: AttackCounter;
  readonly defenses: DefenseUsage;
}

/**
 * What a driver replaying a fight reads of it as it happens
 * (src/sim/fight-agreement.test.ts): every die in the order rolled, every
 * event as it is logged, and the end of each exchange's work. `look` tells
 * how every fighter stands at that moment; it is only asked when wanted,
 * and asking it changes nothing.
 */
export interface FightRecorder {
  die(faces: number, result: number): void;
  /** A turn the round engine gave, before the fighter takes it (its `facts` are filled in after). */
  turn(turn: TurnTrace, look: () => FightLook): void;
  event(event: DuelEvent, look: () => FightLook): void;
  /** An exchange is done: its blow applied, its fumble played out. */
  exchanged(look: () => FightLook): void;
}

/** The fight at a moment, in the words the table's documents use. */
export interface FightLook {
  readonly fighters: readonly FighterAfter[];
  /** Stuck weapons by name: "owner's item in target" or "… in target's item". */
  readonly stuck: readonly string[];
  /** Each pair of enemies. */
  readonly pairs: readonly {
    readonly a: FighterIndex;
    readonly b: FighterIndex;
    readonly distance: number;
    readonly engaged: boolean;
  }[];
}

/** A die source that tells a recorder each die it gives, and gives the same dice. */
class RecordedDice implements DiceSource {
  constructor(
    readonly inner: DiceSource,
    readonly recorder: FightRecorder,
  ) {}
  roll(faces: number): number {
    const result = this.inner.roll(faces);
    this.recorder.die(faces, result);
    return result;
  }
}

/**
 * runFight, with every turn the round engine gave and skipped (see
 * TurnTrace), and, when a recorder is given, every die and event as it comes.
 */
export function traceFight(
  setup: FightSetup,
  seed: number,
  recorder: FightRecorder | null = null,
): { result: FightResult; turns: TurnTrace[] } {
  const [a, b] = setup.sides;
  const seeded = new SeededDice(seed);
  const dice = recorder ? new RecordedDice(seeded, recorder) : seeded;
  const duel = new Duel(setup, [a, b], setup.policies, dice, true);
  duel.trace = [];
  duel.recorder = recorder;
  return { result: duel.run(), turns: duel.trace };
}

export interface DuelResult extends FightSummary {
  /** Per fighter (see FighterIndex); a duel's two. */
  readonly names: readonly string[];
  readonly final: readonly FighterSnapshot[];
  /** The fight as it happened; null unless asked for (the odds runner skips it). */
  readonly events: DuelEvent[] | null;
}

/**
 * A fight between sides: what a duel reports, plus which fighters stood on
 * which side and how each side ended. A 1-vs-1 fight is a duel and has
 * neither, so its result (and JSON) is the duel's to the letter.
 */
export interface FightResult extends DuelResult {
  /** Fighter indices of each side. */
  readonly sides?: readonly [readonly FighterIndex[], readonly FighterIndex[]];
}

interface StuckWeapon {
  readonly owner: FighterIndex;
  readonly itemId: string;
  readonly target: FighterIndex;
  readonly inItemId: string | null;
  readonly perRoundDamage: string | null;
}

/** Where two enemies stand to each other: one pair object is shared by both. */
interface Pair {
  distance: number;
  engaged: boolean;
  /** The reach module's range between the two while engaged (null: not engaged, or the module is off). */
  range?: Range | null;
}

/** A stand-in weapon for the allowance alone, which reads no skill. */
const NO_WEAPON_SKILL = { skill: { natural: 0, bought: 0, total: 0 } } as SimWeapon;

/** The holds module's fact for one immobilized (RHF-HLD-2). */
const IMMOBILIZED = Object.freeze({ immobilized: true });

/** A weapon as the reach module reads it: its skill names its length. */
function reachWeapon(w: SimWeapon): ReachWeapon {
  return { skillKey: w.skillKey, kind: w.kind };
}

/** No module facts: spread into canAttackNow's context when the modules are off, so it reads nothing. */
const NO_MODULE_FACTS = Object.freeze({});

interface Combatant {
  /** The fighter's index (FighterIndex): the events' `side`. */
  readonly side: FighterIndex;
  /**
   * Its round facts in the round engine's work: the object the work was given, which a work
   * without `record` reads as it stands (RoundWork), so the simulator writes what changes here.
   */
  readonly round: Mutable<PlanCombatant>;
  readonly team: Side;
  readonly id: string;
  /** Each enemy with the pair it shares with this fighter. */
  readonly foes: { readonly foe: Combatant; readonly pair: Pair }[];
  /** Whom the fighter fights this round, and the pair with it. */
  target: Combatant;
  pair: Pair;
  engagedAtStart: boolean;
  readonly sheet: FighterSheet;
  readonly policy: Policy;
  /** Pools, item SP and statuses, as the rules kernel's shared applier changes them (applyEffectsTo). */
  readonly fx: FangsEffectSubject;
  readonly stun: number;
  readonly hp: number;
  /** The same map as `fx.items`. */
  readonly itemSp: Map<string, ItemSp>;
  /** Weapons not at hand: dropped, thrown, stuck in someone. */
  readonly away: Set<string>;
  /** The combat set in hand (NC-MAN-13): a missile weapon, or the melee weapons and shield. */
  set: "melee" | "missile";
  readonly reload: Map<string, number>;
  /** Holds the stunned status (lost action pending): cannot be stunned again. */
  readonly stunned: boolean;
  fled: boolean;
  /** How its weapons strike: with the business end unless told (the policies never choose subdual). */
  manner: Manner;
  restrictions: AttackRestriction[];
  /* this round */
  maneuver: ManeuverId | null;
  weaponId: string | null;
  maneuverTargetId: string | null;
  performed: boolean;
  usage: DefenseUsage;
  counter: AttackCounter;
  /** The round of its last free attack (0: none yet): the multiple attacks module's one attack every other round. */
  lastAttackRound: number;
  /** The round of the attack before that round's (0: none): what this round reads once it has attacked. */
  attackRoundBefore: number;
  /** The round of its last advance or withdraw (the reach module: one a round); 0: none. */
  rangeManeuverRound: number;
  /** A withdrawal (Retreat, Disengage) that completes after the Melee phase. */
  withdrawal: "retreat" | "disengage" | null;
  /** Paces the opponent follows the withdrawal (a chase). */
  followPaces: number;
  /** This round's answers to enemies' Retreats and Disengages, by the enemy's id (the rules core's). */
  readonly withdrawalAnswers: Map<string, SpecialDefenseResult | null>;
  readying: string | null;
  readyingSet: boolean;
  offHandParried: boolean;
  /** Bumped whenever what is in hand changes (item SP, dropped or stuck weapons, combat set). */
  gearVersion: number;
  gear: Gear | null;
  /** The last view handed to a policy, reused while nothing in it changed. */
  viewMemo: FighterView | null;
  lastOptions: {
    held: boolean;
    engaged: boolean;
    target: Combatant;
    gear: number;
    set: "melee" | "missile";
    stuck: number;
    options: ManeuverOption[];
  } | null;
  /** Cached answer of out(); null when the pools or flight changed since. */
  outAt: boolean | null;
}

/** What a fighter holds, worked out again only when its gear version changes. */
interface Gear {
  readonly version: number;
  readonly inHand: SimWeapon[];
  readonly main: SimWeapon | undefined;
  readonly off: { type: "shield" | "weapon"; id: string } | null;
  readonly loadout: ParryLoadout;
  readonly weaponViews: WeaponView[];
  /** What the rules core is handed for each weapon and defense, built once per gear version. */
  readonly profiles: Map<string, WeaponProfile>;
  readonly defenses: Map<DefenseChoice, { skill: SkillValue | null; item: ParryItemProfile | null }>;
}

/** How a fighter's blows are struck (NC-SUB-1, NC-SUB-2); a grapple is the weapon's own. */
interface Manner {
  readonly mode: "strike" | "flatOfBlade";
  readonly subdual: boolean;
}
const STRIKE: Manner = Object.freeze({ mode: "strike", subdual: false });

/** Thrown to leave the round when a side is out; one instance, so no stack is captured each fight. */
const FIGHT_OVER = new Error("fight over");

/** A missile or thrown weapon reaches `range` paces (0: no limit); melee weapons strike whom they are engaged with. */
function inRange(w: SimWeapon, pair: Pair): boolean {
  return w.kind === "melee" || w.range <= 0 || pair.distance <= w.range;
}

/** The simulator's refusal of a shot beyond the weapon's range (the rules core knows no ranges). */
const OUT_OF_RANGE = Object.freeze({ allowed: false, reasonKey: "FANGS.Sim.OutOfRange", slot: null });

/**
 * The defenses a fighter can roll: a Grapple parry needs the Grapple skill on its sheet, as the
 * table's card offers none without it (it reports the missing skill rather than guess one).
 */
function withSkills(allowed: readonly DefenseChoice[], sheet: FighterSheet): readonly DefenseChoice[] {
  if (sheet.skills.grapple !== undefined || !allowed.includes("grappleParry")) return allowed;
  return allowed.filter((c) => c !== "grappleParry");
}

/** The hand a weapon strikes from, as the table reads its item (an off-hand weapon: "off"). */
function handOf(w: SimWeapon): "main" | "off" {
  return w.offHand ? "off" : "main";
}

/** The combat set a weapon belongs to (NC-MAN-13): a missile weapon, or the melee weapons and shield. */
function setOf(w: SimWeapon): "melee" | "missile" {
  return w.kind === "missile" ? "missile" : "melee";
}

/** Legal maneuver options per fighter sheet and situation (see maneuverOptions_). */
const OPTION_CACHE = new SheetMemo<string, ManeuverOption[]>(50_000);

/**
 * A fighter's Stun, HP and stunned, read through to its EffectSubject. They
 * live on one shared prototype: getters written in each fighter's literal are
 * new closures per fighter, so every fighter got its own hidden class and
 * every property read in the simulator went megamorphic (half the speed).
 */
const COMBATANT_READS: Pick<Combatant, "stun" | "hp" | "stunned"> & ThisType<Combatant> = {
  get stun(): number {
    return this.fx.pools.stunPoints!;
  },
  get hp(): number {
    return this.fx.pools.hitPoints!;
  },
  get stunned(): boolean {
    return this.fx.statuses.has("stunned");
  },
};

/** explainDefenses' answers per defender sheet and situation (see explainDefensesCached). */
const DEFENSE_CACHE = new SheetMemo<number, DefenseAnswer>();
const MANEUVER_INDEX = new Map<string, number>(MANEUVER_IDS.map((id, i) => [id, i]));
const KIND_INDEX: Readonly<Record<SimWeapon["kind"], number>> = { melee: 0, thrown: 1, missile: 2 };
const LOADOUT_WEAPON: readonly ParryLoadout["weapon"][] = ["none", "oneHanded", "twoHanded"];
const LOADOUT_OFF_HAND: readonly ParryLoadout["offHand"][] = ["none", "shield", "weapon", "bareHand"];

/** Worst to best, for how a side ends (sideEnd). */
const SIDE_END_RANK: readonly EndState[] = ["dead", "dying", "unconscious", "fled", "standing"];

/** How the simulator's fighters take effects: FANGS's kinds (a stuck weapon, a dropped one…) registered. */
const SIM_APPLY_RULES: ApplyRules = Object.freeze({});
registerFangsEffectKinds();

/** The simulator's initiative: AG order every round (docs/simulator.md). */
const SIM_PLAN_OPTIONS: PlanOptions = Object.freeze({ initiativeMode: "agility" });

const NONE_ONLY: readonly DefenseChoice[] = Object.freeze(["none"]);
const NO_SKILL: SkillValue = Object.freeze({ natural: 0, bought: 0, total: 0 });

export function runDuel(setup: DuelSetup, seed: number, record = false): DuelResult {
  const [a, b] = setup.fighters;
  const policies = setup.policies;
  return new Duel(
    setup,
    [[a], [b]],
    policies ? [[policies[0]], [policies[1]]] : undefined,
    new SeededDice(seed),
    record,
  ).run();
}

/**
 * A fight between two sides. With one fighter a side it is runDuel, roll for
 * roll; with more, see "Groups" in docs/simulator.md for the model.
 */
export function runFight(setup: FightSetup, seed: number, record = false): FightResult {
  const [a, b] = setup.sides;
  for (const side of [a, b]) {
    if (side.length === 0) throw new SimError("invalid-argument", "a side needs at least one fighter");
    if (side.length > MAX_SIDE_FIGHTERS)
      throw new SimError("invalid-argument", `a side may field at most ${MAX_SIDE_FIGHTERS} fighters`);
  }
  const duel = new Duel(setup, [a, b], setup.policies, new SeededDice(seed), record);
  const result = duel.run();
  if (a.length === 1 && b.length === 1) return result;
  const sideEnds = [duel.sideEnd(0), duel.sideEnd(1)] as const;
  return { ...result, sideEnds, sides: [duel.teamIndices(0), duel.teamIndices(1)] };
}

/** One scripted exchange for the tests that hold the simulator to the table (src/sim/agreement.test.ts). */
export interface ExchangePlay {
  readonly attacker: FighterSheet;
  readonly defender: FighterSheet;
  readonly weaponId: string;
  /** The defense the defender's policy picks (it must be among those the rules core allows). */
  readonly defense: DefenseChoice;
  readonly dice: DiceSource;
  readonly maneuvers?: readonly [ManeuverId, ManeuverId];
  /** Paces between them; 0 (the default) is engaged. */
  readonly distance?: number;
  readonly manner?: Manner;
  readonly options?: FangsOptions;
}

/** A fighter after the exchange, in the words the table's documents use. */
export interface FighterAfter {
  readonly stunPoints: number;
  readonly hitPoints: number;
  /** Item SP by item name. */
  readonly itemSp: Readonly<Record<string, number>>;
  /** Weapons out of hand (dropped, thrown, stuck), by name. */
  readonly away: readonly string[];
  readonly statuses: readonly string[];
  readonly actionLost: boolean;
  readonly attacksMade: number;
  readonly defenses: DefenseUsage;
}

export interface ExchangePlayed {
  /** The attack's, then any that followed from it (a fumbler's blow on itself). */
  readonly resolutions: readonly ExchangeResolution[];
  readonly attacker: FighterAfter;
  readonly defender: FighterAfter;
  /** Stuck weapons by name: "owner's item in target" or "… in target's item". */
  readonly stuck: readonly string[];
  /** Whether the defender is held by a grapple. */
  readonly held: boolean;
}

/**
 * Plays one attack of the Melee (or, for a missile weapon, the Missile) phase
 * through the duel engine's own turn (`primaryAttack`, `exchange`, `apply`),
 * with the dice given.
 */
export function playExchange(play: ExchangePlay): ExchangePlayed {
  const chooser: Policy = { ...createDefaultPolicy(), id: "scripted", chooseDefense: () => play.defense };
  const duel = new Duel(
    { options: play.options },
    [[play.attacker], [play.defender]],
    [[createDefaultPolicy()], [chooser]],
    play.dice,
    true,
  );
  const [a, d] = duel.c as [Combatant, Combatant];
  duel.round = 1;
  const distance = play.distance ?? 0;
  a.pair.distance = distance;
  a.pair.engaged = distance <= 0;
  a.engagedAtStart = d.engagedAtStart = a.pair.engaged;
  const w = duel.weapon(a, play.weaponId);
  if (!w) throw new SimError("invalid-argument", `${play.attacker.name} has no weapon ${play.weaponId}`);
  a.set = setOf(w);
  d.set = "melee";
  a.manner = play.manner ?? STRIKE;
  const [am, dm] = play.maneuvers ?? ["attack", "attack"];
  a.maneuver = am;
  a.weaponId = w.id;
  a.maneuverTargetId = d.id;
  d.maneuver = dm;
  d.weaponId = duel.mainWeapon(d)?.id ?? null;
  d.maneuverTargetId = a.id;
  a.gearVersion += 1;
  d.gearVersion += 1;
  duel.primaryAttack(a, w.kind === "melee" ? "melee" : "missile");
  const resolutions = duel.events!.flatMap((e) => (e.type === "exchange" ? [e.resolution] : []));
  if (resolutions.length === 0) {
    const refused = duel.events!.find((e) => e.type === "attackRefused");
    throw new SimError(
      "invalid-argument",
      `no exchange: ${refused?.type === "attackRefused" ? refused.reasonKey : "?"}`,
    );
  }
  return {
    resolutions,
    attacker: duel.fighterAfter(a),
    defender: duel.fighterAfter(d),
    stuck: duel.stuckNames(),
    held: duel.held(d),
  };
}

/** Names as the log shows them: a name met more than once gets its number, "Troll (1)", "Troll (2)". */
export function fighterNames(sheets: readonly FighterSheet[]): string[] {
  if (sheets.length === 2) {
    const [a, b] = sheets as [FighterSheet, FighterSheet];
    return a.name === b.name ? [`${a.name} (1)`, `${b.name} (2)`] : [a.name, b.name];
  }
  const count = new Map<string, number>();
  for (const s of sheets) count.set(s.name, (count.get(s.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return sheets.map((s) => {
    if (count.get(s.name)! < 2) return s.name;
    const n = (seen.get(s.name) ?? 0) + 1;
    seen.set(s.name, n);
    return `${s.name} (${n})`;
  });
}

class Duel {
  readonly c: Combatant[];
  /** The fighters of each side. */
  readonly teams: [Combatant[], Combatant[]];
  readonly group: boolean;
  readonly events: DuelEvent[] | null;
  readonly maxRounds: number;
  readonly escapeDistance: number;
  readonly options: FangsOptions | undefined;
  /** The recoil module is on: each shot's number goes with it (read once, asked at every shot). */
  readonly recoil: boolean;
  readonly maneuverOptions: Partial<ManeuverOptions> | undefined;
  readonly names: string[];
  round = 0;
  stuck: StuckWeapon[] = [];
  /** The round's initiative order (fighter indices), everyone included; set as each round begins. */
  order: FighterIndex[] = [];
  holds: GrappleHold[] = [];
  /** The holds module's control of each hold standing (RHF-HLD-1, -2); empty when the module is off. */
  readonly holdControl = new Map<GrappleHold, HoldControl>();
  /** The round engine's state of this fight, kept for all of it and changed in place (see RoundWork). */
  readonly work: RoundWork;
  /** Every turn and skip the round engine gave, when asked for (traceFight). */
  trace: TurnTrace[] | null = null;
  /** Told every die, event and exchange, when asked for (traceFight). */
  recorder: FightRecorder | null = null;
  /** How many of the work's notes and cleared stuns readNotes has read. */
  notesRead = 0;
  clearedRead = 0;

  constructor(
    setup: CommonSetup,
    sides: readonly [readonly FighterSheet[], readonly FighterSheet[]],
    policies: readonly [readonly Policy[], readonly Policy[]] | undefined,
    readonly dice: DiceSource,
    record: boolean,
  ) {
    this.names = fighterNames([...sides[0], ...sides[1]]);
    this.c = [];
    this.teams = [[], []];
    for (const team of [0, 1] as const) {
      sides[team].forEach((sheet, i) => {
        const c = this.combatant(this.c.length, team, sheet, policies?.[team][i] ?? createDefaultPolicy());
        this.c.push(c);
        this.teams[team].push(c);
      });
    }
    this.group = this.c.length > 2;
    this.work = new RoundWork(
      { round: 0, turn: null, phase: "initiative", order: [], combatants: this.c.map((c) => c.round) },
      false,
    );
    this.events = record ? [] : null;
    this.maxRounds = setup.maxRounds ?? 100;
    const distance = setup.startDistance ?? 10;
    // Every fighter starts at the start distance from every enemy (docs/simulator.md, "Groups").
    for (const x of this.teams[0]) {
      for (const y of this.teams[1]) {
        const pair: Pair = { distance, engaged: distance <= 0 };
        x.foes.push({ foe: y, pair });
        y.foes.push({ foe: x, pair });
      }
    }
    for (const c of this.c) {
      c.target = c.foes[0]!.foe;
      c.pair = c.foes[0]!.pair;
    }
    this.escapeDistance = setup.escapeDistance ?? 60;
    this.options = setup.options === undefined ? undefined : resolveOptions(setup.options);
    this.recoil = this.options?.recoilModule === true;
    this.maneuverOptions = setup.maneuverOptions;
  }

  combatant(index: FighterIndex, team: Side, sheet: FighterSheet, policy: Policy): Combatant {
    const itemSp = new Map<string, ItemSp>();
    for (const w of sheet.weapons) if (w.itemSp) itemSp.set(w.id, w.itemSp);
    for (const s of sheet.shields) itemSp.set(s.id, s.itemSp);
    const hasMissile = sheet.weapons.some((w) => w.kind === "missile");
    const id = String.fromCharCode(97 + index);
    const c: Omit<Combatant, "stun" | "hp" | "stunned"> = {
      side: index,
      round: freshPlanCombatant(id, this.names[index]!, sheet.characteristics.ag),
      team,
      id,
      foes: [],
      // Set once every fighter exists (the constructor).
      target: undefined as unknown as Combatant,
      pair: undefined as unknown as Pair,
      engagedAtStart: false,
      sheet,
      policy,
      fx: {
        pools: { stunPoints: sheet.stunPoints, hitPoints: sheet.hitPoints },
        items: itemSp,
        statuses: new Set(),
        actionLost: false,
        dropped: new Set(),
      },
      itemSp,
      away: new Set(),
      set: hasMissile ? "missile" : "melee",
      reload: new Map(),
      fled: false,
      manner: STRIKE,
      restrictions: [],
      maneuver: null,
      weaponId: null,
      maneuverTargetId: null,
      performed: false,
      usage: emptyDefenseUsage(),
      counter: emptyAttackCounter(),
      lastAttackRound: 0,
      attackRoundBefore: 0,
      rangeManeuverRound: 0,
      withdrawal: null,
      followPaces: 0,
      withdrawalAnswers: new Map(),
      readying: null,
      readyingSet: false,
      offHandParried: false,
      gearVersion: 0,
      gear: null,
      outAt: null,
      lastOptions: null,
      viewMemo: null,
    };
    return Object.setPrototypeOf(c, COMBATANT_READS) as Combatant;
  }

  teamIndices(team: Side): FighterIndex[] {
    return this.teams[team].map((c) => c.side);
  }

  /** Engaged with any enemy (in a group: any still up; one who fell holds no one). */
  engaged(c: Combatant): boolean {
    if (!this.group) return c.pair.engaged;
    for (const f of c.foes) if (f.pair.engaged && !(this.group && this.out(f.foe))) return true;
    return false;
  }

  /** Paces to the target (0 when engaged with it). */
  distance(c: Combatant): number {
    return c.pair.engaged ? 0 : c.pair.distance;
  }

  pairWith(c: Combatant, foe: Combatant): Pair {
    for (const f of c.foes) if (f.foe === foe) return f.pair;
    throw new Error(`${c.id} has no pair with ${foe.id}`);
  }

  setTarget(c: Combatant, target: Combatant): void {
    c.target = target;
    c.pair = this.pairWith(c, target);
  }

  /** How a side ends: as its best-off fighter does (standing, else fled, unconscious, dying, dead). */
  sideEnd(team: Side): EndState {
    let best = 0;
    for (const c of this.teams[team]) best = Math.max(best, SIDE_END_RANK.indexOf(this.endState(c)));
    return SIDE_END_RANK[best]!;
  }

  /**
   * Enemies this fighter may pick as its target: those it is engaged with if
   * any (an engaged fighter fights who is at its throat), else every enemy
   * still up. The policy picks among them; alone, one needs no asking.
   *
   * With `attack` (a new target for an attack whose target fell before the
   * fighter's turn), only the enemies this attack may strike are offered:
   * within the weapon's range, and allowed by the rules core (canAttackNow).
   * When there is none, the choice is among all, as at the declaration, and
   * the attack is then refused with the reason.
   */
  chooseTarget(c: Combatant, attack?: { readonly weapon: SimWeapon; readonly phase: PhaseId }): void {
    const engaged = this.engaged(c);
    const candidates: TargetOption[] = [];
    let legal = 0;
    for (const f of c.foes) {
      if (this.out(f.foe) || (engaged && !f.pair.engaged)) continue;
      if (attack !== undefined && this.mayStrike(c, f.foe, f.pair, attack.weapon, attack.phase)) {
        // Legal targets first; the rest are dropped below when there is any legal one.
        candidates.splice(legal, 0, this.targetOption(c, f.foe, f.pair));
        legal += 1;
        continue;
      }
      candidates.push(this.targetOption(c, f.foe, f.pair));
    }
    if (legal > 0) candidates.length = legal;
    if (candidates.length === 0) return;
    let pick = candidates[0]!;
    if (candidates.length > 1) {
      const q: TargetQuestion = { round: this.round, self: this.view(c), candidates };
      const answer = c.policy.chooseTarget ? c.policy.chooseTarget(q) : defaultTarget(q);
      const found = candidates.find((t) => t.fighter === answer);
      if (!found) {
        throw new Error(
          `policy "${c.policy.id}" chose the target ${answer}, not among ${candidates.map((t) => t.fighter).join(", ")}`,
        );
      }
      pick = found;
    }
    if (pick.fighter !== c.target.side) this.setTarget(c, this.c[pick.fighter]!);
  }

  targetOption(c: Combatant, foe: Combatant, pair: Pair): TargetOption {
    return {
      fighter: foe.side,
      view: this.view(foe),
      distance: pair.engaged ? 0 : pair.distance,
      engaged: pair.engaged,
      current: foe === c.target,
    };
  }

  /** May this weapon's main-hand attack strike this enemy now: in range, and allowed by canAttackNow? */
  mayStrike(c: Combatant, foe: Combatant, pair: Pair, w: SimWeapon, phase: PhaseId): boolean {
    return inRange(w, pair) && this.attackVerdict(c, foe, w, phase, "main").allowed;
  }

  log(event: DuelEvent): void {
    this.events?.push(event);
    this.recorder?.event(event, this.look);
  }

  /** How every fighter stands now, for a recorder (FightRecorder). */
  readonly look = (): FightLook => {
    const pairs: { a: FighterIndex; b: FighterIndex; distance: number; engaged: boolean }[] = [];
    // Engaged as the rules read it: in a group, a fallen enemy holds no one (engaged()).
    for (const x of this.teams[0])
      for (const { foe, pair } of x.foes) {
        const engaged = pair.engaged && !(this.group && (this.out(x) || this.out(foe)));
        pairs.push({ a: x.side, b: foe.side, distance: pair.distance, engaged });
      }
    return { fighters: this.c.map((c) => this.fighterAfter(c)), stuck: this.stuckNames(), pairs };
  };

  /** A fighter in the words the table's documents use (FighterAfter). */
  fighterAfter(c: Combatant): FighterAfter {
    const itemSp: Record<string, number> = {};
    for (const x of c.sheet.weapons) if (x.itemSp) itemSp[x.name] = c.itemSp.get(x.id)!.value;
    for (const x of c.sheet.shields) itemSp[x.name] = c.itemSp.get(x.id)!.value;
    return {
      stunPoints: c.stun,
      hitPoints: c.hp,
      itemSp,
      away: [...c.away].map((id) => this.weapon(c, id)?.name ?? id).sort(),
      statuses: [...c.fx.statuses].sort(),
      actionLost: c.fx.actionLost,
      attacksMade: c.counter.made.length,
      defenses: c.usage,
    };
  }

  /** The weapons stuck in someone, by name: "owner's item in target" or "… in target's item". */
  stuckNames(): string[] {
    const itemName = (c: Combatant, id: string): string =>
      this.weapon(c, id)?.name ?? c.sheet.shields.find((x) => x.id === id)?.name ?? id;
    return this.stuck.map((s) => {
      const owner = this.c[s.owner]!;
      const target = this.c[s.target]!;
      const where =
        s.inItemId === null ? target.sheet.name : `${target.sheet.name}'s ${itemName(target, s.inItemId)}`;
      return `${owner.sheet.name}'s ${itemName(owner, s.itemId)} in ${where}`;
    });
  }

  /** The attacker's policy answers a Retreat or a Disengage; an answer it was not offered is a policy bug. */
  askWithdrawal<R extends string>(
    attacker: Combatant,
    leaver: Combatant,
    withdrawal: "retreat" | "disengage",
    options: readonly R[],
  ): R {
    const response = attacker.policy.respondToWithdrawal({
      self: this.view(attacker),
      opponent: this.view(leaver),
      withdrawal,
      options,
    });
    if (!(options as readonly string[]).includes(response)) {
      throw new Error(`policy "${attacker.policy.id}" answered a ${withdrawal} with ${response}`);
    }
    return response as R;
  }

  /* -------------------------------------------- */
  /*  State read by the rules core                */
  /* -------------------------------------------- */

  state(c: Combatant): CombatantState {
    return {
      stunPoints: { value: c.stun, max: c.sheet.attributes.stunPoints },
      hitPoints: { value: c.hp, max: c.sheet.attributes.hitPoints },
      armorProtection: c.sheet.armorProtection,
      co: c.sheet.characteristics.co,
      sz: c.sheet.characteristics.sz,
      stunned: c.stunned,
    };
  }

  endState(c: Combatant): EndState {
    const p = poolConditions(c.stun, c.hp, c.sheet.characteristics.co, c.sheet.characteristics.sz);
    if (p.dead) return "dead";
    if (p.dying) return "dying";
    if (p.unconscious) return "unconscious";
    if (c.fled) return "fled";
    return "standing";
  }

  out(c: Combatant): boolean {
    // Asked at every turn of every phase; the pools change only in apply(), which clears this.
    if (c.outAt === null) c.outAt = this.endState(c) !== "standing";
    return c.outAt;
  }

  /** Held by a grapple it has not broken (NC-GRP-3). */
  held(c: Combatant): boolean {
    return this.holds.length > 0 && this.holds.some((h) => h.targetId === c.id);
  }

  boundLimbs(c: Combatant): string[] | null {
    return this.holds.length === 0 ? null : boundLimbsOf(this.holds, c.id);
  }

  weapon(c: Combatant, id: string | null): SimWeapon | undefined {
    return id === null ? undefined : c.sheet.weapons.find((w) => w.id === id);
  }

  gear(c: Combatant): Gear {
    if (c.gear !== null && c.gear.version === c.gearVersion) return c.gear;
    // Natural weapons are always at hand; others when not away and of the combat set in hand.
    const inHand = c.sheet.weapons.filter((w) => {
      if (w.natural) return true;
      if (c.away.has(w.id)) return false;
      return c.set === "missile" ? w.kind === "missile" : w.kind !== "missile";
    });
    const usable = (w: SimWeapon): boolean => {
      const sp = c.itemSp.get(w.id);
      return !sp || itemCondition(sp) !== "shattered";
    };
    let main: SimWeapon | undefined;
    for (const w of inHand) {
      if (w.natural || w.offHand || w.kind !== "melee" || !usable(w)) continue;
      if (!main || w.skill.total > main.skill.total) main = w;
    }
    let off: Gear["off"] = null;
    if (c.set === "melee" && !(main && this.hands(c, main) === 2)) {
      const shield = c.sheet.shields.find((x) => itemCondition(c.itemSp.get(x.id)!) !== "shattered");
      const offWeapon = inHand.find((w) => w.offHand && !w.natural && usable(w));
      off = shield
        ? { type: "shield", id: shield.id }
        : offWeapon
          ? { type: "weapon", id: offWeapon.id }
          : null;
    }
    const loadout: ParryLoadout = {
      weapon: main ? (this.hands(c, main) === 2 ? "twoHanded" : "oneHanded") : "none",
      offHand: off ? off.type : "none",
      monsterParry: this.monsterParries(c),
    };
    const weaponViews = inHand.map((w): WeaponView => {
      const sp = w.itemSp ? (c.itemSp.get(w.id) ?? w.itemSp) : null;
      return { weapon: w, itemSp: sp, condition: sp ? itemCondition(sp) : "natural" };
    });
    c.gear = {
      version: c.gearVersion,
      inHand,
      main,
      off,
      loadout,
      weaponViews,
      profiles: new Map(),
      defenses: new Map(),
    };
    return c.gear;
  }

  inHand(c: Combatant): SimWeapon[] {
    return this.gear(c).inHand;
  }

  mainWeapon(c: Combatant): SimWeapon | undefined {
    return this.gear(c).main;
  }

  offHandItem(c: Combatant): { type: "shield" | "weapon"; id: string } | null {
    return this.gear(c).off;
  }

  hands(c: Combatant, w: SimWeapon): 1 | 2 {
    if (w.hands === "two") return 2;
    if (w.hands === "one") return 1;
    return c.sheet.shields.length > 0 || c.sheet.weapons.some((x) => x.offHand && !x.natural) ? 1 : 2;
  }

  monsterParries(c: Combatant): boolean {
    const s = c.sheet;
    return s.type === "creature" && hasMonsterParry(s) && s.monsterParry !== null;
  }

  loadout(c: Combatant): ParryLoadout {
    return this.gear(c).loadout;
  }

  weaponProfile(c: Combatant, w: SimWeapon): WeaponProfile {
    const profiles = this.gear(c).profiles;
    let profile = profiles.get(w.id);
    if (profile === undefined) {
      profile = this.buildWeaponProfile(c, w);
      profiles.set(w.id, profile);
    }
    return profile;
  }

  buildWeaponProfile(c: Combatant, w: SimWeapon): WeaponProfile {
    return {
      id: w.id,
      name: w.name,
      damage: w.damage,
      damageBonus: w.damageBonus,
      natural: w.natural,
      itemSp: w.itemSp ? (c.itemSp.get(w.id) ?? w.itemSp) : null,
      impales: w.impales,
      hands: this.hands(c, w),
      kind: w.kind,
      extendedReload: w.extendedReload,
      autofire: w.autofire,
      ...(w.recoil !== undefined ? { recoil: w.recoil } : {}),
      ...(w.tripod !== undefined ? { tripod: w.tripod } : {}),
    };
  }

  /** May this weapon strike now (condition, loaded, in range)? The rules core says the rest. */
  weaponReady(c: Combatant, w: SimWeapon): boolean {
    const sp = w.itemSp ? c.itemSp.get(w.id) : undefined;
    if (sp) {
      const condition = itemCondition(sp);
      if (condition === "shattered" || condition === "unusableForAttack") return false;
    }
    if ((c.reload.get(w.id) ?? 0) > 0) return false;
    return inRange(w, c.pair);
  }

  view(c: Combatant): FighterView {
    const engaged = this.engaged(c);
    const grappled = this.holds.length > 0 && this.holds.some((h) => h.targetId === c.id);
    const holding = this.holds.length > 0 && this.holds.some((h) => h.grapplerId === c.id);
    const memo = c.viewMemo;
    if (
      memo !== null &&
      memo.stunPoints === c.stun &&
      memo.hitPoints === c.hp &&
      memo.engaged === engaged &&
      memo.grappled === grappled &&
      memo.holding === holding &&
      memo.weapons === this.gear(c).weaponViews
    ) {
      return memo;
    }
    c.viewMemo = {
      sheet: c.sheet,
      stunPoints: c.stun,
      hitPoints: c.hp,
      engaged,
      grappled,
      holding,
      weapons: this.gear(c).weaponViews,
    };
    return c.viewMemo;
  }

  /* -------------------------------------------- */
  /*  Choosing maneuvers                          */
  /* -------------------------------------------- */

  /**
   * Every maneuver (with its weapon) the rules core allows this fighter now.
   * The rules core's answers are pure, so they are kept per fighter sheet
   * under a key holding everything they read: the same situation in the
   * next round, or in the next of ten thousand fights, costs one lookup.
   */
  maneuverOptions_(c: Combatant): ManeuverOption[] {
    // Engaged rounds repeat one situation: skip even building the key while nothing it holds can have changed.
    const last = c.lastOptions;
    if (
      last !== null &&
      c.pair.engaged &&
      last.engaged &&
      last.target === c.target &&
      last.gear === c.gearVersion &&
      last.set === c.set &&
      last.stuck === this.stuck.length &&
      c.reload.size === 0 &&
      c.restrictions.length === 0 &&
      last.held === this.held(c) &&
      // The multiple attacks module's allowance changes from round to round.
      !this.options?.multipleAttacksModule
    ) {
      return last.options;
    }
    const options = this.lookUpOptions(c);
    c.lastOptions = {
      held: this.held(c),
      engaged: c.pair.engaged,
      target: c.target,
      gear: c.gearVersion,
      set: c.set,
      stuck: this.stuck.length,
      options,
    };
    return options;
  }

  lookUpOptions(c: Combatant): ManeuverOption[] {
    let key = `${c.pair.engaged ? "E" : c.pair.distance}|${c.set}|${this.held(c) ? "H" : ""}`;
    for (const id of c.away) key += `${id},`;
    key += "|";
    for (const s of this.stuck) if (s.owner === c.side) key += `${s.itemId},`;
    key += "|";
    for (const w of c.sheet.weapons) {
      const sp = w.itemSp ? c.itemSp.get(w.id) : undefined;
      key += sp ? itemCondition(sp).charAt(0) : "-";
      key += this.weaponReady(c, w) ? "1" : "0";
    }
    // A restriction changes the options only while it is active; in a duel all point at the one opponent.
    for (const r of c.restrictions) {
      if (restrictionActive(r, this.round))
        key += `|${r.kind}${r.kind === "noEngage" && r.exceptCharge ? "+" : ""}`;
      if (this.group && r.kind !== "noAttack") key += `@${r.targetId}`;
    }
    if (this.group) key += `>${c.target.id}`;
    // The multiple attacks module's allowance this round changes which attacks may be chosen.
    if (this.options?.multipleAttacksModule) key += `|Q${this.quicknessNow(c)}`;
    let options = OPTION_CACHE.get(c.sheet, key);
    if (options === undefined) {
      options = Object.freeze(this.computeOptions(c)) as ManeuverOption[];
      OPTION_CACHE.set(c.sheet, key, options);
    }
    return options;
  }

  computeOptions(c: Combatant): ManeuverOption[] {
    const opp = c.target;
    const engaged = c.pair.engaged;
    const mv = c.sheet.attributes.movement;
    const options: ManeuverOption[] = [];
    const base = {
      engaged,
      // NC-GRP-3: a grappled fighter is not free to move until it breaks free (no Retreat, Disengage, Charge).
      freeToMove: !this.held(c),
      mv,
      distanceToTarget: this.distance(c),
      chargeForbidden: !mayCloseWith(c.restrictions, opp.id, this.round, "charge"),
    };
    const ready = this.inHand(c).filter((w) => this.weaponReady(c, w));
    const counter = emptyAttackCounter();
    for (const id of MANEUVER_IDS) {
      const maneuver = getManeuver(id);
      if (maneuver.attacks > 0) {
        // The maneuver table reads only the weapon's kind: ask once per kind.
        const byKind = new Map<string, boolean>();
        const attacker = this.attackerProfile(c, id);
        for (const w of ready) {
          let fits = byKind.get(w.kind);
          if (fits === undefined) {
            fits = canChooseManeuver(id, { ...base, weaponKind: w.kind }).allowed;
            byKind.set(w.kind, fits);
          }
          if (!fits) continue;
          const verdict = canAttackNow({
            phase: w.kind === "melee" ? "melee" : "missile",
            round: this.round,
            attacker,
            counter,
            weapon: {
              kind: w.kind,
              extendedReload: w.extendedReload,
              itemSp: w.itemSp ? (c.itemSp.get(w.id) ?? null) : null,
            },
            // An off-hand weapon strikes only its Post-Melee second attack (NC-ATK-7, -9), as at the table.
            hand: handOf(w),
            targetId: opp.id,
            maneuverTargetId: opp.id,
            engagedWithTarget: true,
            attackerEngaged: engaged,
            targetStartedUnengaged: !engaged,
            restrictions: c.restrictions,
            // As at the attack: a slow fighter's off round refuses an attack its skill cannot carry (review 5).
            ...(this.options?.multipleAttacksModule
              ? { rules: this.options, quickness: this.quicknessFacts(c, w) }
              : NO_MODULE_FACTS),
          });
          if (verdict.allowed) options.push({ maneuver: id, weaponId: w.id });
        }
        continue;
      }
      if (id === "drawWeapon") {
        for (const w of this.drawable(c)) options.push({ maneuver: id, weaponId: w.id });
        continue;
      }
      if (id === "changeWeapon") continue;
      if (id === "engage" && (engaged || !mayCloseWith(c.restrictions, opp.id, this.round, "engage")))
        continue;
      if (canChooseManeuver(id, base).allowed) options.push({ maneuver: id, weaponId: null });
    }
    return options;
  }

  /** Weapons a Draw Weapon could ready: a dropped one, or the other combat set. */
  drawable(c: Combatant): SimWeapon[] {
    return c.sheet.weapons.filter((w) => {
      if (w.natural) return false;
      if (this.stuck.some((s) => s.owner === c.side && s.itemId === w.id)) return false;
      if (w.kind === "thrown" && c.away.has(w.id)) return false;
      const sp = c.itemSp.get(w.id);
      if (sp && itemCondition(sp) === "shattered") return false;
      const otherSet = c.set === "missile" ? w.kind !== "missile" : w.kind === "missile";
      return c.away.has(w.id) || (otherSet && !w.offHand);
    });
  }

  attackerProfile(c: Combatant, maneuver: ManeuverId | "") {
    const off = this.offHandItem(c);
    return {
      maneuver,
      humanoid: c.sheet.type === "character" || c.sheet.humanoid,
      twoWeapon: c.sheet.advantages.includes("twoWeapon"),
      ambidextrous: c.sheet.advantages.includes("ambidextrous"),
      offHandWeapon: off?.type === "weapon" && this.weaponReady(c, this.weapon(c, off.id)!),
      offHandParried: c.offHandParried,
    };
  }

  declare(c: Combatant): void {
    if (this.group) this.chooseTarget(c);
    const options = this.maneuverOptions_(c);
    if (options.length === 0) {
      c.maneuver = null;
      c.round.maneuver = null;
      c.round.attackKind = null;
      return;
    }
    const opp = c.target;
    const choice = c.policy.chooseManeuver({
      round: this.round,
      self: this.view(c),
      opponent: this.view(opp),
      distance: this.distance(c),
      options,
    });
    const legal = options.find((o) => o.maneuver === choice?.maneuver && o.weaponId === choice.weaponId);
    if (!legal) {
      throw new Error(
        `policy "${c.policy.id}" chose ${JSON.stringify(choice)}, which is not among the legal options ${JSON.stringify(options)}`,
      );
    }
    c.maneuver = legal.maneuver;
    c.weaponId = legal.weaponId;
    c.maneuverTargetId = opp.id;
    const attacks = getManeuver(legal.maneuver).attacks > 0;
    c.round.maneuver = legal.maneuver;
    c.round.attackKind = attacks ? (this.weapon(c, legal.weaponId)?.kind ?? null) : null;
    if (this.events)
      this.log({
        type: "maneuver",
        side: c.side,
        maneuver: legal.maneuver,
        weapon: legal.weaponId === null ? null : (this.weapon(c, legal.weaponId)?.name ?? null),
        ...(this.group ? { target: opp.side } : {}),
      });
  }

  /* -------------------------------------------- */
  /*  The round                                   */
  /* -------------------------------------------- */

  run(): DuelResult {
    let unfinished = false;
    try {
      for (this.round = 1; ; this.round += 1) {
        if (this.round > this.maxRounds) {
          unfinished = true;
          this.round = this.maxRounds;
          break;
        }
        this.playRound();
      }
    } catch (error) {
      if (error !== FIGHT_OVER) throw error;
    }
    const ends = this.c.map((c) => this.endState(c));
    const out0 = this.teamOut(0);
    const out1 = this.teamOut(1);
    const winner: Side | null = out0 === out1 ? null : out0 ? 1 : 0;
    this.log({ type: "end", winner, rounds: this.round, unfinished });
    return {
      winner,
      rounds: this.round,
      ends,
      unfinished,
      names: this.names,
      final: this.c.map((c) => this.snapshot(c)),
      events: this.events,
    };
  }

  /** A side is out when all its fighters are. */
  teamOut(team: Side): boolean {
    for (const c of this.teams[team]) if (!this.out(c)) return false;
    return true;
  }

  checkEnd(): void {
    if (!this.group) {
      if (this.out(this.c[0]!) || this.out(this.c[1]!)) throw FIGHT_OVER;
    } else if (this.teamOut(0) || this.teamOut(1)) throw FIGHT_OVER;
  }

  snapshot(c: Combatant): FighterSnapshot {
    const items: { name: string; itemSp: ItemSp }[] = [];
    for (const w of c.sheet.weapons) if (w.itemSp) items.push({ name: w.name, itemSp: c.itemSp.get(w.id)! });
    for (const s of c.sheet.shields) items.push({ name: s.name, itemSp: c.itemSp.get(s.id)! });
    return {
      name: this.names[c.side]!,
      stunPoints: c.stun,
      stunPointsMax: c.sheet.attributes.stunPoints,
      hitPoints: c.hp,
      hitPointsMax: c.sheet.attributes.hitPoints,
      state: this.endState(c),
      items,
    };
  }

  /**
   * One round, walked by the rules core's round engine (src/rules/fangs/round-engine.ts)
   * as the table walks it: the engine begins the round (initiative, resets, a
   * maneuver lost to a dodge retried) and gives each turn in turn, skipping
   * those out of the fight and spending lost actions (its notes). The fighter
   * whose turn it is declares (Initiative) or attacks (Missile, Melee,
   * Post-Melee); what the table does by hand between phases is `beforePhase`.
   */
  playRound(): void {
    for (const c of this.c) {
      c.maneuver = null;
      c.weaponId = null;
      c.maneuverTargetId = null;
      c.performed = false;
      c.usage = emptyDefenseUsage();
      c.counter = emptyAttackCounter();
      c.withdrawal = null;
      c.followPaces = 0;
      if (c.withdrawalAnswers.size > 0) c.withdrawalAnswers.clear();
      c.readying = null;
      c.readyingSet = false;
      c.offHandParried = false;
      c.restrictions = c.restrictions.filter(
        (r) => (r.kind === "noAttack" || r.kind === "noChangeTarget" ? r.round : r.untilRound) >= this.round,
      );
    }
    for (const c of this.c) {
      c.engagedAtStart = this.engaged(c);
      c.round.engaged = c.engagedAtStart;
      // The weapon a maneuver lost to a dodge is retried with (NC-MAN-2), as the table's declaration without one.
      if (c.round.lostManeuver !== null) c.round.mainWeaponKind = this.mainWeapon(c)?.kind ?? null;
    }
    for (const c of this.c) c.round.impaled = false;
    for (const s of this.stuck)
      if (s.inItemId === null && s.perRoundDamage !== null) this.c[s.target]!.round.impaled = true;
    const begun = beginRound(this.work, this.round, SIM_PLAN_OPTIONS, this.driver);
    let at = begun.position;
    // NC-DMG-13 at the engine's step for it: after the resets, before the Initiative order is drawn.
    this.stuckWeapons();
    if (begun.impaleDamageDue) at = openRound(this.work, this.driver);
    this.readNotes();
    while (at !== null) {
      const c = this.byId(at.order[at.turn]!);
      const traced: TurnTrace | null =
        this.trace === null ? null : { round: this.round, phase: at.phase, fighter: c.side, skipped: null };
      if (traced) {
        this.trace!.push(traced);
        this.recorder?.turn(traced, this.look);
      }
      this.turn(c, at.phase);
      const before = traced ? this.tracedFacts() : null;
      at = advance(this.work, at, this.driver);
      if (traced) traced.facts = { before: before!, after: this.tracedFacts() };
      this.readNotes();
    }

    for (const c of this.c) this.endOfRound(c);
    if (this.events) this.log({ type: "status", fighters: this.c.map((c) => this.snapshot(c)) });
    this.checkFled();
  }

  tracedFacts(): TracedFacts[] {
    return this.c.map((c) => ({
      maneuver: c.round.maneuver,
      attackKind: c.round.attackKind,
      actionLost: c.round.actionLost,
      outOfAction: c.round.outOfAction,
      engaged: c.round.engaged,
      lostManeuver: c.round.lostManeuver,
      attacks: c.counter,
      defenses: c.usage,
    }));
  }

  /** The simulator's work at the engine's steps: before each phase's order is drawn. */
  readonly driver: RoundDriver = {
    beforePhase: (phase) => {
      switch (phase) {
        case "initiative":
          this.startRound();
          break;
        case "missile":
          // Everyone declared: they move, in initiative order, and only then is the Missile order drawn.
          for (const side of this.order) {
            const c = this.c[side]!;
            if (!this.group || !this.out(c)) this.move(c, this.order);
          }
          this.syncEngaged();
          break;
        case "melee":
          // A fallen enemy holds no one (groups).
          this.syncEngaged();
          break;
        case "postMelee":
          for (const side of this.order) this.completeWithdrawal(this.c[side]!);
          this.checkEnd();
          this.syncEngaged();
          for (const c of this.c) {
            const owed = this.owedPostMeleeAttack(c);
            c.round.postMeleeAttacks = owed ? 1 : 0;
            c.round.offHandInitiativePenalty = (owed?.initiativeModifier ?? 0) < 0;
          }
          break;
      }
    },
  };

  /** The round's start after the engine's resets: the log line, the dying, stuck weapons, standing up. */
  startRound(): void {
    const scores = this.work.scores;
    if (this.order.length !== scores.length || scores.some((s, i) => this.c[this.order[i]!]!.id !== s.id)) {
      this.order = scores.map((s) => this.byId(s.id).side);
    }
    if (this.events)
      this.log({ type: "round", round: this.round, order: this.order, distance: this.closest() });
    if (this.group) this.dyingRounds();
    if (this.holdControl.size > 0) this.holdRounds();
    // Up from the ground at its initiative (a lost action or not): no exchange comes before the turns.
    for (const c of this.c) if (!(this.group && this.out(c))) c.fx.statuses.delete("prone");
  }

  /** The fighter's share of the turn the engine gave it. */
  turn(c: Combatant, phase: PhaseId): void {
    switch (phase) {
      case "initiative":
        // RHF-HLD-2 (the holds module): an immobilized fighter takes no action: no break-free, no maneuver.
        if (this.holdControl.size > 0 && this.immobilized(c)) break;
        if (this.holds.some((h) => h.targetId === c.id)) this.tryBreakFree(c);
        this.declare(c);
        break;
      case "missile":
      case "melee":
        this.primaryAttack(c, phase);
        this.checkEnd();
        break;
      case "postMelee":
        this.postMeleeAttack(c);
        this.checkEnd();
        break;
    }
  }

  /** What the engine's step asks of the simulator: `stunned` over once its lost action passed (CORE-CON-1), and its notes. */
  readNotes(): void {
    // The work keeps its lists for the fight; what was read is skipped rather than cut off (each step would pay for it).
    const cleared = this.work.stunnedCleared;
    for (; this.clearedRead < cleared.length; this.clearedRead++) {
      this.byId(cleared[this.clearedRead]!).fx.statuses.delete("stunned");
    }
    const notes = this.work.notes;
    for (; this.notesRead < notes.length; this.notesRead++) this.readNote(notes[this.notesRead]!);
  }

  readNote(note: PlanNote): void {
    if (note.combatantId === null) return;
    const c = this.byId(note.combatantId);
    if (note.kind === "actionLost") {
      c.fx.actionLost = false;
      this.log({ type: "lostAction", side: c.side, reason: "stunned" });
      this.trace?.push({ round: this.round, phase: null, fighter: c.side, skipped: "actionLost" });
      // A maneuver retried for the round (NC-MAN-2) stands when its declaration is the action lost.
      if (c.maneuver === null && c.round.maneuver !== null) this.adoptRetried(c);
    } else if (note.kind === "skippedOutOfAction") {
      this.trace?.push({ round: this.round, phase: null, fighter: c.side, skipped: "outOfAction" });
    }
  }

  /** The retried maneuver as the fighter's declaration: with its main weapon, at its target. */
  adoptRetried(c: Combatant): void {
    const m = c.round.maneuver!;
    const w = getManeuver(m).attacks > 0 ? this.mainWeapon(c) : undefined;
    if (getManeuver(m).attacks > 0 && !w) {
      c.round.maneuver = null;
      c.round.attackKind = null;
      return;
    }
    c.maneuver = m;
    c.weaponId = w?.id ?? null;
    c.maneuverTargetId = c.target.id;
    c.round.attackKind = w?.kind ?? null;
  }

  /** Who is engaged, as the engine reads it for the next phase's order. */
  syncEngaged(): void {
    for (const c of this.c) {
      c.round.engaged = this.engaged(c);
    }
  }

  /** Paces between the nearest two enemies still up (0 when any are engaged): a duel's one distance. */
  closest(): number {
    let best = Infinity;
    for (const c of this.teams[0]) {
      if (this.group && this.out(c)) continue;
      for (const f of c.foes) {
        if (this.group && this.out(f.foe)) continue;
        best = Math.min(best, f.pair.engaged ? 0 : f.pair.distance);
      }
    }
    return best === Infinity ? 0 : best;
  }

  /**
   * CORE-CON-3: "HP ≤ 0: helpless and dying, losing 1 HP a round". Each
   * fighter dying when the round begins loses it (dyingRound; First Aid is not
   * simulated). Only a fight between groups goes on after one falls.
   */
  dyingRounds(): void {
    for (const c of this.c) {
      if (this.endState(c) !== "dying") continue;
      const before = c.hp;
      const r = dyingRound(c.id, this.state(c), this.options);
      this.apply(r.effects);
      this.log({
        type: "dying",
        side: c.side,
        hitPointDamage: before - c.hp,
        dead: r.conditions.dead,
      });
    }
  }

  /** NC-DMG-13: each round a weapon stays stuck in a body it does its damage; its owner tries to pull it out. */
  stuckWeapons(): void {
    for (const s of [...this.stuck]) {
      const owner = this.c[s.owner]!;
      const target = this.c[s.target]!;
      const name = this.weapon(owner, s.itemId)?.name ?? s.itemId;
      if (s.inItemId === null && s.perRoundDamage !== null) {
        const r = impaledRoundDamage(
          {
            targetId: target.id,
            perRoundDamage: s.perRoundDamage,
            holdingStill: false,
            state: this.state(target),
          },
          this.dice,
        );
        this.apply(r.effects);
        this.log({
          type: "impaled",
          side: target.side,
          weapon: name,
          stunDamage: r.stunDamage,
          hitPointDamage: r.hitPointDamage,
        });
        this.checkEnd();
      }
      // A fumbler's weapon can be stuck in itself: then any engagement lets it pull.
      const ownerPulls =
        !(this.group && this.out(owner)) &&
        (owner === target ? this.engaged(owner) : this.pairWith(owner, target).engaged);
      // NC-DMG-12: when its owner cannot (away, or down), the one it is stuck in pulls it out at ST×1.
      const targetPulls = !ownerPulls && s.inItemId === null && owner !== target && !this.out(target);
      if (!ownerPulls && !targetPulls) continue;
      const puller = ownerPulls ? owner : target;
      const removal = removeStuckWeapon(
        {
          remover: targetPulls ? "target" : s.inItemId === null ? "attacker" : "fromShield",
          st: puller.sheet.characteristics.st,
          ownerId: owner.id,
          itemId: s.itemId,
        },
        this.dice,
      );
      this.log({ type: "pullOut", side: puller.side, weapon: name, removed: removal.removed });
      if (removal.removed) {
        this.stuck = this.stuck.filter((x) => x !== s);
        // Pulled out by the target, it lies on the ground: its owner must draw it again (Draw Weapon).
        if (ownerPulls) owner.away.delete(s.itemId);
        owner.gearVersion += 1;
      }
    }
  }

  tryBreakFree(c: Combatant): void {
    const hold = this.holds.find((h) => h.targetId === c.id)!;
    const grappler = this.byId(hold.grapplerId);
    const attempt = {
      target: { skill: (c.sheet.skills.grapple ?? NO_SKILL).total, modifiers: 0 },
      grappler: { skill: (grappler.sheet.skills.grapple ?? NO_SKILL).total, modifiers: 0 },
      onTargetsInitiative: true,
    };
    const result =
      this.holdControl.size > 0
        ? breakFreeFromHolds(attempt, this.controlsOn(c), this.dice, this.options)
        : breakFree(attempt, this.dice);
    if (result.freed) {
      this.holds = releaseGrapple(this.holds, hold.grapplerId, hold.targetId);
      this.letGo(c);
    }
    this.log({ type: "breakFree", side: c.side, freed: result.freed });
  }

  /** The holds module's control of every hold on a fighter. */
  controlsOn(c: Combatant): (HoldControl | null)[] {
    return this.holds.filter((h) => h.targetId === c.id).map((h) => this.holdControl.get(h) ?? null);
  }

  /** RHF-HLD-2: a hold's control points past the fighter's ST immobilize it. */
  immobilized(c: Combatant): boolean {
    return immobilizedBy(this.controlsOn(c), this.options);
  }

  /** RHF-HLD-1, -2: each hold still standing as a round begins gains its grappler's ceil(ST/3). */
  holdRounds(): void {
    for (const [hold, control] of this.holdControl) {
      if (!this.holds.includes(hold)) {
        this.holdControl.delete(hold);
        continue;
      }
      const grappler = this.byId(hold.grapplerId);
      const held = this.byId(hold.targetId);
      const next = holdRound(
        control,
        grappler.sheet.characteristics.st,
        held.sheet.characteristics.st,
        this.options,
      )!;
      this.holdControl.set(hold, next);
      this.log({
        type: "holdControl",
        side: held.side,
        grappler: grappler.side,
        controlPoints: next.controlPoints,
        immobilized: next.immobilized,
      });
    }
  }

  /** NC-GRP-3: one no hold binds any more is no longer grappled, as the table's GM takes the status off. */
  letGo(c: Combatant): void {
    if (!this.held(c)) c.fx.statuses.delete("grappled");
  }

  move(c: Combatant, order: readonly FighterIndex[]): void {
    const m = c.maneuver;
    if (m === null) return;
    const pair = c.pair;
    const mv = c.sheet.attributes.movement;
    const before = pair.distance;
    switch (m) {
      case "engage":
      case "charge":
        pair.engaged = true;
        pair.distance = 0;
        c.performed = true;
        break;
      case "attack":
      case "allOutAttack": {
        const w = this.weapon(c, c.weaponId);
        if (w?.kind === "melee" && !pair.engaged) {
          // The Attack's own ¼ MV closes the gap (NC-MAN-7); canChooseManeuver checked the paces.
          pair.engaged = true;
          pair.distance = 0;
        }
        break;
      }
      case "move":
        // Toward the target only: the distances to other enemies stay (docs/simulator.md, "Groups").
        pair.distance = Math.max(1, pair.distance - movePaces(m, mv));
        c.performed = true;
        break;
      case "run":
      case "runAndDodge": {
        // Away from every enemy.
        const paces = movePaces(m, mv);
        for (const f of c.foes) f.pair.distance += paces;
        c.performed = true;
        break;
      }
      case "retreat":
      case "disengage":
        this.withdraw(c, order);
        break;
      case "drawWeapon":
        c.readying = c.weaponId;
        c.readyingSet = setOf(this.weapon(c, c.weaponId)!) !== c.set;
        c.performed = true;
        break;
      default:
        c.performed = true;
    }
    if (
      m !== "attack" &&
      m !== "allOutAttack" &&
      m !== "retreat" &&
      m !== "disengage" &&
      before !== pair.distance
    ) {
      this.log({
        type: "move",
        side: c.side,
        maneuver: m,
        paces: Math.abs(before - pair.distance),
        distance: pair.distance,
        engaged: pair.engaged,
      });
    }
  }

  /**
   * A Retreat or Disengage. Each enemy that means to strike the fighter in
   * melee this round and comes after it in AG order answers it now
   * (NC-SPD-1, NC-SPD-2); one that comes before strikes first, with what the
   * rules core gives that attack (NC-MAN-16, NC-MAN-21), and the fighter
   * leaves after the Melee phase.
   */
  withdraw(c: Combatant, order: readonly FighterIndex[]): void {
    c.withdrawal = c.maneuver as "retreat" | "disengage";
    for (const { foe: opp } of c.foes) {
      if (opp.target !== c || (this.group && this.out(opp))) continue;
      const oppWeapon = this.weapon(opp, opp.weaponId);
      const oppAttacks =
        opp.maneuver !== null && getManeuver(opp.maneuver).attacks > 0 && oppWeapon?.kind === "melee";
      const before = order.indexOf(c.side) < order.indexOf(opp.side);
      if (!oppAttacks || !before) continue;
      this.answerWithdrawal(opp, c, true);
    }
  }

  /**
   * What the rules core gives `attacker`'s attack on a retreating or
   * disengaging `target` this round (null: nothing), asked once a round per
   * pair: the policy picks when there is a choice, and what the answer
   * leaves the attacker is recorded then (a strike-first one only when it
   * strikes, NC-MAN-21: "one who attacked the retreating character").
   */
  answerWithdrawal(attacker: Combatant, target: Combatant, melee: boolean): SpecialDefenseResult | null {
    const given = attacker.withdrawalAnswers.get(target.id);
    if (given !== undefined) return given;
    const order = this.order!;
    const answer = attackOnWithdrawal({
      attackerId: attacker.id,
      targetId: target.id,
      round: this.round,
      attackerMv: attacker.sheet.attributes.movement,
      attackerManeuver: attacker.maneuver,
      targetManeuver: target.withdrawal,
      melee,
      targetWentFirst: order.indexOf(target.side) < order.indexOf(attacker.side),
    });
    const response =
      answer && answer.choices.length > 1
        ? this.askWithdrawal(
            attacker,
            target,
            answer.kind,
            answer.choices.map((c) => c.response),
          )
        : null;
    const result = answer ? (withdrawalChoice(answer, response)?.result ?? null) : null;
    attacker.withdrawalAnswers.set(target.id, result);
    if (answer && result) {
      attacker.restrictions.push(...result.restrictions);
      target.followPaces = Math.max(target.followPaces, result.followPaces);
      this.log({
        type: "withdrawal",
        side: attacker.side,
        response: response ?? answer.choices[0]!.response,
        noteKey: result.noteKey,
      });
    }
    return result;
  }

  /**
   * The bonus an attack on `opp` gets from its Retreat (NC-MAN-16, NC-SPD-2),
   * asked of the rules core; null when the answer takes the attack away.
   */
  withdrawalBonus(c: Combatant, opp: Combatant, w: SimWeapon): number | null {
    if (opp.withdrawal === null) return 0;
    const result = this.answerWithdrawal(c, opp, w.kind === "melee");
    if (result === null) return 0;
    return result.mayAttack ? result.attackModifier : null;
  }

  completeWithdrawal(c: Combatant): void {
    if (c.withdrawal === null || this.out(c)) return;
    const paces = movePaces(c.withdrawal, c.sheet.attributes.movement);
    const released = this.holds.filter((h) => h.targetId === c.id || h.grapplerId === c.id);
    this.holds = this.holds.filter((h) => h.targetId !== c.id && h.grapplerId !== c.id);
    for (const h of released) this.letGo(this.byId(h.targetId));
    // From each enemy it was engaged with (in a duel: the one enemy) it ends its paces away, less a chase.
    // One it is no longer engaged with (it left first: both withdrew) it leaves further behind (NC-MAN-16).
    for (const f of c.foes) {
      if (!f.pair.engaged) {
        f.pair.distance += paces;
        continue;
      }
      f.pair.engaged = false;
      f.pair.distance = Math.max(1, paces - c.followPaces);
    }
    c.performed = true;
    this.log({
      type: "move",
      side: c.side,
      maneuver: c.withdrawal,
      paces,
      distance: c.pair.distance,
      engaged: false,
    });
  }

  /** Is a Post-Melee turn owed (the rules core's owedPostMeleeAttack, as the table's snapshot asks it)? */
  owedPostMeleeAttack(c: Combatant): AttackSlot | null {
    // Asked for everyone each round: a maneuver without an attack is owed none (the rules core's first answer).
    if (c.maneuver === null || getManeuver(c.maneuver).attacks === 0) return null;
    const main = this.weapon(c, c.weaponId);
    const off = this.offHandItem(c);
    const offKind = off === null ? null : off.type === "shield" ? "melee" : this.weapon(c, off.id)?.kind;
    return owedPostMeleeAttack({
      attacker: this.attackerProfile(c, c.maneuver),
      counter: c.counter,
      weapons: { main: main ? [main.kind] : [], off: offKind ? [offKind] : [] },
      round: this.round,
      restrictions: c.restrictions,
      outOfAction: this.out(c),
    });
  }

  findPostMeleeSlot(c: Combatant): (AttackSlot & { weapon: SimWeapon }) | null {
    if (c.maneuver === null) return null;
    if (this.owedPostMeleeAttack(c) === null) return null;
    const opp = this.liveTarget(c);
    for (const hand of ["main", "off"] as const) {
      const w =
        hand === "main"
          ? this.weapon(c, c.weaponId)
          : this.weapon(c, this.offHandItem(c)?.type === "weapon" ? this.offHandItem(c)!.id : null);
      if (!w || !this.weaponReady(c, w)) continue;
      const verdict = this.attackVerdict(c, opp, w, "postMelee", hand);
      if (verdict.allowed && verdict.slot) return { ...verdict.slot, weapon: w };
    }
    return null;
  }

  attackVerdict(c: Combatant, opp: Combatant, w: SimWeapon, phase: PhaseId, hand: "main" | "off") {
    return canAttackNow({
      phase,
      round: this.round,
      attacker: this.attackerProfile(c, c.maneuver!),
      counter: c.counter,
      weapon: {
        kind: w.kind,
        extendedReload: w.extendedReload,
        itemSp: w.itemSp ? (c.itemSp.get(w.id) ?? null) : null,
      },
      hand,
      targetId: opp.id,
      maneuverTargetId: c.maneuverTargetId,
      engagedWithTarget: (opp === c.target ? c.pair : this.pairWith(c, opp)).engaged,
      attackerEngaged: this.engaged(c),
      // NC-ATK-4: whether the target was engaged with anyone when the round began.
      targetStartedUnengaged: !opp.engagedAtStart,
      outOfAction: this.out(c),
      restrictions: c.restrictions,
      ...(this.options?.multipleAttacksModule || this.options?.reachModule
        ? this.moduleFacts(c, opp, w)
        : NO_MODULE_FACTS),
    });
  }

  /** RHF-MAT-1, -2: AG as Quickness, with the attack's skill and the round of the last free attack. */
  quicknessFacts(c: Combatant, w: SimWeapon) {
    return {
      ag: c.sheet.characteristics.ag,
      skill: w.skill.total,
      round: this.round,
      lastFreeAttackRound: c.lastAttackRound < this.round ? c.lastAttackRound : c.attackRoundBefore,
    };
  }

  /** The allowance this round (the maneuver options' cache key). */
  quicknessNow(c: Combatant): number {
    return quicknessAllowance(this.quicknessFacts(c, NO_WEAPON_SKILL), this.options) ?? 1;
  }

  /** The optional modules' facts for canAttackNow, as the table reads them from the sheet. */
  moduleFacts(c: Combatant, opp: Combatant, w: SimWeapon) {
    const range = this.options?.reachModule ? this.rangeWith(c, opp) : null;
    return {
      rules: this.options,
      ...(this.options?.multipleAttacksModule ? { quickness: this.quicknessFacts(c, w) } : {}),
      // RHF-RNG-1: the range the two stand at.
      ...(range !== null ? { reach: { range, weapon: reachWeapon(w) } } : {}),
    };
  }

  /**
   * The reach module's range between two fighters: null unless engaged; set
   * when they engage, at the longer of their weapons' ranges (engagementRange).
   */
  rangeWith(c: Combatant, opp: Combatant): Range | null {
    const pair = opp === c.target ? c.pair : this.pairWith(c, opp);
    if (!pair.engaged) {
      pair.range = null;
      return null;
    }
    if (pair.range == null) {
      const mine = this.mainWeapon(c);
      const theirs = this.mainWeapon(opp);
      pair.range = engagementRange(
        [mine ? reachWeapon(mine) : null, theirs ? reachWeapon(theirs) : null],
        this.options,
      );
    }
    return pair.range;
  }

  /**
   * RHF-RNG-3: a fighter whose melee weapon is out of its range tries the
   * advance or withdraw that brings it there, once a round, before it strikes.
   */
  tryRangeManeuver(c: Combatant, opp: Combatant, w: SimWeapon): void {
    if (w.kind !== "melee" || c.rangeManeuverRound === this.round) return;
    const range = this.rangeWith(c, opp);
    if (range === null || rangeManeuverFor(reachWeapon(w), range, this.options) === null) return;
    const made = rangeManeuver(
      { weapon: reachWeapon(w), range, skill: w.skill.total, madeThisRound: 0 },
      this.dice,
      this.options,
    );
    c.rangeManeuverRound = this.round;
    const pair = opp === c.target ? c.pair : this.pairWith(c, opp);
    pair.range = made.range;
    this.log({
      type: "rangeManeuver",
      side: c.side,
      maneuver: made.maneuver,
      roll: made.check.natural,
      total: made.check.total,
      success: made.check.success,
      range: made.range,
    });
  }

  /**
   * The fighter's target, or, when it fell before this turn, a new one picked
   * as at the declaration (a duel's target never falls before the fight ends);
   * for an attack, among the enemies that attack may strike (chooseTarget).
   */
  liveTarget(c: Combatant, attack?: { readonly weapon: SimWeapon; readonly phase: PhaseId }): Combatant {
    if (this.group && this.out(c.target)) this.chooseTarget(c, attack);
    return c.target;
  }

  primaryAttack(c: Combatant, phase: PhaseId): void {
    const w = this.weapon(c, c.weaponId);
    if (!w) return;
    const opp = this.liveTarget(c, { weapon: w, phase });
    if (this.options?.reachModule) this.tryRangeManeuver(c, opp, w);
    // A missile or thrown weapon reaches its range, whoever the target is now (a new one after the first fell,
    // or one who moved away since the declaration). A duel keeps its old convention (docs/simulator.md).
    const verdict =
      this.group && !inRange(w, c.pair) ? OUT_OF_RANGE : this.attackVerdict(c, opp, w, phase, handOf(w));
    if (!verdict.allowed || !verdict.slot) {
      this.log({ type: "attackRefused", side: c.side, weapon: w.name, reasonKey: verdict.reasonKey ?? "" });
      return;
    }
    const bonus = this.withdrawalBonus(c, opp, w);
    if (bonus === null) return;
    const resolution = this.exchange(c, opp, w, verdict.slot, bonus);
    c.performed = true;
    if (c.maneuver === "charge" && resolution) {
      const free = chargeFreeAttack({ chargerId: c.id, targetId: opp.id, effects: resolution.effects });
      if (free && !this.out(opp)) {
        // The rules core picks the weapon, the main one first (NC-DMG-7, NC-ATK-3); this one is loaded and in reach.
        const main = this.mainWeapon(opp);
        const ready = (main ? [main, ...this.inHand(opp)] : this.inHand(opp))
          .filter((x) => this.weaponReady(opp, x))
          .map((x) => ({
            kind: x.kind,
            itemSp: x.itemSp ? (opp.itemSp.get(x.id) ?? null) : null,
            natural: x.natural,
            weapon: x,
          }));
        const picked = freeAttackWeapon(ready);
        const fw = picked?.weapon;
        if (picked && fw) {
          // NC-ATK-8: the free attack is one of the target's attacks this round, if it has one left.
          const verdict = canTakeFreeAttack({
            kind: AttackSource.ChargeFreeAttack,
            attacker: this.attackerProfile(opp, opp.maneuver ?? ""),
            counter: opp.counter,
            options: this.options,
            weapon: picked,
            // RHF-MAT-2 (the multiple attacks module): the free attack is one of the round's attack rolls.
            ...(this.options?.multipleAttacksModule ? { quickness: this.quicknessFacts(opp, fw) } : {}),
          });
          if (verdict.allowed && verdict.slot) this.exchange(opp, c, fw, verdict.slot, 0);
          else
            this.log({
              type: "attackRefused",
              side: opp.side,
              weapon: fw.name,
              reasonKey: verdict.reasonKey ?? "",
            });
        }
      }
    }
  }

  postMeleeAttack(c: Combatant): void {
    const slot = this.findPostMeleeSlot(c);
    if (!slot) return;
    const opp = c.target;
    const wanted = c.policy.chooseExtraAttack({
      self: this.view(c),
      opponent: this.view(opp),
      weaponId: slot.weapon.id,
      modifier: slot.modifier,
      source: slot.source,
    });
    if (!wanted) return;
    const bonus = this.withdrawalBonus(c, opp, slot.weapon);
    if (bonus === null) return;
    if (slot.hand === "off") c.usage = recordOffHandAttack(c.usage);
    this.exchange(c, opp, slot.weapon, slot, bonus);
  }

  /* -------------------------------------------- */
  /*  One exchange                                */
  /* -------------------------------------------- */

  defenseSkill(
    d: Combatant,
    choice: DefenseChoice,
  ): { skill: SkillValue | null; item: ParryItemProfile | null } {
    const defenses = this.gear(d).defenses;
    let answer = defenses.get(choice);
    if (answer === undefined) {
      answer = this.buildDefenseSkill(d, choice);
      defenses.set(choice, answer);
    }
    return answer;
  }

  buildDefenseSkill(
    d: Combatant,
    choice: DefenseChoice,
  ): { skill: SkillValue | null; item: ParryItemProfile | null } {
    const s = d.sheet;
    switch (choice) {
      case "dodge": {
        const total = s.attributes.dodge;
        const bought = s.dodgeBought;
        return { skill: { natural: total - bought, bought, total }, item: null };
      }
      case "weaponParry": {
        const w = this.mainWeapon(d)!;
        return { skill: w.skill, item: this.parryItem(d, w.id, w.name, "weapon", w.damage, w.damageBonus) };
      }
      case "shieldParry": {
        const off = this.offHandItem(d)!;
        if (off.type === "shield") {
          const shield = s.shields.find((x) => x.id === off.id)!;
          const strikeBack = shieldStrikeDamage(this.options);
          return {
            skill: shield.skill,
            item: this.parryItem(d, shield.id, shield.name, "shield", strikeBack),
          };
        }
        const w = this.weapon(d, off.id)!;
        // NC-DEF-7: a left-hand weapon parries with its own parry skill ("LH Knife Parry") when the sheet has one.
        const parrySkill =
          s.skills[`lh${w.skillKey.charAt(0).toUpperCase()}${w.skillKey.slice(1)}Parry`] ?? w.skill;
        return {
          skill: parrySkill,
          item: this.parryItem(d, w.id, w.name, "weapon", w.damage, w.damageBonus),
        };
      }
      case "monsterParry":
        return { skill: s.monsterParry, item: null };
      case "grappleParry":
        return { skill: s.skills.grapple ?? NO_SKILL, item: null };
      default:
        return { skill: null, item: null };
    }
  }

  /**
   * explainDefenses is pure: its answer is kept per defender sheet under a
   * key holding every input it reads, like the maneuver options.
   */
  /** RHF-RNG-2 (the reach module): whether the defender's weapon parries at the range it stands at. */
  reachParry(d: Combatant, a: Combatant): { reach?: { weaponParries: boolean } } {
    const range = this.rangeWith(d, a);
    const w = this.mainWeapon(d);
    if (range === null || !w) return {};
    return { reach: { weaponParries: reachAllowsParry(reachWeapon(w), range, this.options) } };
  }

  explainDefensesCached(
    d: Combatant,
    a: Combatant,
    kind: SimWeapon["kind"],
    grapple: boolean,
  ): DefenseAnswer {
    const u = d.usage;
    const loadout = this.loadout(d);
    const bound = this.boundLimbs(d);
    const maneuver = d.maneuver ?? "dodgeMelee";
    const ask = (): DefenseAnswer =>
      explainDefenses({
        maneuver,
        maneuverTargetId: d.maneuverTargetId,
        maneuverPerformed: d.performed,
        usage: u,
        attack: { attackerId: a.id, kind, grapple },
        loadout,
        boundLimbs: bound,
        twoWeapon: d.sheet.advantages.includes("twoWeapon"),
        readyingFullSet: d.readyingSet,
        options: this.maneuverOptions,
        rules: this.options,
        ...(this.options?.reachModule ? this.reachParry(d, a) : NO_MODULE_FACTS),
        ...(this.holdControl.size > 0 && this.immobilized(d) ? IMMOBILIZED : NO_MODULE_FACTS),
      });
    // Another reading of the maneuvers, a grapple's bound limbs or a long run of dodges: ask each time.
    const counts = [u.weaponParries, u.shieldParries, u.monsterParries, u.grappleParries, u.dodges];
    if (
      this.maneuverOptions !== undefined ||
      this.options?.reachModule ||
      this.holdControl.size > 0 ||
      (this.options !== undefined && this.options.meleeDodgeScope !== FANGS_DEFAULTS.meleeDodgeScope) ||
      (bound !== null && bound.length > 0) ||
      counts.some((n) => n > 3)
    ) {
      return ask();
    }
    // Every input packed into one whole number (no string built per exchange).
    let key = MANEUVER_INDEX.get(maneuver)!;
    for (const n of counts) key = key * 4 + n;
    key =
      ((((((((key * 2 + (d.performed ? 1 : 0)) * 2 + (d.maneuverTargetId === a.id ? 1 : 0)) * 2 +
        (u.offHandAttacked ? 1 : 0)) *
        3 +
        KIND_INDEX[kind]) *
        2 +
        (grapple ? 1 : 0)) *
        3 +
        LOADOUT_WEAPON.indexOf(loadout.weapon)) *
        4 +
        LOADOUT_OFF_HAND.indexOf(loadout.offHand)) *
        2 +
        (loadout.monsterParry ? 1 : 0)) *
        2 +
      (d.readyingSet ? 1 : 0);
    let answer = DEFENSE_CACHE.get(d.sheet, key);
    if (answer === undefined) {
      answer = ask();
      DEFENSE_CACHE.set(d.sheet, key, answer);
    }
    return answer;
  }

  /** The skill total a defense would be rolled with (what defenseSkill gives, without building the item). */
  defenseValue(d: Combatant, choice: DefenseChoice): number {
    return this.defenseSkill(d, choice).skill?.total ?? 0;
  }

  parryItem(
    d: Combatant,
    id: string,
    name: string,
    type: "weapon" | "shield",
    damage: string,
    damageBonus = 0,
  ): ParryItemProfile {
    // NC-TAC-2: a parrying weapon's enchantment adds to its blow back (NC-DMG-19), as the table's does.
    return { id, name, type, itemSp: d.itemSp.get(id)!, damage, damageBonus };
  }

  exchange(
    a: Combatant,
    d: Combatant,
    w: SimWeapon,
    slot: { source: string; modifier: number },
    bonus: number,
  ): ExchangeResolution | null {
    const grapple = w.skillKey === "grapple";
    const explained = this.explainDefensesCached(d, a, w.kind, grapple);
    // A fighter who lost its action (stunned) has no maneuver and so no defense this round.
    const allowed = d.maneuver === null ? NONE_ONLY : withSkills(explained.allowed, d.sheet);
    const values: Partial<Record<DefenseChoice, number>> = {};
    for (const choice of allowed) values[choice] = this.defenseValue(d, choice);
    const choice = d.policy.chooseDefense({
      self: this.view(d),
      opponent: this.view(a),
      attack: { weaponId: w.id, kind: w.kind },
      allowed,
      values,
      dodgeConvertsManeuver: explained.dodgeConvertsManeuver,
      maneuver: d.maneuver ?? "dodgeMelee",
    });
    if (!allowed.includes(choice)) {
      throw new Error(`policy "${d.policy.id}" chose the defense ${choice}, not among ${allowed.join(", ")}`);
    }
    const { skill, item } = this.defenseSkill(d, choice);
    let attack: AttackDeclaration = {
      attacker: {
        id: a.id,
        st: a.sheet.characteristics.st,
        damageModifier: a.sheet.attributes.damageModifier,
        luck: a.sheet.attributes.luck,
        state: this.state(a),
      },
      weapon: this.weaponProfile(a, w),
      skill: w.skill,
      modifiers: slot.modifier + bonus,
      extraDamageModifier: 0,
      mode: grapple ? "grapple" : a.manner.mode,
      subdual: a.manner.subdual,
    };
    // The recoil module counts this round's shots (the rules core reads `shot` only with the module on).
    const shot = this.recoil && w.kind === "missile" ? shotNumber(a.counter) : 1;
    if (shot > 1) attack = { ...attack, shot };
    const defense: DefenseDeclaration = {
      defender: {
        id: d.id,
        damageModifier: d.sheet.attributes.damageModifier,
        stunPoints: { value: d.stun, max: d.sheet.attributes.stunPoints },
        hitPoints: { value: d.hp, max: d.sheet.attributes.hitPoints },
        armorProtection: d.sheet.armorProtection,
        co: d.sheet.characteristics.co,
        sz: d.sheet.characteristics.sz,
        stunned: d.stunned,
      },
      choice,
      skill: choice === "none" ? null : skill,
      item,
      modifiers: 0,
      allowed,
    };
    const resolution = resolveExchange({ attack, defense }, this.dice, this.options);
    let dodgeInstead = false;
    // The defense is taken, and counted for the round, only against an attack that succeeded (NC-DEF-2).
    if (d.maneuver !== null && choice !== "none" && defenseFollows(resolution.attack)) {
      // What takeDefense does, without asking explainDefenses a second time: the choice is in `allowed`.
      d.usage = recordDefense(d.usage, choice);
      if (choice === "dodge" && explained.dodgeConvertsManeuver) {
        // NC-MAN-2: the maneuver is given up; the fighter dodges for the rest of the round.
        dodgeInstead = true;
        const given = dodgeInsteadOf(d.maneuver, w.kind);
        d.maneuver = given.maneuver;
        d.round.maneuver = given.maneuver;
        d.round.attackKind = null;
        d.round.lostManeuver = given.lostManeuver;
        d.weaponId = null;
        d.withdrawal = null;
        d.readying = null;
        d.readyingSet = false;
        d.performed = true;
      }
      if (choice === "shieldParry" && this.offHandItem(d)?.type === "weapon") d.offHandParried = true;
    }
    a.counter = recordAttack(a.counter, {
      source: slot.source as AttackSource,
      kind: w.kind,
      targetId: d.id,
    });
    // RHF-MAT-1: a slow fighter counts its rounds from its last attack within the allowance, a Charge's
    // free attack too (an attack roll of the round, RHF-MAT-2), not from one at −5.
    if (
      this.options?.multipleAttacksModule &&
      a.lastAttackRound !== this.round &&
      (quicknessAllowance(
        { ag: a.sheet.characteristics.ag, round: this.round, lastFreeAttackRound: a.lastAttackRound },
        this.options,
      ) ?? 0) > 0
    ) {
      a.attackRoundBefore = a.lastAttackRound;
      a.lastAttackRound = this.round;
    }
    // Thrown, the weapon leaves the hand (the rules core's thrownWeaponEffects, as the card applies it).
    if (w.kind === "thrown") this.apply(thrownWeaponEffects(a.id, w));
    if (w.reloadRounds > 0) a.reload.set(w.id, w.reloadRounds + 1);
    const before = this.events === null ? null : this.itemSnapshot();
    this.apply(resolution.effects);
    if (resolution.outcome.kind === OutcomeKind.Grappled) {
      const already = boundLimbsOf(this.holds, d.id);
      const hold = applyGrapple({
        grapplerId: a.id,
        targetId: d.id,
        grapplerManipulativeLimbs: 2 + a.sheet.extraLimbs,
        alreadyBound: already,
      });
      this.holds.push(hold);
      // RHF-HLD-1 (the holds module): the round of the grapple is its first round held.
      const control = holdMade(a.sheet.characteristics.st, d.sheet.characteristics.st, this.options);
      if (control !== null) this.holdControl.set(hold, control);
    }
    if (this.events)
      this.log({
        type: "exchange",
        attacker: a.side,
        defender: d.side,
        weapon: w.name,
        source: slot.source,
        modifiers: slot.modifier + bonus,
        defenseItem: item?.name ?? null,
        dodgeInstead,
        resolution,
        itemChanges: this.itemChanges(before),
      });
    if (resolution.outcome.kind === OutcomeKind.AttackFumbled) this.fumble(a, w, resolution, attack);
    this.recorder?.exchanged(this.look);
    return resolution;
  }

  /**
   * NC-DMG-21 leaves a fumble to the GM; the simulator takes the Luck roll's
   * suggestion and plays it as the card plays the GM's choice: a dropped
   * weapon is the fumble module's drop (natural weapons stay at hand), a
   * fighter who hits itself takes the rules core's fumble hit.
   */
  fumble(a: Combatant, w: SimWeapon, resolution: ExchangeResolution, attack: AttackDeclaration): void {
    const suggested = resolution.outcome.fumble?.suggested ?? "dropWeapon";
    if (suggested === "hitSelf") {
      this.log({ type: "fumbleApplied", side: a.side, result: suggested, weapon: w.name });
      this.selfHit(a, w, resolution, attack);
      return;
    }
    if (!w.natural) this.log({ type: "fumbleApplied", side: a.side, result: "dropWeapon", weapon: w.name });
    this.apply(dropWeaponEffects(a.id, w.id));
  }

  /**
   * The fumbler's own weapon strikes it: a normal hit of the attack as
   * declared (rollFumbleHit, NC-DMG-21), then what the blow does to it
   * (assessBlow), as the card's "hits himself" does.
   */
  selfHit(a: Combatant, w: SimWeapon, fumbled: ExchangeResolution, attack: AttackDeclaration): void {
    const state = this.state(a);
    const damage = rollFumbleHit(
      attack,
      { ...state, id: a.id, damageModifier: a.sheet.attributes.damageModifier },
      { healthDamaging: false },
      this.dice,
      this.options,
    );
    const consequences =
      damage.stunDamage > 0 || damage.hitPointDamage > 0
        ? [
            assessValidatedBlow(
              { actorId: a.id, state, stunLost: damage.stunDamage, hitPointsLost: damage.hitPointDamage },
              this.dice,
            ),
          ]
        : [];
    const effects = [...damage.effects, ...consequences.flatMap((c) => c.effects)];
    this.apply(effects);
    const hit: ExchangeResolution = {
      attack: fumbled.attack,
      defense: null,
      hits: 0,
      outcome: plainBlow(damage.kind, "none", SELF_HIT_CLAUSES),
      damage,
      consequences,
      effects,
    };
    this.log({
      type: "exchange",
      attacker: a.side,
      defender: a.side,
      weapon: w.name,
      source: "fumble",
      modifiers: 0,
      defenseItem: null,
      dodgeInstead: false,
      resolution: hit,
      itemChanges: [],
    });
  }

  itemSnapshot(): Map<string, ItemSp> {
    const m = new Map<string, ItemSp>();
    for (const c of this.c) for (const [id, sp] of c.itemSp) m.set(`${c.side}:${id}`, sp);
    return m;
  }

  itemChanges(before: Map<string, ItemSp> | null): { side: FighterIndex; item: string; itemSp: ItemSp }[] {
    if (before === null) return [];
    const changes: { side: FighterIndex; item: string; itemSp: ItemSp }[] = [];
    for (const c of this.c) {
      for (const [id, sp] of c.itemSp) {
        if (before.get(`${c.side}:${id}`)?.value !== sp.value) {
          const name =
            c.sheet.weapons.find((w) => w.id === id)?.name ??
            c.sheet.shields.find((s) => s.id === id)?.name ??
            id;
          changes.push({ side: c.side, item: name, itemSp: sp });
        }
      }
    }
    return changes;
  }

  /* -------------------------------------------- */
  /*  Effects                                     */
  /* -------------------------------------------- */

  byId(id: string): Combatant {
    return this.c[id.charCodeAt(0) - 97]!;
  }

  /**
   * The rules kernel's applier changes the fighters' pools, item SP and
   * statuses exactly as it changes the table's documents; the simulator only
   * keeps where weapons went and clears its caches.
   */
  apply(effects: readonly Effect[]): void {
    // Most exchanges change nothing: skip the applier's answer object (fx.dropped is empty between calls).
    if (effects.length === 0) return;
    const applied = applyEffectsTo(effects, this.subjectOf, SIM_APPLY_RULES);
    for (const e of effects) {
      if (e.kind === "pool") this.byId(e.actorId).outAt = null;
      else if (e.kind === "itemDurability") this.byId(e.actorId).gearVersion += 1;
    }
    // What the round engine reads of the blow: who is out of the fight (NC-ATK-2), who lost an action.
    for (const c of this.c) {
      c.round.outOfAction = this.out(c);
      c.round.actionLost = c.fx.actionLost;
    }
    for (const { effect: e } of applied.records) {
      if (e.kind !== "stuckItem") continue;
      const owner = this.byId(e.ownerId);
      owner.away.add(e.itemId);
      owner.gearVersion += 1;
      this.stuck.push({
        owner: owner.side,
        itemId: e.itemId,
        target: this.byId(e.targetId).side,
        inItemId: e.inItemId,
        perRoundDamage: e.perRoundDamage,
      });
    }
    for (const c of this.c) {
      if (c.fx.dropped.size === 0) continue;
      // A natural weapon is always at hand (weaponAtHand): it cannot be dropped.
      for (const id of c.fx.dropped) if (!this.weapon(c, id)?.natural) c.away.add(id);
      c.fx.dropped.clear();
      c.gearVersion += 1;
    }
  }

  readonly subjectOf = (id: string): FangsEffectSubject | undefined => this.c[id.charCodeAt(0) - 97]?.fx;

  endOfRound(c: Combatant): void {
    if (c.readying !== null && c.maneuver === "drawWeapon") {
      const w = this.weapon(c, c.readying)!;
      c.away.delete(w.id);
      c.set = setOf(w);
      c.gearVersion += 1;
      this.log({ type: "ready", side: c.side, weapon: w.name });
    }
    for (const [id, left] of c.reload) {
      if (left <= 1) c.reload.delete(id);
      else c.reload.set(id, left - 1);
    }
  }

  /**
   * A fighter whose run or retreat took it the escape distance from every
   * enemy still up (and engaged with none) has fled. All who qualify at the
   * end of a round flee together: "still up" is as the round left them, so
   * when both sides' last fighters run from each other (a duel's two), both
   * have fled and the fight is a draw.
   */
  checkFled(): void {
    // A duel's one pair: nobody can have fled while engaged or near.
    if (!this.group && (this.c[0]!.pair.engaged || this.c[0]!.pair.distance < this.escapeDistance)) return;
    let fleeing: { c: Combatant; distance: number }[] | null = null;
    for (const c of this.c) {
      if (c.maneuver !== "run" && c.maneuver !== "runAndDodge" && c.maneuver !== "retreat") continue;
      if (this.out(c)) continue;
      let nearest = Infinity;
      for (const f of c.foes) {
        if (this.out(f.foe)) continue;
        nearest = Math.min(nearest, f.pair.engaged ? 0 : f.pair.distance);
      }
      if (nearest === Infinity || nearest < this.escapeDistance) continue;
      fleeing ??= [];
      fleeing.push({ c, distance: nearest });
    }
    if (fleeing === null) return;
    // Marked only now, so one who flees first does not leave the other with no enemy to flee from.
    for (const { c, distance } of fleeing) {
      c.fled = true;
      c.outAt = null;
      c.round.outOfAction = true;
      this.log({ type: "fled", side: c.side, distance });
    }
    this.checkEnd();
  }
}
