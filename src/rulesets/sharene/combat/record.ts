import type { TableRecords } from "../../../combat/table-ruleset";
import { loadRuleset } from "../../../on-demand";
import type { InitiativeRoll } from "../../../rules/sharene/round-engine";
import {
  ACTION_KINDS,
  type ActionKind,
  CALLED_EFFECTS,
  type CalledShot,
  STYLES,
  type StatedBlow,
  type Style,
} from "../../../rules/sharene/types";

/**
 * A Sharene combatant's round lives twice, as FANGS's does: on the
 * Combatant's `system` (what the tracker and sheets show) and in its
 * Combat's `system.records` (what the GM plans from). A player may write
 * the `system` of a combatant it owns, never the Combat: every plan writes
 * both in one update (`records.after`), the active GM puts a player's own
 * write back, and the planner reads only the record (./round-record.ts,
 * in the heavy part with the rest of the GM's side). Here: what start-up
 * needs, the tracker's reading and the hooks' first checks.
 */

type Loose = Record<string, unknown>;

const isPlain = (value: unknown): value is Loose =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The Combat's record of this combatant (its GM copy), or null before a GM wrote one. */
export function roundRecordOf(combatant: unknown): Loose | null {
  const c = combatant as { id?: unknown; parent?: { system?: Loose }; combat?: { system?: Loose } };
  const records = (c?.parent ?? c?.combat)?.system?.records;
  const record = typeof c?.id === "string" && isPlain(records) ? records[c.id] : null;
  return isPlain(record) ? record : null;
}

/** The combatant's own `system` as plain data. */
export function ownSystem(combatant: unknown): Loose {
  const system = (combatant as { system?: { toObject?(): Loose } } | null)?.system;
  return (system?.toObject?.() ?? system ?? {}) as Loose;
}

/** What the tracker and the HUD show of a combatant's round, read from the GM's record. */
export interface ShownRound {
  readonly action: ActionKind | null;
  readonly target: string | null;
  readonly declared: boolean;
  readonly style: Style | null;
  /** What goes with the style: a split parry (0: none), a stated blow, a called shot. */
  readonly split: number;
  readonly statedBlow: StatedBlow | null;
  readonly called: CalledShot | null;
  readonly initiative: InitiativeRoll | null;
  readonly loseNextAttack: boolean;
}

function shownCalled(value: unknown): CalledShot | null {
  if (!isPlain(value)) return null;
  if (value.kind === "location" && typeof value.location === "string" && value.location !== "")
    return { kind: "location", location: value.location };
  if (value.kind === "effect" && CALLED_EFFECTS.includes(value.effect as never))
    return { kind: "effect", effect: value.effect as (typeof CALLED_EFFECTS)[number] };
  return null;
}

export function shownRound(combatant: unknown): ShownRound {
  const s = roundRecordOf(combatant) ?? ownSystem(combatant);
  const action = ACTION_KINDS.includes(s.action as ActionKind) ? (s.action as ActionKind) : null;
  const i = s.initiativeRoll as Partial<InitiativeRoll> | null | undefined;
  const rolled =
    isPlain(i) &&
    [i.roll, i.abilityValue, i.total].every((n) => typeof n === "number") &&
    (i.ability === "dex" || i.ability === "agi");
  return {
    action,
    target: typeof s.target === "string" && s.target !== "" ? s.target : null,
    declared: s.declared === true && action !== null,
    style: STYLES.includes(s.style as Style) ? (s.style as Style) : null,
    split: typeof s.split === "number" && Number.isInteger(s.split) && s.split > 0 ? s.split : 0,
    statedBlow: s.statedBlow === "slash" || s.statedBlow === "thrust" ? s.statedBlow : null,
    called: shownCalled(s.called),
    initiative: rolled ? (i as InitiativeRoll) : null,
    loseNextAttack: s.loseNextAttack === true,
  };
}

/**
 * The records a plan writes with its combatants' changes. Sharene's plans
 * write each changed record whole (./round-planner.ts, ./initiative.ts),
 * over the record as it stood.
 */
function recordsAfter(
  combatants: Iterable<{ readonly id: string | null }>,
  changes: ReadonlyMap<string, Loose>,
): Record<string, unknown> {
  const records: Record<string, Loose> = {};
  for (const combatant of combatants) {
    if (!combatant.id) continue;
    records[combatant.id] = {
      ...(roundRecordOf(combatant) ?? ownSystem(combatant)),
      ...(changes.get(combatant.id) ?? {}),
    };
  }
  return { records };
}

const activeGM = () => game.users?.activeGM?.isSelf === true;

export const SHARENE_RECORDS: TableRecords = Object.freeze<TableRecords>({
  after: recordsAfter,
  onCreate(combatant, options, userId) {
    if (!activeGM() || !combatant.combat || roundRecordOf(combatant) !== null) return;
    void loadRuleset("sharene").then((heavy) => heavy.seedRoundRecord(combatant, options, userId));
  },
  onUpdate(combatant, changed, options, userId) {
    // Only a player's write of a recorded combatant's round (or its Foundry initiative) is put back, on the active GM's client.
    const touched = "system" in changed || "initiative" in changed;
    if (!touched || !activeGM() || game.users?.get(userId)?.isGM !== false) return;
    if (roundRecordOf(combatant) === null) return;
    void loadRuleset("sharene").then((heavy) =>
      heavy.restoreForgedRound(combatant, changed, options, userId),
    );
  },
});
