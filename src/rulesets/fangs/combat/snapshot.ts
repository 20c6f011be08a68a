import type {
  AttackCounter,
  AttackSource,
  RoundAttacker,
  ShieldBashAttack,
} from "../../../rules/fangs/attacks";
import { weaponAtHand } from "../../../rules/fangs/character";
import {
  type DefenseUsage,
  emptyDefenseUsage,
  isReadying,
  type Readying,
  type ReadyingHoldings,
  readyingChoices,
} from "../../../rules/fangs/defense-usage";
import { isManeuverId } from "../../../rules/fangs/maneuvers";
import { InitiativeMode, isPhaseId } from "../../../rules/fangs/phase-order";
import type { AttackRestriction } from "../../../rules/fangs/special-defenses";
import type { ManeuverId, PhaseId, WeaponKind } from "../../../rules/fangs/types";
import {
  actorSystem,
  type CombatantSystem,
  type CombatSystem,
  creatureSystem,
  itemSystem,
} from "../data/views";

/**
 * Reads Foundry documents into plain data: actors through their data
 * models' views (src/rulesets/fangs/data/views.ts), a combatant's round
 * through its model's schema, defaults filled in. The tracker, the sheets
 * and a combatant's round read these at start-up; the planner's whole
 * snapshot of the Combat is ./plan-state.ts, in FANGS's heavy part.
 */

/** Statuses (src/config/statuses.ts) that put a fighter out of the fight: it loses its turns (NC-ATK-2). */
export const OUT_OF_ACTION_STATUSES: readonly string[] = Object.freeze([
  "unconscious",
  "dying",
  "dead",
  "comatose",
]);

/** The Combat's round: its model's data, the phase as the rules core names it. */
/** FANGS forms no turns taken at once: its snapshot leaves `groups` and `groupEnded` out. */
export type FangsCombatSystem = Omit<
  CombatSystem,
  "phase" | "records" | "pairs" | "groups" | "groupEnded"
> & {
  phase: PhaseId;
};

/**
 * A combatant's round: its model's data (src/combat/data.ts), the ids the
 * schema stores as text read as the rules core's.
 */
export type FangsCombatantSystem = Omit<
  CombatantSystem,
  "maneuver" | "attackKind" | "readying" | "lostManeuver" | "attacks" | "restrictions"
> & {
  maneuver: ManeuverId | null;
  attackKind: WeaponKind | null;
  /** Draw Weapon: which hand's item is being drawn or readied (NC-MAN-13, NC-MAN-20). */
  readying: Readying | null;
  /** NC-MAN-2: the maneuver it gave up for a dodge this round. */
  lostManeuver: ManeuverId | null;
  attacks: Omit<CombatantSystem["attacks"], "made"> & { made: AttackSource[] };
  /** Retreat and Disengage restrictions on this attacker (NC-SPD-1 … -3). */
  restrictions: AttackRestriction[];
};

/** What the combat layer reads from a combatant's actor. */
export interface ActorFacts {
  readonly ag: number;
  /** MV in paces. */
  readonly mv: number;
  readonly outOfAction: boolean;
  readonly engaged: boolean;
  readonly humanoid: boolean;
  readonly twoWeapon: boolean;
  readonly ambidextrous: boolean;
  readonly offHandWeapon: boolean;
  /** A shield ready in the off hand: it may bash instead of parrying (NC-DEF-9). */
  readonly offHandShield: boolean;
  /** The kinds of the off-hand weapons at hand, melee for a shield that may bash (a post-melee attack's). */
  readonly offHandKinds: readonly WeaponKind[];
  /** The kind of the main-hand weapon in use (first equipped weapon not in the off hand), or null. */
  readonly mainWeaponKind: WeaponKind | null;
  /** What a Draw Weapon could ready, in hand yet or not (NC-MAN-13, NC-MAN-20). */
  readonly readyingHoldings: ReadyingHoldings;
  /** What a Draw Weapon may be said to ready, the one taken when not said first. */
  readonly readyings: readonly Readying[];
}

/** The value at a dotted path of a document or a plain stand-in, or undefined. */
export function read(obj: unknown, path: string): unknown {
  let at: unknown = obj;
  for (const part of path.split(".")) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** A finite number, else the fallback. */
export function num(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

function isWeaponKind(value: unknown): value is WeaponKind {
  return value === "melee" || value === "thrown" || value === "missile";
}

/** What the round reads of a fighter, from its actor's prepared data; a missing actor reads as no fighter. */
export function actorFacts(actor: Actor.Implementation | null | undefined, defeated = false): ActorFacts {
  const items = actor ? [...actor.items] : [];
  const advantages = new Set(
    items.map((i) => itemSystem(i, "advantage")?.key).filter((k) => k !== undefined),
  );
  const owned = items.flatMap((i) => {
    const system = itemSystem(i, "weapon");
    return system ? [system] : [];
  });
  const weapons = owned.filter((w) => weaponAtHand(w));
  // The weapon in hand before a fist or a claw, as the free attack picks it.
  const mainHand = weapons.filter((w) => !w.offHand);
  const main = mainHand.find((w) => !w.natural) ?? mainHand[0];
  const system = actor ? actorSystem(actor) : null;
  const shields = items.flatMap((i) => {
    const shield = itemSystem(i, "shield");
    return shield ? [shield] : [];
  });
  // Drawn or readied from the belt or the back: every item of its own counts, equipped or not.
  const ownWeapons = owned.filter((w) => !w.natural);
  const readyingHoldings: ReadyingHoldings = {
    weapon: ownWeapons.some((w) => !w.offHand),
    offHand: ownWeapons.some((w) => w.offHand) || shields.length > 0,
  };
  const statuses = actor?.statuses ?? new Set<string>();
  const creature = actor ? creatureSystem(actor) : null;
  return {
    ag: system?.characteristics.ag ?? 0,
    mv: system?.attributes.movement ?? 0,
    outOfAction: defeated || OUT_OF_ACTION_STATUSES.some((s) => statuses.has(s)),
    engaged: statuses.has("engaged"),
    humanoid: creature ? creature.humanoid : true,
    twoWeapon: advantages.has("twoWeapon"),
    ambidextrous: advantages.has("ambidextrous"),
    offHandWeapon: weapons.some((w) => w.offHand),
    offHandShield: shields.some((s) => s.equipped),
    offHandKinds: [
      ...weapons.filter((w) => w.offHand).map((w) => w.kind),
      ...(shields.some((s) => s.equipped) ? (["melee"] as const) : []),
    ],
    mainWeaponKind: main?.kind ?? null,
    readyingHoldings,
    readyings: readyingChoices(readyingHoldings),
  };
}

const EMPTY_DEFENSES: DefenseUsage = emptyDefenseUsage();

/**
 * The GM's copy of a combatant's round, kept on its Combat (`system.records`,
 * by combatant id), or null when no GM has written one yet. A player may be
 * able to write the `system` of a combatant it owns; only a GM writes the
 * Combat, so this copy is the one the round is read from.
 */
export function roundRecordOf(combatant: unknown): unknown {
  const id = read(combatant, "id") ?? read(combatant, "_id");
  if (typeof id !== "string") return null;
  const records = read(read(combatant, "parent") ?? read(combatant, "combat"), "system.records");
  if (records === null || typeof records !== "object") return null;
  const record = (records as Record<string, unknown>)[id];
  return record !== null && typeof record === "object" ? record : null;
}

/**
 * The combatant's FANGS data with defaults filled in, whatever state the
 * document is in: the Combat's record of it (`roundRecordOf`), else, before
 * any GM wrote one, the combatant's own `system`.
 */
export function combatantSystem(combatant: unknown): FangsCombatantSystem {
  return roundOf(roundRecordOf(combatant) ?? read(combatant, "system"));
}

/** A round's data (a record or a combatant's `system`) with defaults filled in. */
export function roundOf(data: unknown): FangsCombatantSystem {
  const s = (data ?? {}) as Partial<FangsCombatantSystem>;
  const maneuver = isManeuverId(s.maneuver) ? s.maneuver : null;
  return {
    maneuver,
    attackKind: isWeaponKind(s.attackKind) ? s.attackKind : null,
    readying: isReadying(s.readying) ? s.readying : null,
    held: s.held === true,
    committed: s.committed === true,
    actionLost: s.actionLost === true,
    initiativeRoll: typeof s.initiativeRoll === "number" ? s.initiativeRoll : null,
    engagedAtRoundStart: s.engagedAtRoundStart === true,
    maneuverPerformed: s.maneuverPerformed === true,
    lostManeuver: isManeuverId(s.lostManeuver) ? s.lostManeuver : null,
    defenses: { ...EMPTY_DEFENSES, ...(s.defenses ?? {}) },
    attacks: {
      made: [...(s.attacks?.made ?? [])],
      usedRanged: s.attacks?.usedRanged === true,
      usedMelee: s.attacks?.usedMelee === true,
      targets: [...(s.attacks?.targets ?? [])],
    },
    tradeShift: { parry: num(s.tradeShift?.parry, 0), dodge: num(s.tradeShift?.dodge, 0) },
    restrictions: Array.isArray(s.restrictions)
      ? s.restrictions.filter(
          (r): r is AttackRestriction =>
            typeof r === "object" && r !== null && typeof (r as { kind?: unknown }).kind === "string",
        )
      : [],
  };
}

export function combatSystem(combat: unknown): FangsCombatSystem {
  const s = (read(combat, "system") ?? {}) as Partial<FangsCombatSystem>;
  return {
    phase: isPhaseId(s.phase) ? s.phase : "initiative",
    order: Array.isArray(s.order) ? s.order.filter((id): id is string => typeof id === "string") : [],
  };
}

export function attackCounterOf(system: FangsCombatantSystem): AttackCounter {
  return system.attacks;
}

/**
 * What the rules core reads about a combatant's attacks this round: the
 * off-hand item, whether it parried or attacked (NC-ATK-9, NC-DEF-9), and
 * which attack a shield bash is (the rules option `shieldBashAttack`).
 */
export function roundAttackerOf(
  system: FangsCombatantSystem,
  facts: ActorFacts,
  shieldBashAttack?: ShieldBashAttack,
): RoundAttacker {
  const offHandItem = facts.offHandWeapon || facts.offHandShield;
  return {
    maneuver: system.maneuver ?? "",
    humanoid: facts.humanoid,
    twoWeapon: facts.twoWeapon,
    ambidextrous: facts.ambidextrous,
    offHandWeapon: facts.offHandWeapon,
    offHandShield: facts.offHandShield,
    offHandParried: offHandItem && system.defenses.shieldParries > 0,
    offHandAttacked: system.defenses.offHandAttacked,
    ...(shieldBashAttack ? { shieldBashAttack } : {}),
  };
}

/** The data helper's initiative setting, in the rules core's words. */
export function initiativeModeFromSetting(value: string): InitiativeMode {
  switch (value) {
    case "rollEachRound":
      return InitiativeMode.RollEachRound;
    case "rollOnce":
      return InitiativeMode.RollOncePerCombat;
    default:
      return InitiativeMode.Agility;
  }
}
