import { listEncounters } from "../../encounters/place";
import type { OddsTokenLike } from "../../sim/fight-runner";
import type { OddsRuleset, OddsSetup, OddsWindow } from "./odds-window";
import { bringsItsOwnParty } from "./prepared";
import { FRIENDLY, splitByDisposition } from "./sides";
import { refusalData } from "./words";

/**
 * Opening a ruleset's Encounter odds window for the selected tokens (or
 * those given), loaded with its heavy part when a GM asks for it (see
 * index.ts): two tokens fight each other; three or more split into sides
 * by disposition (sides.ts). Tokens that make no two sides (none, one, or
 * all on one side) open it with no fight set, for a prepared encounter to
 * be chosen: the selected friendly tokens are the party that fights it;
 * with no party and no encounter that brings its own, there is nothing to
 * choose, and the selection is refused instead. A player, a token whose
 * actor the ruleset does not read, a fighter its simulator refuses and a
 * side too large (a party too large to face any encounter among them) are
 * refused too, in the ruleset's words, opening nothing.
 */

export interface OpenOddsOptions {
  /** A prepared encounter's id (src/encounters/): the party fights it from the start. */
  readonly encounter?: string;
}

/**
 * A ruleset's `openOdds` (its simulator's): its window, made by `create`
 * with what the selected tokens set, its fighters read by `ruleset`.
 */
export function oddsOpener<Sheet, App extends OddsWindow<Sheet>>(
  ruleset: OddsRuleset<Sheet>,
  create: (setup: OddsSetup<Sheet>) => App,
): (tokens?: readonly OddsTokenLike[], options?: OpenOddsOptions) => Promise<App | null> {
  return (tokens, options = {}) => openOddsWindow(ruleset, create, tokens, options);
}

async function openOddsWindow<Sheet, App extends OddsWindow<Sheet>>(
  ruleset: OddsRuleset<Sheet>,
  create: (setup: OddsSetup<Sheet>) => App,
  tokens: readonly OddsTokenLike[] | undefined,
  options: OpenOddsOptions,
): Promise<App | null> {
  const { words } = ruleset;
  const i18n = game.i18n!;
  if (!game.user?.isGM) {
    ui.notifications?.warn(i18n.localize(words.gmOnly));
    return null;
  }
  const chosen =
    tokens ??
    (canvas?.tokens?.controlled ?? []).map((t) => ({
      actor: t.actor,
      name: t.name,
      disposition: t.document.disposition,
    }));
  const split = splitByDisposition(
    chosen.map((t) => t.disposition ?? 0),
    ruleset.maxSide,
    words,
  );
  if (!split.ok && split.key === words.tooMany) {
    ui.notifications?.warn(i18n.format(split.key, refusalData(split)));
    return null;
  }
  // A party larger than a side can be fights no prepared encounter either.
  if (!split.ok && chosen.filter((t) => t.disposition === FRIENDLY).length > ruleset.maxSide) {
    ui.notifications?.warn(i18n.format(words.tooMany, { max: String(ruleset.maxSide) }));
    return null;
  }
  const fighters: Sheet[] = [];
  for (const [index, token] of chosen.entries()) {
    const actor = token.actor as Actor.Implementation | null;
    const name = token.name ?? actor?.name ?? "?";
    const reading = actor
      ? ruleset.readFighter(actor, name, `token-${index}`)
      : ({ ok: false, key: words.notAFighter, data: { name } } as const);
    if (!reading.ok) {
      ui.notifications?.warn(i18n.format(reading.key, refusalData(reading)));
      return null;
    }
    fighters.push(reading.sheet);
  }
  const party = fighters.filter((_, i) => chosen[i]!.disposition === FRIENDLY);
  const encounters = listEncounters();
  if (!split.ok && party.length === 0 && !encounters.some(bringsItsOwnParty)) {
    ui.notifications?.warn(i18n.format(split.key, refusalData(split)));
    return null;
  }
  const side = (indices: readonly number[]) => indices.map((i) => fighters[i]!);
  const app = create({
    selection: split.ok ? [side(split.sides[0]), side(split.sides[1])] : null,
    party,
    encounters,
  });
  if (options.encounter !== undefined && !(await app.chooseEncounter(options.encounter))) return null;
  void app.render({ force: true });
  return app;
}
