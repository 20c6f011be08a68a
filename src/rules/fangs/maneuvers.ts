import { RulesError, requireInteger } from "../kernel/errors";
import { MANEUVER_IDS, type ManeuverId, type WeaponKind } from "./types";

/**
 * The FANGS maneuvers (NC-MAN-1 … NC-MAN-19) as one frozen registry. Every
 * other module (defenses, holds, attacks, the combat tracker, the duel
 * simulator) reads what a maneuver allows from here, never from its own copy.
 *
 * The maneuver descriptions ("prose") and the two maneuver tables disagree in
 * places; both readings are kept as data and `ManeuverOptions.reading` picks
 * one (docs/rules/fangs.md, "Maneuvers: where the tables and the prose
 * disagree").
 */

/** Which text wins where the maneuver descriptions and the maneuver tables disagree. */
export type ManeuverReading = "prose" | "table";

export interface ManeuverOptions {
  /** Default "prose": the descriptions are the more detailed text and the clause index follows them. */
  readonly reading: ManeuverReading;
  /** A different reading for single maneuvers (a table's house rule). */
  readonly perManeuver?: Readonly<Partial<Record<ManeuverId, ManeuverReading>>>;
  /**
   * NC-DEF-2 read strictly: Change Weapon and Retreat give no defense at all
   * (no Retreat parry, no dodge instead of changing weapons). Default false:
   * the maneuver descriptions, which are more specific, win.
   */
  readonly strictNoDefense: boolean;
}

export const DEFAULT_MANEUVER_OPTIONS: ManeuverOptions = Object.freeze({
  reading: "prose",
  strictNoDefense: false,
});

/** How far the maneuver lets one move, as a share of MV. */
export const MoveFraction = {
  Quarter: "quarter",
  Half: "half",
  Full: "full",
} as const;
export type MoveFraction = (typeof MoveFraction)[keyof typeof MoveFraction];

/** The first maneuver table's "If using Melee Weapon…" column. */
export const EngagementRule = {
  MustBeEngaged: "mustBeEngaged",
  MustNotBeEngaged: "mustNotBeEngaged",
  Anytime: "anytime",
  WithinHalfMove: "withinHalfMove",
} as const;
export type EngagementRule = (typeof EngagementRule)[keyof typeof EngagementRule];

/** Which attacks a dodge granted by the maneuver may be used against. */
export type DodgeScope = "any" | "melee" | "missile";

/**
 * The defenses a maneuver grants in one round. Parries are counted per hand:
 * the weapon hand, the off hand ("shield" means whatever is there, NC-MAN-4),
 * and `eitherParries` that may come from either hand (the prose's "can parry
 * one attack"). How a single item or a two-handed weapon uses these budgets is
 * decided in defenses.ts (NC-DEF-5, NC-MAN-5).
 */
export interface DefenseAllowance {
  readonly weaponParries: number;
  readonly shieldParries: number;
  readonly eitherParries: number;
  /** A number of dodges, or "all": a dodge against every attack (NC-DEF-3). */
  readonly dodges: number | "all";
  readonly dodgeScope: DodgeScope;
  /** The Attack maneuver's prose: parries OR a dodge in the same round, never both. */
  readonly parryOrDodge: boolean;
  /** Charge: only the charged target's attack may be parried. */
  readonly parryOnlyTarget: boolean;
}

export interface ManeuverDefinition {
  readonly id: ManeuverId;
  /** "FANGS.Maneuver.<Id>.Name" */
  readonly labelKey: string;
  /** "FANGS.Maneuver.<Id>.Hint" */
  readonly hintKey: string;
  /** The clause of fangs-clauses.md that describes it. */
  readonly clause: string;
  /** Attacks granted (the second maneuver table's "Attacks" column). */
  readonly attacks: number;
  readonly move: MoveFraction;
  readonly engagement: EngagementRule;
  /**
   * Whether the engagement rule binds only when a melee weapon is used (the
   * table's column is "If using Melee Weapon…"; Attack and All-Out-Attack
   * with a bow need no engagement). Move, Run, Charge… bind always.
   */
  readonly engagementOnlyForMelee: boolean;
  /** Attack: the maneuver's own ¼ MV may be used to close with the target (NC-MAN-7). */
  readonly mayCloseWithMove: boolean;
  /** Charge, Disengage, Retreat: there must be room to move (else the Dodge maneuver). */
  readonly requiresFreeToMove: boolean;
  /** NC-RND-7 and the descriptions' "cannot Hold". */
  readonly mayBeHeld: boolean;
  /** Takes the entire round to perform (NC-RND-7's list). */
  readonly wholeRound: boolean;
  /** Listed by NC-DEF-2 (Change Weapon, Retreat, All-Out-Attack). */
  readonly listedAsNoDefense: boolean;
  /**
   * NC-MAN-2: attacked before performing it, the character may Dodge instead
   * and lose the maneuver. False where the description rules it out.
   */
  readonly dodgeInstead: boolean;
  /** All-Out-Attack: must start on the character's normal initiative, not from a Hold. */
  readonly normalInitiativeOnly: boolean;
  /** All-Out-Attack: not with heavy crossbows or single-shot firearms. */
  readonly forbidsExtendedReload: boolean;
  /** Charge: no second attack (off hand, Two Weapon) even with the ability. */
  readonly forbidsExtraAttacks: boolean;
  /** All-Out-Attack: the Two Weapon advantage adds a third attack. */
  readonly twoWeaponExtraAttack: boolean;
  /** Melee Dodge: may try to slip past an attacker (NC-MAN-11, NC-DEF-4). */
  readonly mayDodgePast: boolean;
  /** Where a reading changes the defenses, both readings; otherwise the same object twice. */
  readonly defenses: Readonly<Record<ManeuverReading, DefenseAllowance>>;
}

function allowance(partial: Partial<DefenseAllowance>): DefenseAllowance {
  return Object.freeze({
    weaponParries: 0,
    shieldParries: 0,
    eitherParries: 0,
    dodges: 0,
    dodgeScope: "any",
    parryOrDodge: false,
    parryOnlyTarget: false,
    ...partial,
  });
}

function same(a: DefenseAllowance): Readonly<Record<ManeuverReading, DefenseAllowance>> {
  return Object.freeze({ prose: a, table: a });
}

const NONE = allowance({});
const PARRY_BOTH = allowance({ weaponParries: 1, shieldParries: 1 });
const PARRY_BOTH_AND_DODGE = allowance({ weaponParries: 1, shieldParries: 1, dodges: 1 });

function pascal(id: ManeuverId): string {
  return id.charAt(0).toUpperCase() + id.slice(1);
}

type Spec = Omit<ManeuverDefinition, "id" | "labelKey" | "hintKey">;

const BASE: Omit<
  Spec,
  "clause" | "attacks" | "move" | "engagement" | "defenses" | "mayBeHeld" | "wholeRound" | "dodgeInstead"
> = {
  engagementOnlyForMelee: false,
  mayCloseWithMove: false,
  requiresFreeToMove: false,
  listedAsNoDefense: false,
  normalInitiativeOnly: false,
  forbidsExtendedReload: false,
  forbidsExtraAttacks: false,
  twoWeaponExtraAttack: false,
  mayDodgePast: false,
};

const SPECS: Readonly<Record<ManeuverId, Spec>> = {
  allOutAttack: {
    ...BASE,
    clause: "NC-MAN-6",
    attacks: 2,
    move: MoveFraction.Quarter,
    engagement: EngagementRule.MustBeEngaged,
    engagementOnlyForMelee: true,
    mayBeHeld: false,
    wholeRound: false,
    listedAsNoDefense: true,
    // "the character cannot parry or dodge": the description's own exception to NC-MAN-2.
    dodgeInstead: false,
    normalInitiativeOnly: true,
    forbidsExtendedReload: true,
    twoWeaponExtraAttack: true,
    defenses: same(NONE),
  },
  attack: {
    ...BASE,
    clause: "NC-MAN-7",
    attacks: 1,
    move: MoveFraction.Quarter,
    engagement: EngagementRule.MustBeEngaged,
    engagementOnlyForMelee: true,
    mayCloseWithMove: true,
    mayBeHeld: true,
    wholeRound: false,
    dodgeInstead: true,
    defenses: Object.freeze({
      // "one attack with his weapon and one with his shield, but he may not Dodge. Alternately, he can Dodge once"
      prose: allowance({ weaponParries: 1, shieldParries: 1, dodges: 1, parryOrDodge: true }),
      // The table gives 1 / 1 / 1 with no either/or.
      table: PARRY_BOTH_AND_DODGE,
    }),
  },
  changeWeapon: {
    ...BASE,
    clause: "NC-MAN-8",
    attacks: 0,
    move: MoveFraction.Quarter,
    engagement: EngagementRule.Anytime,
    mayBeHeld: false,
    wholeRound: true,
    listedAsNoDefense: true,
    // "If he is attacked during this round he may Dodge, but the weapons do not change": NC-MAN-2 spelled out.
    dodgeInstead: true,
    defenses: same(NONE),
  },
  charge: {
    ...BASE,
    clause: "NC-MAN-9",
    attacks: 1,
    move: MoveFraction.Full,
    engagement: EngagementRule.MustNotBeEngaged,
    requiresFreeToMove: true,
    mayBeHeld: false,
    wholeRound: true,
    // "He cannot Dodge".
    dodgeInstead: false,
    forbidsExtraAttacks: true,
    defenses: Object.freeze({
      // "He may parry his target's attack - no one else's": one parry, with whatever is in hand.
      prose: allowance({ eitherParries: 1, parryOnlyTarget: true }),
      // Table: W/Parry No, S/Parry "Only target".
      table: allowance({ shieldParries: 1, parryOnlyTarget: true }),
    }),
  },
  disengage: {
    ...BASE,
    clause: "NC-MAN-10",
    attacks: 0,
    move: MoveFraction.Half,
    engagement: EngagementRule.MustBeEngaged,
    requiresFreeToMove: true,
    mayBeHeld: false,
    wholeRound: false,
    // "he may not dodge or attack": one of the exceptions NC-MAN-2 says the descriptions note.
    dodgeInstead: false,
    defenses: Object.freeze({
      // "He can parry one attack with his weapon and one attack with his shield, but he may not dodge".
      prose: PARRY_BOTH,
      // Table: 1 / 1 / Dodge 1.
      table: PARRY_BOTH_AND_DODGE,
    }),
  },
  dodgeMelee: {
    ...BASE,
    clause: "NC-MAN-11",
    attacks: 0,
    move: MoveFraction.Half,
    engagement: EngagementRule.Anytime,
    mayBeHeld: true,
    wholeRound: false,
    dodgeInstead: false,
    mayDodgePast: true,
    defenses: same(allowance({ dodges: "all", dodgeScope: "melee" })),
  },
  dodgeMissile: {
    ...BASE,
    clause: "NC-MAN-12",
    attacks: 0,
    move: MoveFraction.Half,
    engagement: EngagementRule.Anytime,
    mayBeHeld: true,
    wholeRound: false,
    dodgeInstead: false,
    defenses: same(allowance({ dodges: "all", dodgeScope: "missile" })),
  },
  drawWeapon: {
    ...BASE,
    clause: "NC-MAN-13",
    attacks: 0,
    move: MoveFraction.Quarter,
    engagement: EngagementRule.Anytime,
    mayBeHeld: true,
    wholeRound: false,
    // "If he is attacked during this round ... he may not dodge": an exception to NC-MAN-2.
    dodgeInstead: false,
    defenses: same(allowance({ shieldParries: 1 })),
  },
  engage: {
    ...BASE,
    clause: "NC-MAN-14",
    attacks: 0,
    move: MoveFraction.Half,
    engagement: EngagementRule.WithinHalfMove,
    mayBeHeld: true,
    wholeRound: false,
    dodgeInstead: true,
    defenses: Object.freeze({
      // "he may parry once with his weapon and once with his shield/parrying weapon" (no dodge named).
      prose: PARRY_BOTH,
      table: PARRY_BOTH_AND_DODGE,
    }),
  },
  move: {
    ...BASE,
    clause: "NC-MAN-15",
    attacks: 0,
    move: MoveFraction.Half,
    engagement: EngagementRule.MustNotBeEngaged,
    mayBeHeld: true,
    wholeRound: false,
    dodgeInstead: true,
    // "(or twice with a two-handed weapon)" follows from NC-MAN-5 in both readings.
    defenses: same(PARRY_BOTH_AND_DODGE),
  },
  retreat: {
    ...BASE,
    clause: "NC-MAN-16",
    attacks: 0,
    move: MoveFraction.Full,
    engagement: EngagementRule.MustBeEngaged,
    requiresFreeToMove: true,
    mayBeHeld: false,
    wholeRound: true,
    listedAsNoDefense: true,
    // "The character may not dodge" and NC-DEF-2 both rule out a dodge instead.
    dodgeInstead: false,
    defenses: Object.freeze({
      // "The character may not dodge, but he can parry one attack."
      prose: allowance({ eitherParries: 1 }),
      // Table: W/Parry No, S/Parry 1.
      table: allowance({ shieldParries: 1 }),
    }),
  },
  run: {
    ...BASE,
    clause: "NC-MAN-17",
    attacks: 0,
    move: MoveFraction.Full,
    engagement: EngagementRule.MustNotBeEngaged,
    mayBeHeld: false,
    wholeRound: true,
    dodgeInstead: true,
    defenses: Object.freeze({
      // "A Running character can Dodge but not Parry." One dodge: Run & Dodge is the maneuver that dodges all.
      prose: allowance({ dodges: 1 }),
      // Table: W/Parry 1, S/Parry 1, Dodge No.
      table: PARRY_BOTH,
    }),
  },
  runAndDodge: {
    ...BASE,
    clause: "NC-MAN-18",
    attacks: 0,
    move: MoveFraction.Half,
    engagement: EngagementRule.MustNotBeEngaged,
    mayBeHeld: true,
    wholeRound: false,
    dodgeInstead: false,
    defenses: same(allowance({ dodges: "all" })),
  },
};

/** Every maneuver, keyed by id, frozen. */
export const MANEUVERS: Readonly<Record<ManeuverId, ManeuverDefinition>> = Object.freeze(
  Object.fromEntries(
    MANEUVER_IDS.map((id) => {
      const spec = SPECS[id];
      const definition: ManeuverDefinition = Object.freeze({
        id,
        labelKey: `FANGS.Maneuver.${pascal(id)}.Name`,
        hintKey: `FANGS.Maneuver.${pascal(id)}.Hint`,
        ...spec,
      });
      return [id, definition];
    }),
  ) as Record<ManeuverId, ManeuverDefinition>,
);

/** Asked for every maneuver read (each turn of the simulator's rounds): a set, not a scan of the list. */
const MANEUVER_ID_SET: ReadonlySet<string> = new Set(MANEUVER_IDS);

export function isManeuverId(id: unknown): id is ManeuverId {
  return typeof id === "string" && MANEUVER_ID_SET.has(id);
}

/** The maneuver with this id; anything else is a RulesError "unknown-maneuver". */
export function getManeuver(id: string): ManeuverDefinition {
  if (!isManeuverId(id)) {
    throw new RulesError(
      "unknown-maneuver",
      `"${String(id)}" is not a FANGS maneuver (${MANEUVER_IDS.join(", ")})`,
      {
        id,
      },
    );
  }
  return MANEUVERS[id];
}

export function resolveManeuverOptions(options?: Partial<ManeuverOptions>): ManeuverOptions {
  if (options === undefined || options === DEFAULT_MANEUVER_OPTIONS) return DEFAULT_MANEUVER_OPTIONS;
  const merged = { ...DEFAULT_MANEUVER_OPTIONS, ...options };
  const readings: readonly unknown[] = [merged.reading, ...Object.values(merged.perManeuver ?? {})];
  for (const reading of readings) {
    if (reading !== "prose" && reading !== "table") {
      throw new RulesError(
        "invalid-value",
        `a maneuver reading is "prose" or "table", got ${String(reading)}`,
        {
          reading,
        },
      );
    }
  }
  for (const id of Object.keys(merged.perManeuver ?? {})) getManeuver(id);
  return merged;
}

/** Which reading applies to one maneuver under these options. */
export function readingFor(id: ManeuverId, options?: Partial<ManeuverOptions>): ManeuverReading {
  const resolved = resolveManeuverOptions(options);
  return resolved.perManeuver?.[id] ?? resolved.reading;
}

/**
 * The defenses the maneuver grants under the chosen reading. With
 * `strictNoDefense`, the maneuvers NC-DEF-2 lists give none at all.
 */
export function maneuverDefenses(
  id: ManeuverId | string,
  options?: Partial<ManeuverOptions>,
): DefenseAllowance {
  const maneuver = getManeuver(id);
  const resolved = resolveManeuverOptions(options);
  if (resolved.strictNoDefense && maneuver.listedAsNoDefense) return NONE;
  return maneuver.defenses[readingFor(maneuver.id, resolved)];
}

/** Whether NC-MAN-2's dodge instead is open to this maneuver under these options. */
export function mayDodgeInstead(id: ManeuverId | string, options?: Partial<ManeuverOptions>): boolean {
  const maneuver = getManeuver(id);
  if (resolveManeuverOptions(options).strictNoDefense && maneuver.listedAsNoDefense) return false;
  return maneuver.dodgeInstead;
}

const MOVE_SHARE: Readonly<Record<MoveFraction, number>> = { quarter: 4, half: 2, full: 1 };

/**
 * Paces a maneuver allows from MV. Fractions round up, as FANGS rounds its
 * other fractions (MV 15: ¼ → 4, ½ → 8, full → 15).
 */
export function movePaces(id: ManeuverId | string, mv: number): number {
  const maneuver = getManeuver(id);
  requireInteger(mv, "MV", 0);
  return Math.ceil(mv / MOVE_SHARE[maneuver.move]);
}

/** ½ MV rounded up: the reach of Engage, a chase, a disengager's follower. */
export function halfMovePaces(mv: number): number {
  requireInteger(mv, "MV", 0);
  return Math.ceil(mv / 2);
}

/** Where a combatant stands when choosing its maneuver. */
export interface ManeuverSituation {
  /** Engaged when the round started (Charge must start free: NC-MAN-9). */
  readonly engaged: boolean;
  /** Room to move away or forward (Charge, Disengage, Retreat). */
  readonly freeToMove: boolean;
  /** MV in paces. */
  readonly mv: number;
  /** Paces to the chosen target, when there is one (Engage, Attack closing in). */
  readonly distanceToTarget?: number | null;
  /** The kind of weapon the attack will use (engagement binds only melee for Attack / All-Out-Attack). */
  readonly weaponKind?: WeaponKind | null;
  /** Chosen when breaking a Hold (NC-RND-7). */
  readonly fromHold?: boolean;
  /** A Retreat or Disengage target's attacker cannot Charge that target this round (NC-SPD-1, NC-SPD-3). */
  readonly chargeForbidden?: boolean;
}

export interface Verdict {
  readonly allowed: boolean;
  /** Localisation key of the reason when refused; null when allowed. */
  readonly reasonKey: string | null;
}

const ALLOWED: Verdict = Object.freeze({ allowed: true, reasonKey: null });
function refused(reason: string): Verdict {
  return Object.freeze({ allowed: false, reasonKey: `FANGS.Rules.Maneuver.Refusal.${reason}` });
}

/**
 * Whether a combatant may choose this maneuver now (first maneuver table,
 * NC-MAN-19; holds, NC-RND-7). The reason key says why not.
 */
export function canChooseManeuver(id: ManeuverId | string, situation: ManeuverSituation): Verdict {
  const maneuver = getManeuver(id);
  const mv = requireInteger(situation.mv, "MV", 0);
  if (situation.fromHold && !maneuver.mayBeHeld) return refused("CannotBeHeld");
  if (maneuver.id === "charge" && situation.chargeForbidden) return refused("ChargeForbidden");
  const binds = !maneuver.engagementOnlyForMelee || (situation.weaponKind ?? "melee") === "melee";
  if (binds) {
    switch (maneuver.engagement) {
      case EngagementRule.MustBeEngaged: {
        if (situation.engaged) break;
        const distance = situation.distanceToTarget;
        const closes =
          maneuver.mayCloseWithMove && typeof distance === "number" && distance <= movePaces(maneuver.id, mv);
        if (!closes) return refused("MustBeEngaged");
        break;
      }
      case EngagementRule.MustNotBeEngaged:
        if (situation.engaged) return refused("MustNotBeEngaged");
        break;
      case EngagementRule.WithinHalfMove: {
        const distance = situation.distanceToTarget;
        if (typeof distance !== "number" || distance > halfMovePaces(mv)) return refused("TargetOutOfReach");
        break;
      }
      case EngagementRule.Anytime:
        break;
    }
  }
  if (maneuver.requiresFreeToMove && !situation.freeToMove) return refused("NotFreeToMove");
  return ALLOWED;
}

/**
 * Draw Weapon standing still may ready everything at once, and a change of
 * combat set takes the round; either way there is no parry or dodge that
 * round (NC-MAN-13). Moving at all keeps it to drawing one weapon.
 */
export function mayReadyFullSet(pacesMoved: number): boolean {
  return requireInteger(pacesMoved, "paces moved", 0) === 0;
}
