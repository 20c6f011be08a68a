import type { TableRecords, TurnPlan } from "../../../combat/table-ruleset";
import { loadRuleset } from "../../../on-demand";
import { ACTION_KINDS, type ActionKind } from "../../../rules/lunos/types";

/**
 * Where a Lunos round lives. The GM's copy is on the Combat, which only a
 * GM may write: `system.records.fight`, the round engine's whole fight
 * (every fighter's state, the grapples, threats, the slot's blows), read
 * back with every id and figure checked (./fight-record.ts, in the heavy
 * part), and beside it, by combatant id, what the tracker shows of each
 * fighter (`LunosShown`, worked out by the GM with the world's rules). The
 * combatant's own `system` carries the same shown data for macros, written
 * in the same update; its owner may write it, so nothing reads it but
 * Foundry, and the active GM puts a player's write back. Here: what
 * start-up needs, the tracker's reading and the hooks' first checks.
 */

type Loose = Record<string, unknown>;

/** The key of the engine's fight among the Combat's records: never a combatant's id (Foundry's are 16 characters). */
export const FIGHT_RECORD = "fight";

const isPlain = (value: unknown): value is Loose =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const ID = /^[A-Za-z0-9_-]{1,64}$/;

const count = (value: unknown): number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 99 ? value : 0;

/** The Combat's records (its GM copy), or an empty object. */
export function combatRecords(combat: unknown): Loose {
  const records = (combat as { system?: Loose } | null)?.system?.records;
  return isPlain(records) ? records : {};
}

/** The stored fight as it is (unchecked: ./fight-record.ts checks it), or null before the first round. */
export function storedFightOf(combat: unknown): Loose | null {
  const fight = combatRecords(combat)[FIGHT_RECORD];
  return isPlain(fight) ? fight : null;
}

/** A declared action as shown: its kind and whom it names. */
export interface ShownAction {
  readonly kind: ActionKind;
  readonly targets: readonly string[];
}

/** A defense roll as shown: its successes and the difficulty it sets for the attackers it covers. */
export interface ShownDefense {
  readonly kind: "defense" | "parry" | "fullDefense" | "flurry";
  readonly successes: number;
  readonly difficulty: number;
  readonly against: readonly string[];
  readonly outcome: "normal" | "disaster" | "dramatic";
}

export type LunosCondition = "" | "unconscious" | "dying" | "dead";

/** What the tracker, the HUD and macros show of a fighter's round (the combatant's `system`). */
export interface LunosShown {
  readonly declared: boolean;
  readonly initiative: number | null;
  readonly actions: number;
  readonly actionsMax: number;
  readonly lunging: boolean;
  readonly lungeDebt: boolean;
  readonly debtDice: number;
  readonly declaredActions: readonly ShownAction[];
  readonly defense: ShownDefense | null;
  readonly condition: LunosCondition;
}

const DEFENSE_KINDS = ["defense", "parry", "fullDefense", "flurry"] as const;
const CONDITIONS: readonly LunosCondition[] = ["", "unconscious", "dying", "dead"];

const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === "string" && ID.test(id)) : [];

function shownDefense(value: unknown): ShownDefense | null {
  if (!isPlain(value) || !DEFENSE_KINDS.includes(value.kind as never)) return null;
  const outcome = value.outcome === "disaster" || value.outcome === "dramatic" ? value.outcome : "normal";
  return {
    kind: value.kind as ShownDefense["kind"],
    successes: count(value.successes),
    difficulty: count(value.difficulty),
    against: ids(value.against),
    outcome,
  };
}

/** Shown data with each field checked and defaults filled in (a record, or a combatant's `system`). */
export function shownOf(data: unknown): LunosShown {
  const s = isPlain(data) ? data : {};
  const initiative =
    typeof s.initiative === "number" && Number.isInteger(s.initiative) && s.initiative >= 0
      ? s.initiative
      : null;
  const actions = Array.isArray(s.declaredActions)
    ? s.declaredActions.flatMap((a): ShownAction[] =>
        isPlain(a) && ACTION_KINDS.includes(a.kind as ActionKind)
          ? [{ kind: a.kind as ActionKind, targets: ids(a.targets) }]
          : [],
      )
    : [];
  return {
    declared: s.declared === true,
    initiative,
    actions: count(s.actions),
    actionsMax: count(s.actionsMax),
    lunging: s.lunging === true,
    lungeDebt: s.lungeDebt === true,
    debtDice: count(s.debtDice),
    declaredActions: actions,
    defense: shownDefense(s.defense),
    condition: CONDITIONS.includes(s.condition as LunosCondition) ? (s.condition as LunosCondition) : "",
  };
}

/** The GM's record of this combatant, or null before a GM wrote one. */
export function shownRecordOf(combatant: unknown): Loose | null {
  const c = combatant as { id?: unknown; parent?: unknown; combat?: unknown };
  if (typeof c?.id !== "string" || c.id === FIGHT_RECORD) return null;
  const record = combatRecords(c.parent ?? c.combat)[c.id];
  return isPlain(record) ? record : null;
}

/** What the tracker shows of a combatant's round: the GM's record, else (before any) an empty round. */
export function shownRound(combatant: unknown): LunosShown {
  return shownOf(shownRecordOf(combatant));
}

/** A Lunos plan: the shared pointer and changes, the fight it leaves, and the dice it calls for after. */
export interface LunosRoundPlan extends TurnPlan {
  /** The engine's fight as stored (./fight-record.ts `storedFight`). */
  readonly fight: Loose;
  /** Dice the GM's client rolls once the plan is written: the round's start, or the defense rolls. */
  readonly roll?: "round" | "defense";
}

const hasFight = (plan: TurnPlan | undefined): plan is LunosRoundPlan =>
  plan !== undefined && isPlain((plan as Partial<LunosRoundPlan>).fight);

const activeGM = () => game.users?.activeGM?.isSelf === true;

export const LUNOS_RECORDS: TableRecords = Object.freeze<TableRecords>({
  // Every Lunos plan writes every fighter's shown data, and the fight whole.
  after: (_combatants, changes, plan) => {
    const records: Loose = {};
    for (const [id, system] of changes) if (id !== FIGHT_RECORD) records[id] = { ...system };
    if (hasFight(plan)) records[FIGHT_RECORD] = plan.fight;
    return { records };
  },
  onUpdate(combatant, changed, _options, userId) {
    // Only a player's write of a recorded combatant's round (or its Foundry initiative) is put back, on the active GM's client.
    const touched = "system" in changed || "initiative" in changed;
    if (!touched || !activeGM() || game.users?.get(userId)?.isGM !== false) return;
    if (shownRecordOf(combatant) === null) return;
    void loadRuleset("lunos").then((heavy) => heavy.restoreLunosRound(combatant));
  },
});
