/**
 * The notices of one ruleset's Encounter odds window, as keys of
 * lang/en.json: the shared window and its checks say each refusal in the
 * words of the ruleset the world plays. The data each key is formatted
 * with is given beside it.
 */
export interface OddsWords {
  /** A player asked for the window. */
  readonly gmOnly: string;
  /** The selection makes no two sides and no prepared encounter can be fought without a party: `{count}`. */
  readonly selectTwo: string;
  /** Three or more selected, none friendly: `{count}`. */
  readonly noFriendly: string;
  /** Three or more selected, all friendly: `{count}`. */
  readonly noHostile: string;
  /** A side larger than the simulator fields: `{max}`. */
  readonly tooMany: string;
  /** A token whose actor is none of the ruleset's fighters: `{name}`. */
  readonly notAFighter: string;
  /** A fighter the ruleset's simulator refuses: `{name}`, `{message}`. */
  readonly badActor: string;
  /** A prepared encounter with no one to fight it. */
  readonly noParty: string;
  /** A prepared encounter with no one to be fought. */
  readonly noFoes: string;
  /** A prepared encounter's id that names none: `{id}`. */
  readonly unknownEncounter: string;
  /** The run stopped on an error: `{message}`. */
  readonly failed: string;
}

/** A refusal: the key of the notice and the data it is formatted with. */
export interface OddsRefusal {
  readonly ok: false;
  readonly key: string;
  readonly data: Readonly<Record<string, string | number>>;
}

/** The data of a refusal as Foundry's `format` takes it. */
export function refusalData(refusal: OddsRefusal): Record<string, string> {
  return Object.fromEntries(Object.entries(refusal.data).map(([k, v]) => [k, String(v)]));
}
