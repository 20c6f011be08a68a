import type { DurationSpec } from "../kernel/timed-status";
import { type Fraction, LIMB_THRESHOLDS } from "./limb-thresholds";
import type { ActionKind, Blow, CalledEffect, CalledLevel, InitiativeAbility } from "./types";

/**
 * Every figure of the Sharene core a table may want to change, as data:
 * the values the text states (sharene-combat.md) and the readings where it
 * is silent (docs/rules/sharene.md says which is which and why). Rules
 * functions take an optional partial override; the rest comes from
 * SHARENE_DEFAULTS.
 */

export type { Fraction } from "./limb-thresholds";

/** One d10 range of the blow table (SHA-BLW-1). */
export interface BlowRange {
  readonly from: number;
  readonly to: number;
  readonly blow: Blow;
}

/** One damage band of the END check (SHA-CON-1 … SHA-CON-3). */
export interface DamageBand {
  /** The blow's damage is at least this share of the full life points. */
  readonly atLeast: Fraction;
  /** END × cf is the DN of the check (rounded down). */
  readonly cf: number;
  /** The timed status a failed check puts on (`durations`). */
  readonly knockout: KnockoutId;
}

/** The timed statuses of SHA-CON-1 … SHA-CON-6, by their short id. */
export const KNOCKOUT_IDS = ["knockedOut", "knockedOutLong", "outForHours", "coma"] as const;
export type KnockoutId = (typeof KNOCKOUT_IDS)[number];

/** One row of the DF table the text announces and does not give ("5/ATTACK RESOLUTION"). */
export interface SituationModifier {
  readonly id: string;
  /** Lang key of its name. */
  readonly labelKey: string;
  readonly df: number;
  /**
   * Whether a defender may have it on its own roll: a plight of its own
   * (poor light, a bad footing). A row that describes the target as its
   * attacker finds it (unaware, from behind, down) is the attack's only:
   * its sign is the attacker's.
   */
  readonly defense?: boolean;
}

export interface ShareneRules {
  /** SHA-RND-1: a round lasts 3 seconds (a round's clock out of combat). */
  readonly secondsPerRound: number;

  /* Checks (the [found] basics) */
  /** The margin (DN − roll) from which a made roll is High, and Special ([default] 5 and 10). */
  readonly successLevels: { readonly high: number; readonly special: number };
  /** A natural roll of this face fails critically, unless the DN is above `criticalFailureUnlessDnAbove`. */
  readonly criticalFailureFace: number;
  readonly criticalFailureUnlessDnAbove: number;
  /** A made attack whose natural roll is at or under this face is a critical hit (SHA-DMG-2). */
  readonly criticalHitFace: number;
  /** What a critical failure costs: the fighter's next attack, or nothing beyond the failure. */
  readonly criticalFailure: "loseNextAttack" | "none";
  /** The total DF of a roll is held within these bounds ([found] −10 … +5). */
  readonly dfMin: number;
  readonly dfMax: number;

  /* Initiative (SHA-INI-1) */
  readonly initiativeDie: number;
  readonly initiativeAbility: Readonly<Record<ActionKind, InitiativeAbility>>;

  /* Styles and defenses (SHA-STY-1 … SHA-STY-6) */
  readonly fullAttackDf: number;
  readonly fullAttackDefenseDf: number;
  /** Whoever parries a Full Attack attacks at this DF for the rest of the round. */
  readonly parriedFullAttackDf: number;
  readonly fullParryDefenseDf: number;
  readonly fullParryRiposteDf: number;
  /** The DF of the first and second defense against several opponents. */
  readonly multipleDefenseDf: readonly [number, number];
  readonly splitParryDf: number;
  /** The riposte's DF after a parry of a higher SL, one of an equal or lower SL, and a failed one. */
  readonly riposteDf: { readonly better: number; readonly notBetter: number; readonly failed: number };
  /**
   * How the riposte paragraph is read (SHA-STY-5): "betterParryOpens", a
   * parry of a higher SL than the attack's opens the clean riposte; "asWritten",
   * a parry of a lower SL does, and a higher one gives the −4.
   */
  readonly riposteReading: "betterParryOpens" | "asWritten";
  readonly riposteParryDf: number;
  /** A riposte's rolled damage (weapon and bonus, before armor) is multiplied by this, rounded down. */
  readonly riposteDamage: Fraction;

  /* Blows and called shots (SHA-BLW-1, SHA-CAL-1) */
  readonly statedBlowDf: number;
  readonly blowTable: readonly BlowRange[];
  /** The SL a called shot needs, by location id or called effect. */
  readonly calledShots: Readonly<Record<string, CalledLevel>>;

  /* Damage (SHA-DMG-1 … SHA-DMG-4) */
  readonly damageMultipliers: { readonly head: number; readonly special: number; readonly critical: number };
  /**
   * What "a special hit" is (SHA-DMG-2): "successLevel", an attack made at
   * the Special level; "specialBlow", a blow of the weapon's special kind
   * (the d10's 9–0, "Slashing, thrusting or special" two lines before).
   */
  readonly specialHit: "successLevel" | "specialBlow";
  /** Several multipliers: their extra parts add (×2 and ×2 → ×3), or they multiply (→ ×4). */
  readonly multiplierStacking: "add" | "multiply";
  /** Limb damage counts per blow, or adds up over the fight. */
  readonly limbDamage: "cumulative" | "perBlow";
  /** Thresholds read the full life points, or those the fighter had before the blow. */
  readonly limbThresholdBase: "full" | "current";
  readonly limbUseless: Fraction;
  readonly limbSevered: Fraction;

  /* Consciousness (SHA-CON-1 … SHA-CON-7) */
  readonly damageBands: readonly DamageBand[];
  /** SHA-CON-4: fewer points left than this after a blow. */
  readonly lowLifeBelow: number;
  readonly lowLifeCf: number;
  readonly lowLifeKnockout: KnockoutId;
  /** SHA-CON-5: exactly this many points left. */
  readonly lastPoint: number;
  readonly lastPointKnockout: KnockoutId;
  /** SHA-CON-6, SHA-CON-7: 0 down to this is a coma, below it death. */
  readonly comaDownTo: number;
  /** How long each knockout lasts (SHA-CON-1 … SHA-CON-6). */
  readonly durations: Readonly<Record<KnockoutId, DurationSpec>>;

  /** The DF table the text announces but does not give: situations a GM adds to a roll. */
  readonly situations: readonly SituationModifier[];
}

export type ShareneOptions = Partial<ShareneRules>;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export const SHARENE_DEFAULTS: ShareneRules = deepFreeze({
  secondsPerRound: 3,

  successLevels: { high: 5, special: 10 },
  criticalFailureFace: 20,
  criticalFailureUnlessDnAbove: 20,
  criticalHitFace: 1,
  criticalFailure: "loseNextAttack",
  dfMin: -10,
  dfMax: 5,

  initiativeDie: 10,
  initiativeAbility: { melee: "agi", thrown: "dex", missile: "dex" },

  fullAttackDf: 1,
  fullAttackDefenseDf: -5,
  parriedFullAttackDf: -4,
  fullParryDefenseDf: 1,
  fullParryRiposteDf: -5,
  multipleDefenseDf: [-2, -4],
  splitParryDf: -2,
  riposteDf: { better: 0, notBetter: -4, failed: -8 },
  riposteReading: "betterParryOpens",
  riposteParryDf: -4,
  riposteDamage: { num: 1, den: 2 },

  statedBlowDf: -2,
  blowTable: [
    { from: 1, to: 4, blow: "slash" },
    { from: 5, to: 8, blow: "thrust" },
    { from: 9, to: 10, blow: "special" },
  ],
  calledShots: {
    head: "special",
    rightArm: "high",
    leftArm: "high",
    torso: "high",
    rightLeg: "high",
    leftLeg: "high",
    disarm: "special",
    cutEquipment: "high",
    specialTarget: "special",
  } satisfies Record<string, CalledLevel> & Record<CalledEffect, CalledLevel>,

  damageMultipliers: { head: 2, special: 1.5, critical: 2 },
  specialHit: "successLevel",
  multiplierStacking: "add",
  limbDamage: "cumulative",
  limbThresholdBase: "full",
  ...LIMB_THRESHOLDS,

  damageBands: [
    { atLeast: { num: 1, den: 3 }, cf: 2, knockout: "knockedOut" },
    { atLeast: { num: 1, den: 2 }, cf: 1.5, knockout: "knockedOut" },
    { atLeast: { num: 2, den: 3 }, cf: 1, knockout: "knockedOutLong" },
  ],
  lowLifeBelow: 10,
  lowLifeCf: 0.5,
  lowLifeKnockout: "knockedOutLong",
  lastPoint: 1,
  lastPointKnockout: "outForHours",
  comaDownTo: -8,
  durations: {
    knockedOut: { dice: "1d10", unit: "rounds" },
    knockedOutLong: { dice: "2d10", unit: "rounds" },
    outForHours: { dice: "1d10", unit: "hours" },
    coma: { dice: "1d20", times: 5, unit: "minutes" },
  },

  situations: [
    { id: "targetUnaware", labelKey: "SHARENE.Situation.TargetUnaware", df: 5 },
    { id: "fromBehind", labelKey: "SHARENE.Situation.FromBehind", df: 3 },
    { id: "targetDown", labelKey: "SHARENE.Situation.TargetDown", df: 2 },
    { id: "higherGround", labelKey: "SHARENE.Situation.HigherGround", df: 1, defense: true },
    { id: "poorLight", labelKey: "SHARENE.Situation.PoorLight", df: -2, defense: true },
    { id: "unstableFooting", labelKey: "SHARENE.Situation.UnstableFooting", df: -2, defense: true },
    { id: "offHand", labelKey: "SHARENE.Situation.OffHand", df: -4, defense: true },
    { id: "onTheGround", labelKey: "SHARENE.Situation.OnTheGround", df: -4, defense: true },
    { id: "darkness", labelKey: "SHARENE.Situation.Darkness", df: -6, defense: true },
  ],
} satisfies ShareneRules);
