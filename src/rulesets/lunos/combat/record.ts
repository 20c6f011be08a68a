import type { TableRecords, TurnPlan } from "../../../combat/table-ruleset";
import { loadRuleset } from "../../../on-demand";

/**
 * Where a Lunos round lives. The GM's copy is on the Combat, which only a
 * GM may write: `system.records.fight`, the round engine's whole fight
 * (every fighter's state, the grapples, threats, the slot's blows), read
 * back with every id and figure checked (./fight-record.ts, in the heavy
 * part), and beside it, by combatant id, what the tracker shows of each
 * fighter (`LunosShown`, worked out by the GM with the world's rules).
 * The combatant keeps nothing of the round in its own `system` (its owner
 * may write that): only its Foundry initiative, which the tracker shows,
 * and which the active GM puts back when a player writes it. Here: what
 * start-up needs, the hooks' first checks; the rows' reading of the shown
 * data is the heavy part's (./shown.ts).
 */

type Loose = Record<string, unknown>;

/** The key of the engine's fight among the Combat's records: never a combatant's id (Foundry's are 16 characters). */
export const FIGHT_RECORD = "fight";

const isPlain = (value: unknown): value is Loose =>
  value !== null && typeof value === "object" && !Array.isArray(value);

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

/** The GM's record of this combatant, or null before a GM wrote one. */
export function shownRecordOf(combatant: unknown): Loose | null {
  const c = combatant as { id?: unknown; parent?: unknown; combat?: unknown };
  if (typeof c?.id !== "string" || c.id === FIGHT_RECORD) return null;
  const record = combatRecords(c.parent ?? c.combat)[c.id];
  return isPlain(record) ? record : null;
}

/** A Lunos plan: the shared pointer and changes, the fight it leaves, and the dice it calls for after. */
export interface LunosRoundPlan extends TurnPlan {
  /** The engine's fight as stored (./fight-record.ts `storedFight`). */
  readonly fight: Loose;
  /** What each fighter's row shows, by combatant id (./shown.ts `LunosShown`). */
  readonly shown: Readonly<Record<string, Loose>>;
  /** Dice the GM's client rolls once the plan is written: the round's start, or the defense rolls. */
  readonly roll?: "round" | "defense";
}

const hasFight = (plan: TurnPlan | undefined): plan is LunosRoundPlan =>
  plan !== undefined && isPlain((plan as Partial<LunosRoundPlan>).fight);

const activeGM = () => game.users?.activeGM?.isSelf === true;

export const LUNOS_RECORDS: TableRecords = Object.freeze<TableRecords>({
  // Every Lunos plan writes every fighter's shown data, and the fight whole.
  after: (_combatants, _changes, plan) =>
    hasFight(plan) ? { records: { ...plan.shown, [FIGHT_RECORD]: plan.fight } } : {},
  onUpdate(combatant, changed, _options, userId) {
    // Only a player's write of a recorded combatant's Foundry initiative is put back, on the active GM's client.
    if (!("initiative" in changed) || !activeGM() || game.users?.get(userId)?.isGM !== false) return;
    if (shownRecordOf(combatant) === null) return;
    void loadRuleset("lunos").then((heavy) => heavy.restoreLunosRound(combatant));
  },
});
