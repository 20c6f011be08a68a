import { listEncounters } from "../../../../encounters/place";
import { SimError } from "../../../../sim/sim-error";
import { type FighterSheet, fighterFromActorData } from "../../sim/fighter";
import { EncounterOddsApp } from "./odds-app";
import { FRIENDLY, sidesFromDispositions } from "./sides";

/**
 * Opening the Encounter odds dialog: loaded only when a GM asks for it
 * (see index.ts), so the simulator can live in its own chunk of the build.
 */

type TokenLike = { actor: Actor.Implementation | null; name?: string; disposition?: number };

export interface OpenOddsOptions {
  /** A prepared encounter's id (src/encounters/): the party fights it from the start. */
  readonly encounter?: string;
}

/**
 * Opens the dialog for the selected tokens (or those given): two tokens
 * fight each other; three or more split into sides by disposition
 * (sides.ts). Tokens that make no two sides (none, one, or all on one
 * side) open it with no fight set, for a prepared encounter to be chosen:
 * the selected friendly tokens are the party that fights it. Refuses a
 * player, a token that is no fighter and a side too large, with a
 * notification, opening nothing.
 */
export async function openEncounterOddsNow(
  tokens?: readonly TokenLike[],
  options: OpenOddsOptions = {},
): Promise<EncounterOddsApp | null> {
  const i18n = game.i18n!;
  if (!game.user?.isGM) {
    ui.notifications?.warn(i18n.localize("FANGS.Odds.Error.GmOnly"));
    return null;
  }
  const chosen =
    tokens ??
    (canvas?.tokens?.controlled ?? []).map((t) => ({
      actor: t.actor,
      name: t.name,
      disposition: t.document.disposition,
    }));
  const split = sidesFromDispositions(chosen.map((t) => t.disposition ?? 0));
  if (!split.ok && split.key === "FANGS.Odds.Error.TooMany") {
    ui.notifications?.warn(i18n.format(split.key, stringData(split.data)));
    return null;
  }
  const fighters: FighterSheet[] = [];
  for (const token of chosen) {
    const actor = token.actor;
    if (!actor || (actor.type !== "character" && actor.type !== "creature")) {
      ui.notifications?.warn(
        i18n.format("FANGS.Odds.Error.NotAFighter", { name: token.name ?? actor?.name ?? "?" }),
      );
      return null;
    }
    try {
      // The actor's stored data has the pack sources' shape: the simulator reads it the same way.
      const data = { ...actor.toObject(), name: token.name ?? actor.name };
      fighters.push(fighterFromActorData(data, actor.name ?? "actor"));
    } catch (error) {
      const message = error instanceof SimError ? error.message : String(error);
      ui.notifications?.warn(i18n.format("FANGS.Odds.Error.BadActor", { name: actor.name ?? "?", message }));
      return null;
    }
  }
  const side = (indices: readonly number[]) => indices.map((i) => fighters[i]!);
  const app = new EncounterOddsApp({
    selection: split.ok ? [side(split.sides[0]), side(split.sides[1])] : null,
    party: fighters.filter((_, i) => chosen[i]!.disposition === FRIENDLY),
    encounters: listEncounters(),
  });
  if (options.encounter !== undefined && !(await app.chooseEncounter(options.encounter))) return null;
  void app.render({ force: true });
  return app;
}

function stringData(data: Readonly<Record<string, string | number>>): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
}
