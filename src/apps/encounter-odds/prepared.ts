import { DEFAULT_CREATURE_PACK, type EncounterDefinition } from "../../encounters/table";
import type { OddsRefusal, OddsWords } from "./words";

/**
 * A prepared encounter in Encounter odds, whatever the ruleset: the list
 * `place` offers the world (src/encounters/), each fought by the party.
 * Its creatures take the sides their tokens would take on the scene, by
 * the rule the selected tokens follow (sides.ts): the friendly ones join
 * the party, the hostile and neutral ones face it. The split and the
 * picker's options are plain data; the loading of the creatures from
 * their compendium is the Foundry side, each read by the ruleset's own
 * reader into its simulator's fighter.
 */

/** Each side's fighters, as the ruleset's simulator reads them. */
export type OddsSides<Sheet> = readonly [readonly Sheet[], readonly Sheet[]];

export type PreparedReading<Sheet> = { readonly ok: true; readonly sides: OddsSides<Sheet> } | OddsRefusal;

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

/** Whether a prepared encounter brings a fighter of the party's side (then it can be fought with no party). */
export function bringsItsOwnParty(encounter: EncounterDefinition): boolean {
  return encounter.creatures.some((c) => c.side === "friendly");
}

/**
 * The two sides of the encounter fought by the party: side A the party and
 * the encounter's friendly creatures, side B its hostile and neutral ones,
 * each entry as many times as its count. `sheets` holds one fighter per
 * entry of the encounter, in its order. Refused when a side would be empty
 * or larger than `max`, the most the ruleset's simulator fields.
 */
export function partyAgainst<Sheet>(
  party: readonly Sheet[],
  encounter: EncounterDefinition,
  sheets: readonly Sheet[],
  max: number,
  words: Pick<OddsWords, "noParty" | "noFoes" | "tooMany">,
): PreparedReading<Sheet> {
  const friends: Sheet[] = [...party];
  const foes: Sheet[] = [];
  encounter.creatures.forEach((entry, i) => {
    const sheet = sheets[i];
    if (sheet === undefined) return;
    for (let k = 0; k < entry.count; k++) (entry.side === "friendly" ? friends : foes).push(sheet);
  });
  if (friends.length === 0) return { ok: false, key: words.noParty, data: {} };
  if (foes.length === 0) return { ok: false, key: words.noFoes, data: {} };
  if (friends.length > max || foes.length > max) return { ok: false, key: words.tooMany, data: { max } };
  return { ok: true, sides: [friends, foes] };
}

/** A compendium actor as the ruleset's reader takes it. */
export type CompendiumActor = Actor.Implementation;

/** An actor read as the simulator's fighter, or refused. */
export type FighterReading<Sheet> = { readonly ok: true; readonly sheet: Sheet } | OddsRefusal;

/**
 * The ruleset's reading of one of its actors into its simulator's fighter,
 * under `name` (its token's); `place` tells it apart from every other
 * fighter of the window (`token-<i>` for the i-th selected token,
 * `encounter-<i>` for the i-th entry of a prepared encounter).
 */
export type FighterReader<Sheet> = (
  actor: CompendiumActor,
  name: string,
  place: string,
) => FighterReading<Sheet>;

/** The encounter's creatures as the simulator reads them, from their compendium entries (as `place` imports them). */
export async function encounterSheets<Sheet>(
  encounter: EncounterDefinition,
  name: string,
  read: FighterReader<Sheet>,
): Promise<{ readonly ok: true; readonly sheets: readonly Sheet[] } | OddsRefusal> {
  const sheets: Sheet[] = [];
  for (const [index, entry] of encounter.creatures.entries()) {
    const uuid = `Compendium.${entry.pack ?? DEFAULT_CREATURE_PACK}.Actor.${entry.actor}`;
    const source = (await fromUuid(uuid as `Actor.${string}`)) as unknown as CompendiumActor | null;
    if (!source) return { ok: false, key: "FANGS.Encounter.Error.Missing", data: { name, uuid } };
    const reading = read(source, source.name ?? uuid, `encounter-${index}`);
    if (!reading.ok) return reading;
    sheets.push(reading.sheet);
  }
  return { ok: true, sheets };
}
