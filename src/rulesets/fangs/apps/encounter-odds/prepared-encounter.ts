import { DEFAULT_CREATURE_PACK, type EncounterDefinition } from "../../../../encounters/table";
import { SimError } from "../../../../sim/sim-error";
import { MAX_SIDE_FIGHTERS } from "../../sim/duel";
import { type FighterSheet, fighterFromActorData } from "../../sim/fighter";

/**
 * A prepared encounter in Encounter odds: the same list `place` uses
 * (CONFIG.FANGS.encounters laid over the system's, src/encounters/), each
 * fought by the party. Its creatures take the sides their tokens would
 * take on the scene, by the rule the selected tokens follow (sides.ts):
 * the friendly ones join the party, the hostile and neutral ones face it.
 * The split and the picker's options are plain data; the loading of the
 * creatures' sheets from their compendium is the Foundry side.
 */

export type Sides = readonly [readonly FighterSheet[], readonly FighterSheet[]];

export type PreparedSidesReading =
  | { readonly ok: true; readonly sides: Sides }
  | { readonly ok: false; readonly key: string; readonly data: Readonly<Record<string, string>> };

/** One option of the window's picker. */
export interface EncounterChoice {
  readonly value: string;
  readonly label: string;
  readonly selected: boolean;
}

/** The value of the picker's first option: the selected tokens (or, with no two sides among them, none yet). */
export const SELECTED_TOKENS = "";

/**
 * The picker's options: first the selected tokens (when they make two
 * sides) or a prompt to choose, then every prepared encounter under its
 * name (its lang key, localised), by id.
 */
export function encounterChoices(
  encounters: readonly Pick<EncounterDefinition, "id" | "name">[],
  chosen: string,
  hasSelection: boolean,
  localize: (key: string) => string,
): EncounterChoice[] {
  const first = localize(hasSelection ? "FANGS.Odds.App.SelectedTokens" : "FANGS.Odds.App.ChooseEncounter");
  return [
    { value: SELECTED_TOKENS, label: first, selected: chosen === SELECTED_TOKENS },
    ...encounters.map((e) => ({ value: e.id, label: localize(e.name), selected: e.id === chosen })),
  ];
}

/**
 * The two sides of the encounter fought by the party: side A the party and
 * the encounter's friendly creatures, side B its hostile and neutral ones,
 * each entry as many times as its count. `sheets` holds one sheet per entry
 * of the encounter, in its order. Refused when a side would be empty or
 * larger than the simulator fields.
 */
export function encounterSides(
  party: readonly FighterSheet[],
  encounter: EncounterDefinition,
  sheets: readonly FighterSheet[],
): PreparedSidesReading {
  const friends: FighterSheet[] = [...party];
  const foes: FighterSheet[] = [];
  encounter.creatures.forEach((entry, i) => {
    const sheet = sheets[i];
    if (!sheet) return;
    for (let k = 0; k < entry.count; k++) (entry.side === "friendly" ? friends : foes).push(sheet);
  });
  if (friends.length === 0) return { ok: false, key: "FANGS.Odds.Error.NoParty", data: {} };
  if (foes.length === 0) return { ok: false, key: "FANGS.Odds.Error.NoFoes", data: {} };
  if (friends.length > MAX_SIDE_FIGHTERS || foes.length > MAX_SIDE_FIGHTERS)
    return { ok: false, key: "FANGS.Odds.Error.TooMany", data: { max: String(MAX_SIDE_FIGHTERS) } };
  return { ok: true, sides: [friends, foes] };
}

type SheetsReading =
  | { readonly ok: true; readonly sheets: readonly FighterSheet[] }
  | { readonly ok: false; readonly key: string; readonly data: Readonly<Record<string, string>> };

/** The encounter's creatures as the simulator reads them, from their compendium entries (as `place` imports them). */
export async function encounterSheets(encounter: EncounterDefinition, name: string): Promise<SheetsReading> {
  const sheets: FighterSheet[] = [];
  for (const entry of encounter.creatures) {
    const uuid = `Compendium.${entry.pack ?? DEFAULT_CREATURE_PACK}.Actor.${entry.actor}`;
    const source = (await fromUuid(uuid as `Actor.${string}`)) as unknown as {
      name?: string;
      toObject(): object;
    } | null;
    if (!source) return { ok: false, key: "FANGS.Encounter.Error.Missing", data: { name, uuid } };
    try {
      sheets.push(fighterFromActorData(source.toObject(), source.name ?? uuid));
    } catch (error) {
      const message = error instanceof SimError ? error.message : String(error);
      return { ok: false, key: "FANGS.Odds.Error.BadActor", data: { name: source.name ?? uuid, message } };
    }
  }
  return { ok: true, sheets };
}

/** The sides of the encounter fought by the party, its creatures read from their compendium. */
export async function preparedEncounterSides(
  party: readonly FighterSheet[],
  encounter: EncounterDefinition,
  name: string,
): Promise<PreparedSidesReading> {
  const read = await encounterSheets(encounter, name);
  return read.ok ? encounterSides(party, encounter, read.sheets) : read;
}
