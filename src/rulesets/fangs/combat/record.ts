import { seedRecordOnJoin } from "../../../combat/round-record-seed";
import { serialised } from "../../../documents/write-queue";
import { combatantSystem, type FangsCombatantSystem, roundOf, roundRecordOf } from "./snapshot";

/**
 * The round's record of each combatant lives twice: on the Combatant's
 * `system` (what the tracker and the sheets show) and in its Combat's
 * `system.records` (what the GM reads back, `combatantSystem`). A player
 * may be able to write the `system` of a combatant it owns; only a GM writes
 * the Combat. Every GM write of a combatant's round goes through here, so
 * the two copies change in the same update.
 */

type Loose = Record<string, unknown>;

function isPlain(value: unknown): value is Loose {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Foundry's merge of an update: objects merge key by key, arrays and scalars replace. */
function merged(base: Loose, change: Loose): Loose {
  const out: Loose = { ...base };
  for (const [key, value] of Object.entries(change)) {
    out[key] = isPlain(value) && isPlain(base[key]) ? merged(base[key] as Loose, value) : value;
  }
  return out;
}

/** The record once a change of the combatant's `system` is applied to it, as plain data. */
export function recordAfter(record: FangsCombatantSystem, change: Loose): FangsCombatantSystem {
  return roundOf(structuredClone(merged(record, change)));
}

/** The `system.records` entries of a Combat update writing these combatants' round changes. */
export function recordsAfter(
  combatants: Iterable<{ readonly id: string | null }>,
  changes: ReadonlyMap<string, Loose>,
): Record<string, FangsCombatantSystem> {
  const records: Record<string, FangsCombatantSystem> = {};
  for (const combatant of combatants) {
    if (!combatant.id) continue;
    records[combatant.id] = recordAfter(combatantSystem(combatant), changes.get(combatant.id) ?? {});
  }
  return records;
}

/**
 * Writes a change of the combatant's round (`system`): on a GM's client, to
 * the combatant and to its Combat's record in one Combat update; out of a
 * combat, or on a player's client (a lone owner's, out of a combat
 * document), to the combatant alone.
 */
export async function writeRound(combatant: Combatant.Implementation, change: Loose): Promise<void> {
  const combat = combatant.combat;
  const id = combatant.id;
  if (!combat || !id || game.user?.isGM !== true) {
    await combatant.update({ system: change });
    return;
  }
  const record = recordAfter(combatantSystem(combatant), change);
  await combat.update({
    combatants: [{ _id: id, system: change }],
    system: { records: { [id]: record } },
  });
}

/**
 * `updateCombatant`: a write of a combatant's `system` by a user who is not
 * a GM (its owner's client, by hand) is put back from the Combat's record
 * by the active GM, so the tracker and the sheets show the round the GM
 * reads. The GM never reads that write: `combatantSystem` reads the record.
 */
export function restoreForgedRound(
  combatant: Combatant.Implementation,
  changed: { system?: unknown },
  _options: unknown,
  userId: string,
): void {
  if (changed.system === undefined || !game.users?.activeGM?.isSelf) return;
  if (game.users.get(userId)?.isGM !== false) return;
  if (roundRecordOf(combatant) === null) return;
  void serialised(async () => {
    const record = roundRecordOf(combatant);
    if (record !== null) await combatant.update({ system: roundOf(record) });
  });
}

/**
 * `createCombatant`: a combatant joining a combat gets its record at once,
 * on the active GM's client, so there is no window in which the GM would
 * read a `system` its owner wrote before any GM write. One a GM created
 * keeps the round it was given; one a player created starts from an empty
 * round (a player's client chose that data).
 */
export function seedRoundRecord(
  combatant: Combatant.Implementation,
  _options: unknown,
  userId: string,
): void {
  seedRecordOnJoin(
    combatant,
    userId,
    (c) => roundRecordOf(c) !== null,
    (byGM) => writeRound(combatant, byGM ? {} : roundOf({})),
  );
}
